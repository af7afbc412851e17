"""Huffing (Czech traditional rules, Zapletal 5; also Old French and Malaysian draughts).

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

:class:`Huffing` is the rule object the move generator of a huffing variant owns
(:mod:`damier.core.stateful`); :class:`Judge` decides the offenders after a move.

This module must not be used by variants without ``huffing``.
"""

from __future__ import annotations

from collections.abc import Iterator

from damier.core.colors import WHITE
from damier.core.fastmove import FastMove, Out, apply_plain
from damier.core.position import Position
from damier.core.stateful import Child, PlainMoves, stateful_perft


class Huffing:
    """The huffing rules over a variant's stateless move generation (a
    :class:`~damier.core.stateful.StatefulRule`)."""

    def __init__(self, plain: PlainMoves) -> None:
        self.plain = plain
        self._perft = stateful_perft(self.children, self.leaf_count)

    # -- the moves of one position, the huff aside ------------------------------------------

    def physical(self, white: int, black: int, kings: int, turn: int) -> Out:
        """Every physically possible move: quiet moves and every capture prefix."""
        plain = self.plain
        if plain.physical is not None:
            fast = plain.physical(white, black, kings, turn)
            if fast is not None:
                return fast
        elif not plain.has_capture(white, black, kings, turn):
            return plain.quiets(white, black, kings, turn)
        out: Out = []
        seen: set[tuple[int, int, int]] = set()
        for m in plain.sequences(white, black, kings, turn, False):
            key = (m[0], m[1], m[2])
            if key not in seen:
                seen.add(key)
                out.append(m)
        out += plain.quiets(white, black, kings, turn)
        return out

    def physical_count(self, white: int, black: int, kings: int, turn: int) -> int:
        """The number of physically possible moves."""
        plain = self.plain
        n = len({(m[0], m[1], m[2]) for m in plain.sequences(white, black, kings, turn, False)})
        return n + plain.quiet_count(white, black, kings, turn)

    # -- with the huffs the position allows ------------------------------------------------

    def legal(self, pos: Position) -> list[FastMove]:
        """The physical moves, and each of them after huffing one offender (``huff`` set)."""
        white, black, kings, turn, aux = pos
        moves = self.physical(white, black, kings, turn)
        for h, w, b, k in self.without_offenders(white, black, kings, turn, aux):
            without = self.physical(w, b, k, turn)
            moves += [(frm, to, remove | h, kx, path, h) for frm, to, remove, kx, path, _ in without]
        return moves

    def leaf_count(self, white: int, black: int, kings: int, turn: int, aux: int) -> int:
        """``len(legal(position))`` without building the moves."""
        n = self.physical_count(white, black, kings, turn)
        for _h, w, b, k in self.without_offenders(white, black, kings, turn, aux):
            n += self.physical_count(w, b, k, turn)
        return n

    @staticmethod
    def without_offenders(white: int, black: int, kings: int, turn: int, aux: int
                          ) -> Iterator[tuple[int, int, int, int]]:
        """For each offender ``h`` the side to move may huff (by increasing bit): ``(h, white,
        black, kings)`` of the position without it."""
        offenders = aux & (black if turn == WHITE else white)
        while offenders:
            h = offenders & -offenders
            offenders ^= h
            if turn == WHITE:
                yield h, white, black & ~h, kings & ~h
            else:
                yield h, white & ~h, black, kings & ~h

    def apply(self, pos: Position, m: FastMove) -> Position:
        """Huff (if ``m`` does), play the move, and note the offenders of the move."""
        huff = m[5]
        before = before_move(pos, huff)
        frm, to, remove, kx, path, _huff = m
        after = apply_plain(before, (frm, to, remove & ~huff, kx, path, 0))
        judge = Judge(self.plain, before)
        return after._replace(aux=judge.offenders(frm, to, remove & ~huff))

    # -- perft -----------------------------------------------------------------------------

    def perft(self, pos: Position, depth: int) -> int:
        """The number of positions ``depth`` plies on, huffs included."""
        return self._perft(pos, depth)

    def children(self, white: int, black: int, kings: int, turn: int, aux: int) -> list[Child]:
        """The moves of a position with the offenders each leads to (for perft)."""
        out: list[Child] = []
        self._children_of(white, black, kings, turn, 0, out)
        offenders = aux & (black if turn == WHITE else white)
        while offenders:
            h = offenders & -offenders
            offenders ^= h
            if turn == WHITE:
                self._children_of(white, black & ~h, kings & ~h, turn, h, out)
            else:
                self._children_of(white & ~h, black, kings & ~h, turn, h, out)
        return out

    def _children_of(self, white: int, black: int, kings: int, turn: int, huff: int,
                     out: list[Child]) -> None:
        """Append the moves of the position as it stands after the huff ``huff`` (or none)."""
        plain = self.plain
        if not plain.has_capture(white, black, kings, turn):
            # nothing could be captured: no move offends
            out += [(m[0], m[1], m[2] | huff, m[3], 0) for m in plain.quiets(white, black, kings, turn)]
            return
        judge = Judge(plain, Position(white, black, kings, turn, 0))
        # the huffed piece goes with the captured ones: both are the opponent's
        for frm, to, remove, kx, _path, _huff in self.physical(white, black, kings, turn):
            out.append((frm, to, remove | huff, kx, judge.offenders(frm, to, remove)))


def before_move(pos: Position, huff: int) -> Position:
    """The position a move is played in: after the huff, if any (``aux`` cleared)."""
    if not huff:
        return Position(pos.white, pos.black, pos.kings, pos.turn, 0)
    if pos.turn == WHITE:
        return Position(pos.white, pos.black & ~huff, pos.kings & ~huff, pos.turn, 0)
    return Position(pos.white & ~huff, pos.black, pos.kings & ~huff, pos.turn, 0)


class Judge:
    """Decides which pieces offended after a move played in one position (computed once per
    position and reused for all its moves)."""

    def __init__(self, plain: PlainMoves, before: Position) -> None:
        self.plain = plain
        self.before = before
        strict = plain.captures(before[0], before[1], before[2], before[3])
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
            b = self.before
            self._complete = {(s[0], s[1], s[2]) for s in self.plain.sequences(b[0], b[1], b[2], b[3], True)}
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
