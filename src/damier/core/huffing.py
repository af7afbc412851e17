"""Huffing (Czech traditional rules, seed 002 5; also Old French and Malaysian draughts).

Under huffing a capture is not enforced by refusing moves. Instead:

1. The player to move may make **any physically possible move**: a quiet move although a
   capture exists, a man's capture although a king could capture, or a multiple jump
   stopped before its end (a king may also stop on any landing square).
2. After such an offending move the opponent may, **before his own move**, remove ("huff")
   one offending piece: a piece that could have captured and did not — when several could,
   the opponent chooses which — or the piece that stopped its multiple jump early. With
   king priority, when a king could capture it is the king that "should have jumped".
   Under a choice rule (the majority rule of Malaysian draughts), a piece that could have
   made a legal capture and made a smaller one offends too; when another piece made the
   capture, the pieces that could have made a legal one offend.
3. Only the immediately following turn may huff; the huff is not compulsory and does not
   count as a move.

Model: the offending pieces are stored in ``Position.aux`` (a bitboard of the *opponent's*
pieces, i.e. of the side that just moved) of the position after the offending move. The
legal moves of the next player are its physical moves (``huff`` = 0) plus, for each
offending piece ``h``, its physical moves in the position without ``h`` carrying
``huff = h`` (the huffed piece is added to ``remove``). Such a move is written
``h13,21-17``; ``pop`` undoes move and huff together, because they are one fast move.

What counts as "should have captured" is decided by the strict rules of the same rules
object (its choice rule, king priority, a king must land where it can continue): the
captures :meth:`MoveGenerator.captures` returns.

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
    from damier.core.movegen import Child, apply_plain, stateful_perft

    has_capture = gen.has_capture_raw
    single_captures = gen.single_captures_raw
    quiet_count = gen.quiet_count_raw
    quiets = gen.quiets_raw
    sequences = gen.sequences_raw

    fast_physical = gen.physical_raw

    def physical(white: int, black: int, kings: int, turn: int) -> list[FastMove]:
        """Every physically possible move: quiet moves and every capture prefix."""
        if fast_physical is not None:
            fast = fast_physical(white, black, kings, turn)
            if fast is not None:
                return fast
        elif not has_capture(white, black, kings, turn):
            return quiets(white, black, kings, turn)
        out: list[FastMove] = []
        seen: set[tuple[int, int, int]] = set()
        for m in sequences(white, black, kings, turn, False):
            key = (m[0], m[1], m[2])
            if key not in seen:
                seen.add(key)
                out.append(m)
        out += quiets(white, black, kings, turn)
        return out

    def physical_count(white: int, black: int, kings: int, turn: int) -> int:
        # when every capture is a single man capture, the capture prefixes are those
        # captures, one each (single_captures counts them; 0 if there is none)
        n = single_captures(white, black, kings, turn)
        if n is None or n < 0:
            n = len({(m[0], m[1], m[2]) for m in sequences(white, black, kings, turn, False)})
        return n + quiet_count(white, black, kings, turn)

    def count(white: int, black: int, kings: int, turn: int, aux: int) -> int:
        n = physical_count(white, black, kings, turn)
        offenders = aux & (black if turn == WHITE else white)
        while offenders:
            h = offenders & -offenders
            offenders ^= h
            if turn == WHITE:
                n += physical_count(white, black & ~h, kings & ~h, turn)
            else:
                n += physical_count(white & ~h, black, kings & ~h, turn)
        return n

    def legal(pos: Position) -> list[FastMove]:
        white, black, kings, turn, aux = pos
        moves = physical(white, black, kings, turn)
        offenders = aux & (black if turn == WHITE else white)
        while offenders:
            h = offenders & -offenders
            offenders ^= h
            if turn == WHITE:
                without = physical(white, black & ~h, kings & ~h, turn)
            else:
                without = physical(white & ~h, black, kings & ~h, turn)
            moves += [(frm, to, remove | h, kx, path, h) for frm, to, remove, kx, path, _ in without]
        return moves

    def before_move(pos: Position, huff: int) -> Position:
        """The position the move is played in: after the huff, if any (``aux`` cleared)."""
        if not huff:
            return Position(pos.white, pos.black, pos.kings, pos.turn, 0)
        if pos.turn == WHITE:
            return Position(pos.white, pos.black & ~huff, pos.kings & ~huff, pos.turn, 0)
        return Position(pos.white & ~huff, pos.black, pos.kings & ~huff, pos.turn, 0)

    def play(before: Position, m: FastMove, judge: Judge) -> Position:
        frm, to, remove, kx, path, huff = m
        after = apply_plain(before, (frm, to, remove & ~huff, kx, path, 0))
        return after._replace(aux=judge.offenders(frm, to, remove & ~huff))

    def apply(pos: Position, m: FastMove) -> Position:
        before = before_move(pos, m[5])
        return play(before, m, Judge(gen, before))

    def children_of(white: int, black: int, kings: int, turn: int, huff: int, out: list[Child]) -> None:
        """Append the moves of the position as it stands after the huff ``huff`` (or none)."""
        if not has_capture(white, black, kings, turn):
            # nothing could be captured: no move offends
            out += [(m[0], m[1], m[2] | huff, m[3], 0) for m in quiets(white, black, kings, turn)]
            return
        judge = Judge(gen, Position(white, black, kings, turn, 0))
        # the huffed piece goes with the captured ones: both are the opponent's
        for frm, to, remove, kx, _path, _huff in physical(white, black, kings, turn):
            out.append((frm, to, remove | huff, kx, judge.offenders(frm, to, remove)))

    def children(white: int, black: int, kings: int, turn: int, aux: int) -> list[Child]:
        out: list[Child] = []
        children_of(white, black, kings, turn, 0, out)
        offenders = aux & (black if turn == WHITE else white)
        while offenders:
            h = offenders & -offenders
            offenders ^= h
            if turn == WHITE:
                children_of(white, black & ~h, kings & ~h, turn, h, out)
            else:
                children_of(white & ~h, black, kings & ~h, turn, h, out)
        return out

    gen.stateful = True
    gen._legal_pos = legal
    gen._apply_pos = apply
    gen._perft_pos = stateful_perft(children, count)


class Judge:
    """Decides which pieces offended after a move played in one position (computed once per
    position and reused for all its moves)."""

    def __init__(self, gen: MoveGenerator, before: Position) -> None:
        self.gen = gen
        self.before = before
        strict = gen.captures(before)
        self.strict = {(s[0], s[1], s[2]) for s in strict}
        # the pieces that could have made a legal capture (the choice rules, king priority
        # included, have already picked them)
        self.obliged = 0
        for s in strict:
            self.obliged |= s[0]
        self._complete: set[tuple[int, int, int]] | None = None

    def complete(self) -> set[tuple[int, int, int]]:
        """Identities of every complete capture sequence (before the choice rules)."""
        if self._complete is None:
            self._complete = {
                (s[0], s[1], s[2]) for s in self.gen.capture_sequences(self.before, complete_only=True)
            }
        return self._complete

    def offenders(self, frm: int, to: int, captured: int) -> int:
        """The mover's pieces that may be huffed after ``frm``->``to`` capturing ``captured``
        (squares as they stand after the move)."""
        if not self.strict or (frm, to, captured) in self.strict:
            return 0
        if not captured:
            offenders = self.obliged
        elif frm & self.obliged:
            offenders = frm  # a smaller capture than the rules ask, or stopped early
        else:
            offenders = self.obliged  # another piece should have captured
            if (frm, to, captured) not in self.complete():
                offenders |= frm  # and this one stopped its multiple jump early
        if offenders & frm:
            offenders = (offenders & ~frm) | to  # the offender moved
        return offenders
