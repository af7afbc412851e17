"""Hub-1 (Scan 2.0's dialect): the client against scripted transcripts written from the
protocol (docs/protocols.md, "Hub-1" and the lines Scan 2.0 prints), the server line by line, and a
match game through both (damier's Hub-1 client driving ``damier hub --protocol 1``)."""

from __future__ import annotations

import asyncio
import time

import pytest

from damier import Board
from damier.engine import Limit
from damier.protocol.engine_player import TimeControl
from damier.protocol.errors import HubError
from damier.protocol.hub.client import HubClient
from damier.protocol.hub.dialect import HubLimit
from damier.protocol.hub.hub1_server import Hub1Server
from damier.protocol.hub.transport import ScriptedTransport
from damier.protocol.match.game import GameTask, play_game
from damier.protocol.match.openings import load_openings
from damier.protocol.match.players import EngineSpec

from .helpers import damier_argv, eventually

START = "wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww"
SCAN_HANDSHAKE: list[tuple[str | None, list[str]]] = [
    (None, ["Scan 2.0 by Fabien Letouzey"]),
    ("hub", ["name Scan 2.0", "author Fabien Letouzey", "country France", "wait"]),
    ("set book false", []),
    ("init", ["ready"]),
]


def run(coro: object) -> object:
    return asyncio.run(asyncio.wait_for(coro, 20))  # type: ignore[arg-type]


def test_scripted_scan2_handshake_search_and_repetition_tail() -> None:
    board = Board(fen="W:WK47,35:BK4,16")
    for mv in ("47-41", "4-9"):
        board.push(mv)

    async def main() -> None:
        t = ScriptedTransport(SCAN_HANDSHAKE + [
            (f"pos w{Board(fen='W:WK47,35:BK4,16').hub()[1:]}", []),
            ("move 47-41", []), ("move 4-9", []),
            ("time 500", []),
            ("go", ["info 1 1.0 12 40 0.00 0.0 41-47",
                    "info 13 12.6 -1960 51234 0.41 0.1 35-30 9x25",
                    "move 35-30 9-14"]),
            ("quit", []),
        ], hang=True)
        c = HubClient(t, protocol="hub1")
        assert await c.hub() == {"name": "Scan 2.0", "author": "Fabien Letouzey",
                                 "country": "France"}
        await c.set_param("book", False)
        await c.init()
        result = await c.search(board, HubLimit(move_time=0.5))
        assert (result.move, result.ponder) == ("35-30", "9-14")
        info = result.info
        assert info is not None and info.depth == 13 and info.mean_depth == 12.6
        assert info.score == -19.6 and info.nodes == 51234 and info.pv == ["35-30", "9x25"]
        assert c.dialect.win_in(-1960) == -40 and c.dialect.win_in(1850) is None
        await c.quit()
        assert t.mismatches == []

    run(main())


def test_scripted_scan2_clock_analysis_and_stop() -> None:
    async def main() -> None:
        t = ScriptedTransport([
            (f"pos {START}", []),
            ("level 0 60000 500", []),
            ("go", ["move 32-28 19-23"]),
            (f"pos {START}", []),
            ("analyse", ["info 1 1.0 5 22 0.00 0.0 33-28"]),
            ("stop", ['input "stop"', "move 33-28"]),
        ], hang=True)
        c = HubClient(t, protocol="hub1")
        result = await c.search(Board(), HubLimit(time=60.0, inc=0.5))
        assert result.move == "32-28"
        await c.position(Board())
        running = await c.go(HubLimit(infinite=True), "analyze")
        first = await running.next_info()
        assert first is not None and first.score == 0.05
        assert (await running.stop()).move == "33-28"
        assert t.mismatches == []

    run(main())


def test_scan2_error_ends_the_wait_at_once_and_nodes_are_refused() -> None:
    async def main() -> None:
        t = ScriptedTransport([(f"pos {START}", ["error bad position"]), ("depth 4", []),
                               ("go", [])], hang=True)
        c = HubClient(t, protocol="hub1")
        with pytest.raises(HubError, match="answered an error instead of move: error bad position"):
            await c.search(Board(), HubLimit(depth=4), timeout=15)
        with pytest.raises(HubError, match="no node limit"):
            await c.search(Board(), HubLimit(nodes=1000))

    run(main())


def test_scripted_scan2_ponder_hit_and_miss() -> None:
    """Scan 2.0 ponders (``ponder``) on the position after the reply it expects, ignoring its
    time until ``ponder-hit``, which it echoes as ``input "ponder-hit"`` before answering;
    any other line (here ``stop``) ends the ponder search at once with a move the GUI drops."""
    expected = Board()
    expected.push("32-28")
    expected.push("19-23")   # the reply the engine expected, played: ponder hit

    async def main() -> None:
        t = ScriptedTransport([
            (f"pos w{expected.hub()[1:]}", []),   # men's moves: no reversible tail
            ("time 300", []),
            ("ponder", ["info 1 1.0 10 30 0.00 0.0 28x19", "info 2 2.0 8 95 0.01 0.1 28x19 14x23"]),
            ("ponder-hit", ['input "ponder-hit"', "info 3 3.0 12 310 0.35 0.9 28x19 14x23",
                            "move 28x19 14x23"]),
            ("pos w*", []),
            ("time 300", []),
            ("ponder", ["info 1 1.0 -4 28 0.00 0.0 33-29"]),
            ("stop", ['input "stop"', "move 33-29 24x33"]),
        ], hang=True)
        c = HubClient(t, protocol="hub1")
        await c.position(expected)
        search = await c.go(HubLimit(move_time=0.3), "ponder", timeout=0.2)
        assert search.pondering
        assert [(await search.next_info()), (await search.next_info())][1] is not None
        # pondering lasts as long as the opponent thinks: no timeout (0.2 s) while it waits
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(search.next_info(), 0.6)
        await search.ponder_hit()
        result = await search.wait()
        assert (result.move, result.ponder) == ("28x19", "14x23") and not search.pondering
        assert [i.depth for i in result.infos] == [1, 2, 3]
        assert expected.parse_move(result.move) in expected.legal_moves
        # a ponder miss: the opponent played 19-24, not 19-23
        missed = Board()
        missed.push("32-28")
        missed.push("19-24")
        await c.position(missed)
        search = await c.go(HubLimit(move_time=0.3), "ponder")
        assert (await search.next_info()) is not None
        assert (await search.stop()).move == "33-29"   # dropped: the GUI starts a new search
        assert t.mismatches == []

    run(main())


