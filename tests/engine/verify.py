"""An independent, deliberately simple check of tactical positions (test helper).

``material_minimax`` is a plain alpha-beta on material only (man 1, king 3, or the
variant's own count for breakthrough: a king ends the game), written apart from the
engine's search so that the tactical test positions are verified by a second program:
captures are compulsory in draughts, so positions where the side to move must capture
are searched without using up depth (the sequence is resolved to the end).
"""

from __future__ import annotations

from damier.core.movegen import MoveGenerator
from damier.core.position import Position

WON = 1000


def material(pos: Position, breakthrough: bool) -> int:
    """Material balance for the side to move."""
    w, b, k, t, _ = pos
    if breakthrough and k:
        return WON if k & (w if t == 0 else b) else -WON
    s = (w & ~k).bit_count() - (b & ~k).bit_count() + 3 * ((w & k).bit_count() - (b & k).bit_count())
    return s if t == 0 else -s


def material_minimax(
    gen: MoveGenerator, pos: Position, depth: int, alpha: int = -10 * WON, beta: int = 10 * WON,
    breakthrough: bool = False,
) -> int:
    """The material value (side to move) after ``depth`` quiet plies and all forced captures."""
    if breakthrough and pos.kings:
        return material(pos, True)
    moves = gen.legal(pos)
    if not moves:
        return -WON
    forced = bool(moves[0][2])
    if depth <= 0 and not forced:
        return material(pos, breakthrough)
    nd = depth if forced else depth - 1
    best = -10 * WON
    for m in moves:
        s = -material_minimax(gen, gen.apply(pos, m), nd, -beta, -alpha, breakthrough)
        if s > best:
            best = s
            if s > alpha:
                alpha = s
                if s >= beta:
                    break
    return best


def winning_moves(gen: MoveGenerator, pos: Position, depth: int, margin: int,
                  breakthrough: bool = False) -> tuple[list[int], int]:
    """Indices of the moves whose minimax value beats the static material by ``margin``,
    and the best value of the other moves."""
    base = material(pos, breakthrough)
    wins, other = [], -10 * WON
    for i, m in enumerate(gen.legal(pos)):
        v = -material_minimax(gen, gen.apply(pos, m), depth - 1, breakthrough=breakthrough)
        if v >= base + margin:
            wins.append(i)
        else:
            other = max(other, v)
    return wins, other
