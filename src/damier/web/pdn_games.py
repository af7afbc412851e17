"""Games in and out as PDN: a session written as PDN, PDN text stored as new games.

The PDN itself (reading, writing, replaying the main line) is :mod:`damier.web.pdn_io`'s;
this module turns its games into stored rows and sessions, and a session into the tags and
result the writer needs.

This module must not know about HTTP.
"""

from __future__ import annotations

import time
from typing import Any

from damier.core.board import Board
from damier.core.errors import DamierError
from damier.web import pdn_io
from damier.web.errors import WebError
from damier.web.session import Session, from_board, set_result
from damier.web.store import GameRow, MoveRow, Store


def export_pdn(s: Session) -> str:
    """The game as PDN text, with its tags (players, date) filled in."""
    out = s.outcome()
    tags = dict(s.row.tags)
    tags.setdefault("White", "damier engine" if s.row.white == "engine" else "human")
    tags.setdefault("Black", "damier engine" if s.row.black == "engine" else "human")
    tags.setdefault("Date", time.strftime("%Y.%m.%d", time.gmtime(s.row.created)))
    return pdn_io.export_pdn(s.board, tags, out.result if out else "*")


def import_pdn(store: Store, text: str) -> tuple[list[Session], list[dict[str, Any]]]:
    """Store every game of ``text``; returns the games and the per-game errors."""
    sessions: list[Session] = []
    errors: list[dict[str, Any]] = []
    try:
        games = pdn_io.import_pdn(text)
    except (DamierError, ValueError, LookupError) as e:
        raise WebError(422, f"cannot read the PDN: {e}", "pdn_unreadable") from None
    if not games:
        raise WebError(422, "no game found in the PDN text", "pdn_empty")
    for n, g in enumerate(games, 1):
        errors.extend({"game": n, "error": e} for e in g.errors)
        board = g.board
        if board is None:
            continue
        replay = Board(board.rules, position=board.start_position)
        rows: list[MoveRow] = []
        for mv in board.move_stack:
            rows.append(MoveRow(replay.ply, mv.from_square, mv.to_square, mv.captured,
                                mv.huff, replay.notation(mv)))
            replay.push(mv)
        row = GameRow(
            id=0, variant=board.rules.name, start_fen=board.start_fen(), white="human",
            black="human", level=3, time_control=None, clock_white=None, clock_black=None,
            turn_started=None, ending=None, draw_offer=None, tags=g.tags, ply=replay.ply,
        )
        set_result(row, replay.outcome())
        store.create_game(row, rows)
        sessions.append(from_board(row, replay, [m.notation for m in rows]))
    return sessions, errors
