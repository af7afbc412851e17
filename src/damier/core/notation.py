"""Move notation: reading move text against the legal moves, writing moves, explaining errors.

Reading (docs/pdn.md, "Moves" and "Long captures") accepts ``32-28``, ``28x19``, ``28:19``,
long forms with landing squares (``25x14x3x26x42``, ``35:24:33:17:3:14:5``), incomplete
long forms, the Hub form that lists captured squares (``28x19x23``), algebraic squares
(``c3-d4``, ``c3xe5``, ``a3b4``), optional move numbers (``12.``, ``12...``) and
move-strength signs (``!``, ``?!``), and the huff prefix of Czech traditional rules
(``h13,21-17``). A short capture that fits several legal moves raises
:class:`~damier.core.errors.AmbiguousMoveError` listing them.

Writing (docs/pdn.md, "Long captures"): short form, and the long form only when another
legal move has the same start and end squares.

Notation lives in the core (and not in ``formats``) because the rules themselves speak it:
an illegal-move error must say "capture is compulsory: 28x19".

This module must not generate moves itself; it is handed the legal moves.

>>> from damier import Board
>>> board = Board(fen="W:WK47:B14,19,29,31,42")
>>> board.parse_move("47x36")
Traceback (most recent call last):
...
damier.core.errors.AmbiguousMoveError: 47x36 is ambiguous: 47x38x20x9x36, 47x38x24x13x36
>>> board.parse_move("47x24x36")
Move('47x38x24x13x36')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from damier.core.colors import BLACK, WHITE, color_name
from damier.core.errors import (
    EXCERPT_CHARS,
    AmbiguousMoveError,
    IllegalMoveError,
    NotationError,
    excerpt,
)
from damier.core.move import Move

if TYPE_CHECKING:
    from damier.core.movegen import MoveGenerator
    from damier.core.position import Position
    from damier.core.rules import Rules

MAX_MOVE_CHARS = 300
"""Longest move text read: a long-form capture of 24 pieces on 12x12 needs under 120
characters; a longer text is refused before it is parsed (and quoted as an excerpt)."""

MAX_SQUARE_CHARS = 4
"""Longest square name read (the largest boards name squares like ``72`` or ``l12``)."""

_MOVE_NUMBER = re.compile(r"^\s*\d+\s*\.(?:\s*\.\.)?\s*|^\s*\.\.\.\s*")
_STRENGTH = re.compile(r"(?:[!?]+|\([!?]+\)|[+#*=]+)$")
_HUFF = re.compile(r"^[hH]([A-Za-z]?\d+),(.+)$")
_SEPARATORS = re.compile(r"[-x:×X]")
_ALPHA_PAIR = re.compile(r"^([a-zA-Z]\d{1,2})([a-zA-Z]\d{1,2})$")
_SQUARE = re.compile(r"^(?:\d+|[a-zA-Z]\d{1,2})$")


def clean_move_text(text: str) -> str:
    """Strip a move number and strength signs: ``"12. 32-28!"`` -> ``"32-28"``."""
    t = _MOVE_NUMBER.sub("", text.strip())
    t = _STRENGTH.sub("", t).strip()
    return t


def parse_move(
    text: str,
    legal: Sequence[Move],
    rules: Rules,
    position: Position,
    gen: MoveGenerator,
) -> Move:
    """The legal move that ``text`` names (see the module docstring for the forms).

    Raises :class:`NotationError` for text that is not a move, :class:`AmbiguousMoveError`
    when it fits several moves and :class:`IllegalMoveError` (saying why) when it fits none.
    """
    original = text
    if len(text) > MAX_MOVE_CHARS:
        raise NotationError(f"{excerpt(text)} is not a move (longer than {MAX_MOVE_CHARS} "
                            "characters)")
    t = clean_move_text(text)
    if not t:
        raise NotationError(f"{excerpt(original)} is not a move")
    huff: int | None = None
    m = _HUFF.match(t)
    if m:
        huff = _square(m.group(1), rules, original)
        t = m.group(2).strip()
    pair = _ALPHA_PAIR.match(t)
    if pair:
        parts = [pair.group(1), pair.group(2)]
        seps = ["-"]
    else:
        parts = _SEPARATORS.split(t)
        seps = _SEPARATORS.findall(t)
    if len(parts) < 2 or any(not _SQUARE.match(p.strip()) for p in parts):
        raise NotationError(f"{excerpt(original)} is not a move (expected squares joined by -, "
                            "x or :)")
    squares = [_square(p.strip(), rules, original) for p in parts]
    start, end = squares[0], squares[-1]
    pool = [mv for mv in legal if mv.huff_index == huff]
    if len(squares) == 2:
        found = [mv for mv in pool if mv.start == start and mv.end == end]
        if len(found) > 1 and seps[0] == "-":
            quiet = [mv for mv in found if not mv.is_capture]
            found = quiet or found
    else:
        middle = squares[1:-1]
        hub_start, hub_end, hub_caps = squares[0], squares[1], set(squares[2:])
        found = []
        for mv in pool:
            if mv.start == start and mv.end == end and _fits_path(mv, middle, position, gen) or (
                mv.start == hub_start
                and mv.end == hub_end
                and set(mv.captured_indices) == hub_caps
                and mv not in found
            ):
                found.append(mv)
    if len(found) > 1:
        # the complete path written out picks its move: a single capture's short form is its
        # full path, so "11x20" names the one-piece capture even when a longer capture
        # also ends on 20 (docs/pdn.md, "Long captures")
        exact = [mv for mv in found if [mv.start, *mv.path_indices] == squares]
        if len(exact) == 1:
            return exact[0]
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        options = sorted(mv.long() for mv in found)
        raise AmbiguousMoveError(f"{_shown(t)} is ambiguous: {', '.join(options)}", options)
    raise explain_illegal(_shown(t), squares, huff, legal, rules, position, gen)


def _shown(text: str) -> str:
    """A move text as messages quote it: whole when short, else an excerpt (a message never
    grows with the input: a 300-character move was quoted twice, 546 characters in all)."""
    return text if len(text) <= EXCERPT_CHARS else excerpt(text)


def _square(text: str, rules: Rules, original: str) -> int:
    if len(text) > MAX_SQUARE_CHARS:
        raise NotationError(f"{excerpt(original.strip())}: square {excerpt(text, 8)} does not "
                            "exist")
    try:
        return rules.names.parse(text)
    except ValueError as e:
        raise NotationError(f"{_shown(original.strip())}: {e}") from None


def stopping_squares(mv: Move, position: Position, gen: MoveGenerator) -> list[set[int]]:
    """For each capture step but the last, the squares a PDN long form may name (docs/pdn.md,
    "Long captures")."""
    g = gen.geometry
    occupied = (position.white | position.black) & ~mv.fast[5]  # a huffed piece is gone first
    path = mv.path_indices
    caps = mv.captured_indices
    out: list[set[int]] = []
    cur = mv.start
    for k in range(len(caps) - 1):
        land, victim, nxt = path[k], caps[k], caps[k + 1]
        d_in = g.line_direction(cur, land)
        d_next = g.line_direction(land, nxt)
        if d_in == d_next and d_in >= 0:
            # straight on: any square between the captured piece and the next one
            squares = set()
            for j in g.rays[d_in][victim]:
                if j == nxt or (g.mask[j] & occupied and j != mv.start):
                    break
                squares.add(j)
            out.append(squares)
        else:
            out.append({land})
        cur = land
    return out


def _fits_path(mv: Move, middle: list[int], position: Position, gen: MoveGenerator) -> bool:
    """Whether the written intermediate squares can be assigned, in order, to successive
    capture steps as stopping squares (steps may be skipped), docs/pdn.md "Long captures"."""
    if not mv.is_capture:
        return False
    steps = stopping_squares(mv, position, gen)
    k = 0
    for sq in middle:
        while k < len(steps) and sq not in steps[k]:
            k += 1
        if k == len(steps):
            return False
        k += 1
    return True


def explain_illegal(
    text: str,
    squares: list[int],
    huff: int | None,
    legal: Sequence[Move],
    rules: Rules,
    position: Position,
    gen: MoveGenerator,
) -> IllegalMoveError:
    """Why no legal move fits ``text``: an :class:`IllegalMoveError` whose message says it
    in English and whose ``reason`` and ``details`` name it (for other languages)."""
    g = gen.geometry
    names = rules.names
    start, end = squares[0], squares[-1]
    turn = position.turn
    mine = position.white if turn == WHITE else position.black
    theirs = position.black if turn == WHITE else position.white
    side = color_name(turn)

    def error(why: str, reason: str, **details: str) -> IllegalMoveError:
        return IllegalMoveError(f"{text}: {why}", reason, **details)

    if huff is not None and not any(mv.huff_index == huff for mv in legal):
        return error(f"the piece on {names.label(huff)} cannot be huffed now", "not_huffable",
                     square=names.label(huff))
    if not mine & g.mask[start]:
        if theirs & g.mask[start]:
            other = color_name(BLACK if turn == WHITE else WHITE)
            return error(f"square {names.label(start)} holds a {other} piece, but {side} is to "
                         "move", "wrong_side", square=names.label(start))
        return error(f"there is no piece on square {names.label(start)}", "no_piece",
                     square=names.label(start))
    captures = [mv for mv in legal if mv.is_capture]
    listing = _listing(captures)
    # a real capture sequence that the choice rules exclude?
    physical = [
        fm for fm in gen.capture_sequences(position, complete_only=False)
        if fm[0] == g.mask[start] and fm[1] == g.mask[end]
    ]
    if physical and captures:
        best = max(len(mv.captured_indices) for mv in captures)
        mine_count = max(fm[2].bit_count() for fm in physical)
        if rules.king_priority and not position.kings & g.mask[start] and any(
            position.kings & g.mask[mv.start] for mv in captures
        ):
            return error(f"a king can capture, so a king must capture: {listing}",
                         "king_must_capture", moves=listing)
        if rules.capture_rule == "max_count" and mine_count < best:
            return error(f"must capture {best} pieces, this captures {mine_count}",
                         "capture_more", best=str(best), count=str(mine_count))
        return error(f"the capture rules require another capture: {listing}",
                     "other_capture", moves=listing)
    if captures:
        return error(f"capture is compulsory: {listing}", "capture_compulsory", moves=listing)
    if physical:
        return error("that capture does not complete the sequence", "capture_incomplete")
    return error(f"no legal move goes from {names.label(start)} to {names.label(end)}",
                 "no_route", start=names.label(start), end=names.label(end))


def _listing(moves: Sequence[Move], limit: int = 6) -> str:
    shown = sorted({format_move(mv, moves) for mv in moves})
    more = len(shown) - limit
    text = ", ".join(shown[:limit])
    return text + (f" (and {more} more)" if more > 0 else "")


def format_move(move: Move, legal: Sequence[Move], form: str = "pdn") -> str:
    """Write ``move``: ``pdn`` (short unless ambiguous among ``legal``), ``long`` or ``hub``."""
    if form == "long":
        return move.long()
    if form == "hub":
        return move.hub()
    if form != "pdn":
        raise ValueError(f"unknown notation form {form!r} (expected pdn, long or hub)")
    if move.is_capture:
        for other in legal:
            if other.start == move.start and other.end == move.end and other != move:
                return move.long()
    return move.short()


