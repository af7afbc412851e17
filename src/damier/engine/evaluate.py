"""Static evaluation of a position for every variant, from named per-variant weights.

This module owns the *knowledge* of the engine: what a position is worth in centi-men from
the side to move's point of view. The weights are data (:class:`Weights`, one entry per
variant in :data:`VARIANT_WEIGHTS`, defaults derived from the rules) so that they can be
tuned without touching code; :func:`build_evaluator` turns them into one closure over plain
ints per rules object.

Terms (all "white minus black", then negated for Black to move):

* material: men and kings, kings valued for the variant (flying kings ~3 men, short ~1.5);
* a piece-square table for men, built from advancement per row, centre bonus and edge
  (flank) penalty; material, the table and the back-rank guard of the men are folded into
  lookup tables on chunks of the men bitboard (three or four lookups per side);
* men mobility (free squares the men can step to) and balance (men spread over both
  halves of the board), weighted for International only so far (measured there);
* learnt men patterns (:mod:`damier.engine.patterns`) where the variant's weights name a
  table file: International's were fitted to the search scores of a stronger engine,
  together with its hand weights. With pattern tables on a board of dark squares and at
  most ten squares per pair of rows, the tables, the men's material, piece-square values,
  guard, mobility and support are merged into one lookup table per pair of adjacent rows
  (:func:`patterns.pair_tables`) instead of the chunk lookups and the separate terms;
* back-rank guard: men on their own back row while the opponent has no king;
* formation: men backed up by a friendly man behind them (hard to attack);
* runaway men: a man near the crown row with no enemy piece in the cone ahead;
* kings: mobility (free neighbouring squares), control of the long diagonal (flying kings);
* endgame knowledge: lone king against up to three pieces with flying kings (International
  3 kings v 1 is a draw when the lone king holds the long diagonal), kings-only endings
  with a small edge are scaled towards a draw;
* tempo: a small bonus for the side to move.

Antidraughts inverts material (losing pieces is the goal); breakthrough weighs advancement
and runaways heavily (the first king wins).

This module must not search, generate moves or read game history: it sees four ints
``(white, black, kings, turn)`` and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

from damier.core.rules import Rules
from damier.engine import patterns

Evaluator = Callable[[int, int, int, int], int]
"""``evaluate(white, black, kings, turn) -> centi-men for the side to move``."""


@dataclass(frozen=True)
class Weights:
    """Named evaluation weights of one variant (centi-men)."""

    man: int = 100
    king: int = 300
    advance: tuple[int, ...] = (0, 0, 1, 2, 4, 6, 8, 10, 12, 14, 16, 18)
    """Bonus of a man by rows advanced from its own back row (index 0 = back row)."""
    centre: int = 6
    """Man on a central square."""
    edge: int = -4
    """Man on an edge file (flank)."""
    back_guard: int = 8
    """Man on its own back row while the opponent has no king."""
    support: int = 3
    """Man with a friendly man diagonally behind it (per supporting direction)."""
    runaway: tuple[int, ...] = (0, 180, 120, 70, 30)
    """Man with a free path to the crown row, by rows left to go (index 0 unused)."""
    king_mobility: int = 3
    """Per free square next to a king."""
    long_diagonal: int = 25
    """King on the long diagonal (flying kings only)."""
    tempo: int = 4
    """Side to move."""
    mobility: int = 0
    """Per free square a man can step to (a cramped side runs out of safe moves)."""
    balance: int = 0
    """Per man of difference between a side's left and right halves of the board."""
    patterns: str = ""
    """File of learnt men-pattern weights in ``damier/engine/data`` ("" for none); see
    :mod:`damier.engine.patterns`."""
    pattern_split: int = 0
    """With a positive value the pattern file holds two sets of tables: the first for
    positions with at least this many men on the board, the second for fewer (the same
    formation is judged differently in the middle game and in the endgame)."""
    lone_king_scale: int = 8
    """Divide the score by this when a lone king faces at most three pieces (flying)."""
    kings_only_scale: int = 4
    """Divide by this in kings-only endings where the stronger side is one piece up."""


