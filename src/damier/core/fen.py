"""FEN position strings (PDN 3.0; docs/pdn.md, "FEN") and the Hub 51-character position string.

FEN is the identity of a position in the draughts world, so it belongs to the core: the
board is built from it and error messages quote it. Reading is liberal where PDN allows
(ranges ``31-50``, ``K`` before a range, a trailing ``.``, lidraughts ``:H0:F1`` suffixes,
empty or missing sides, numeric or algebraic squares) and strict everywhere else: squares
out of range, a square listed twice, a man on its own crowning row, a bad side to move and
trailing garbage are errors that say what and where. Writing is canonical (docs/pdn.md, "FEN"):
``<turn>:W<white>:B<black>``, squares ascending in the variant's notation, ``K`` per king,
no ranges.

Bounds: a FEN longer than :data:`MAX_FEN_CHARS` characters, or a square number of more than
:data:`MAX_SQUARE_DIGITS` digits, is a :class:`FenError` before anything is converted (no
number of thousands of digits reaches ``int``), and messages quote at most a short excerpt
of the text.

This module must not generate moves.

>>> from damier.core.variants import get_variant
>>> intl = get_variant("international")
>>> p = parse_fen("W:W31-50:B1-20", intl)
>>> p.white.bit_count(), p.black.bit_count(), p.turn
(20, 20, 0)
>>> write_fen(parse_fen("B:WK31-33:B1.", intl), intl)
'B:WK31,K32,K33:B1'
>>> parse_fen("W:W31,51:B1", intl)
Traceback (most recent call last):
...
damier.core.errors.FenError: FEN 'W:W31,51:B1': square 51 does not exist (squares are 1-50)
"""

from __future__ import annotations

import re
from collections.abc import Callable

from damier.core.colors import BLACK, WHITE
from damier.core.errors import FenError, excerpt
from damier.core.position import Position
from damier.core.rules import Rules
from damier.core.squares import SquareNames

MAX_FEN_CHARS = 1000
"""Longest FEN text read (a full 12x12 board in long form needs under 400 characters)."""
MAX_SQUARE_DIGITS = 3
"""Most digits in a square number (the largest board has 72 squares)."""

_SECTION = re.compile(r"^([WB])(.*)$", re.S)
_NUM_ITEM = re.compile(rf"^(K?)(\d{{1,{MAX_SQUARE_DIGITS}}})(?:-(\d{{1,{MAX_SQUARE_DIGITS}}}))?$")
_ALG_ITEM = re.compile(r"^(K?)([a-zA-Z]\d{1,2})$")


def parse_fen(text: str, rules: Rules) -> Position:
    """Read a FEN into a :class:`Position` of ``rules``; :class:`FenError` when malformed."""
    raw = text
    t = text.strip()
    if t.startswith('"') and t.endswith('"') and len(t) >= 2:
        t = t[1:-1].strip()

    def fail(why: str, reason: str = "", **details: str) -> FenError:
        return FenError(f"FEN {excerpt(raw, 80)}: {why}", reason, **details)

    if len(t) > MAX_FEN_CHARS:
        raise fail(f"longer than {MAX_FEN_CHARS} characters", "too_long", limit=str(MAX_FEN_CHARS))
    if not t:
        raise fail("empty position", "empty")
    if t.endswith("."):
        t = t[:-1]
    parts = t.split(":")
    turn_text = parts[0].strip().upper()
    if turn_text not in ("W", "B"):
        raise fail(f"side to move must be W or B, not {excerpt(parts[0])}", "turn",
                   text=excerpt(parts[0]))
    turn = WHITE if turn_text == "W" else BLACK
    names = rules.names
    seen: dict[int, str] = {}
    white = black = kings = 0
    colours_done: set[str] = set()
    for pos_in_text, part in enumerate(parts[1:], start=2):
        part = part.strip()
        if not part:
            continue
        m = _SECTION.match(part)
        if not m:
            if re.fullmatch(r"[HF]\d+", part):
                continue  # lidraughts half-move / full-move fields (docs/pdn.md, "FEN")
            raise fail(f"field {pos_in_text} {excerpt(part)} must start with W or B", "field",
                       text=excerpt(part))
        colour, body = m.group(1), m.group(2).strip()
        if colour in colours_done:
            side = "white" if colour == "W" else "black"
            raise fail(f"the {side} pieces are listed twice", "side_twice", side=side)
        colours_done.add(colour)
        if not body:
            continue
        for item in body.split(","):
            item = item.strip()
            if not item:
                raise fail(f"empty square in the {colour} list (two commas or a trailing comma)",
                           "empty_item")
            for index, king in _items(item, names, fail):
                if index in seen:
                    raise fail(f"square {names.label(index)} is listed twice", "square_twice",
                               square=names.label(index))
                seen[index] = colour
                bit = rules.geometry.mask[index]
                if colour == "W":
                    white |= bit
                else:
                    black |= bit
                if king:
                    kings |= bit
    promo_w, promo_b = rules.promotion_rows
    bad = (white & ~kings & promo_w) | (black & ~kings & promo_b)
    if bad:
        sq = rules.names.label(rules.geometry.squares_of(bad)[0])
        who = "white" if bad & white else "black"
        raise fail(f"a {who} man on square {sq} stands on its own crowning row", "crowned_man",
                   side=who, square=sq)
    return Position(white, black, kings, turn, 0)


