"""Material tests shared by the counted-ending draw rules of several variants.

Each function returns a matcher for :class:`damier.core.rules.EndgameRule`: it receives the
position and its material ``(white men, white kings, black men, black kings)`` and says
whether the position belongs to the ending. This module registers no variant.
"""

from __future__ import annotations

from collections.abc import Callable

from damier.core.position import Position
from damier.core.rules import DrawRules, Material

Matcher = Callable[[Position, Material], bool]


def _sides(mat: Material) -> tuple[tuple[int, int], tuple[int, int]]:
    wm, wk, bm, bk = mat
    return (wm, wk), (bm, bk)


def lone_king_against(low: int, high: int, *, kings_only: bool = False, min_kings: int = 1) -> Matcher:
    """One side has a single king and nothing else; the other has ``low``..``high`` pieces,
    at least ``min_kings`` of them kings (only kings with ``kings_only``)."""

    def matches(_pos: Position, mat: Material) -> bool:
        for (m1, k1), (m2, k2) in (_sides(mat), _sides(mat)[::-1]):
            if (
                m1 == 0 and k1 == 1 and low <= m2 + k2 <= high and k2 >= min_kings
                and (not kings_only or m2 == 0)
            ):
                return True
        return False

    return matches


def lone_king_on_long_diagonal_against(pieces: int) -> Matcher:
    """As :func:`lone_king_against` with exactly ``pieces`` pieces (one a king at least),
    the lone king standing on the long diagonal (a1-h8 on 8x8)."""
    base = lone_king_against(pieces, pieces)

    def matches(pos: Position, mat: Material) -> bool:
        if not base(pos, mat):
            return False
        wm, wk, _bm, _bk = mat
        lone = pos.white if (wm == 0 and wk == 1) else pos.black
        return bool(lone & LONG_DIAGONAL_8x8)

    return matches


def _long_diagonal_8x8() -> int:
    from damier.core.geometry import geometry_for

    g = geometry_for(8)
    return sum(g.mask[g.index_at(7 - k, k)] for k in range(8))


LONG_DIAGONAL_8x8 = _long_diagonal_8x8()


def both_sides_with_kings(low: int, high: int) -> Matcher:
    """Both sides have a king and the total number of pieces is ``low``..``high``."""

    def matches(_pos: Position, mat: Material) -> bool:
        wm, wk, bm, bk = mat
        return wk >= 1 and bk >= 1 and low <= wm + wk + bm + bk <= high

    return matches


def fmjd64_draws() -> DrawRules:
    """The FMJD-64 draw rules (Russian, also applied to Brazilian; docs/rules/russian.md):

    * 7.2.3 threefold repetition;
    * 7.2.5 15 moves (30 plies) by kings only, without man moves or captures;
    * 7.2.8 two kings, king + man or one king against a single king: 5 moves (10 plies);
    * 7.2.7 three pieces (at least one king) against a single king on the long diagonal:
      5 moves (10 plies);
    * 7.2.4 three or more kings against a single king: 15 moves (30 plies);
    * 7.2.6 both sides with kings and the balance unchanged (no capture, no promotion):
      4–5 pieces 30 moves (60 plies), 6–7 pieces 60 moves (120 plies).

    [not checked against the FMJD-64 text itself]; the more specific endings
    are tried first.
    """
    from damier.core.rules import EndgameRule

    return DrawRules(
        repetition=3,
        quiet_plies=30,
        quiet_resets_on_man_move=True,
        quiet_name="15-move king rule",
        endgames=(
            EndgameRule("5-move rule", "FMJD-64 7.2.8", 10, lone_king_against(1, 2)),
            EndgameRule(
                "long-diagonal rule", "FMJD-64 7.2.7", 10, lone_king_on_long_diagonal_against(3)
            ),
            EndgameRule(
                "15-move rule", "FMJD-64 7.2.4", 30, lone_king_against(3, 12, kings_only=True)
            ),
            EndgameRule(
                "30-move rule", "FMJD-64 7.2.6", 60, both_sides_with_kings(4, 5),
                reset_on_material_change=True,
            ),
            EndgameRule(
                "60-move rule", "FMJD-64 7.2.6", 120, both_sides_with_kings(6, 7),
                reset_on_material_change=True,
            ),
        ),
    )
