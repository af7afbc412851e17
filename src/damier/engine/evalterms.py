"""The terms of the evaluation, each built once per rules object and weights.

:mod:`damier.engine.evaluate` composes the evaluation from the functions built here; each
builder turns the named weights and the board geometry into lookup tables and returns a
closure over plain ints (White's point of view, centi-men):

* :func:`men_term`: the men's material, piece-square values (advancement, centre, flank),
  back-rank guard, mobility and support, and the learnt pattern windows. On a board of
  dark squares with pattern tables and at most ten squares per pair of rows, all of it is
  one lookup per pair of adjacent rows (:func:`patterns.pair_tables`); otherwise material,
  piece-square values and guard are summed by lookups on chunks of the men bitboard and
  the other terms separately;
* :func:`runaway_term`: men with a free path to the crown row;
* :func:`king_term`: king material, mobility and the long diagonal, then the endgame
  scaling of the whole score (lone king, kings-only endings).

This module must not search, generate moves or read game history.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from damier.core.rules import Rules
from damier.engine import patterns

if TYPE_CHECKING:
    from damier.engine.weights import Weights

MenTerm = Callable[[int, int, int, int, int], int]
"""``men(white men, black men, white, black, kings)``."""
RunawayTerm = Callable[[int, int, int, int], int]
"""``runaways(white men, black men, white, black)``."""
KingTerm = Callable[[int, int, int, int, int, int], int]
"""``kings(score so far, white men, black men, white kings, black kings, empty)``: the
score with the king terms added and the endgame scaling applied."""

BEHIND = (((1, -1), (1, 1)), ((-1, -1), (-1, 1)))
"""Per colour, the (row, column) steps from a man to the squares diagonally behind it
(White moves towards row 0): where a supporting man stands."""


def _shift(bits: int, sh: int) -> int:
    return bits << sh if sh > 0 else bits >> -sh


def men_values(rules: Rules, wt: Weights, color: int, guard: bool) -> list[int]:
    """Per square, what a man of ``color`` there is worth: material, advancement (by rows
    from its own back row), centre and flank, and the back-rank guard when ``guard``."""
    g = rules.geometry
    size = g.size
    adv = list(wt.advance) + [wt.advance[-1]] * size
    lo, hi = size / 4 - 0.5, 3 * size / 4 - 0.5
    back = g.row_mask[size - 1] if color == 0 else g.row_mask[0]
    out = []
    for i in range(g.squares):
        r, c = g.coords(i)
        v = wt.man + adv[size - 1 - r if color == 0 else r]
        if lo <= c <= hi and lo <= r <= hi:
            v += wt.centre
        if c in (0, size - 1):
            v += wt.edge
        if guard and g.mask[i] & back:
            v += wt.back_guard
        out.append(v)
    return out


def support_weight(rules: Rules, wt: Weights) -> int:
    """The support weight, 0 where a man has no square diagonally behind it (full boards)."""
    return wt.support if rules.geometry.shape == "dark" else 0


class _Learnt:
    """The pattern file of a weights set, cut into what the men terms need: per set, the
    row windows' and the block windows' tables as :func:`patterns.packed` values."""

    def __init__(self, rules: Rules, wt: Weights) -> None:
        g = rules.geometry
        found = patterns.read(wt.patterns) if wt.patterns else patterns.PatternFile([])
        self.phases, self.full = found.phases, found.full
        learnt = [patterns.packed(t, found.phases) for t in found.tables]
        split = wt.pattern_split
        if split and len(learnt) % 2:
            raise ValueError(f"{wt.patterns}: pattern_split needs two sets of tables, not {len(learnt)}")
        per_set = len(learnt) // 2 if split else len(learnt)
        rows = len(patterns.windows(g))
        if learnt and per_set != len(patterns.layout_windows(g, found.layout)):
            raise ValueError(f"{wt.patterns}: {per_set} weight tables for "
                             f"{len(patterns.layout_windows(g, found.layout))} windows")
        cut = [learnt[:per_set], learnt[per_set:]] if split else [learnt]
        self.rows = [c[:rows] for c in cut]
        self.blocks = [patterns.block_tables(g, c[rows:]) if found.layout == 1 else () for c in cut]
        self.any = bool(learnt)
        self.scale = patterns.PACK**2 if found.phases == 2 else 1
        """A per-square value counts apart from the phase mix: scaled by this in packed sums."""


def men_term(rules: Rules, wt: Weights) -> MenTerm:
    """The men's terms (see the module docstring); the pattern file of ``wt``, if any,
    holds one set of tables or (``wt.pattern_split``) two, of one or two phases."""
    g = rules.geometry
    learnt = _Learnt(rules, wt)
    if learnt.any and g.shape == "dark" and g.size <= patterns.MAX_PAIR_SQUARES:
        return _row_pair_term(rules, wt, learnt)
    return _separate_men_term(rules, wt, learnt)


def _row_pair_term(rules: Rules, wt: Weights, learnt: _Learnt) -> MenTerm:
    """One lookup per pair of rows: the row windows, the men's values (four versions, with
    and without each side's guard: index 2 if White's guard counts, + 1 if Black's),
    mobility and support; the block windows one by one. The tables count a king's square
    as free: mobility is corrected where there are kings. With two phases every value is
    packed (:func:`patterns.packed`; the per-square ones apart, times ``PACK ** 2``) and the
    sum mixed by the men on the board."""
    g = rules.geometry
    x = learnt.scale
    versions = [([v * x for v in men_values(rules, wt, 0, bool(gw))],
                 [v * x for v in men_values(rules, wt, 1, bool(gb))]) for gw in (0, 1) for gb in (0, 1)]
    mob, support = wt.mobility, support_weight(rules, wt)
    pair_values = [[(mob * m + support * sup) * x for m, sup in zip(m_row, s_row, strict=True)]
                   for m_row, s_row in _pair_counts(rules)] if mob or support else None
    early = patterns.pair_tables(g, learnt.rows[0], versions, pair_values)
    late = patterns.pair_tables(g, learnt.rows[-1], versions, pair_values) if len(learnt.rows) > 1 else early
    blocks_early, blocks_late = learnt.blocks[0], learnt.blocks[-1]
    split, two, full = wt.pattern_split, learnt.phases == 2, learnt.full
    steps_w, steps_b = (tuple(g.shift[d] for d in rules.directions(rules.man_steps, c)) for c in (0, 1))

    def men(wm: int, bm: int, white: int, black: int, kings: int) -> int:
        s = 0
        late_set = split and (wm | bm).bit_count() < split
        for sh, m, tw, tb, pw in (late if late_set else early)[(0 if black & kings else 2)
                                                              + (0 if white & kings else 1)]:
            s += pw[tw[(wm >> sh) & m] + tb[(bm >> sh) & m]]
        for sh, m, tw, tb, sh2, m2, tw2, tb2, pw in blocks_late if late_set else blocks_early:
            s += pw[tw[(wm >> sh) & m] + tb[(bm >> sh) & m] + tw2[(wm >> sh2) & m2] + tb2[(bm >> sh2) & m2]]
        if two:
            s = patterns.phase_mix(s, (wm | bm).bit_count(), full)
        if mob and kings:
            for sh in steps_w:
                s -= mob * (_shift(wm, sh) & kings).bit_count()
            for sh in steps_b:
                s += mob * (_shift(bm, sh) & kings).bit_count()
        return s

    return men


def _chunk_tables(rules: Rules, values: list[int]) -> tuple[tuple[int, list[int]], ...]:
    """``(offset, table)`` per chunk of the men bitboard: the sum of ``values`` over the
    men of the chunk, one lookup instead of a popcount per distinct square value."""
    g = rules.geometry
    width = g.all_squares.bit_length()
    bits = max(8, min(14, -(-width // 3)))
    by_bit = {g.bit_position[i]: v for i, v in enumerate(values)}
    out = []
    for off in range(0, width, bits):
        table = [0] * (1 << bits)
        for v in range(1, 1 << bits):
            low = v & -v
            table[v] = table[v ^ low] + by_bit.get(low.bit_length() - 1 + off, 0)
        out.append((off, table))
    return tuple(out)


def _separate_men_term(rules: Rules, wt: Weights, learnt: _Learnt) -> MenTerm:
    """The men's values by chunk lookups (with and without the guard), the pattern windows
    one by one (mixed by phase), mobility and support by shifts."""
    g = rules.geometry
    chunk_w, guard_w, chunk_b, guard_b = (_chunk_tables(rules, men_values(rules, wt, c, guard))
                                          for c in (0, 1) for guard in (False, True))
    rows = learnt.rows
    early = patterns.build_tables(g, rows[0]) if rows[0] else ()
    late = patterns.build_tables(g, rows[-1]) if len(rows) > 1 and rows[-1] else early
    blocks_early, blocks_late = learnt.blocks[0], learnt.blocks[-1]
    split, mob, support = wt.pattern_split, wt.mobility, support_weight(rules, wt)
    two, full = learnt.phases == 2, learnt.full
    steps_w, steps_b = (tuple(g.shift[d] for d in rules.directions(rules.man_steps, c)) for c in (0, 1))
    behind_w, behind_b = (tuple(-g.shift[g.direction_index(d)] for d in BEHIND[c]) for c in (0, 1))
    all_squares = g.all_squares
    chunk = len(chunk_w[0][1]) - 1

    def men(wm: int, bm: int, white: int, black: int, kings: int) -> int:
        s = p = 0
        for off, table in guard_w if not black & kings else chunk_w:
            s += table[(wm >> off) & chunk]
        for off, table in guard_b if not white & kings else chunk_b:
            s -= table[(bm >> off) & chunk]
        late_set = split and (wm | bm).bit_count() < split
        for sh, m, tw, tb, pw in late if late_set else early:
            p += pw[tw[(wm >> sh) & m] + tb[(bm >> sh) & m]]
        for sh, m, tw, tb, sh2, m2, tw2, tb2, pw in blocks_late if late_set else blocks_early:
            p += pw[tw[(wm >> sh) & m] + tb[(bm >> sh) & m] + tw2[(wm >> sh2) & m2] + tb2[(bm >> sh2) & m2]]
        s += patterns.phase_mix(p, (wm | bm).bit_count(), full) if two else p
        if mob:
            free = all_squares & ~(white | black)
            for sh in steps_w:
                s += mob * (_shift(wm, sh) & free).bit_count()
            for sh in steps_b:
                s -= mob * (_shift(bm, sh) & free).bit_count()
        if support:
            for sh in behind_w:
                s += support * (wm & _shift(wm, sh)).bit_count()
            for sh in behind_b:
                s -= support * (bm & _shift(bm, sh)).bit_count()
        return s

    return men


@lru_cache(maxsize=8)
def _pair_counts(rules: Rules) -> list[tuple[list[int], list[int]]]:
    """For every row pair and each configuration of its men (:func:`patterns.pair_men`):
    men mobility and support, White minus Black, counted within the pair.

    A man's step and its supporter are on the row next to it, so both terms are sums over
    the row pairs, each counted in the one pair holding both squares. Mobility counts a
    square held by a king as free: the evaluation corrects that when there are kings.
    Each term is a sum of relations between two squares of the two rows (a man of a colour
    on one, an empty square or a friendly man on the other), so for a fixed lower row it is
    a sum of per-square values over the upper row: the tables are built row by row (3**5
    times 3**5 cheap sums on 10x10) rather than by looking at all 59,049 configurations.
    Only for boards of dark squares."""
    g = rules.geometry
    terms: list[list[tuple[int, int, int, int, int]]] = [[], []]  # (sign, a, state, b, state)
    for color, sign, man in ((0, 1, 1), (1, -1, 2)):
        for a in range(g.squares):
            for d in rules.directions(rules.man_steps, color):
                b = g.step[d][a]
                if b >= 0:
                    terms[0].append((sign, a, man, b, 0))  # a man that can step to b
            for dr in BEHIND[color]:
                b = g.step[g.direction_index(dr)][a]
                if b >= 0:
                    terms[1].append((sign, a, man, b, man))  # a man supported from b
    return [(_row_pair_sums(rules, row, terms[0]), _row_pair_sums(rules, row, terms[1]))
            for row in range(g.size - 1)]


def _row_pair_sums(rules: Rules, row: int, relations: list[tuple[int, int, int, int, int]]) -> list[int]:
    """Per configuration of rows ``row`` and ``row + 1``, the sum of the relations held."""
    h = rules.geometry.size // 2
    top = list(range(row * h, (row + 1) * h))
    bottom = list(range((row + 1) * h, (row + 2) * h))
    both = set(top) | set(bottom)
    states = [[(c // 3**k) % 3 for k in range(h)] for c in range(3**h)]  # 0 empty, 1/2 a man
    place = {sq: k for k, sq in enumerate(top)} | {sq: k for k, sq in enumerate(bottom)}
    # on a board of dark squares a diagonal relation always joins the two rows
    inside = [t for t in relations if t[1] in both and t[3] in both]
    table: list[int] = []
    for low in states:
        weight = {sq: [0, 0, 0] for sq in top}  # by the state of the upper square
        for sign, a, sa, b, sb in inside:
            if a in weight:
                if low[place[b]] == sb:
                    weight[a][sa] += sign
            elif low[place[a]] == sa:
                weight[b][sb] += sign
        part = [sum(w[0] for w in weight.values())]
        for sq in top:
            w = weight[sq]
            part = part + [v + w[1] - w[0] for v in part] + [v + w[2] - w[0] for v in part]
        table.extend(part)
    return table


def runaway_cones(rules: Rules, wt: Weights, color: int) -> tuple[int, dict[int, tuple[int, int]]]:
    """The squares near the crown row for ``color`` (mask), and per such square bit: the
    cone ahead from which an enemy piece could stop the man, and the bonus by rows left."""
    g = rules.geometry
    size = g.size
    rows = len(wt.runaway) - 1
    near = 0
    table: dict[int, tuple[int, int]] = {}
    for i in range(g.squares):
        r, c = g.coords(i)
        left = r if color == 0 else size - 1 - r
        if not 1 <= left <= rows:
            continue
        near |= g.mask[i]
        cone = 0
        for j in range(g.squares):
            r2, c2 = g.coords(j)
            ahead = r - r2 if color == 0 else r2 - r
            if 0 <= ahead <= left and abs(c2 - c) <= ahead + 1 and j != i:
                cone |= g.mask[j]
        table[g.mask[i]] = (cone, wt.runaway[left])
    return near, table


def runaway_term(rules: Rules, wt: Weights) -> RunawayTerm:
    """Men near the crown row with no enemy piece in the cone ahead."""
    near_w, cone_w = runaway_cones(rules, wt, 0)
    near_b, cone_b = runaway_cones(rules, wt, 1)

    def runaways(wm: int, bm: int, white: int, black: int) -> int:
        s = 0
        if wm & near_w:
            s += _free_runs(wm & near_w, cone_w, black)
        if bm & near_b:
            s -= _free_runs(bm & near_b, cone_b, white)
        return s

    return runaways


def _free_runs(men: int, cones: dict[int, tuple[int, int]], enemy: int) -> int:
    """The bonuses of the ``men`` (near the crown row) with no ``enemy`` piece in their cone."""
    s = 0
    while men:
        low = men & -men
        men ^= low
        cone, bonus = cones[low]
        if not cone & enemy:
            s += bonus
    return s


def long_diagonal(rules: Rules) -> int:
    """The squares of the long diagonal (a1 to the far corner) on a board of dark squares."""
    g = rules.geometry
    if g.shape != "dark":
        return 0
    return sum(g.mask[i] for i in range(g.squares) if sum(g.coords(i)) == g.size - 1)


def king_term(rules: Rules, wt: Weights) -> KingTerm:
    """King material, mobility (free neighbouring squares) and the long diagonal (flying
    kings), then the endgame scaling of the score: a lone king against up to three pieces
    (flying kings; weaker scaling on 8x8 when it is off the long diagonal), kings-only
    endings where the stronger side is one piece up."""
    g = rules.geometry
    dirs = rules.directions(rules.king_steps, 0)
    neigh = {g.mask[i]: sum(g.mask[g.step[d][i]] for d in dirs if g.step[d][i] >= 0)
             for i in range(g.squares)}
    king, kmob, lone, konly = wt.king, wt.king_mobility, wt.lone_king_scale, wt.kings_only_scale
    flying, big = rules.flying_kings, g.size > 8
    longd = wt.long_diagonal if flying else 0
    long_mask = long_diagonal(rules)

    def kings(s: int, wm: int, bm: int, wk: int, bk: int, empty: int) -> int:
        x = wk
        while x:
            low = x & -x
            x ^= low
            s += kmob * (neigh[low] & empty).bit_count()
        x = bk
        while x:
            low = x & -x
            x ^= low
            s -= kmob * (neigh[low] & empty).bit_count()
        nwk, nbk = wk.bit_count(), bk.bit_count()
        s += king * (nwk - nbk)
        if longd:
            s += longd * ((wk & long_mask).bit_count() - (bk & long_mask).bit_count())
        nw, nb = wm.bit_count() + nwk, bm.bit_count() + nbk
        men_left = wm or bm
        if s > 0 and nbk:
            if flying and nb == 1 and nw <= 3 and lone > 1:
                s //= lone if (bk & long_mask or big) else 2
            elif not men_left and nw - nb <= 1 and konly > 1:
                s //= konly
        elif s < 0 and nwk:
            if flying and nw == 1 and nb <= 3 and lone > 1:
                s = -(-s // (lone if (wk & long_mask or big) else 2))
            elif not men_left and nb - nw <= 1 and konly > 1:
                s = -(-s // konly)
        return s

    return kings


__all__ = ["BEHIND", "king_term", "long_diagonal", "men_term", "men_values", "runaway_cones",
           "runaway_term", "support_weight"]
