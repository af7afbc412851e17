"""The analysis board's view of the engine: which position a client analyses, for how
long, with how many lines, and each line spelled out for the page.

A WebSocket client (:mod:`damier.web.routes.game_socket`) names the position — the game's current one
(following the game as it goes on), the position after main-line ply ``n``, or any node of
the game's tree (a side variation, :mod:`damier.web.services.gametree` ids) — and how many lines it
wants (``multipv``, 1 to :data:`MAX_LINES`): :func:`read_view`, :func:`board_at`. The
search then keeps deepening for as long as that position stays on the board: there is no
time limit but the safety :data:`MAX_SECONDS` for a forgotten tab. (A limit of 30 s used to
end every analysis for good: the pure-Python search grew about three times per depth, so
depth stopped at the one finished by then — 10 or 11 — and nothing new came between
depths.)

:func:`spell_line` gives every move of an engine line its notation, move number (``"12."``,
``"12..."``), squares and the position after it (``pieces``, ``fen``), so that each move of
a line can be shown on the board.

This module must not change games, and runs no search itself.
"""

from __future__ import annotations

from typing import Any

from damier.core.board import Board
from damier.core.colors import color_name
from damier.web.services import gametree
from damier.web.services.game_session import Session, tree_of
from damier.web.services.json_views import pieces_string

MAX_SECONDS = 600.0
"""An analysis left running this long stops (a tab nobody looks at)."""
MAX_LINES = 5


def read_view(msg: dict[str, Any]) -> tuple[int | None, str | None, int]:
    """``(ply, node, multipv)`` of an ``analyse`` message (a ``ply`` of the wrong type is
    ignored, a ``node`` of the wrong type becomes an id that names no node; ``multipv`` is
    brought into 1-:data:`MAX_LINES`)."""
    ply = msg.get("ply")
    node = msg.get("node")
    lines = msg.get("multipv", 1)
    ok = isinstance(lines, int) and not isinstance(lines, bool)
    if node is not None and not (isinstance(node, str) and len(node) < 2000):
        node = "?"  # named, but no node id: answered node_not_found, not ignored
    return (ply if isinstance(ply, int) and not isinstance(ply, bool) else None,
            node,
            max(1, min(MAX_LINES, lines)) if ok else 1)


def board_at(s: Session, ply: int | None, node: str | None) -> Board:
    """The position to analyse, with its history (repetitions count): a node of the game's
    tree (:class:`~damier.web.services.gametree.TreeError` when it has none of that id),
    else the position after main-line ply ``ply``, else the game's current one."""
    if node is not None:
        return gametree.find_node(tree_of(s), node).board()
    board = s.board.copy()
    if ply is not None:
        while board.ply > max(0, ply):
            board.pop()
    return board


def spell_line(board: Board, pv: list[str], first: int) -> list[dict[str, Any]]:
    """The moves of an engine line, each with its number, squares and the position after it
    (a move that does not replay ends the line)."""
    b = Board(board.rules, position=board.position)
    start = Board(board.rules, position=board.start_position).turn
    out: list[dict[str, Any]] = []
    ply = board.ply
    for text in pv:
        try:
            mv = b.parse_move(text)
        except Exception:  # noqa: BLE001 - a stale line ends here
            break
        mover = b.turn
        ply += 1
        b.push(mv)
        out.append({"notation": text, "number": move_number(ply, mover, first, start),
                    "color": color_name(mover), "from": mv.from_square, "to": mv.to_square,
                    "path": mv.path or [mv.to_square], "captured": mv.captured,
                    "pieces": pieces_string(b), "fen": b.fen()})
    return out


def move_number(ply: int, mover: int, first: int, start: int) -> str:
    """``"N."`` or ``"N..."`` for the ``ply``-th move (1-based) of a game that began with
    ``start`` to move, ``first`` being the variant's first player.

    >>> move_number(1, 0, 0, 0), move_number(2, 1, 0, 0), move_number(1, 1, 0, 1)
    ('1.', '1...', '1...')
    """
    offset = 0 if start == first else 1
    n = (ply - 1 + offset) // 2 + 1
    return f"{n}." if mover == first else f"{n}..."


__all__ = ["MAX_LINES", "MAX_SECONDS", "board_at", "move_number", "read_view", "spell_line"]
