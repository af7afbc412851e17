"""The native search against the pure-Python search, and its limits, stop and bad calls.

The C search (``src/damier/native/search*.c``) is the twin of ``engine/search.py`` and
``engine/alphabeta.py``: with a transposition table that loses no entry (shallow searches in
a large table) both visit exactly the same nodes, so every depth must report the same node
count, scores and PVs in every variant -- from random positions with game history (repetition
draws, counted endings), with several lines (multi-PV), with root moves restricted, and under
a node limit. Then: the search releases the GIL and stops from another thread, is
reproducible, and raises Python exceptions on bad calls. Time limits and node limits are
tested on both paths in ``tests/engine/test_search.py``; no test here depends on speed.
"""

from __future__ import annotations

import faulthandler
import random
import threading
from typing import Any

import pytest

from damier import Board, all_variants
from damier.core.rules import Rules
from damier.engine import Engine, Limit
from damier.engine.engine import _root_state
from damier.engine.native import NativeSearcher, native_evaluator
from damier.engine.search import Iteration, Searcher, SearchLimits, SearchOptions
from tests.engine.test_search import GENEROUS, random_boards, safe_moves, wait_until


def summary(iterations: list[Iteration]) -> list[tuple[object, ...]]:
    return [(i.depth, i.nodes, i.complete, [(line.score, line.pv) for line in i.lines]) for i in iterations]


def both(rules: Rules, board: Board, limits: SearchLimits,
         options: SearchOptions | None = None) -> tuple[list[Iteration], list[Iteration]]:
    root = _root_state(board)
    native, pure = NativeSearcher(rules, hash_mb=64), Searcher(rules, hash_mb=64)
    native.options = pure.options = options or SearchOptions()
    return list(native.iterate(root, limits)), list(pure.iterate(root, limits))


@pytest.mark.parametrize("rules", all_variants(), ids=lambda r: r.name)
def test_same_nodes_scores_and_lines_as_the_python_search(rules: Rules) -> None:
    wide = rules.geometry.size > 10  # 12x12: long move lists, a ply shallower (suite time)
    for i, board in enumerate(random_boards(rules.name, 8, seed=len(rules.name))):
        limits = SearchLimits(max_depth=(5 if i % 4 else 6) - wide, multipv=1 if i % 3 else 3)
        native, pure = both(rules, board, limits)
        assert native and summary(native) == summary(pure), (rules.name, board.fen(), limits)


@pytest.mark.parametrize("options", [
    SearchOptions(threats=True, lmr=2, sacs=False, probcut=0),
    SearchOptions(lmr=3, history=1, probcut_nested=False, probcut_captures=True),
    SearchOptions(lmr=1, sacs=True, probcut=25)], ids=str)
@pytest.mark.parametrize("variant", ["international", "frisian", "czech-traditional", "canadian"])
def test_same_nodes_with_other_search_options(variant: str, options: SearchOptions) -> None:
    rules = Board(variant).rules
    wide = rules.geometry.size > 10
    for board in random_boards(rules.name, 4, seed=3):
        native, pure = both(rules, board, SearchLimits(max_depth=6 - wide), options)
        assert summary(native) == summary(pure), (variant, board.fen())


def test_same_nodes_with_history_endings_root_moves_and_node_limits() -> None:
    # a king ending with history since the last capture: repetitions and the 16-move rule
    board = Board(fen="W:WK47,K50,K33:BK3")
    rng = random.Random(4)
    for _ in range(9):  # king moves that give nothing away: a history without captures
        board.push(rng.choice(safe_moves(board)))
    assert board.draw_state.endgame >= 0 and len(_root_state(board).history) == 9
    rules = board.rules
    for limits in (SearchLimits(max_depth=7), SearchLimits(max_depth=5, multipv=4),
                   SearchLimits(max_depth=6, nodes=3_000),
                   SearchLimits(max_depth=6, root_moves=tuple(m.fast for m in list(board.legal_moves)[::2]))):
        native, pure = both(rules, board, limits)
        assert summary(native) == summary(pure), limits
    start = Board()
    for nodes in (1, 100, 5_000, 20_001):
        native, pure = both(start.rules, start, SearchLimits(nodes=nodes))
        assert summary(native) == summary(pure), nodes
        assert all(i.nodes <= nodes for i in native) and (nodes < 100 or native)


def test_fixed_depth_is_reproducible_and_deep_searches_stay_legal() -> None:
    board = Board()
    board.push("32-28")
    board.push("18-23")
    runs = [Engine().analyse(board, Limit(depth=11)) for _ in range(2)]
    engine = Engine()
    runs += [engine.analyse(board, Limit(depth=11)) for _ in range(2)]
    assert engine.path == "native"
    assert len({r[0].nodes for r in runs}) == 1
    assert len({tuple(m.long() for m in r[0].pv) for r in runs}) == 1
    # every PV of a deeper search replays legally (the engine replays it to make Moves)
    for info in Engine().iterate(board, Limit(depth=13)):
        replay = board.copy()
        for move in info.pv:
            assert move in list(replay.legal_moves)
            replay.push(move)


def low_level_search(hash_mb: int = 8) -> Any:
    """The kernel's ``Search`` of International, started from the start with no limit."""
    from damier import _kernel  # type: ignore[attr-defined]
    from damier.core import kernel

    rules = Board().rules
    search = _kernel.Search(kernel.native_object(rules), native_evaluator(rules), (1, 50, 0, 0), hash_mb)
    white, black = rules.start_bitboards
    search.start((white, black, 0, 0), [], 0, 0, None, 1, SearchOptions().as_tuple(), 0, 0.0, False)
    return search


