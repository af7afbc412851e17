"""The recursive part of one search: principal-variation alpha-beta and quiescence.

This module owns :class:`Tree`, the state of one search of the pure-Python path (node
counter, the keys of the positions on the path, killer moves, history scores, the PV
table) and its recursive functions:

* :meth:`Tree.pvs`: draws first (repetition since the last irreversible move, the
  quiet-move rule, the counted ending the root is in), the transposition table, a
  ProbCut-style forward pruning of quiet non-PV nodes, move ordering
  (:meth:`Tree.order`), then :meth:`Tree.expand` searches the moves: late-move
  reductions, PVS re-searches, killers and history on a cutoff, the TT entry;
* :meth:`Tree.qs`: quiescence; a side that must capture never stands pat, so every
  capture is searched until a quiet position is reached.

Positions are four ints ``(white, black, kings, turn)`` plus ``aux`` (the state of
Frisian king moves or of Czech traditional huffing, searched through
``gen.legal(Position)``/``gen.apply``). Keys are 64-bit Zobrist keys updated
incrementally from each fast move (:meth:`Tree.child`). Scores are centi-men from the
side to move's point of view; a won position is ``WIN - plies``.

The iteration over depths and the root live in :mod:`damier.engine.search`, which makes
one :class:`Tree` per search; the score scale and the table entries in
:mod:`damier.engine.scores`, the switches in :mod:`damier.engine.search_options`, what the
search reads of the variant in :mod:`damier.engine.tree_rules`. This module must not build
:class:`~damier.core.move.Move` objects, do I/O or read clocks other than
``time.perf_counter`` for the deadline.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from damier.core.movegen import FastMove, generator
from damier.core.position import Position
from damier.engine.scores import (
    EXACT,
    INF,
    LOWER,
    MAX_PLY,
    UPPER,
    WIN,
    WIN_BOUND,
    TTEntry,
    table_score,
    tt_cutoff,
)
from damier.engine.search_options import SearchOptions
from damier.engine.tree_rules import TreeRules, quiet_move_test

if TYPE_CHECKING:
    from damier.core.rules import Rules
    from damier.engine.evaluate import Evaluator

QS_BUDGET = 1000
"""Quiescence nodes searched below one horizon node at most; past them the evaluation stands
even where a capture is forced. Real positions never come near; a board of flying kings, where
every capture allows another, would otherwise search millions of capture lines below a depth-1
horizon (the native search's ``DK_QS_BUDGET`` is the same)."""
M64 = (1 << 64) - 1
AUX_KEY, AUX_KEY_HIGH = 0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F
"""Multipliers of the low and the high 64 bits of ``Position.aux`` in its share of the key."""
HISTORY_STRIDE = 256
"""Rows of the history table (bit positions of the padded layouts stay below 256)."""
HISTORY_ONE = 4096
"""A success rate of one (``SearchOptions.history`` 1)."""
_EMPTY: tuple[FastMove, ...] = ()

ZobristTables = tuple[dict[int, int], dict[int, int], dict[int, int], dict[int, int]]
"""Square bit -> key of a white man, white king, black man, black king."""


class Stopped(Exception):
    """Raised inside the search when a limit is reached or a stop was asked."""


class Tree:
    """The state of one search and its recursive functions (see the module docstring).

    ``keys`` starts with the keys of the game's positions since the last irreversible move;
    ``endgame_ply`` is the ply at which the counted ending of the root is drawn (0: none),
    as long as no piece has been taken (``root_pieces`` pieces on the board).
    """

    def __init__(self, rules: Rules, evaluate: Evaluator, tt: dict[int, TTEntry], tt_capacity: int,
                 zobrist: tuple[ZobristTables, int], options: SearchOptions) -> None:
        gen = generator(rules)
        self.legal_raw = gen.legal_raw
        self.has_capture = gen.has_capture_raw
        self.legal_pos = gen.legal
        self.apply_pos = gen.apply
        self.can_move = quiet_move_test(rules)
        self.evaluate = evaluate
        self.tt = tt
        self.tt_capacity = tt_capacity
        self.zobrist, self.z_side = zobrist
        self.options = options
        self.threats, self.probcut = options.threats, options.probcut
        self.in_probcut = 0
        """ProbCut searches under way on the path."""
        self.lmr_first, self.lmr_more = (2, 5) if options.lmr == 2 else (3, 8)
        view = TreeRules.of(rules)
        self.stateful = view.stateful
        self.breakthrough = view.breakthrough
        self.antidraughts = view.antidraughts
        self.repetition = view.repetition
        self.quiet_plies = view.quiet_plies
        self.keys: list[int] = []
        self.endgame_ply = 0
        self.root_pieces = 0
        self.history = [HISTORY_ONE // 2 if options.history else 0] * (HISTORY_STRIDE * HISTORY_STRIDE)
        self.killers: list[list[FastMove | None]] = [[None, None] for _ in range(MAX_PLY + 2)]
        self.pvt: list[tuple[FastMove, ...]] = [_EMPTY] * (MAX_PLY + 2)
        self.nodes = 0
        self.seldepth = 0
        self.next_check = 0
        self.node_limit = 0
        self.qs_stop = 0
        """The quiescence search of the current horizon node evaluates from this node on."""
        self.hard_deadline = 0.0
        self.root_scored = 0
        """Root moves scored in the depth under way (the root search counts them)."""
        self.stop_requested: Callable[[], bool] = _never
        self.depth = 0
        self.progress: Callable[[int, int, int, float], None] | None = None
        self.report_every = 0.25
        self.started = self.next_report = 0.0
        self.probe: Callable[[Position], int | None] | None = None
        """The endgame database's probe (a code, see :mod:`damier.engine.egdb.values`), if any."""
        self.probe_pieces = 0
        """Positions of at most this many pieces are probed."""

    # -- limits and leaves -----------------------------------------------------------------

    def check(self) -> None:
        """Raise :class:`Stopped` when a limit is reached; called every 256 nodes (and
        report the progress when it is time)."""
        limit = self.node_limit
        if limit and self.nodes >= limit:
            raise Stopped
        self.next_check = self.nodes + 256
        if limit and self.next_check > limit:
            self.next_check = limit
        if self.stop_requested() or self.out_of_time():
            raise Stopped
        if self.progress is not None:
            now = time.perf_counter()
            if now >= self.next_report:
                self.next_report = now + self.report_every
                self.progress(self.depth, self.seldepth, self.nodes, now - self.started)

    def out_of_time(self) -> bool:
        """Whether the hard deadline has passed; in depth 1 only once a root move is scored,
        so that a timed search always has a searched move to give however short its time or
        busy the machine."""
        return (bool(self.hard_deadline) and (self.depth > 1 or self.root_scored > 0)
                and time.perf_counter() >= self.hard_deadline)

    def terminal(self, ply: int) -> int:
        """Score of the side to move when it has no legal move."""
        return WIN - ply if self.antidraughts else ply - WIN

    def drawn(self, ply: int, occupied: int, key: int, rev: int) -> bool:
        """Whether the position is a draw by the rules the search knows: a repetition of a
        position since the last irreversible move (``rev`` plies ago at most), the quiet-move
        rule, or the end of the counted ending the root is in."""
        if rev >= 4 and self.repetition:
            keys = self.keys
            i = len(keys) - 4
            lo = len(keys) - rev
            while i >= lo:
                if keys[i] == key:
                    return True
                i -= 2
        if self.quiet_plies and rev >= self.quiet_plies:
            return True
        return bool(self.endgame_ply and ply >= self.endgame_ply
                    and occupied.bit_count() == self.root_pieces)

    def threatened_horizon(self, depth: int, ply: int, w: int, b: int, k: int, t: int) -> bool:
        """(With the ``threats`` option.) A quiet horizon where the opponent threatens to
        capture is searched one more ply (stand-pat would ignore the threat)."""
        has_capture = self.has_capture
        return (depth == 0 and ply < MAX_PLY and not self.stateful
                and not has_capture(w, b, k, t) and has_capture(w, b, k, 1 - t))

    # -- quiescence ------------------------------------------------------------------------

    def qs(self, alpha: int, beta: int, ply: int, w: int, b: int, k: int, t: int, aux: int) -> int:
        """Quiescence: captures until a quiet position, where the evaluation stands."""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.check()
        pvt = self.pvt
        pvt[ply] = _EMPTY
        if ply > self.seldepth:
            self.seldepth = ply
        if self.breakthrough and k:
            return WIN - ply if k & (b if t else w) else ply - WIN
        if self.stateful:
            moves = self.legal_pos(Position(w, b, k, t, aux))
            if not moves:
                return self.terminal(ply)
            caps = [m for m in moves if m[2]]
            forced = len(caps) == len(moves)
        elif self.has_capture(w, b, k, t):
            caps = self.legal_raw(w, b, k, t)
            forced = True
        else:
            if not self.can_move(w, b, k, t):
                return self.terminal(ply)
            caps = []
            forced = False
        if ply >= MAX_PLY or self.nodes >= self.qs_stop:
            return self.evaluate(w, b, k, t)
        if forced:
            best = -INF
        else:
            best = self.evaluate(w, b, k, t)
            if best >= beta or not caps:
                return best
            if best > alpha:
                alpha = best
        for m in caps:
            nw, nb, nk, naux = self.play(m, w, b, k, t, aux)
            s = -self.qs(-beta, -alpha, ply + 1, nw, nb, nk, 1 - t, naux)
            if s > best:
                best = s
                if s > alpha:
                    alpha = s
                    pvt[ply] = (m,) + pvt[ply + 1]
                    if s >= beta:
                        break
        return best

    def play(self, m: FastMove, w: int, b: int, k: int, t: int, aux: int) -> tuple[int, int, int, int]:
        """``(white, black, kings, aux)`` after move ``m`` of side ``t``."""
        frm, to, rem, kx = m[0], m[1], m[2], m[3]
        if self.stateful:
            p = self.apply_pos(Position(w, b, k, t, aux), m)
            return p[0], p[1], p[2], p[4]
        if t == 0:
            return w ^ frm ^ to, b & ~rem, (k & ~rem) ^ kx, 0
        return w & ~rem, b ^ frm ^ to, (k & ~rem) ^ kx, 0

    # -- the main search -------------------------------------------------------------------

    def pvs(self, alpha: int, beta: int, depth: int, ply: int,
            w: int, b: int, k: int, t: int, aux: int, key: int, rev: int) -> int:
        """Principal-variation search of one node (see the module docstring)."""
        if (rev >= 4 or self.endgame_ply) and self.drawn(ply, w | b, key, rev):
            self.pvt[ply] = _EMPTY
            return 0
        if self.probe is not None and (w | b).bit_count() <= self.probe_pieces:
            code = self.probe(Position(w, b, k, t))
            if code is not None:
                self.pvt[ply] = _EMPTY
                return table_score(code, ply)
        horizon = False
        if depth <= 0 or ply >= MAX_PLY:
            if not (self.threats and self.threatened_horizon(depth, ply, w, b, k, t)):
                self.qs_stop = self.nodes + QS_BUDGET
                return self.qs(alpha, beta, ply, w, b, k, t, aux)
            depth = 1
            horizon = True
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.check()
        self.pvt[ply] = _EMPTY
        if self.breakthrough and k:
            return WIN - ply if k & (b if t else w) else ply - WIN
        pvnode = beta - alpha > 1
        ttm: FastMove | None = None
        entry = self.tt.get(key)
        if entry is not None:
            ttm = entry[3]
            if entry[0] >= depth and not pvnode:
                score = tt_cutoff(entry, ply, alpha, beta)
                if score is not None:
                    return score
        if self.stateful:
            moves = self.legal_pos(Position(w, b, k, t, aux))
        else:
            moves = self.legal_raw(w, b, k, t)
        n = len(moves)
        if not n:
            return self.terminal(ply)
        capture = moves[0][2] != 0
        if (self.probcut and not pvnode and depth >= 3 and (not capture or self.options.probcut_captures)
                and n > 1 and -WIN_BOUND < beta < WIN_BOUND
                and (self.options.probcut_nested or not self.in_probcut)):
            # a shallow search that beats beta by a margin predicts that the full search
            # fails high too: return without searching the moves in full
            margin = self.probcut * depth
            raised = beta + margin
            self.in_probcut += 1
            try:
                v = self.pvs(raised - 1, raised, depth * 2 // 5, ply, w, b, k, t, aux, key, rev)
            finally:
                self.in_probcut -= 1
            if v >= raised:
                return v - margin
        if n > 1:
            moves = self.order(moves, ttm, ply, k, capture)
        nd = -1 if horizon else (depth if n == 1 else depth - 1)
        return self.expand(moves, capture, alpha, beta, depth, nd, ply, w, b, k, t, aux, key, rev)

    def order(self, moves: list[FastMove], ttm: FastMove | None, ply: int, k: int,
              capture: bool) -> list[FastMove]:
        """Captures: the TT move first (the capture rules leave only compulsory ones).
        Quiet moves: the TT move, the two killers, crowning moves, then by history."""
        if capture:
            if ttm is not None and ttm in moves:
                moves.remove(ttm)
                moves.insert(0, ttm)
            return moves
        k1, k2 = self.killers[ply]
        history = self.history
        scores = []
        for m in moves:
            if m == ttm:
                sc = 1 << 30
            elif m == k1 or (m[4] and same_move(m, k1)):
                sc = 1 << 29
            elif m == k2 or (m[4] and same_move(m, k2)):
                sc = 1 << 28
            elif m[3] and not m[0] & k:
                sc = 1 << 27
            else:
                sc = history[m[0].bit_length() * HISTORY_STRIDE + m[1].bit_length()]
            scores.append(sc)
        order = sorted(range(len(moves)), key=scores.__getitem__, reverse=True)
        return [moves[i] for i in order]

    def expand(self, moves: list[FastMove], capture: bool, alpha: int, beta: int, depth: int,
               nd: int, ply: int, w: int, b: int, k: int, t: int, aux: int, key: int,
               rev: int) -> int:
        """Search the ordered ``moves`` of a node to depth ``nd`` (PVS with late-move
        reductions), remember a cutoff, store the TT entry; returns the node's score."""
        k1, k2 = self.killers[ply] if len(moves) > 1 else (None, None)
        best = -INF
        bestm: FastMove | None = None
        best_i = -1
        a0 = alpha
        nt = 1 - t
        keys = self.keys
        keys.append(key)
        pvs = self.pvs
        scan_like = self.options.lmr == 3
        for i, m in enumerate(moves):
            nw, nb, nk, naux, nkey = self.child(m, w, b, k, t, aux, key)
            nrev = rev + 1 if (m[0] & k and not m[2]) else 0
            if i == 0:
                s = -pvs(-beta, -alpha, nd, ply + 1, nw, nb, nk, nt, naux, nkey, nrev)
            else:
                red = 0
                if (nd >= 2 and i >= (1 if scan_like and beta - a0 == 1 else self.lmr_first)
                        and not capture and m != k1 and m != k2
                        and not (m[4] and (same_move(m, k1) or same_move(m, k2)))):
                    red = self.reduction(i, m, nd, k, nw, nb, nk, nt, beta - a0 > 1)
                s = -pvs(-alpha - 1, -alpha, nd - red, ply + 1, nw, nb, nk, nt, naux, nkey, nrev)
                if s > alpha and red:
                    s = -pvs(-alpha - 1, -alpha, nd, ply + 1, nw, nb, nk, nt, naux, nkey, nrev)
                if alpha < s < beta:
                    s = -pvs(-beta, -alpha, nd, ply + 1, nw, nb, nk, nt, naux, nkey, nrev)
            if s > best:
                best = s
                bestm = m
                best_i = i
                if s > alpha:
                    alpha = s
                    self.pvt[ply] = (m,) + self.pvt[ply + 1]
                    if s >= beta:
                        if not capture:
                            self.remember_cutoff(m, ply, depth, k1)
                        break
        keys.pop()
        if self.options.history and not capture and best > a0:
            self.success(moves, best_i)
        self.store(key, depth, best, a0, beta, ply, bestm)
        return best

    def success(self, moves: list[FastMove], best_i: int) -> None:
        """Success rates (``SearchOptions.history`` 1): the best move's rises 1/64 of the way
        towards :data:`HISTORY_ONE`, those of the moves searched before it fall by 1/64."""
        history = self.history
        for j in range(best_i + 1):
            m = moves[j]
            at = m[0].bit_length() * HISTORY_STRIDE + m[1].bit_length()
            h = history[at]
            history[at] = h + ((HISTORY_ONE - h) >> 6) if j == best_i else h - (h >> 6)

    def child(self, m: FastMove, w: int, b: int, k: int, t: int, aux: int,
              key: int) -> tuple[int, int, int, int, int]:
        """``(white, black, kings, aux, key)`` after move ``m``: the key is updated from the
        mover, its crowning, the captured pieces and the side to move."""
        frm, to, rem = m[0], m[1], m[2]
        wm, wk, bm, bk = self.zobrist
        my_m, my_k, op_m, op_k = (wm, wk, bm, bk) if t == 0 else (bm, bk, wm, wk)
        if frm & k:
            nkey = key ^ my_k[frm] ^ my_k[to] ^ self.z_side
        elif m[3] & to:
            nkey = key ^ my_m[frm] ^ my_k[to] ^ self.z_side
        else:
            nkey = key ^ my_m[frm] ^ my_m[to] ^ self.z_side
        while rem:
            low = rem & -rem
            rem ^= low
            nkey ^= op_k[low] if low & k else op_m[low]
        if self.stateful:
            p = self.apply_pos(Position(w, b, k, t, aux), m)
            nkey ^= aux_key(aux) ^ aux_key(p[4])
            return p[0], p[1], p[2], p[4], nkey
        rem = m[2]
        if t == 0:
            return w ^ frm ^ to, b & ~rem, (k & ~rem) ^ m[3], 0, nkey
        return w & ~rem, b ^ frm ^ to, (k & ~rem) ^ m[3], 0, nkey

    def reduction(self, i: int, m: FastMove, nd: int, k: int, nw: int, nb: int, nk: int,
                  nt: int, pvnode: bool) -> int:
        """Plies by which the ``i``-th quiet move (not TT, killer) is reduced: none for a
        crowning move or (``sacs``) a move that offers a capture."""
        lmr = self.options.lmr
        if not lmr or (m[3] and not m[0] & k):
            return 0
        if self.options.sacs and self.has_capture(nw, nb, nk, nt):
            return 0
        if lmr == 3:
            return 2 if not pvnode and i >= 6 else 1
        red = 1 if (i < self.lmr_more or nd < 4) else 2
        if lmr > 1 and nd >= 6 and i >= 2 * self.lmr_more:
            red = 3
        return red

    def remember_cutoff(self, m: FastMove, ply: int, depth: int, k1: FastMove | None) -> None:
        """A quiet move that failed high: a killer of its ply, and history credit."""
        killers = self.killers[ply]
        if m != k1 and not (m[4] and same_move(m, k1)):
            killers[1] = k1
            killers[0] = m
        if not self.options.history:
            self.history[m[0].bit_length() * HISTORY_STRIDE + m[1].bit_length()] += depth * depth

    def store(self, key: int, depth: int, best: int, alpha: int, beta: int, ply: int,
              move: FastMove | None) -> None:
        """The TT entry of a searched node (wins relative to the node; the table is
        emptied when full)."""
        flag = UPPER if best <= alpha else (LOWER if best >= beta else EXACT)
        sc = best + ply if best > WIN_BOUND else (best - ply if best < -WIN_BOUND else best)
        tt = self.tt
        if len(tt) >= self.tt_capacity:
            tt.clear()
        tt[key] = (depth, flag, sc, move)


def aux_key(aux: int) -> int:
    """The share of ``Position.aux`` in a Zobrist key (huffing offenders on 12x12 reach past
    bit 64: both halves count)."""
    return ((aux & M64) * AUX_KEY ^ (aux >> 64) * AUX_KEY_HIGH) & M64


def same_move(a: FastMove, b: FastMove | None) -> bool:
    """Whether ``a`` and ``b`` are the same move: same start, end, removed pieces, crowning and
    huffed piece (a killer of another position may reach the same captures by another path;
    only where huffing lets a capture be a killer). The callers test ``a[4]`` (a path) first."""
    return a == b or (b is not None and a[0] == b[0] and a[1] == b[1] and a[2] == b[2] and a[3] == b[3]
                      and a[5] == b[5])


def _never() -> bool:
    return False


__all__ = ["QS_BUDGET", "Stopped", "Tree", "ZobristTables", "aux_key"]
