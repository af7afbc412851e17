"""The engine's public API: :class:`Engine`, :class:`Info` and :class:`PlayResult`.

This module owns the bridge between the game (a :class:`~damier.core.board.Board` with its
history) and the search (:mod:`damier.engine.search`, which speaks fast moves and ints):
it extracts the root state (Zobrist keys of the positions since the last irreversible move,
the draw counters), applies the time manager and the playing level, and turns principal
variations back into :class:`~damier.core.move.Move` objects.

>>> from damier import Board
>>> engine = Engine("international")
>>> board = Board(fen="W:W24,28,34,35,40,50:B5,13,15,18,19,20")   # a shot for White
>>> info = engine.analyse(board, Limit(depth=4))[0]
>>> info.depth, [m.short() for m in info.pv[:3]]
(4, ['35-30', '20x29', '34x12'])

This module must not print or read input; the CLI does that.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from damier.core.board import Board
from damier.core.errors import GameOverError
from damier.core.move import Move
from damier.core.movegen import generator
from damier.core.position import Position
from damier.core.pure_movegen import make_move
from damier.core.rules import Rules
from damier.core.variants import get_variant
from damier.engine.book import OpeningBook
from damier.engine.egdb.database import shared_database
from damier.engine.egdb.values import TableValue
from damier.engine.evaluate import Weights
from damier.engine.levels import choose, level
from damier.engine.native import AnySearcher, make_searcher
from damier.engine.search import (
    WIN,
    WIN_BOUND,
    Iteration,
    ProgressFn,
    RootState,
    SearchLimits,
    SearchOptions,
)
from damier.engine.timecontrol import Limit, allocate, settled

BOOK_LEVEL = 6
"""The lowest level that plays from the opening book (lower levels vary their play anyway)."""


@dataclass
class Info:
    """What the engine reports after each completed depth (one record per PV line)."""

    depth: int
    seldepth: int
    score: int
    """Centi-men from the side to move's point of view (``±(100000 - plies)`` for a win)."""
    win_in: int | None
    """Plies to a forced win (positive) or loss (negative); ``None`` if none is proven."""
    pv: list[Move] = field(default_factory=list)
    nodes: int = 0
    nps: int = 0
    time: float = 0.0
    multipv: int = 1
    egdb: TableValue | None = None
    """The endgame database's value of the searched position, when it is in the database."""

    def __str__(self) -> str:
        score = f"win {self.win_in}" if self.win_in is not None else f"cp {self.score}"
        pv = " ".join(m.short() for m in self.pv)
        return (
            f"info depth {self.depth} seldepth {self.seldepth} multipv {self.multipv} "
            f"score {score} nodes {self.nodes} nps {self.nps} time {self.time:.3f} pv {pv}"
        )


@dataclass
class Progress:
    """Where a search is while a depth runs (see :meth:`Engine.iterate`)."""

    depth: int
    """The depth under way."""
    seldepth: int
    nodes: int
    nps: int
    time: float


@dataclass
class PlayResult:
    """The move the engine chose, with the information of its last search (if any)."""

    move: Move
    info: Info | None = None


