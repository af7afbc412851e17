"""The engine's API and search behaviour: legality in every variant, reproducibility, limits,
stop from another thread, multi-PV, win distances, repetition awareness and levels.

No test measures speed or depends on it: a time limit is checked by its effect (a search with
no other limit ends, with a move searched to depth 1 at least), threads wait for the event
they need with a generous timeout, and node limits are exact. How far a search overshoots its
time is measured in ``bench/engine.py --limits``.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from typing import TypeVar

import pytest

from damier import Board, all_variants
from damier.core.move import Move
from damier.engine import LEVELS, Engine, Info, Limit, PlayResult
from damier.engine.timecontrol import allocate

GENEROUS = 120.0
"""Seconds a test waits for what should take milliseconds (a loaded CI machine can be slow;
a wait returns as soon as its condition holds, so this costs nothing when all is well)."""
T = TypeVar("T")


def wait_until(condition: Callable[[], object], timeout: float = GENEROUS) -> bool:
    """Poll ``condition`` until it holds (True) or ``timeout`` seconds pass (False)."""
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            return False
        time.sleep(0.002)
    return True


def in_thread(engine: Engine, work: Callable[[], T]) -> T:
    """``work()`` run in another thread, which must end by itself (else the engine is stopped
    and the test fails)."""
    out: list[T] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            out.append(work())
        except BaseException as e:  # noqa: BLE001 - re-raised below
            errors.append(e)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout=GENEROUS)
    if thread.is_alive():
        engine.stop()
        pytest.fail(f"the search did not end by itself within {GENEROUS} s")
    if errors:
        raise errors[0]
    return out[0]


def random_boards(variant: str, count: int, seed: int) -> list[Board]:
    """Positions from random games (some deep enough to have kings); game over excluded."""
    rng = random.Random(seed)
    out: list[Board] = []
    while len(out) < count:
        board = Board(variant).play_random(rng, rng.randrange(0, 120))
        if board.outcome() is None:
            out.append(board)
    return out


@pytest.mark.parametrize("rules", all_variants(), ids=lambda r: r.name)
def test_only_legal_moves_in_random_positions(rules: object) -> None:
    engine = Engine(rules)  # type: ignore[arg-type]
    for i, board in enumerate(random_boards(rules.name, 4, seed=7)):  # type: ignore[attr-defined]
        legal = list(board.legal_moves)
        limit = Limit(depth=3) if i % 2 else Limit(nodes=1500)
        result = engine.play(board, limit)
        assert isinstance(result, PlayResult)
        assert result.move in legal, board.fen()
        for info in engine.analyse(board, Limit(depth=2), multipv=2):
            # every PV replays legally from the root
            replay = board.copy()
            for mv in info.pv:
                assert mv in list(replay.legal_moves), (board.fen(), info)
                replay.push(mv)


def test_reproducible_node_counts() -> None:
    board = Board()
    board.push("32-28")
    board.push("18-23")
    a = Engine().analyse(board, Limit(depth=6))
    b = Engine().analyse(board, Limit(depth=6))
    engine = Engine()
    c = engine.analyse(board, Limit(depth=6))
    d = engine.analyse(board, Limit(depth=6))
    assert a[0].nodes == b[0].nodes == c[0].nodes == d[0].nodes
    assert [m.long() for m in a[0].pv] == [m.long() for m in d[0].pv]
    n1 = Engine().analyse(board, Limit(nodes=5000))
    n2 = Engine().analyse(board, Limit(nodes=5000))
    assert n1[0].nodes == n2[0].nodes and n1[0].pv == n2[0].pv


def test_node_limits_are_exact() -> None:
    """A node budget stops the search exactly where it runs out: the depths whose search fits
    in the budget complete with the node counts of a depth-limited search, the next one does
    not, and a depth left unfinished reports exactly the budget."""
    board = Board()
    board.push("32-28")
    for budget in (2_000, 9_001):
        infos = list(Engine().iterate(board, Limit(nodes=budget)))
        deeper = infos[-1].depth + 1
        fixed = {i.depth: i.nodes for i in Engine().iterate(board, Limit(depth=deeper))}
        assert all(i.nodes == (fixed[i.depth] if fixed[i.depth] <= budget else budget) for i in infos)
        completed = [i.depth for i in infos if i.nodes == fixed[i.depth]]
        assert completed == [d for d in sorted(fixed) if fixed[d] <= budget]


@pytest.mark.parametrize("limit", [Limit(time=0.05), Limit(time=1e-6),
                                   Limit(white_clock=1.0, black_clock=1.0, increment=0.01)],
                         ids=["time", "tiny-time", "clock"])
def test_time_limits_end_the_search_with_a_searched_move(limit: Limit) -> None:
    """With no depth or node limit only the time can end the search; however short the time
    (or busy the machine), depth 1 completes and the move played is its best."""
    board = Board()
    board.push("32-28")
    engine = Engine()
    result = in_thread(engine, lambda: engine.play(board, limit))
    assert result.info is not None and result.info.depth >= 1
    assert result.move in list(board.legal_moves) and result.move == result.info.pv[0]


def test_clock_budgets_stay_within_the_clock() -> None:
    for clock, increment, to_go in ((5.0, 0.1, None), (0.2, 0.0, None), (60.0, 1.0, 1), (600.0, 5.0, 40)):
        limit = Limit(white_clock=clock, black_clock=1.0, increment=increment, moves_to_go=to_go)
        budget = allocate(limit, 0)
        cap = 0.8 if to_go == 1 else 0.4
        assert 0 < budget.soft <= budget.hard <= max(0.005, cap * clock)


def test_stop_from_another_thread() -> None:
    engine = Engine()
    board = Board()
    infos: list[Info] = []

    def run() -> None:
        for info in engine.iterate(board, Limit()):  # no limit: runs until stopped
            infos.append(info)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert wait_until(lambda: infos)  # a depth is done
    engine.stop()
    thread.join(timeout=GENEROUS)
    assert not thread.is_alive()
    assert infos[-1].pv[0] in list(board.legal_moves)


def test_multipv_lines_are_distinct_and_sorted() -> None:
    board = Board()
    infos = Engine().analyse(board, Limit(depth=3), multipv=4)
    assert [i.multipv for i in infos] == [1, 2, 3, 4]
    firsts = [i.pv[0] for i in infos]
    assert len(set(firsts)) == 4
    scores = [i.score for i in infos]
    assert scores == sorted(scores, reverse=True)


def test_win_distance() -> None:
    # the king takes the last black man on the long diagonal: a win in one ply
    board = Board(fen="W:WK46:B10")
    info = Engine().analyse(board, Limit(depth=3))[0]
    assert info.win_in == 1 and info.pv[0].long() == "46x5"
    # black to move is lost in two plies whatever it plays (10-14 46x10 / 10-15 46x... )
    board = Board(fen="B:WK46,K50:B10")
    info = Engine().analyse(board, Limit(depth=4))[0]
    assert info.win_in is not None and info.win_in < 0


def safe_moves(board: Board) -> list[Move]:
    """The moves after which the opponent cannot capture."""
    out = []
    for m in board.legal_moves:
        board.push(m)
        if not any(x.is_capture for x in board.legal_moves):
            out.append(m)
        board.pop()
    return out


def test_repetition_is_a_draw_in_search() -> None:
    # two kings against one: White is better, but going back to a position already seen
    # twice in the game history is a draw, and the search scores it 0
    board = Board(fen="W:WK47,K50:BK3")
    safe = safe_moves
    for first in safe(board):
        board.push(first)
        replies = safe(board)
        if replies:
            reply = replies[0]
            break
        board.pop()
    board.push(reply)
    board.push(board.parse_move(f"{first.to_square}-{first.from_square}"))
    board.push(board.parse_move(f"{reply.to_square}-{reply.from_square}"))
    assert board.repetitions() == 2
    # the evaluation's view (the endgame tables know this ending is a draw whatever is played)
    engine = Engine(egdb=False)
    repeat = list(engine.iterate(board, Limit(depth=1), moves=[first]))[-1]
    assert repeat.score == 0
    other = [m for m in board.legal_moves if m != first]
    best_other = list(engine.iterate(board, Limit(depth=1), moves=other))[-1]
    assert best_other.score > 0


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_levels_play_legal_moves(level: int) -> None:
    engine = Engine(level=level, seed=level)
    for board in random_boards("international", 2, seed=level):
        move = engine.play(board, Limit(time=0.1)).move
        assert move in list(board.legal_moves)


def test_low_level_is_random_but_sensible() -> None:
    # level 1 varies its moves, but only among those within its tolerance of the best
    board = Board()
    picks = {Engine(level=1, seed=s).play(board, Limit(depth=1)).move for s in range(12)}
    assert len(picks) >= 2
    board = Board(fen="W:W24,28,34,35,40,50:B5,13,15,18,19,20")
    scores = {i.pv[0]: i.score for i in Engine().analyse(board, Limit(depth=1), multipv=20)}
    best = max(scores.values())
    for seed in range(12):
        move = Engine(level=1, seed=seed).play(board, Limit(depth=1)).move
        assert scores[move] >= best - LEVELS[1].tolerance


def test_single_legal_move_is_played_at_once() -> None:
    board = Board()
    board.push("32-28")
    board.push("19-23")
    result = Engine().play(board, Limit(time=5.0))
    assert result.move.long() == "28x19" and result.info is None


def test_game_over_raises() -> None:
    from damier.core.errors import GameOverError

    with pytest.raises(GameOverError):
        Engine().play(Board(fen="B:W46:B"), Limit(depth=1))


@pytest.mark.parametrize(
    "rules", [r for r in all_variants() if not (r.huffing or r.king_move_limit)], ids=lambda r: r.name
)
def test_quiet_move_test_agrees_with_the_generator(rules) -> None:  # type: ignore[no-untyped-def]
    """The search's cheap "any move?" test at quiet leaves (no capture for the side to move)
    answers exactly as counting the legal moves does, blocked positions included."""
    from damier.core.movegen import generator
    from damier.core.position import start_position
    from damier.engine.search import quiet_move_test

    gen = generator(rules)
    can_move = quiet_move_test(rules)
    rng = random.Random(17)
    checked = blocked = 0
    for _ in range(60):
        pos = start_position(rules)
        for _ in range(200):
            p4 = pos[:4]
            if not gen.has_capture_raw(*p4):
                count = gen.count_raw(*p4)
                assert can_move(*p4) == (count > 0), (rules.name, pos)
                checked += 1
                blocked += count == 0
            moves = gen.legal(pos)
            if not moves:
                break
            pos = gen.apply(pos, rng.choice(moves))
    assert checked > 1000 and blocked > 0


def test_progress_is_reported_while_depths_run() -> None:
    from damier.engine import Progress

    reports: list[Progress] = []
    infos: list[Info] = []
    engine = Engine()
    start = time.perf_counter()

    def run() -> None:
        for info in engine.iterate(Board(), Limit(), progress=reports.append):  # until stopped
            infos.append(info)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert wait_until(lambda: len(reports) >= 2 and infos)  # about every quarter of a second
    engine.stop()
    thread.join(timeout=GENEROUS)
    assert not thread.is_alive()
    assert all(a.nodes <= b.nodes and a.time < b.time for a, b in zip(reports, reports[1:], strict=False))
    assert all(1 <= r.depth <= infos[-1].depth + 1 and r.nps > 0 for r in reports)
    assert reports[-1].time <= time.perf_counter() - start

    class Enough(Exception):
        pass

    def give_up(report: Progress) -> None:
        raise Enough

    with pytest.raises(Enough):  # an exception in the callback ends the search with it
        list(Engine().iterate(Board(), Limit(), progress=give_up))