DEFAULT_FLYING = Weights()
DEFAULT_SHORT = Weights(king=150, long_diagonal=0, lone_king_scale=1, kings_only_scale=2,
                        runaway=(0, 120, 80, 40, 0))

VARIANT_WEIGHTS: dict[str, Weights] = {
    # fitted with the pattern tables to the search scores of dame-rs (bench/train_patterns.py
    # --hand --split 20; docs/engine.md): the tables take over much of what the hand terms
    # said (centre, edge, king mobility), and a man is worth more once it has left home
    "international": Weights(
        king=294, advance=(-5, 17, 17, 14, 13, 16, 11, 19, 69, 14, 16, 18), centre=1, edge=-2,
        back_guard=22, support=-4, runaway=(0, 93, 64, 33, -4), king_mobility=0, long_diagonal=5,
        tempo=8, mobility=-3, balance=1, patterns="international.ptw", pattern_split=20),
    "frisian": replace(DEFAULT_FLYING, king=250),
    "frysk": replace(DEFAULT_FLYING, king=250),
    "canadian": replace(DEFAULT_FLYING, king=320),
    "czech": replace(DEFAULT_FLYING, king=250),
    "czech-traditional": replace(DEFAULT_FLYING, king=250),
    "russian": replace(DEFAULT_FLYING, king=250),
    "brazilian": replace(DEFAULT_FLYING, king=250),
    "pool": replace(DEFAULT_FLYING, king=250),
    "english": DEFAULT_SHORT,
    "italian": DEFAULT_SHORT,
    "spanish": replace(DEFAULT_FLYING, king=250),
    "turkish": replace(DEFAULT_FLYING, king=250, centre=3, edge=0, support=0, long_diagonal=0,
                       back_guard=0),
    "antidraughts": Weights(man=-100, king=-150, advance=(0,) * 12, centre=0, edge=0,
                            back_guard=0, support=0, runaway=(0,) * 5, king_mobility=0,
                            long_diagonal=0, tempo=0, lone_king_scale=1, kings_only_scale=1),
    "breakthrough": replace(DEFAULT_FLYING, advance=(0, 0, 2, 5, 10, 18, 30, 45, 65, 90, 120),
                            runaway=(0, 900, 500, 250, 120), back_guard=12,
                            lone_king_scale=1, kings_only_scale=1),
}


def weights_for(rules: Rules) -> Weights:
    """The weights of a variant: its entry in :data:`VARIANT_WEIGHTS`, else a default
    chosen by the rules (flying or short kings, goal)."""
    w = VARIANT_WEIGHTS.get(rules.name)
    if w is not None:
        return w
    if rules.goal == "antidraughts":
        return VARIANT_WEIGHTS["antidraughts"]
    if rules.goal == "breakthrough":
        return VARIANT_WEIGHTS["breakthrough"]
    return DEFAULT_FLYING if rules.flying_kings else DEFAULT_SHORT


def build_evaluator(rules: Rules, weights: Weights | None = None) -> Evaluator:
    """The evaluation function of ``rules`` (plain-int closure; see the module docstring).

    Evaluators are pure functions of their position, so one is built per rules object and
    weights and then shared (building the lookup tables takes tens of milliseconds).
    """
    return _cached_evaluator(rules, weights or weights_for(rules))


