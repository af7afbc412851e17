"""The search: iterative deepening principal-variation alpha-beta over fast moves.

This module owns the hot loop of the engine. One :class:`Searcher` is built per rules object
and engine; :meth:`Searcher.iterate` is a generator that yields one :class:`Iteration`
after every completed depth, so the caller decides when to stop (sunfish's shape). Inside:

* positions are four ints ``(white, black, kings, turn)`` (plus ``aux`` for the variants
  that keep state there — Frisian king-move counts, Czech traditional huffing — which are
  searched through ``gen.legal(Position)`` / ``gen.apply``);
* a transposition table (a dict bounded by the hash size) keyed by 64-bit Zobrist keys
  updated incrementally from each fast move (mover, crowning, captured pieces, side);
* move ordering: TT move, then killers (two per ply), crowning moves and the history
  heuristic for quiet moves; captures need no ordering beyond the TT move because the
  capture rules already leave only the compulsory ones;
* extensions: a position with a single legal move (a forced capture, usually) is searched
  at the same depth, so exchanges and shots cost no depth;
* quiescence: a capture is compulsory, so a position where the side to move must capture
  is never stood pat on — every capture is searched until a quiet position is reached;
* late-move reductions for quiet moves that are not TT/killer/crowning moves, re-searched
  at full depth when they fail high; aspiration windows at the root;
* forward pruning of quiet non-PV nodes (a ProbCut-style test, the usual substitute for
  null-move pruning in draughts, where zugzwang is common): a shallow search at a raised
  beta that still fails high is trusted;
* draws: repetition of any earlier position since the last irreversible move (game history
  included), the quiet-move rule and the counted endgame rules of the variant;
* scores in centi-men; a won position is ``WIN - plies`` so shorter wins score higher.

This module must not build :class:`~damier.core.move.Move` objects, do I/O or read clocks
other than ``time.perf_counter`` for the deadline; the API layer (``engine.py``) does that.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from damier.core.movegen import FastMove, generator
from damier.core.position import Position
from damier.core.rules import Rules
from damier.engine.evaluate import Evaluator, build_evaluator

WIN = 100_000
"""Score of a won position at the root; a win in ``n`` plies scores ``WIN - n``."""
WIN_BOUND = WIN - 1_000
"""Scores beyond this are wins or losses."""
INF = WIN + 1
MAX_PLY = 120
EXACT, LOWER, UPPER = 0, 1, 2
M64 = (1 << 64) - 1
_HB = 256  # history table stride (bit positions of the padded layouts stay below 256)
_EMPTY: tuple[FastMove, ...] = ()

TTEntry = tuple[int, int, int, FastMove | None]


class Stopped(Exception):
    """Raised inside the search when a limit is reached or a stop was asked."""


@dataclass
class Line:
    """One principal variation of an iteration (multi-PV gives several)."""

    score: int
    pv: tuple[FastMove, ...]


@dataclass
class Iteration:
    """What one completed depth produced (best line first)."""

    depth: int
    seldepth: int
    lines: list[Line]
    nodes: int
    complete: bool = True
    """False for the partial result of an interrupted depth (a better first move found)."""


@dataclass
class RootState:
    """The root position and what the search needs of the game history."""

    position: Position
    history: list[int]
    """Zobrist keys of the earlier positions since the last irreversible move, oldest first."""
    reversible: int
    """Plies since the last capture or man move (the quiet-rule counter)."""
    endgame_remaining: int = 0
    """Plies left of a counted endgame rule the root is in (0: none)."""


def quiet_move_test(rules: Rules) -> Callable[[int, int, int, int], bool]:
    """``can_move(white, black, kings, turn)`` for a position where the side to move has no
    capture: whether it has any move at all.

    Then it has one exactly when some piece has an empty square one step away in a
    direction it may step in, which is far cheaper than counting the moves (the search asks
    at every quiet leaf). Not valid for variants whose moves depend on ``Position.aux``.

    >>> from damier import Board
    >>> board = Board(fen="W:W46:B41,37")
    >>> quiet_move_test(board.rules)(*board.position[:4])
    False
    """
    geo = rules.geometry
    ALL = geo.all_squares
    man_shifts = tuple(tuple(geo.shift[d] for d in rules.directions(rules.man_steps, c))
                       for c in (0, 1))
    king_shifts = tuple(geo.shift[d] for d in rules.directions(rules.king_steps, 0))

    def can_move(w: int, b: int, k: int, t: int) -> bool:
        own = b if t else w
        empty = ALL ^ (w | b)
        men = own & ~k
        for sh in man_shifts[t]:
            if (men << sh if sh > 0 else men >> -sh) & empty:
                return True
        kg = own & k
        if kg:
            for sh in king_shifts:
                if (kg << sh if sh > 0 else kg >> -sh) & empty:
                    return True
        return False

    return can_move


class Searcher:
    """Search state of one engine for one variant: Zobrist tables, TT, heuristics."""

    def __init__(self, rules: Rules, hash_mb: int = 32, evaluate: Evaluator | None = None) -> None:
        self.rules = rules
        self.gen = generator(rules)
        self.evaluate = evaluate or build_evaluator(rules)
        self.tt: dict[int, TTEntry] = {}
        self.tt_capacity = max(1024, hash_mb * 1024 * 1024 // 160)
        self.stop_requested = False
        g = rules.geometry
        rng = random.Random(0xDA31E5)
        self.z_piece: tuple[dict[int, int], ...] = tuple(
            {m: rng.getrandbits(64) for m in g.mask} for _ in range(4)
        )  # white men, white kings, black men, black kings
        self.z_side = rng.getrandbits(64)
        self.uses_aux = bool(rules.king_move_limit or rules.huffing)
        self.options: dict[str, int] = {}
        """Search switches for experiments: ``threats`` 1 extends quiet horizons where the
        opponent threatens to capture (off: no gain in matches, see docs/engine.md), ``lmr``
        0/1/2 for no, moderate (default) or aggressive late-move reductions, ``sacs`` 1
        (default) never reduces a move that offers a capture (shots start that way), ``probcut``
        N (default 10, 0 = off) prunes a quiet non-PV node of depth >= 3 when a search to
        2/5 of its depth beats beta by N centi-men per ply of depth."""

    # -- keys ----------------------------------------------------------------------------

    def key(self, pos: Position) -> int:
        """The Zobrist key of a position (from scratch)."""
        white, black, kings, turn, aux = pos
        zwm, zwk, zbm, zbk = self.z_piece
        key = self.z_side if turn else 0
        for bits, zm, zk in ((white, zwm, zwk), (black, zbm, zbk)):
            while bits:
                low = bits & -bits
                bits ^= low
                key ^= zk[low] if low & kings else zm[low]
        if self.uses_aux:
            key ^= (aux * 0x9E3779B97F4A7C15) & M64
        return key

    def clear(self) -> None:
        """Forget the transposition table."""
        self.tt.clear()

    # -- the search ----------------------------------------------------------------------

    def iterate(  # noqa: C901 - the hot loop is one closure on purpose
        self,
        root: RootState,
        max_depth: int = MAX_PLY - 20,
        node_limit: int = 0,
        hard_deadline: float = 0.0,
        soft_deadline: float = 0.0,
        multipv: int = 1,
        root_moves: list[FastMove] | None = None,
        keep_tt: bool = False,
    ) -> Iterator[Iteration]:
        """Yield an :class:`Iteration` per completed depth until a limit is reached.

        ``node_limit`` 0 and deadlines 0.0 mean none; the soft deadline stops before a new
        depth starts, the hard one inside the search. The TT is cleared first so that the
        same position and limits always search the same nodes, unless ``keep_tt`` (timed
        searches in a game, which are not reproducible anyway, reuse what they learnt).
        """
        rules = self.rules
        gen = self.gen
        legal_raw = gen.legal_raw
        has_capture_raw = gen.has_capture_raw
        legal_pos = gen.legal
        apply_pos = gen.apply
        evaluate = self.evaluate
        tt = self.tt
        if not keep_tt:
            tt.clear()
        tt_get = tt.get
        cap = self.tt_capacity
        zwm, zwk, zbm, zbk = self.z_piece
        zside = self.z_side
        AUXV = self.uses_aux
        THREATS = self.options.get("threats", 0)
        LMR = self.options.get("lmr", 1)
        SACS = self.options.get("sacs", 1)
        PROBCUT = self.options.get("probcut", 10)
        LMR_FIRST, LMR_MORE = (3, 8) if LMR < 2 else (2, 5)
        BREAK = rules.goal == "breakthrough"
        ANTI = rules.goal == "antidraughts"
        draws = rules.draws
        REP = draws.repetition > 0
        QUIET = draws.quiet_plies
        ENDG = root.endgame_remaining
        root_pos = root.position
        root_pieces = (root_pos.white | root_pos.black).bit_count()
        keys: list[int] = list(root.history)
        hist_len = len(keys)
        history = [0] * (_HB * _HB)
        killers: list[list[FastMove | None]] = [[None, None] for _ in range(MAX_PLY + 2)]
        pvt: list[tuple[FastMove, ...]] = [_EMPTY] * (MAX_PLY + 2)
        nodes = 0
        seldepth = 0
        next_check = 0
        searcher = self
        perf = time.perf_counter
        can_move = quiet_move_test(rules)

        def check() -> None:
            nonlocal next_check
            if node_limit and nodes >= node_limit:
                raise Stopped
            next_check = nodes + 256
            if node_limit and next_check > node_limit:
                next_check = node_limit
            if searcher.stop_requested or (hard_deadline and perf() >= hard_deadline):
                raise Stopped

        def terminal(ply: int) -> int:
            """Score of the side to move when it has no legal move."""
            return WIN - ply if ANTI else ply - WIN

        def qs(alpha: int, beta: int, ply: int, w: int, b: int, k: int, t: int, aux: int) -> int:
            nonlocal nodes, seldepth
            nodes += 1
            if nodes >= next_check:
                check()
            pvt[ply] = _EMPTY
            if ply > seldepth:
                seldepth = ply
            if BREAK and k:
                return WIN - ply if k & (b if t else w) else ply - WIN
            if AUXV:
                moves = legal_pos(Position(w, b, k, t, aux))
                if not moves:
                    return terminal(ply)
                caps = [m for m in moves if m[2]]
                forced = len(caps) == len(moves)
            elif has_capture_raw(w, b, k, t):
                caps = legal_raw(w, b, k, t)
                forced = True
            else:
                if not can_move(w, b, k, t):
                    return terminal(ply)
                caps = []
                forced = False
            if ply >= MAX_PLY:
                return evaluate(w, b, k, t)
            if forced:
                best = -INF
            else:
                best = evaluate(w, b, k, t)
                if best >= beta or not caps:
                    return best
                if best > alpha:
                    alpha = best
            for m in caps:
                frm, to, rem, kx = m[0], m[1], m[2], m[3]
                if AUXV:
                    p = apply_pos(Position(w, b, k, t, aux), m)
                    s = -qs(-beta, -alpha, ply + 1, p[0], p[1], p[2], p[3], p[4])
                elif t == 0:
                    s = -qs(-beta, -alpha, ply + 1, w ^ frm ^ to, b & ~rem, (k & ~rem) ^ kx, 1, 0)
                else:
                    s = -qs(-beta, -alpha, ply + 1, w & ~rem, b ^ frm ^ to, (k & ~rem) ^ kx, 0, 0)
                if s > best:
                    best = s
                    if s > alpha:
                        alpha = s
                        pvt[ply] = (m,) + pvt[ply + 1]
                        if s >= beta:
                            break
            return best

        def pvs(
            alpha: int, beta: int, depth: int, ply: int,
            w: int, b: int, k: int, t: int, aux: int, key: int, rev: int,
        ) -> int:
            nonlocal nodes
            # draws and decided games before anything else
            if rev >= 4 and REP:
                i = len(keys) - 4
                lo = len(keys) - rev
                while i >= lo:
                    if keys[i] == key:
                        pvt[ply] = _EMPTY
                        return 0
                    i -= 2
            if QUIET and rev >= QUIET:
                pvt[ply] = _EMPTY
                return 0
            if ENDG and ply >= ENDG and (w | b).bit_count() == root_pieces:
                pvt[ply] = _EMPTY
                return 0
            horizon = False
            if depth <= 0 or ply >= MAX_PLY:
                # a quiet horizon where the opponent threatens to capture is searched one
                # more ply (its children go straight to quiescence), as stand-pat would
                # ignore the threat
                if (THREATS and depth == 0 and ply < MAX_PLY and not AUXV
                        and not has_capture_raw(w, b, k, t) and has_capture_raw(w, b, k, 1 - t)):
                    depth = 1
                    horizon = True
                else:
                    return qs(alpha, beta, ply, w, b, k, t, aux)
            nodes += 1
            if nodes >= next_check:
                check()
            pvt[ply] = _EMPTY
            if BREAK and k:
                return WIN - ply if k & (b if t else w) else ply - WIN
            pvnode = beta - alpha > 1
            ttm: FastMove | None = None
            ent = tt_get(key)
            if ent is not None:
                ed, ef, es, ttm = ent
                if ed >= depth and not pvnode:
                    if es > WIN_BOUND:
                        es -= ply
                    elif es < -WIN_BOUND:
                        es += ply
                    if ef == EXACT or (es >= beta if ef == LOWER else es <= alpha):
                        return es
            moves = legal_pos(Position(w, b, k, t, aux)) if AUXV else legal_raw(w, b, k, t)
            n = len(moves)
            if not n:
                return terminal(ply)
            nd = -1 if horizon else (depth if n == 1 else depth - 1)
            capture = moves[0][2] != 0
            if (PROBCUT and not pvnode and depth >= 3 and not capture and n > 1
                    and -WIN_BOUND < beta < WIN_BOUND):
                # a shallow search that beats beta by a margin predicts that the full
                # search fails high too: return without searching the moves in full
                raised = beta + PROBCUT * depth
                v = pvs(raised - 1, raised, depth * 2 // 5, ply, w, b, k, t, aux, key, rev)
                if v >= raised:
                    return v - PROBCUT * depth
            if n > 1:
                k1, k2 = killers[ply]
                if capture:
                    if ttm is not None and ttm in moves:
                        moves.remove(ttm)
                        moves.insert(0, ttm)
                else:
                    scores = []
                    for m in moves:
                        if m == ttm:
                            sc = 1 << 30
                        elif m == k1:
                            sc = 1 << 29
                        elif m == k2:
                            sc = 1 << 28
                        elif m[3] and not m[0] & k:
                            sc = 1 << 27
                        else:
                            sc = history[m[0].bit_length() * _HB + m[1].bit_length()]
                        scores.append(sc)
                    order = sorted(range(n), key=scores.__getitem__, reverse=True)
                    moves = [moves[i] for i in order]
            else:
                k1 = k2 = None
            best = -INF
            bestm: FastMove | None = None
            a0 = alpha
            keys.append(key)
            # Zobrist tables of the mover and of the opponent, chosen once per node
            my_m, my_k, op_m, op_k = (zwm, zwk, zbm, zbk) if t == 0 else (zbm, zbk, zwm, zwk)
            for i, m in enumerate(moves):
                frm, to, rem, kx = m[0], m[1], m[2], m[3]
                if frm & k:
                    nkey = key ^ my_k[frm] ^ my_k[to] ^ zside
                elif kx & to:
                    nkey = key ^ my_m[frm] ^ my_k[to] ^ zside
                else:
                    nkey = key ^ my_m[frm] ^ my_m[to] ^ zside
                r = rem
                while r:
                    low = r & -r
                    r ^= low
                    nkey ^= op_k[low] if low & k else op_m[low]
                if AUXV:
                    p = apply_pos(Position(w, b, k, t, aux), m)
                    nw, nb, nk, naux = p[0], p[1], p[2], p[4]
                    nkey ^= ((aux * 0x9E3779B97F4A7C15) ^ (naux * 0x9E3779B97F4A7C15)) & M64
                elif t == 0:
                    nw, nb, nk, naux = w ^ frm ^ to, b & ~rem, (k & ~rem) ^ kx, 0
                else:
                    nw, nb, nk, naux = w & ~rem, b ^ frm ^ to, (k & ~rem) ^ kx, 0
                nrev = rev + 1 if (frm & k and not rem) else 0
                nt = 1 - t
                if i == 0:
                    s = -pvs(-beta, -alpha, nd, ply + 1, nw, nb, nk, nt, naux, nkey, nrev)
                else:
                    red = 0
                    if (LMR and nd >= 2 and i >= LMR_FIRST and not capture and m != k1
                            and m != k2 and not (kx and not frm & k)
                            and not (SACS and has_capture_raw(nw, nb, nk, nt))):
                        red = 1 if (i < LMR_MORE or nd < 4) else 2
                        if LMR > 1 and nd >= 6 and i >= 2 * LMR_MORE:
                            red = 3
                    s = -pvs(-alpha - 1, -alpha, nd - red, ply + 1, nw, nb, nk, nt, naux, nkey, nrev)
                    if s > alpha and red:
                        s = -pvs(-alpha - 1, -alpha, nd, ply + 1, nw, nb, nk, nt, naux, nkey, nrev)
                    if alpha < s < beta:
                        s = -pvs(-beta, -alpha, nd, ply + 1, nw, nb, nk, nt, naux, nkey, nrev)
                if s > best:
                    best = s
                    bestm = m
                    if s > alpha:
                        alpha = s
                        pvt[ply] = (m,) + pvt[ply + 1]
                        if s >= beta:
                            if not capture:
                                if m != k1:
                                    killers[ply][1] = k1
                                    killers[ply][0] = m
                                history[frm.bit_length() * _HB + to.bit_length()] += depth * depth
                            break
            keys.pop()
            flag = UPPER if best <= a0 else (LOWER if best >= beta else EXACT)
            sc = best + ply if best > WIN_BOUND else (best - ply if best < -WIN_BOUND else best)
            if len(tt) >= cap:
                tt.clear()
            tt[key] = (depth, flag, sc, bestm)
            return best

        # -- the root ----------------------------------------------------------------------
        w0, b0, k0, t0, aux0 = root_pos
        key0 = self.key(root_pos)
        moves0 = list(root_moves) if root_moves is not None else (
            legal_pos(root_pos) if AUXV else legal_raw(w0, b0, k0, t0))
        if not moves0:
            return
        multipv = max(1, min(multipv, len(moves0)))
        children: list[tuple[FastMove, Position, int, int]] = []
        for m in moves0:
            after = apply_pos(root_pos, m)
            nrev = root.reversible + 1 if (m[0] & k0 and not m[2]) else 0
            children.append((m, after, self.key(after), nrev))
        prev_score = 0
        partial: Line | None = None

        def root_search(depth: int, alpha: int, beta: int) -> tuple[int, list[Line]]:
            """Search every root move; returns the best score and the exact lines found.
            Reorders ``children`` best first (fail-low moves keep their order)."""
            nonlocal partial
            found: list[tuple[int, int, tuple[FastMove, ...]]] = []  # (score, index, pv)
            results = [-INF] * len(children)
            keys.append(key0)
            pvt[0] = _EMPTY
            try:
                for idx, (m, p, ck, crev) in enumerate(children):
                    bound = alpha
                    if len(found) >= multipv:
                        bound = max(bound, found[multipv - 1][0])
                    if idx == 0 or len(found) < multipv:
                        s = -pvs(-beta, -bound, depth - 1, 1, p[0], p[1], p[2], p[3], p[4], ck, crev)
                    else:
                        s = -pvs(-bound - 1, -bound, depth - 1, 1, p[0], p[1], p[2], p[3], p[4],
                                 ck, crev)
                        if bound < s < beta:
                            s = -pvs(-beta, -bound, depth - 1, 1, p[0], p[1], p[2], p[3], p[4],
                                     ck, crev)
                    if s > bound:
                        results[idx] = s
                        found.append((s, idx, (m,) + pvt[1]))
                        found.sort(key=lambda f: -f[0])
                        if idx > 0 and found[0][1] == idx:
                            partial = Line(s, found[0][2])
                        if s >= beta:
                            break
                    else:
                        results[idx] = -INF
            finally:
                keys.pop()
            order = sorted(range(len(children)), key=lambda i: -results[i])
            children[:] = [children[i] for i in order]
            lines = [Line(s, pv) for s, _i, pv in found[:multipv]]
            best = found[0][0] if found else alpha
            return best, lines

        depth = 0
        max_depth = max(1, min(max_depth, MAX_PLY - 10))
        while depth < max_depth:
            depth += 1
            partial = None
            seldepth = 0
            try:
                if multipv == 1 and depth >= 4 and abs(prev_score) < WIN_BOUND:
                    delta = 35
                    alpha, beta = prev_score - delta, prev_score + delta
                    while True:
                        score, lines = root_search(depth, alpha, beta)
                        if score <= alpha:
                            alpha = max(-INF, alpha - delta * 3)
                        elif score >= beta:
                            beta = min(INF, beta + delta * 3)
                        else:
                            break
                        delta *= 3
                        if delta > 2000:
                            alpha, beta = -INF, INF
                else:
                    score, lines = root_search(depth, -INF, INF)
            except Stopped:
                del keys[hist_len:]
                if partial is not None and depth > 1 and multipv == 1:
                    yield Iteration(depth, seldepth, [partial], nodes, complete=False)
                return
            prev_score = score
            yield Iteration(depth, seldepth, lines, nodes)
            if lines and abs(lines[0].score) > WIN_BOUND and WIN - abs(lines[0].score) < depth:
                return  # a forced result is proven: deeper search finds nothing new
            if soft_deadline and perf() >= soft_deadline:
                return


__all__ = [
    "INF", "WIN", "WIN_BOUND", "Iteration", "Line", "RootState", "Searcher", "Stopped",
    "quiet_move_test",
]