class Engine:
    """The built-in draughts engine for one variant (others are built on demand).

    ``level`` 1-10 (see :mod:`damier.engine.levels`), ``hash_mb`` bounds the transposition
    table, ``seed`` makes the random choices of low levels repeatable; ``egdb`` probes the
    endgame databases found (:mod:`damier.engine.egdb`) in the search; ``book`` plays the
    variant's opening book (:mod:`damier.engine.book`) at levels :data:`BOOK_LEVEL` and up
    (``play`` only: analysis always searches); ``weights`` replaces the variant's evaluation
    weights (e.g. a candidate read from a file, see :func:`~damier.engine.evaluate.weights_from_file`);
    ``search`` replaces the search switches (:class:`~damier.engine.search.SearchOptions`: a
    candidate search in a match against the default one). Searches limited by
    depth or nodes start from an empty table, so they are reproducible (same nodes, same
    result); timed searches keep the table from one move to the next.
    """

    def __init__(
        self,
        variant: str | Rules = "international",
        level: int = 10,
        hash_mb: int = 32,
        seed: int | None = None,
        egdb: bool = True,
        book: bool | OpeningBook = True,
        weights: Weights | None = None,
        search: SearchOptions | None = None,
    ) -> None:
        self.rules = get_variant(variant)
        self.weights = weights
        self.search_options = search or SearchOptions()
        self.egdb = egdb
        self.book = (OpeningBook.default(self.rules) if book is True else book) or None
        self.level = level
        self.hash_mb = hash_mb
        self.rng = random.Random(seed)
        self._searchers: dict[str, AnySearcher] = {}
        self._searcher(self.rules)

    @property
    def level(self) -> int:
        """The playing level, 1-10."""
        return self._level.number

    @level.setter
    def level(self, number: int) -> None:
        self._level = level(number)

    @property
    def path(self) -> str:
        """``"native"`` when this engine searches its variant in C, else ``"pure"``."""
        return self._searcher(self.rules).path

    def _searcher(self, rules: Rules) -> AnySearcher:
        s = self._searchers.get(rules.name)
        if s is None or s.rules is not rules:
            s = make_searcher(rules, self.hash_mb)
            s.use_egdb(shared_database(rules) if self.egdb else None)
            if self.weights is not None and rules is self.rules:
                s.use_weights(self.weights)
            s.options = self.search_options
            self._searchers[rules.name] = s
        return s

    # -- control -------------------------------------------------------------------------

    def stop(self) -> None:
        """Ask the running search to stop soon (safe to call from another thread); it then
        reports what it has. A stop asked before a search starts is forgotten by it."""
        for s in list(self._searchers.values()):
            s.stop_requested = True

    # -- searching -----------------------------------------------------------------------

    def iterate(
        self, board: Board, limit: Limit | None = None, multipv: int = 1,
        moves: list[Move] | None = None, progress: Callable[[Progress], None] | None = None,
    ) -> Iterator[Info]:
        """Search ``board`` and yield :class:`Info` records as depths complete (``multipv``
        records per depth, best first). Stop iterating, or call :meth:`stop`, at any time.
        ``moves`` restricts the root moves. ``progress`` is called with a :class:`Progress`
        a few times a second while a depth runs (in the searching thread)."""
        limit = limit or Limit()
        rules = board.rules
        searcher = self._searcher(rules)
        root = _root_state(board)
        budget = allocate(limit, board.turn)
        if self._level.max_time is not None:
            budget = budget.capped(self._level.max_time)
        max_depth = limit.depth or 1000
        if self._level.depth is not None:
            max_depth = min(max_depth, self._level.depth)
        timed = limit.time is not None or limit.clock(board.turn) is not None
        start = time.perf_counter()
        searcher.stop_requested = False
        limits = SearchLimits(
            max_depth=max_depth,
            nodes=limit.nodes or 0,
            hard_deadline=start + budget.hard if budget.hard else 0.0,
            # the searcher stops at the extended deadline; the soft one is applied below
            soft_deadline=start + (budget.extended or budget.soft) if budget.soft else 0.0,
            multipv=multipv,
            root_moves=tuple(m.fast for m in moves) if moves else None,
            keep_tt=timed and not limit.depth and not limit.nodes,
            progress=_reporter(progress) if progress is not None else None,
        )
        known = searcher.egdb.probe(board.position) if searcher.egdb is not None else None
        previous: tuple[object, int] | None = None
        for it in searcher.iterate(root, limits):
            elapsed = time.perf_counter() - start
            for info in _infos(it, rules, elapsed):
                info.egdb = known
                yield info
            if budget.extended and it.complete and it.lines and it.lines[0].pv:
                best = (it.lines[0].pv[0], it.lines[0].score)
                if budget.stop_after(time.perf_counter() - start, settled(previous, best)):
                    return
                previous = best

    def analyse(
        self, board: Board, limit: Limit | None = None, multipv: int = 1
    ) -> list[Info]:
        """The lines of the last completed depth, best first (``multipv`` of them)."""
        last: dict[int, Info] = {}
        for info in self.iterate(board, limit, multipv):
            if info.multipv == 1:
                last = {}
            last[info.multipv] = info
        return [last[k] for k in sorted(last)]

    def play(self, board: Board, limit: Limit | None = None) -> PlayResult:
        """Choose a move for the side to move of ``board`` at the engine's level.

        Without a limit the engine thinks for one second (less at low levels).
        Raises :class:`~damier.core.errors.GameOverError` if the game is over.
        """
        outcome = board.outcome()
        if outcome is not None:
            raise GameOverError(f"the game is over: {outcome}")
        legal = list(board.legal_moves)
        if len(legal) == 1:
            return PlayResult(legal[0], None)
        lv = self._level
        if self.book is not None and lv.number >= BOOK_LEVEL:
            move = self.book.choose(board, self.rng)
            if move is not None:
                return PlayResult(move, None)
        limit = limit or Limit(time=1.0)
        if lv.tolerance <= 0:
            info: Info | None = None
            for record in self.iterate(board, limit):
                info = record
            if info is None or not info.pv:
                return PlayResult(_fallback(board, legal), None)
            return PlayResult(info.pv[0], info)
        infos = self.analyse(board, limit, multipv=len(legal))
        if not infos:
            return PlayResult(_fallback(board, legal), None)
        scored = [(i.score, n) for n, i in enumerate(infos) if i.pv]
        pick = infos[choose(scored, lv.tolerance, self.rng)]
        return PlayResult(pick.pv[0], pick)


def _reporter(progress: Callable[[Progress], None]) -> ProgressFn:
    def report(depth: int, seldepth: int, nodes: int, seconds: float) -> None:
        progress(Progress(depth, seldepth, nodes, int(nodes / seconds) if seconds > 0 else 0, seconds))

    return report


def _fallback(board: Board, legal: list[Move]) -> Move:
    """A move when the search produced nothing (a tiny node budget): a capture or crowning
    first, otherwise the first legal move."""
    for m in legal:
        if m.is_capture or m.promotes:
            return m
    return legal[0]


def _root_state(board: Board) -> RootState:
    """The root position with the positions since the last irreversible move."""
    gen = board.gen
    positions: list[Position] = [board.start_position]
    moves = board.move_stack
    for mv in moves:
        positions.append(gen.apply(positions[-1], mv.fast))
    rev = 0
    for i in range(len(moves) - 1, -1, -1):
        fm = moves[i].fast
        if fm[2] or not fm[0] & positions[i].kings:
            break
        rev += 1
    history = positions[len(positions) - 1 - rev:-1]
    ds = board.draw_state
    remaining = ds.remaining if ds.endgame >= 0 else 0
    return RootState(board.position, history, rev, max(0, remaining))


def _infos(it: Iteration, rules: Rules, elapsed: float) -> Iterator[Info]:
    g = generator(rules)
    nps = int(it.nodes / elapsed) if elapsed > 0 else 0
    for n, line in enumerate(it.lines, 1):
        score = line.score
        win_in = None
        if abs(score) > WIN_BOUND:
            plies = WIN - abs(score)
            win_in = plies if score > 0 else -plies
        pv = [make_move(rules, g, fm) for fm in line.pv]
        yield Info(it.depth, max(it.seldepth, it.depth), score, win_in, pv, it.nodes, nps,
                   elapsed, n)


__all__ = ["Engine", "Info", "Limit", "PlayResult", "Progress"]
