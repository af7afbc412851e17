"""Huffing (Czech traditional rules, seed 002; RULES.md §3.7, §3.12).

Under huffing a capture is not enforced by refusing moves. Instead:

1. The player to move may make **any physically possible move**: a quiet move although a
   capture exists, a man's capture although a king could capture, or a multiple jump
   stopped before its end (a king may also stop on any landing square).
2. After such an offending move the opponent may, **before his own move**, remove ("huff")
   one offending piece: a piece that could have captured and did not — when several could,
   the opponent chooses which — or the piece that stopped its multiple jump early. With
   king priority, when a king could capture it is the king that "should have jumped".
3. Only the immediately following turn may huff; the huff is not compulsory and does not
   count as a move.

Model: the offending pieces are stored in ``Position.aux`` (a bitboard of the *opponent's*
pieces, i.e. of the side that just moved) of the position after the offending move. The
legal moves of the next player are its physical moves (``huff`` = 0) plus, for each
offending piece ``h``, its physical moves in the position without ``h`` carrying
``huff = h`` (the huffed piece is added to ``remove``). Such a move is written
``h13,21-17``; ``pop`` undoes move and huff together, because they are one fast move.

What counts as "should have captured" is decided by the strict rules of the same rules
object (free choice, king priority, a king must land where it can continue): the captures
:meth:`MoveGenerator.captures` returns.

This module must not be used by variants without ``huffing``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from damier.core.colors import WHITE
from damier.core.position import Position

if TYPE_CHECKING:
    from damier.core.movegen import FastMove, MoveGenerator


def install(gen: MoveGenerator) -> None:
    """Make ``gen``'s position-level entry points follow the huffing rules."""
    from damier.core.movegen import apply_plain

    def physical(pos: Position) -> list[FastMove]:
        """Every physically possible move: quiet moves and every capture prefix."""
        out: list[FastMove] = []
        seen: set[tuple[int, int, int]] = set()
        for m in gen.capture_sequences(pos, complete_only=False):
            key = (m[0], m[1], m[2])
            if key not in seen:
                seen.add(key)
                out.append(m)
        out.extend(gen.quiets(pos))
        return out

    def legal(pos: Position) -> list[FastMove]:
        plain = Position(pos.white, pos.black, pos.kings, pos.turn, 0)
        moves = physical(plain)
        offenders = pos.aux & (pos.black if pos.turn == WHITE else pos.white)
        while offenders:
            h = offenders & -offenders
            offenders ^= h
            without = (
                Position(pos.white, pos.black & ~h, pos.kings & ~h, pos.turn, 0)
                if pos.turn == WHITE
                else Position(pos.white & ~h, pos.black, pos.kings & ~h, pos.turn, 0)
            )
            for frm, to, remove, kx, path, _ in physical(without):
                moves.append((frm, to, remove | h, kx, path, h))
        return moves

    def apply(pos: Position, m: FastMove) -> Position:
        frm, to, remove, _kx, _path, huff = m
        # the position the move was made in: after the huff, if any
        if huff:
            if pos.turn == WHITE:
                before = Position(pos.white, pos.black & ~huff, pos.kings & ~huff, pos.turn, 0)
            else:
                before = Position(pos.white & ~huff, pos.black, pos.kings & ~huff, pos.turn, 0)
        else:
            before = Position(pos.white, pos.black, pos.kings, pos.turn, 0)
        after = apply_plain(before, (frm, to, remove & ~huff, m[3], m[4], 0))
        offenders = offending_pieces(gen, before, frm, to, remove & ~huff)
        return Position(after.white, after.black, after.kings, after.turn, offenders)

    gen.stateful = True
    gen._legal_pos = legal
    gen._apply_pos = apply


def offending_pieces(gen: MoveGenerator, before: Position, frm: int, to: int, captured: int) -> int:
    """The mover's pieces that may be huffed after it played ``frm``->``to`` capturing
    ``captured`` in ``before`` (squares as they stand after the move)."""
    strict = gen.captures(before)
    if not strict:
        return 0
    key = (frm, to, captured)
    if any((s[0], s[1], s[2]) == key for s in strict):
        return 0
    kings = before.kings
    by_kings = [s for s in strict if s[0] & kings]
    obliged = by_kings or strict
    offenders = 0
    if not captured:
        for s in obliged:
            offenders |= s[0]
    else:
        if by_kings and not frm & kings:
            for s in by_kings:
                offenders |= s[0]
        complete = gen.capture_sequences(before, complete_only=True)
        if not any((s[0], s[1], s[2]) == key for s in complete):
            offenders |= frm  # stopped its multiple jump early
    if offenders & frm:
        offenders = (offenders & ~frm) | to  # the offender moved
    return offenders
