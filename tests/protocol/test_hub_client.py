"""The Hub client: scripted engines (no processes), real crashing/hanging processes, and a
full game between two ``damier hub`` processes."""

from __future__ import annotations

import asyncio
import sys

import pytest

from damier import Board
from damier.protocol.errors import EngineTerminatedError, HubError, HubTimeoutError
from damier.protocol.hub.client import HubClient, HubLimit, reversible_tail
from damier.protocol.hub.simple_engine import SimpleHubEngine
from damier.protocol.hub.syntax import parse_line
from damier.protocol.hub.transport import ScriptedTransport

from .helpers import damier_argv

START = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww"
HANDSHAKE: list[tuple[str | None, list[str]]] = [
    ("hub", ['id name=Scan version=3.1 author="Fabien Letouzey" country=France',
             "param name=variant value=normal type=enum values=\"normal killer bt frisian losing\"",
             "param name=book value=true type=bool", "wait"]),
    ("set-param name=variant value=frisian", []),
    ("init", ["init eval", "ready"]),
]


def run(coro: object) -> object:
    return asyncio.run(asyncio.wait_for(coro, 20))  # type: ignore[arg-type]


def test_scripted_handshake_search_and_quit() -> None:
    async def main() -> None:
        t = ScriptedTransport(HANDSHAKE + [
            (f"pos pos={START}", []),
            ("level depth=4", []),
            ("go think", ['info depth=1 score=0.10 nodes=30 pv="32-28"',
                          'info depth=4 mean-depth=4.5 score=-0.01 nodes=3126 time=0.01 nps=0.3 '
                          'pv="32-28 17-22 28x17x22"',
                          "done move=32-28 ponder=17-22"]),
            ("quit", []),
        ], hang=True)
        c = HubClient(t)
        ident = await c.hub()
        assert ident == {"name": "Scan", "version": "3.1", "author": "Fabien Letouzey",
                         "country": "France"}
        assert c.params["book"]["type"] == "bool"
        await c.set_param("variant", "frisian")
        await c.init()
        result = await c.search(START, HubLimit(depth=4))
        assert (result.move, result.ponder) == ("32-28", "17-22")
        assert [i.depth for i in result.infos] == [1, 4]
        info = result.info
        assert info is not None and info.score == -0.01 and info.mean_depth == 4.5
        assert info.pv == ["32-28", "17-22", "28x17x22"] and info.nodes == 3126
        await c.quit()
        assert t.mismatches == []

    run(main())


def test_scripted_analysis_stop_ping_and_errors() -> None:
    async def main() -> None:
        t = ScriptedTransport([
            ('pos pos=* moves="32-28 19-23"', ['error message="just saying"']),
            ("level infinite", []),
            ("go analyze", ["info depth=1 score=0.5", "info depth=2 score=0.4"]),
            ("ping", ["info depth=3 score=0.3", "pong"]),
            ("stop", ["done move=28x19x23"]),
        ], hang=True)
        c = HubClient(t)
        c.errors_end_search = False   # "just saying" is harmless here (by default it ends the wait)
        await c.position(START, ["32-28", "19-23"])
        search = await c.go(HubLimit(infinite=True), "analyze")
        first = await search.next_info()
        assert first is not None and first.depth == 1
        await c.ping(5)
        result = await search.stop()
        assert result.move == "28x19x23" and [i.depth for i in result.infos] == [1, 2, 3]
        assert c.errors == ["just saying"]
        assert t.mismatches == []

    run(main())


def test_scripted_timeout_says_what_was_awaited() -> None:
    async def main() -> None:
        c = HubClient(ScriptedTransport([("hub", ["id name=Slow"])], hang=True))
        with pytest.raises(HubTimeoutError, match=r"'scripted engine' did not send wait within 0.2 s"):
            await c.hub(timeout=0.2)

    run(main())


def test_scripted_crash_during_search() -> None:
    async def main() -> None:
        c = HubClient(ScriptedTransport([
            (None, []), ("pos *", []), ("level depth=9", []),
            ("go think", ["info depth=1", 'error message="segfault coming"']),
        ]))
        with pytest.raises(EngineTerminatedError, match="ended while damier waited for done.*segfault"):
            await c.search(START, HubLimit(depth=9), timeout=5)

    run(main())