BEHIND = (((1, -1), (1, 1)), ((-1, -1), (-1, 1)))
"""Per colour, the (row, column) steps from a man to the squares diagonally behind it
(White moves towards row 0): where a supporting man stands."""


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
    Only for boards of dark squares (:func:`build_evaluator` merges rows only there)."""
    g = rules.geometry
    h = g.size // 2
    n = g.squares
    terms: list[list[tuple[int, int, int, int, int]]] = [[], []]  # (sign, a, state, b, state)
    for color, sign, man in ((0, 1, 1), (1, -1, 2)):
        for a in range(n):
            for d in rules.directions(rules.man_steps, color):
                b = g.step[d][a]
                if b >= 0:
                    terms[0].append((sign, a, man, b, 0))  # a man that can step to b
            for dr in BEHIND[color]:
                b = g.step[g.direction_index(dr)][a]
                if b >= 0:
                    terms[1].append((sign, a, man, b, man))  # a man supported from b
    out = []
    for row in range(g.size - 1):
        top = list(range(row * h, (row + 1) * h))
        bottom = list(range((row + 1) * h, (row + 2) * h))
        both = set(top) | set(bottom)
        # the state (0 empty, 1 White, 2 Black) of every square in each row configuration
        states = [[(c // 3**k) % 3 for k in range(h)] for c in range(3**h)]
        place = {sq: k for k, sq in enumerate(top)} | {sq: k for k, sq in enumerate(bottom)}
        tables = []
        for relations in terms:
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
            tables.append(table)
        out.append((tables[0], tables[1]))
    return out


@lru_cache(maxsize=64)
def _cached_evaluator(rules: Rules, wt: Weights) -> Evaluator:  # noqa: C901
    g = rules.geometry
    size = g.size
    n = g.squares
    mask = g.mask
    coords = [g.coords(i) for i in range(n)]
    ALL = g.all_squares

    # piece-square tables for men: white advances towards row 0, black towards row size-1
    adv = list(wt.advance) + [wt.advance[-1]] * size
    lo_c, hi_c = size / 4 - 0.5, 3 * size / 4 - 0.5
    lo_r, hi_r = size / 4 - 0.5, 3 * size / 4 - 0.5

    def pst(color: int) -> dict[int, int]:
        """Square bit -> piece-square value of a man of ``color``."""
        values: dict[int, int] = {}
        for i, (r, c) in enumerate(coords):
            v = adv[size - 1 - r if color == 0 else r]
            if lo_c <= c <= hi_c and lo_r <= r <= hi_r:
                v += wt.centre
            if c in (0, size - 1):
                v += wt.edge
            values[mask[i]] = v
        return values

    MAN, KING = wt.man, wt.king
    BACK_GUARD, SUPPORT, TEMPO = wt.back_guard, wt.support, wt.tempo
    KMOB, LONGD = wt.king_mobility, wt.long_diagonal if rules.flying_kings else 0
    LONE, KONLY = wt.lone_king_scale, wt.kings_only_scale
    MOB, BAL = wt.mobility, wt.balance
    STEP_W, STEP_B = (tuple(g.shift[d] for d in rules.directions(rules.man_steps, c)) for c in (0, 1))
    LEFT = sum(mask[i] for i in range(n) if coords[i][1] < size // 2)

    # Material, the piece-square table and the back-rank guard of the men are summed by
    # table lookups on chunks of the men bitboard: one lookup per chunk instead of a
    # popcount per distinct square value, which made the evaluation the costliest part of
    # the search. The guard counts only while the opponent has no king, hence two tables.
    value_w, value_b = pst(0), pst(1)
    back_w, back_b = g.row_mask[size - 1], g.row_mask[0]
    CHUNK_BITS = max(8, min(14, -(-ALL.bit_length() // 3)))
    CHUNK = (1 << CHUNK_BITS) - 1
    offsets = range(0, ALL.bit_length(), CHUNK_BITS)

    def chunk_tables(values: dict[int, int], guard: int) -> tuple[tuple[int, list[int]], ...]:
        tables = []
        for off in offsets:
            table = [0] * (CHUNK + 1)
            for v in range(1, CHUNK + 1):
                low = v & -v
                bit = low << off
                own = 0
                if bit & ALL:
                    own = MAN + values.get(bit, 0) + (BACK_GUARD if bit & guard else 0)
                table[v] = table[v ^ low] + own
            tables.append((off, table))
        return tuple(tables)

    # formation: shifts that bring the bit of the square behind a man onto the man
    SUP_W, SUP_B = (tuple(-g.shift[g.direction_index(d)] for d in BEHIND[c]) for c in (0, 1))
    if g.shape != "dark":
        SUPPORT = 0

    learnt = patterns.load(wt.patterns) if wt.patterns else []
    SPLIT = wt.pattern_split
    if SPLIT and len(learnt) % 2:
        raise ValueError(f"{wt.patterns}: pattern_split needs two sets of tables, not {len(learnt)}")
    per_set = len(learnt) // 2 if SPLIT else len(learnt)
    sets = [learnt[:per_set], learnt[per_set:]] if SPLIT else [learnt]
    PATTERNS: tuple[patterns.PatternTable, ...] = ()
    PATTERNS_LATE = PATTERNS
    PAIRS: list[tuple[patterns.PatternTable, ...]] = []
    PAIRS_LATE = PAIRS
    if learnt and g.shape == "dark" and size <= patterns.MAX_PAIR_SQUARES:
        # the windows and the men's material, piece-square values and back-rank guard go
        # into one lookup per pair of rows: four versions, with and without each side's
        # guard (index: 2 if White's guard counts, + 1 if Black's)
        def men_values(color: int, guard: int) -> list[int]:
            values = value_w if color == 0 else value_b
            return [MAN + values[mask[i]] + (BACK_GUARD if mask[i] & guard else 0) for i in range(n)]

        variants = [(men_values(0, back_w if gw else 0), men_values(1, back_b if gb else 0))
                    for gw in (0, 1) for gb in (0, 1)]
        pair_values = [[MOB * m + SUPPORT * sup for m, sup in zip(mob, supp, strict=True)]
                       for mob, supp in _pair_counts(rules)] if MOB or SUPPORT else None
        PAIRS = patterns.pair_tables(g, sets[0], variants, pair_values)
        PAIRS_LATE = patterns.pair_tables(g, sets[-1], variants, pair_values) if SPLIT else PAIRS
    elif learnt:
        PATTERNS = patterns.build_tables(g, sets[0])
        PATTERNS_LATE = patterns.build_tables(g, sets[-1]) if SPLIT else PATTERNS

    # (the row-pair tables hold the men's material already)
    MEN_W = chunk_tables(value_w, 0) if not PAIRS else ()
    MEN_W_GUARD = chunk_tables(value_w, back_w) if not PAIRS else ()
    MEN_B = chunk_tables(value_b, 0) if not PAIRS else ()
    MEN_B_GUARD = chunk_tables(value_b, back_b) if not PAIRS else ()
    FLYING = rules.flying_kings

    # runaway cones: squares ahead from which an enemy piece could stop the man
    RUN = list(wt.runaway)
    RUN_ROWS = len(RUN) - 1

    def cones(color: int) -> tuple[int, dict[int, tuple[int, int]]]:
        near = 0
        table: dict[int, tuple[int, int]] = {}
        for i, (r, c) in enumerate(coords):
            left = r if color == 0 else size - 1 - r
            if not 1 <= left <= RUN_ROWS:
                continue
            near |= mask[i]
            cone = 0
            for j, (r2, c2) in enumerate(coords):
                ahead = r - r2 if color == 0 else r2 - r
                if 0 <= ahead <= left and abs(c2 - c) <= ahead + 1 and j != i:
                    cone |= mask[j]
            table[mask[i]] = (cone, RUN[left])
        return near, table

    NEAR_W, CONE_W = cones(0)
    NEAR_B, CONE_B = cones(1)

    # kings: neighbourhood masks and the long diagonal(s)
    king_dirs = rules.directions(rules.king_steps, 0)
    NEIGH: dict[int, int] = {}
    for i in range(n):
        nb = 0
        for d in king_dirs:
            j = g.step[d][i]
            if j >= 0:
                nb |= mask[j]
        NEIGH[mask[i]] = nb
    LONG = 0
    if g.shape == "dark":
        for i, (r, c) in enumerate(coords):
            if r + c == size - 1:
                LONG |= mask[i]

    def evaluate(white: int, black: int, kings: int, turn: int) -> int:
        wm = white & ~kings
        bm = black & ~kings
        wk = white & kings
        bk = black & kings
        s = 0
        if PAIRS:
            for sh, m, tw, tb, pw in (PAIRS if not SPLIT or (wm | bm).bit_count() >= SPLIT
                                      else PAIRS_LATE)[(0 if bk else 2) + (0 if wk else 1)]:
                s += pw[tw[(wm >> sh) & m] + tb[(bm >> sh) & m]]
            if MOB and kings:  # the pair tables took the squares of kings as free
                for sh in STEP_W:
                    s -= MOB * ((wm << sh if sh > 0 else wm >> -sh) & kings).bit_count()
                for sh in STEP_B:
                    s += MOB * ((bm << sh if sh > 0 else bm >> -sh) & kings).bit_count()
        else:
            for off, table in MEN_W_GUARD if not bk else MEN_W:
                s += table[(wm >> off) & CHUNK]
            for off, table in MEN_B_GUARD if not wk else MEN_B:
                s -= table[(bm >> off) & CHUNK]
            for sh, m, tw, tb, pw in (PATTERNS if not SPLIT or (wm | bm).bit_count() >= SPLIT
                                      else PATTERNS_LATE):
                s += pw[tw[(wm >> sh) & m] + tb[(bm >> sh) & m]]
            if MOB:
                free = ALL & ~(white | black)
                for sh in STEP_W:
                    s += MOB * ((wm << sh if sh > 0 else wm >> -sh) & free).bit_count()
                for sh in STEP_B:
                    s -= MOB * ((bm << sh if sh > 0 else bm >> -sh) & free).bit_count()
            if SUPPORT:
                for sh in SUP_W:
                    s += SUPPORT * (wm & (wm << sh if sh > 0 else wm >> -sh)).bit_count()
                for sh in SUP_B:
                    s -= SUPPORT * (bm & (bm << sh if sh > 0 else bm >> -sh)).bit_count()
        if BAL:
            s -= BAL * (abs(2 * (wm & LEFT).bit_count() - wm.bit_count())
                        - abs(2 * (bm & LEFT).bit_count() - bm.bit_count()))
        x = wm & NEAR_W
        while x:
            low = x & -x
            x ^= low
            cone, bonus = CONE_W[low]
            if not cone & black:
                s += bonus
        x = bm & NEAR_B
        while x:
            low = x & -x
            x ^= low
            cone, bonus = CONE_B[low]
            if not cone & white:
                s -= bonus
        if kings:
            empty = ALL & ~(white | black)
            x = wk
            while x:
                low = x & -x
                x ^= low
                s += KMOB * (NEIGH[low] & empty).bit_count()
            x = bk
            while x:
                low = x & -x
                x ^= low
                s -= KMOB * (NEIGH[low] & empty).bit_count()
            nwk = wk.bit_count()
            nbk = bk.bit_count()
            s += KING * (nwk - nbk)
            if LONGD:
                s += LONGD * ((wk & LONG).bit_count() - (bk & LONG).bit_count())
            # endgame knowledge
            nw = wm.bit_count() + nwk
            nb = bm.bit_count() + nbk
            nwm = nw - nwk
            nbm = nb - nbk
            if s > 0 and nbk:
                if FLYING and nb == 1 and nw <= 3 and LONE > 1:
                    s //= LONE if (bk & LONG or size > 8) else 2
                elif not nbm and not nwm and nw - nb <= 1 and KONLY > 1:
                    s //= KONLY
            elif s < 0 and nwk:
                if FLYING and nw == 1 and nb <= 3 and LONE > 1:
                    s = -(-s // (LONE if (wk & LONG or size > 8) else 2))
                elif not nbm and not nwm and nb - nw <= 1 and KONLY > 1:
                    s = -(-s // KONLY)
        s = s if turn == 0 else -s
        return s + TEMPO

    return evaluate


__all__ = ["Evaluator", "VARIANT_WEIGHTS", "Weights", "build_evaluator", "weights_for"]