def test_server_ponders_until_ponder_hit_or_another_line() -> None:
    out = Lines()
    server = Hub1Server(out)
    for line in ("set level 2", f"pos {START}", "move 32-28", "move 19-23", "time 50", "ponder"):
        server.handle(line)
    time.sleep(1.0)                    # twenty times its move time: a ponder search goes on
    assert server.searching and not any(x.startswith("move ") for x in out.lines)
    server.handle("ponder-hit")        # now it has its 50 ms
    assert eventually(lambda: not server.searching, 20.0)
    last = out.lines[-1].split()
    board = Board()
    board.push("32-28")
    board.push("19-23")
    assert last[0] == "move" and board.parse_move(last[1]) in board.legal_moves
    # a miss: any other line ends the ponder search at once, then is obeyed
    for line in (f"pos {START}", "time 50", "ponder"):
        server.handle(line)
    assert server.searching
    server.handle("pos " + START)      # the opponent played something else: a new position
    assert not server.searching and out.lines[-1].startswith("move ")
    server.handle("depth 1")
    server.handle("go")
    assert eventually(lambda: not server.searching, 20.0)
    assert Board().parse_move(out.lines[-1].split()[1]) in Board().legal_moves
    # stop during a ponder search answers at once too
    server.handle("ponder")
    server.handle("stop")
    assert eventually(lambda: not server.searching, 20.0)
    assert out.lines[-1].startswith("move ")
    server.shutdown()


class Lines:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, text: str) -> None:
        self.lines.append(text)


def test_server_speaks_hub1() -> None:
    out = Lines()
    server = Hub1Server(out)
    for line in ("hub", "set level 2", "set book false", "init", f"pos {START}",
                 "move 32-28", "move 19-23", "depth 2", "go"):
        assert server.handle(line)
    deadline = time.monotonic() + 10
    while server.searching and time.monotonic() < deadline:  # the depth-2 search ends by itself
        time.sleep(0.01)
    server.shutdown()
    assert out.lines[0].startswith("name damier ")
    assert out.lines[1:5] == ["author damier developers", "country international", "wait", "ready"]
    infos = [x for x in out.lines if x.startswith("info ")]
    assert [int(x.split()[1]) for x in infos] == [1, 2]
    board = Board()
    board.push("32-28")
    board.push("19-23")
    last = out.lines[-1].split()
    assert last[0] == "move" and board.parse_move(last[1]) in board.legal_moves
    # pv and score fields where Scan 2.0 puts them
    fields = infos[-1].split()
    assert len(fields) >= 8 and board.parse_move(fields[7]) in board.legal_moves
    assert int(fields[1]) == 2 and float(fields[2]) >= 2 and int(fields[4]) > 0
    # errors are one line, and the server goes on
    for bad in ("pos W" + START[1:], "move 99-98", "depth x", "level 10 x 0"):
        server.handle(bad)
    errors = [x for x in out.lines if x.startswith("error ")]
    assert len(errors) == 4 and all("\n" not in e for e in errors), errors
    assert server.handle("quit") is False


def test_server_line_during_search_stops_it() -> None:
    out = Lines()
    server = Hub1Server(out)
    server.handle(f"pos {START}")
    server.handle("analyse")           # no limit: searches until told otherwise
    server.handle("ping")              # answered, the search goes on
    assert server.searching
    server.handle("new")               # any other line stops it, then is obeyed
    assert not server.searching
    assert "pong" in out.lines and out.lines[-1].startswith("move ")


def test_match_game_through_hub1_client_and_server() -> None:
    engine = EngineSpec.from_settings(["name=hub1-damier", "proto=hub1",
                                       "cmd=" + " ".join(damier_argv("hub", "--protocol", "1")),
                                       "option.level=1"])
    assert engine.kind == "hub1" and engine.options == (("level", "1"),)
    task = GameTask(0, "international", load_openings("start")[0], engine,
                    EngineSpec.parse("damier:1"), True, TimeControl(depth=2))
    record = play_game(task)
    assert record.white == "hub1-damier" and record.black == "damier-1"
    assert record.finished and "lost" not in record.reason, record.reason
    replay = Board()
    for mv in record.moves:
        replay.push(mv)
    assert len(record.moves) > 20


def test_hub1_engine_api_plays_and_analyses() -> None:
    from damier.protocol.hub.hub_engine import HubEngine

    engine = HubEngine(damier_argv("hub", "--protocol", "1"), protocol="hub1")
    try:
        assert engine.name.startswith("damier ")
        board = Board()
        result = engine.play(board, Limit(depth=3))
        assert result.move in board.legal_moves and result.info is not None
        assert result.info.depth == 3 and result.info.pv[0] == result.move
        infos = list(engine.analyse(board, Limit(depth=2)))
        assert [i.depth for i in infos] == [1, 2]
    finally:
        engine.quit()