def test_scripted_garbage_during_a_search_ends_the_wait_at_once() -> None:
    async def main() -> None:
        t = ScriptedTransport([
            ("hub", ["id name=Noisy", "\x00\x01binary noise\ufffd", "wait"]),
            ("pos *", []), ("level *", []),
            ("go think", ["info depth=1 score=0.1", "future-command x=1", 'done move="32-28']),
        ], hang=True)
        c = HubClient(t)
        assert (await c.hub(timeout=5))["name"] == "Noisy"   # noise outside a search is skipped
        assert c.errors == ["unreadable line '\\x00\\x01binary noise\ufffd': control "
                            "character or non-UTF-8 byte at column 1"]
        loop = asyncio.get_running_loop()
        started = loop.time()
        with pytest.raises(HubError, match=r"sent an unreadable line instead of done: unreadable "
                                           r"line 'done move=\"32-28': .*unterminated quoted"):
            await c.search(START, HubLimit(move_time=2.0))     # would wait 11 s for done
        assert loop.time() - started < 1.0                    # the grace for an exit only
        assert len(c.errors) == 2 and t.mismatches == []

    run(main())


def test_scripted_done_without_move_is_an_error() -> None:
    async def main() -> None:
        c = HubClient(ScriptedTransport([("pos *", []), ("level *", []), ("go think", ["done"])],
                                        hang=True))
        with pytest.raises(HubError, match="without move="):
            await c.search(START, HubLimit(move_time=0.5))

    run(main())


def test_level_lines() -> None:
    assert HubLimit(depth=5).line() == "level depth=5"
    assert HubLimit(time=60.5, moves=40, inc=0.25).line() == "level moves=40 time=60.5 inc=0.25"
    assert HubLimit(move_time=1.0).line() == "level move-time=1"
    assert HubLimit(infinite=True).line() == "level infinite"


def test_reversible_tail_sends_king_moves_since_the_last_irreversible_move() -> None:
    board = Board(fen="W:WK47,35:BK4,16")
    for mv in ("47-41", "4-9", "41-47"):
        board.push(mv)
    pos, moves = reversible_tail(board)
    assert pos == Board(fen="W:WK47,35:BK4,16").hub() and moves == ["47-41", "4-9", "41-47"]
    board.push("16-21")  # a man moves: irreversible
    board.push("47-41")
    pos, moves = reversible_tail(board)
    assert pos[0] == "W" and moves == ["47-41"]  # from the position after 16-21
    line = parse_line(f'pos pos={pos} moves="{" ".join(moves)}"')
    assert line.args["moves"] == "47-41"


def test_crashing_process_reports_exit_status_and_stderr() -> None:
    code = "import sys; print('id name=Crashy', flush=True); sys.stderr.write('boom\\n'); sys.exit(3)"
    with pytest.raises(EngineTerminatedError) as e:
        SimpleHubEngine.popen([sys.executable, "-c", code], timeout=20)
    assert "exit status 3" in str(e.value) and "boom" in str(e.value)


def test_hanging_process_times_out_and_is_killed() -> None:
    code = "import time; time.sleep(60)"
    with pytest.raises(HubTimeoutError, match="did not send wait within 0.5 s"):
        SimpleHubEngine.popen([sys.executable, "-c", code], timeout=0.5)


def test_missing_engine_binary() -> None:
    with pytest.raises(HubError, match="cannot start engine"):
        SimpleHubEngine.popen(["/nonexistent/engine", "hub"])


def test_full_game_between_two_damier_hub_processes() -> None:
    white = SimpleHubEngine.popen(damier_argv("hub"), {"level": 2}, timeout=30)
    black = SimpleHubEngine.popen(damier_argv("hub"), {"level": 1}, timeout=30)
    try:
        assert white.id["name"] == "damier"
        white.ping(10)
        board = Board()
        engines = [white, black]
        while board.outcome() is None and board.ply < 300:
            result = engines[board.turn].search(board, HubLimit(depth=2), timeout=30)
            board.push(result.move)   # raises if the engine sent an illegal move
        assert board.outcome() is not None or board.ply == 300
        assert board.ply > 20
        analysis = white.analyse(Board(), 0.3)   # go analyze + level infinite, then stop
        assert Board().parse_move(analysis.move) and analysis.infos
    finally:
        white.quit()
        black.quit()
