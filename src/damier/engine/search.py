"""The search: iterative deepening over principal-variation alpha-beta, on fast moves.

This module owns :class:`Searcher`, the search state of one engine for one variant
(Zobrist tables, transposition table, options, the stop flag), and the iteration over
depths. :meth:`Searcher.iterate` is a generator that yields one :class:`Iteration` after
every completed depth, so the caller decides when to stop (sunfish's shape):

* the root (:class:`RootSearch`) searches every root move, keeps ``multipv`` exact lines,
  reorders the moves best first for the next depth, and narrows the window around the
  previous score (aspiration windows, widened on a fail);
* below the root, :class:`~damier.engine.alphabeta.Tree` (one per search) does the work:
  PVS, quiescence, the TT, ordering, reductions, pruning and the draw rules;
* a depth interrupted by a limit or a stop still reports a better first move it found
  (an :class:`Iteration` with ``complete=False``); an interrupted depth 1 reports the root
  moves it scored. A timed search always scores one root move: the deadline ends depth 1
  only after that, and the quiescence below each horizon node is bounded
  (:data:`~damier.engine.alphabeta.QS_BUDGET`), so every search ends close to its time,
  node or depth limit whatever the position.

This is the readable pure-Python path and the specification of the native search; the
engine (:mod:`damier.engine.engine`) chooses between them. It must not build
:class:`~damier.core.move.Move` objects, do I/O or read clocks other than
``time.perf_counter`` for the deadline; the API layer does that.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from damier.core.movegen import FastMove, generator
from damier.core.position import Position
from damier.core.rules import Rules
from damier.engine.alphabeta import Stopped, Tree, ZobristTables, aux_key
from damier.engine.egdb.database import EndgameDatabase
from damier.engine.evaluate import Evaluator, Weights, build_evaluator
from damier.engine.scores import INF, MAX_PLY, WIN, WIN_BOUND, TTEntry
from damier.engine.search_options import SearchOptions
from damier.engine.tree_rules import quiet_move_test

ASPIRATION = 35
"""Half-width of the first aspiration window (centi-men); it triples on each fail."""
REPORT_EVERY = 0.25
"""Seconds between two progress reports while a depth runs."""

ProgressFn = Callable[[int, int, int, float], None]
"""``progress(depth, seldepth, nodes, seconds)``: where a depth under way is."""


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
    history: list[Position]
    """The earlier positions since the last irreversible move, oldest first."""
    reversible: int
    """Plies since the last capture or man move (the quiet-rule counter)."""
    endgame_remaining: int = 0
    """Plies left of a counted endgame rule the root is in (0: none)."""


@dataclass(frozen=True)
class SearchLimits:
    """When a search stops, and what it reports."""

    max_depth: int = MAX_PLY - 20
    nodes: int = 0
    """Node budget (0: none)."""
    hard_deadline: float = 0.0
    """``time.perf_counter()`` value at which the search stops inside a depth (0: none);
    depth 1 goes on until one root move is scored."""
    soft_deadline: float = 0.0
    """No new depth is started after this (0: none)."""
    multipv: int = 1
    root_moves: tuple[FastMove, ...] | None = None
    """Search only these root moves."""
    keep_tt: bool = False
    """Keep the transposition table of the previous search. Otherwise it is cleared, so that
    the same position and limits always search the same nodes (timed searches in a game,
    which are not reproducible anyway, keep what they learnt)."""
    progress: ProgressFn | None = None
    """Called about every ``report_every`` seconds while a depth runs (from the searching
    thread; an exception it raises ends the search)."""
    report_every: float = REPORT_EVERY


class Searcher:
    """Search state of one engine for one variant: Zobrist tables, TT, options."""

    path = "pure"

    def __init__(self, rules: Rules, hash_mb: int = 32, evaluate: Evaluator | None = None) -> None:
        self.rules = rules
        self.gen = generator(rules)
        self.evaluate = evaluate or build_evaluator(rules)
        self.tt: dict[int, TTEntry] = {}
        self.tt_capacity = max(1024, hash_mb * 1024 * 1024 // 160)
        self.stop_requested = False
        self.options = SearchOptions()
        rng = random.Random(0xDA31E5)
        masks = rules.geometry.mask
        wm, wk, bm, bk = ({m: rng.getrandbits(64) for m in masks} for _ in range(4))
        self.zobrist: ZobristTables = (wm, wk, bm, bk)
        self.z_side = rng.getrandbits(64)
        self.uses_aux = bool(rules.king_move_limit or rules.huffing)
        self.egdb: EndgameDatabase | None = None

    def use_egdb(self, db: EndgameDatabase | None) -> None:
        """Probe ``db`` at the nodes with as few pieces as its tables (None: no database);
        forgets the table."""
        self.egdb = db if db is not None and db.largest else None
        self.tt.clear()

    def key(self, pos: Position) -> int:
        """The Zobrist key of a position (from scratch)."""
        white, black, kings, turn, aux = pos
        zwm, zwk, zbm, zbk = self.zobrist
        key = self.z_side if turn else 0
        for bits, zm, zk in ((white, zwm, zwk), (black, zbm, zbk)):
            while bits:
                low = bits & -bits
                bits ^= low
                key ^= zk[low] if low & kings else zm[low]
        if self.uses_aux:
            key ^= aux_key(aux)
        return key

    def clear(self) -> None:
        """Forget the transposition table."""
        self.tt.clear()

    def use_weights(self, weights: Weights | None) -> None:
        """Evaluate with ``weights`` (the variant's by default); forgets the table."""
        self.evaluate = build_evaluator(self.rules, weights)
        self.tt.clear()

    def iterate(self, root: RootState, limits: SearchLimits | None = None) -> Iterator[Iteration]:
        """Yield an :class:`Iteration` per completed depth until a limit is reached (see
        :class:`SearchLimits`; with none, until :attr:`stop_requested` is set)."""
        limits = limits or SearchLimits()
        if not limits.keep_tt:
            self.tt.clear()
        tree = self._tree(root, limits)
        top = RootSearch(self, tree, root, limits)
        if not top.children:
            return
        max_depth = max(1, min(limits.max_depth, MAX_PLY - 10))
        prev_score = 0
        for depth in range(1, max_depth + 1):
            tree.depth = depth
            tree.seldepth = 0
            top.partial = None
            try:
                if top.multipv == 1 and depth >= 4 and abs(prev_score) < WIN_BOUND:
                    score, lines = top.aspirate(depth, prev_score)
                else:
                    score, lines = top.search(depth, -INF, INF)
            except Stopped:
                del tree.keys[len(root.history):]
                if depth == 1 and top.found:  # the root moves scored before the limit
                    lines = [Line(s, pv) for s, _i, pv in top.found[:top.multipv]]
                    yield Iteration(1, tree.seldepth, lines, tree.nodes, complete=False)
                elif top.partial is not None and depth > 1 and top.multipv == 1:
                    yield Iteration(depth, tree.seldepth, [top.partial], tree.nodes, complete=False)
                return
            prev_score = score
            yield Iteration(depth, tree.seldepth, lines, tree.nodes)
            if lines and abs(lines[0].score) > WIN_BOUND and WIN - abs(lines[0].score) < depth:
                return  # a forced result is proven: deeper search finds nothing new
            if limits.soft_deadline and time.perf_counter() >= limits.soft_deadline:
                return

    def _tree(self, root: RootState, limits: SearchLimits) -> Tree:
        tree = Tree(self.rules, self.evaluate, self.tt, self.tt_capacity, (self.zobrist, self.z_side),
                    self.options)
        tree.keys = [self.key(p) for p in root.history]
        tree.endgame_ply = root.endgame_remaining
        tree.root_pieces = (root.position.white | root.position.black).bit_count()
        tree.node_limit = limits.nodes
        tree.hard_deadline = limits.hard_deadline
        tree.stop_requested = lambda: self.stop_requested
        if self.egdb is not None:
            tree.probe = self.egdb.probe_code
            tree.probe_pieces = self.egdb.largest
        if limits.progress is not None:
            tree.progress = limits.progress
            tree.report_every = limits.report_every
            tree.started = time.perf_counter()
            tree.next_report = tree.started + limits.report_every
        return tree


RootChild = tuple[FastMove, Position, int, int]
"""``(move, position after it, its key, the quiet counter after it)``."""


@dataclass
class RootSearch:
    """The root of one search: its moves (best first after each depth) and the lines found."""

    searcher: Searcher
    tree: Tree
    root: RootState
    limits: SearchLimits
    children: list[RootChild] = field(init=False)
    multipv: int = field(init=False)
    key: int = field(init=False)
    partial: Line | None = None
    """A new best first move found in the depth being searched (reported if it is cut)."""
    found: list[tuple[int, int, tuple[FastMove, ...]]] = field(default_factory=list)
    """``(score, index, pv)`` of the root moves scored so far in the depth being searched,
    best first."""

    def __post_init__(self) -> None:
        s = self.searcher
        pos = self.root.position
        self.key = s.key(pos)
        moves = list(self.limits.root_moves) if self.limits.root_moves is not None else s.gen.legal(pos)
        self.children = []
        for m in moves:
            after = s.gen.apply(pos, m)
            rev = self.root.reversible + 1 if (m[0] & pos.kings and not m[2]) else 0
            self.children.append((m, after, s.key(after), rev))
        self.multipv = max(1, min(self.limits.multipv, len(moves)))

    def aspirate(self, depth: int, prev_score: int) -> tuple[int, list[Line]]:
        """:meth:`search` in a window around the previous score, widened until the score
        falls inside it."""
        delta = ASPIRATION
        alpha, beta = prev_score - delta, prev_score + delta
        while True:
            score, lines = self.search(depth, alpha, beta)
            if score <= alpha:
                alpha = max(-INF, alpha - delta * 3)
            elif score >= beta:
                beta = min(INF, beta + delta * 3)
            else:
                return score, lines
            delta *= 3
            if delta > 2000:
                alpha, beta = -INF, INF

    def search(self, depth: int, alpha: int, beta: int) -> tuple[int, list[Line]]:
        """Search every root move; returns the best score and the exact lines found.
        Reorders :attr:`children` best first (fail-low moves keep their order)."""
        tree = self.tree
        multipv = self.multipv
        found = self.found
        found.clear()
        tree.root_scored = 0
        results = [-INF] * len(self.children)
        tree.keys.append(self.key)
        tree.pvt[0] = ()
        try:
            for idx, (m, p, key, rev) in enumerate(self.children):
                bound = alpha if len(found) < multipv else max(alpha, found[multipv - 1][0])
                s = self._score(idx == 0 or len(found) < multipv, bound, beta, depth, p, key, rev)
                if s > bound:
                    results[idx] = s
                    found.append((s, idx, (m,) + tree.pvt[1]))
                    found.sort(key=lambda f: -f[0])
                    tree.root_scored = len(found)
                    if idx > 0 and found[0][1] == idx:
                        self.partial = Line(s, found[0][2])
                    if s >= beta:
                        break
        finally:
            tree.keys.pop()
        order = sorted(range(len(self.children)), key=lambda i: -results[i])
        self.children[:] = [self.children[i] for i in order]
        lines = [Line(s, pv) for s, _i, pv in found[:multipv]]
        return (found[0][0] if found else alpha), lines

    def _score(self, full: bool, bound: int, beta: int, depth: int, p: Position, key: int,
               rev: int) -> int:
        """The score of one root move: a full window for the first moves, else a null
        window around ``bound`` and a re-search when it beats it."""
        pvs = self.tree.pvs
        if full:
            return -pvs(-beta, -bound, depth - 1, 1, p[0], p[1], p[2], p[3], p[4], key, rev)
        s = -pvs(-bound - 1, -bound, depth - 1, 1, p[0], p[1], p[2], p[3], p[4], key, rev)
        if bound < s < beta:
            s = -pvs(-beta, -bound, depth - 1, 1, p[0], p[1], p[2], p[3], p[4], key, rev)
        return s


__all__ = [
    "INF", "WIN", "WIN_BOUND", "Iteration", "Line", "RootState", "SearchLimits", "SearchOptions",
    "Searcher", "Stopped", "quiet_move_test",
]