def _items(item: str, names: SquareNames, fail: Callable[..., FenError]) -> list[tuple[int, bool]]:
    """The squares of one FEN item (``31``, ``K31``, ``31-35``, ``Kc3``) with their king flag."""
    m = _NUM_ITEM.match(item)
    if m:
        king = m.group(1) == "K"
        lo = int(m.group(2))
        hi = int(m.group(3)) if m.group(3) else lo
        if hi < lo:
            raise fail(f"range {excerpt(item)} runs backwards", "backwards", text=excerpt(item))
        out = []
        for n in range(lo, hi + 1):
            try:
                out.append((names.index_of_number(n), king))
            except ValueError as e:
                raise fail(str(e), "no_square", text=str(n)) from None
        return out
    m = _ALG_ITEM.match(item)
    if m:
        try:
            return [(names.index_of_algebraic(m.group(2)), m.group(1) == "K")]
        except ValueError as e:
            raise fail(str(e), "no_square", text=m.group(2)) from None
    if re.fullmatch(r"K?[\d-]+", item):
        raise fail(f"{excerpt(item)}: no square has a number of more than "
                   f"{MAX_SQUARE_DIGITS} digits", "not_a_square", text=excerpt(item))
    raise fail(f"{excerpt(item)} is not a square, a K-square or a range", "not_a_square",
               text=excerpt(item))


def write_fen(pos: Position, rules: Rules, algebraic: bool | None = None) -> str:
    """The canonical FEN of a position, in the variant's notation (or as asked)."""
    names = rules.names
    alg = names.algebraic_default if algebraic is None else algebraic
    g = rules.geometry

    def side(bits: int) -> str:
        squares = g.squares_of(bits)
        if alg:
            # rank by rank from White's side, files in order
            squares.sort(key=lambda i: (int(names.algebraic(i)[1:]), names.algebraic(i)[0]))
        else:
            squares.sort(key=names.number)
        return ",".join(
            ("K" if pos.kings & g.mask[i] else "")
            + (names.algebraic(i) if alg else str(names.number(i)))
            for i in squares
        )

    turn = "W" if pos.turn == WHITE else "B"
    return f"{turn}:W{side(pos.white)}:B{side(pos.black)}"


def to_hub(pos: Position, rules: Rules) -> str:
    """The Hub position string: side to move then one character per square in numeric
    order: ``w``/``b`` men, ``W``/``B`` kings, ``e`` empty (docs/protocols.md, "The Hub position string").

    >>> from damier.core.variants import get_variant
    >>> from damier.core.position import start_position
    >>> intl = get_variant("international")
    >>> to_hub(start_position(intl), intl)[:3], len(to_hub(start_position(intl), intl))
    ('Wbb', 51)
    """
    return ("W" if pos.turn == WHITE else "B") + square_chars(pos, rules)


def square_chars(pos: Position, rules: Rules, empty: str = "e") -> str:
    """One character per square in square-number order: ``w``/``b`` men, ``W``/``B`` kings,
    ``empty`` for an empty square (the body of the Hub position string)."""
    names = rules.names
    mask = rules.geometry.mask
    white, black, kings = pos.white, pos.black, pos.kings
    chars = []
    for n in range(1, rules.geometry.squares + 1):
        bit = mask[names.index_of_number(n)]
        if white & bit:
            chars.append("W" if kings & bit else "w")
        elif black & bit:
            chars.append("B" if kings & bit else "b")
        else:
            chars.append(empty)
    return "".join(chars)


def from_hub(text: str, rules: Rules) -> Position:
    """Read a Hub position string (see :func:`to_hub`); :class:`FenError` when malformed."""
    t = text.strip()
    g = rules.geometry
    quoted = excerpt(text, 80)
    if len(t) != g.squares + 1:
        raise FenError(
            f"Hub position {quoted}: expected {g.squares + 1} characters, got {len(t)}"
        )
    if t[0] not in "WB":
        raise FenError(f"Hub position {quoted}: side to move must be W or B, not {t[0]!r}")
    white = black = kings = 0
    for n, ch in enumerate(t[1:], start=1):
        bit = g.mask[rules.names.index_of_number(n)]
        if ch in "wW":
            white |= bit
        elif ch in "bB":
            black |= bit
        elif ch != "e":
            raise FenError(f"Hub position {quoted}: character {n + 1} {ch!r} is not w, b, W, B or e")
        if ch in "WB":
            kings |= bit
    promo_w, promo_b = rules.promotion_rows
    bad = (white & ~kings & promo_w) | (black & ~kings & promo_b)
    if bad:
        sq = rules.names.label(g.squares_of(bad)[0])
        raise FenError(f"Hub position {quoted}: a man on square {sq} stands on its own crowning row")
    return Position(white, black, kings, WHITE if t[0] == "W" else BLACK, 0)
