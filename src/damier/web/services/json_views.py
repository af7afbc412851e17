"""JSON views of variants, positions, moves and saved-game rows for the API and the WebSocket.

Everything the page draws comes from here: the board's squares with their display
coordinates (taken from :meth:`Board.grid`, so inverted and full boards are right), one
``pieces`` string per position (one character per square in square-number order: ``w`` ``b``
man, ``W`` ``B`` king, ``.`` empty), the legal moves with their landing path and captured
squares, and the moves played. The page never computes a rule itself.

The JSON of a whole live game is :func:`damier.web.services.game_session.game_state`. This module must
not change games or touch the store, and imports nothing of the web package but the store's
row type.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from damier.core.board import Board
from damier.core.colors import color_name
from damier.core.fen import square_chars
from damier.core.move import Move
from damier.core.rules import Rules
from damier.core.variants import get_variant, variant_names
from damier.web.storage.game_store import GameRow


@cache
def square_numbers(name: str) -> tuple[int, ...]:
    """The square numbers of a variant, ascending."""
    rules = get_variant(name)
    return tuple(sorted(rules.names.number(i) for i in range(rules.geometry.squares)))


def pieces_string(board: Board) -> str:
    """The pieces of the current position, one character per square (square-number order)."""
    return square_chars(board.position, board.rules, empty=".")


@cache
def variant_info(name: str, geometry: bool = True) -> dict[str, Any]:
    """A variant's names, board size, first player, start FEN and (optionally) squares."""
    rules: Rules = get_variant(name)
    start = Board(rules)
    info: dict[str, Any] = {
        "name": rules.name,
        "title": rules.title,
        "size": rules.size,
        "squares_count": rules.geometry.squares,
        "first_player": color_name(rules.first_player),
        "first_player_choice": rules.first_player_choice,
        "start_fen": start.fen(),
        "huffing": rules.huffing,
        "gametype": rules.gametype,
        "description": rules.description,
    }
    if geometry:
        cells: dict[str, tuple[int, int]] = {}
        for r, row in enumerate(start.grid()):
            for c, cell in enumerate(row):
                if cell is not None:
                    cells[cell[0]] = (r, c)
        squares = []
        for n in square_numbers(rules.name):
            label = rules.names.label(rules.names.index_of_number(n))
            r, c = cells[label]
            squares.append({"number": n, "label": label, "row": r, "col": c})
        info["squares"] = squares
        info["start_pieces"] = pieces_string(start)
    return info


def variants_list() -> list[dict[str, Any]]:
    """Every variant without the square list."""
    return [variant_info(n, False) for n in variant_names()]


def move_json(board: Board, move: Move, notation: str | None = None) -> dict[str, Any]:
    """One move: notation in its position, squares as numbers (``path`` = landing squares)."""
    return {
        "notation": notation if notation is not None else board.notation(move),
        "long": move.long(),
        "from": move.from_square,
        "to": move.to_square,
        "path": move.path or [move.to_square],
        "captured": move.captured,
        "huff": move.huff,
    }


def history_entry(board: Board, move: Move, notation: str) -> dict[str, Any]:
    """A played move for the history: ``board`` is the position *before* the move."""
    m = move_json(board, move, notation)
    m["ply"] = board.ply + 1
    m["color"] = color_name(board.turn)
    return m


def position_json(board: Board) -> dict[str, Any]:
    """A position without history (used by the position editor)."""
    out = board.outcome()
    return {
        "variant": board.rules.name,
        "fen": board.fen(),
        "turn": color_name(board.turn),
        "pieces": pieces_string(board),
        "legal_moves": [move_json(board, m) for m in board.legal_moves],
        "result": out.result if out else None,
        "reason": out.reason if out else None,
    }


REASON_CODES = {
    "no legal move": "no_legal_move",
    "no pieces left": "no_pieces",
    "crowned a king": "crowned",
    "agreement": "agreement",
    "white resigned": "resigned_white",
    "black resigned": "resigned_black",
    "white lost on time": "time_white",
    "black lost on time": "time_black",
    "white left the game": "absent_white",
    "black left the game": "absent_black",
    "a player left the game": "absent_draw",
    "threefold repetition": "repetition_3",
    "repetition": "repetition",
    "move-count rule": "move_count_rule",
    "long-diagonal rule": "long_diagonal",
    "result recorded in the game": "recorded",
}
"""The stable code of each fixed reason text a game can end with."""

REASON_PATTERNS = (
    (re.compile(r"(?P<n>\d+)-move rule"), "move_rule"),
    (re.compile(r"(?P<n>\d+)-move king rule"), "king_move_rule"),
    (re.compile(r"(?P<a>\d+) kings? v (?P<b>\d+) kings?"), "kings_ending"),
)
"""Reason texts with numbers in them: a code, the numbers its parameters."""


def reason_code(reason: str | None) -> tuple[str | None, dict[str, int]]:
    """The stable code of the reason a game ended and its parameters (for the page).

    ``(None, {})`` for a reason without a code (the page then shows the English text).

    >>> reason_code("25-move rule")
    ('move_rule', {'n': 25})
    >>> reason_code("2 kings v 1 king")
    ('kings_ending', {'a': 2, 'b': 1})
    >>> reason_code("black resigned")
    ('resigned_black', {})
    """
    if reason is None:
        return None, {}
    if reason in REASON_CODES:
        return REASON_CODES[reason], {}
    for pattern, code in REASON_PATTERNS:
        match = pattern.fullmatch(reason)
        if match:
            return code, {k: int(v) for k, v in match.groupdict().items()}
    return None, {}


@cache
def _start_fen(variant: str) -> str:
    return Board(variant).fen()


def summary(row: GameRow) -> dict[str, Any]:
    """A line of the saved-games list: ``moves`` counts moves as players do (a move of each
    side is one), ``untouched`` is a game with nothing in it (no move, no tag, the variant's
    start position), which the page does not list."""
    try:
        standard_start = row.start_fen == _start_fen(row.variant)
    except ValueError:  # a variant no longer registered: its start cannot be compared
        standard_start = False
    return {
        "id": row.id,
        "variant": row.variant,
        "white": row.tags.get("White") or row.white,
        "black": row.tags.get("Black") or row.black,
        "ply": row.ply,
        "moves": (row.ply + 1) // 2,
        "untouched": row.ply == 0 and not row.tags and standard_start and not row.result,
        "result": row.result,
        "reason": row.reason,
        "status": "over" if row.result else "playing",
        "created": row.created,
        "updated": row.updated,
    }