def test_the_search_runs_without_the_gil() -> None:
    """While one thread is inside the kernel's search, this thread runs Python: it sees the
    search ``running``, which it could not if the search held the GIL (it holds it from the
    moment it claims the search until it returns, unless it releases it). If it did hold it,
    this thread would never run again: the watchdog then ends the test run with a traceback."""
    search = low_level_search()
    depths: list[int] = []

    def deepen() -> None:
        while (result := search.next(60)) is not None:  # no limit: until stopped
            depths.append(result[0])

    faulthandler.dump_traceback_later(GENEROUS * 2, exit=True)
    try:
        thread = threading.Thread(target=deepen, daemon=True)
        thread.start()
        assert wait_until(lambda: search.running and depths)
        search.stop()
        thread.join(timeout=GENEROUS)
    finally:
        faulthandler.cancel_dump_traceback_later()
    assert not thread.is_alive() and not search.running and depths[0] == 1


def test_one_search_is_driven_by_one_thread_at_a_time() -> None:
    """While a thread is inside ``next`` (here held in its progress callback, so the moment is
    certain), another thread's ``next`` and ``clear`` raise RuntimeError; ``stop`` works."""
    search = low_level_search()
    inside, checked = threading.Event(), threading.Event()
    errors: list[BaseException] = []

    def hold(*report: object) -> None:
        inside.set()
        checked.wait(GENEROUS)

    def deep() -> None:
        try:
            while search.next(60, hold, 1e-3) is not None:
                pass
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    thread = threading.Thread(target=deep, daemon=True)
    thread.start()
    try:
        assert inside.wait(GENEROUS) and search.running
        with pytest.raises(RuntimeError, match="already running"):
            search.next(60)
        with pytest.raises(RuntimeError, match="already running"):
            search.clear()
        search.stop()
    finally:
        checked.set()
    thread.join(timeout=GENEROUS)
    assert not thread.is_alive() and not errors and not search.running


def test_bad_calls_raise() -> None:
    from damier import _kernel  # type: ignore[attr-defined]
    from damier.core import kernel

    rules = Board().rules
    gen = kernel.native_object(rules)
    evaluator = native_evaluator(rules)
    search = _kernel.Search(gen, evaluator, (1, 50, 0, 0), 1)
    white, black = rules.start_bitboards
    root = (white, black, 0, 0, 0)
    good = dict(root=root, history=[], reversible=0, endgame_remaining=0, root_moves=None, multipv=1,
                options=SearchOptions().as_tuple(), node_limit=0, seconds=0.0, keep_tt=False)
    assert search.next(3) is None  # nothing started: nothing to report
    assert search.start(**good) == 9
    assert search.next(1)[0] == 1
    bad = [
        (dict(root=(white, white, 0, 0)), ValueError),
        (dict(root=(white, black, 0, 3)), ValueError),
        (dict(root=(white, black)), TypeError),
        (dict(root=[white, black, 0, 0]), TypeError),
        (dict(history=[(white, black, 0, 0), (1 << 130, 0, 0, 0)]), ValueError),
        (dict(history=5), TypeError),
        (dict(history=[root] * 5000), ValueError),
        (dict(root_moves=[(1, 2, 0, 0)]), ValueError),  # not a legal move
        (dict(root_moves=[]), ValueError),
        (dict(root_moves=[(1, 2, 0)]), TypeError),
        (dict(multipv=0), ValueError),
        (dict(options=(0, 4, 1, 10, 0, 1, 0)), ValueError),
        (dict(options=(0, 1)), TypeError),
        (dict(node_limit=-1), ValueError),
        (dict(seconds=-1.0), ValueError),
        (dict(seconds=float("nan")), ValueError),
        (dict(reversible=-2), ValueError),
    ]
    for change, error in bad:
        with pytest.raises(error):
            search.start(**{**good, **change})
    with pytest.raises(ValueError):
        search.next(0)
    with pytest.raises(TypeError):
        _kernel.Search(gen, object(), (1, 50, 0, 0))
    with pytest.raises(ValueError):
        _kernel.Search(gen, evaluator, (1, 50, 0, 0), 0)
    other = kernel.native_object(Board("russian").rules)
    with pytest.raises(ValueError):
        _kernel.Search(other, evaluator, (1, 50, 0, 0))


def test_positions_beyond_the_kernel_lists_are_searched_in_python() -> None:
    """Czech traditional with many pieces that may be huffed: 876 legal moves, more than the
    kernel's lists hold; the native search raises CapacityError inside and the searcher
    continues with the pure-Python search, which gives the same answer as ever."""
    from damier import _kernel  # type: ignore[attr-defined]
    from damier.core.position import Position
    from damier.engine.search import RootState

    rules = Board("czech-traditional").rules
    g = rules.geometry
    white = sum(g.mask[i] for i in (3, 4, 12, 16, 26))  # kings
    black = sum(g.mask[i] for i in (0, 7, 8, 9, 10, 14, 17, 18, 19, 21, 23, 28, 30, 31))
    pos = Position(white, black, white, 0, black)  # every black piece may be huffed
    assert len(Board(rules).gen.legal(pos)) > 512
    root = RootState(pos, [], 0, 0)
    searcher = NativeSearcher(rules)
    with pytest.raises(_kernel.CapacityError):
        list(searcher._iterate(root, SearchLimits(max_depth=2)))
    native = list(searcher.iterate(root, SearchLimits(max_depth=2)))
    pure = list(Searcher(rules).iterate(root, SearchLimits(max_depth=2)))
    assert native and summary(native) == summary(pure)
