"""Games in and out as PDN: PDN text stored as new games kept whole, a game written as PDN.

The PDN itself (reading, writing, the tree of a game) is :mod:`damier.web.services.pdn_io`'s; this
module turns its games into stored rows: the main line as moves, the tags, the recorded
result as a ``recorded`` ending (so a finished game opens finished and read-only, see
:func:`damier.web.services.game_session.recorded_outcome`), and the tree when it holds variations,
comments or NAGs. A game with nothing in it is not a game: text without one is refused with
422 and nothing is stored. :func:`import_pdn` is blocking (a 5 MB text takes seconds): the
game service runs it in a worker thread.

This module must not know about HTTP.
"""

from __future__ import annotations

import time
from typing import Any

from damier.core.board import Board
from damier.core.errors import DamierError
from damier.core.move import Move
from damier.core.position import Position
from damier.core.rules import Rules
from damier.web.errors import WebError
from damier.web.services import pdn_io
from damier.web.services.clock_comments import clock_comments
from damier.web.services.game_session import Session, recorded_outcome, stored_tree, tree_of
from damier.web.storage.game_store import GameRow, MoveRow, Store

MAX_GAMES = 20_000
"""Most games one import may store."""


def export_pdn(s: Session, moves: list[MoveRow]) -> str:
    """The game as PDN text: its tags (players, date filled in), variations, comments,
    NAGs and result; a game played with a clock gets its ``TimeControl`` tag (seconds +
    increment) and each move the clocks after it (from ``moves``, its stored moves; see
    :mod:`damier.web.services.clock_comments`)."""
    out = s.outcome()
    row = s.row
    tags = dict(row.tags)
    engine = row.engine or "damier engine"
    tags.setdefault("White", engine if row.white == "engine" else "human")
    tags.setdefault("Black", engine if row.black == "engine" else "human")
    tags.setdefault("Date", time.strftime("%Y.%m.%d", time.gmtime(row.created)))
    commands: list[str] = []
    if row.time_control is not None:
        initial, increment = row.time_control["initial"], row.time_control["increment"]
        tags.setdefault("TimeControl", f"{initial:g}+{increment:g}")
        clocks = [m.clock for m in moves[: s.board.ply]]
        commands = clock_comments(s.board.start_position.turn, int(initial * 1000), clocks)
    return pdn_io.export_pdn(tree_of(s), tags, out.result if out else "*", commands)


def import_pdn(store: Store, text: str, variant: str | None = None
               ) -> tuple[list[int], list[dict[str, Any]]]:
    """Store every game of ``text`` (``variant``: for games without a GameType tag);
    returns the new ids and each game's problems (errors and warnings, see
    :func:`damier.web.services.pdn_io.problem_json`; ``game``: its number in the text)."""
    try:
        games, dropped, skipped = pdn_io.import_pdn(text, variant)
    except (DamierError, ValueError, LookupError) as e:
        raise WebError(422, f"cannot read the PDN: {e}", "pdn_unreadable") from None
    if not games:
        raise WebError(422, "no game found in the text: nothing was imported", "pdn_empty",
                       errors=[{"game": None, "error": e}
                               for e in [*map(str, skipped), *dropped][:20]])
    if len(games) > MAX_GAMES:
        raise WebError(413, f"too many games ({len(games)}; limit {MAX_GAMES} per import)",
                       "pdn_too_many_games", limit=MAX_GAMES)
    ids = store_games(store, games)
    problems = [{"game": n, "id": gid, **p, "error": f"line {p['line']}, column {p['column']}: "
                 f"{p['severity']}: {p['message']}"}
                for n, (g, gid) in enumerate(zip(games, ids, strict=True), 1) for p in g.problems]
    problems += [{"game": None, "id": None, **pdn_io.problem_json(issue), "error": str(issue)}
                 for issue in skipped]  # the games around a line too long are read
    return ids, problems


def store_games(store: Store, games: list[pdn_io.ImportedGame]) -> list[int]:
    """Store imported games (each in one transaction); their new ids."""
    return [store.create_game(*_rows_of(g)) for g in games]


def _rows_of(g: pdn_io.ImportedGame) -> tuple[GameRow, list[MoveRow], dict[str, Any] | None]:
    row, moves = game_rows(g.tree.rules, g.tree.root.position, g.moves, g.tags)
    recorded = recorded_outcome(g.tree.rules, g.result)
    if recorded is not None:
        row.ending = {"kind": "recorded", "result": recorded.result}
        row.result, row.reason = recorded.result, recorded.reason
    tree = stored_tree(g.tree)
    return row, moves, tree


def game_rows(rules: Rules, start: Position, moves: list[Move], tags: dict[str, str],
              white: str = "human", black: str = "human", level: int = 3,
              time_control: dict[str, Any] | None = None) -> tuple[GameRow, list[MoveRow]]:
    """The store rows of a new game from ``start`` with ``moves`` already played."""
    board = Board(rules, position=start)
    start_fen = board.fen()
    rows: list[MoveRow] = []
    now = time.time()
    for mv in moves:
        rows.append(MoveRow(board.ply, mv.from_square, mv.to_square, mv.captured, mv.huff,
                            board.notation(mv), at=now))
        board.push(mv)
    ms = int(time_control["initial"] * 1000) if time_control else None
    out = board.outcome()
    row = GameRow(
        id=0, variant=rules.name, start_fen=start_fen, white=white, black=black, level=level,
        time_control=time_control, clock_white=ms, clock_black=ms, turn_started=None,
        ending=None, draw_offer=None, tags=dict(tags), ply=board.ply,
        result=out.result if out else None, reason=out.reason if out else None,
    )
    return row, rows
