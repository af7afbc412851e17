"""One engine API (EngineLike) for every engine, and matches like cutechess-cli: engine
settings, names that are the same everywhere, timeouts derived from the time control, and
engines that answer ``error``, hang, talk garbage or die (each loses its game with the
reason, never hangs the match); a DXP follower as an engine."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from damier import Board
from damier.cli import main
from damier.engine import BuiltinEngine, EngineLike, Limit
from damier.formats.pdn import parse_games
from damier.protocol.dxp.dxp_engine import DxpEngine
from damier.protocol.engine_player import TimeControl
from damier.protocol.errors import DxpError, MatchError
from damier.protocol.hub.hub_engine import HubEngine
from damier.protocol.match.game import GameTask, play_game
from damier.protocol.match.openings import load_openings
from damier.protocol.match.players import EngineSpec

from .helpers import damier_argv

FAKE = Path(__file__).with_name("fake_hub_engine.py")


def fake(mode: str, *extra: str) -> EngineSpec:
    return EngineSpec.from_settings([f"cmd={sys.executable} {FAKE} {mode}", *extra])


def test_every_engine_is_engine_like() -> None:
    builtin = BuiltinEngine("international", 1)
    hub = HubEngine(damier_argv("hub", "--level", "1"))
    try:
        for engine in (builtin, hub):
            assert isinstance(engine, EngineLike)
            board = Board()
            assert engine.play(board, Limit(depth=2)).move in board.legal_moves
            infos = list(engine.analyse(board, Limit(depth=2)))
            assert infos and all(i.pv and i.pv[0] in board.legal_moves for i in infos)
        assert hub.name.startswith("damier")
    finally:
        hub.quit()


def test_engine_settings() -> None:
    scan = EngineSpec.from_settings(["name=scan", "cmd=./scan hub", "dir=/opt/scan", "proto=hub1",
                                     "option.book=false", "option.bb-size=4"])
    assert (scan.kind, scan.name, scan.command, scan.cwd) == ("hub1", "scan", ("./scan", "hub"),
                                                              "/opt/scan")
    assert scan.options == (("book", "false"), ("bb-size", "4"))
    builtin = EngineSpec.from_settings(["name=weak", "proto=builtin", "level=2"])
    assert builtin == EngineSpec("damier", "weak", 2)
    dxp = EngineSpec.from_settings(["proto=dxp", "cmd=damier dxp --listen 127.0.0.1:{port}"])
    assert dxp.kind == "dxp" and dxp.address is None and dxp.label.startswith("damier dxp")
    remote = EngineSpec.from_settings(["proto=dxp", "host=127.0.0.1:27531", "timeout=30"])
    assert remote.address == "127.0.0.1:27531" and remote.move_timeout == 30.0
    # the short specs keep working, and a settings string is read as settings too
    assert EngineSpec.parse("damier:3") == EngineSpec("damier", "damier-3", 3)
    assert EngineSpec.parse("proto=hub1 cmd='./scan hub'").command == ("./scan", "hub")
    for bad, why in ((["proto=uci", "cmd=x"], "proto must be"), (["cmd=x", "speed=3"], "unknown"),
                     (["proto=hub"], "needs cmd="), (["proto=dxp"], "needs cmd= or host"),
                     (["proto=dxp", "host=nowhere"], "HOST:PORT"), (["level"], "not NAME=VALUE"),
                     (["proto=builtin", "level=12"], "level must be"),
                     (["cmd=x", "timeout=-1"], "timeout must be")):
        with pytest.raises(MatchError, match=why):
            EngineSpec.from_settings(bad)


@pytest.mark.parametrize(("mode", "why"), [
    ("error", r"White \(Fake 0\) lost: engine .* answered an error instead of done: bad position"),
    ("hang", r"White \(Fake 0\) lost: engine .* did not send done within 5.3 s"),
    ("garbage", r"White \(Fake 0\) lost: engine .* sent an unreadable line instead of done: "
                r"unreadable line 'done move=\"unterminated': .*unterminated quoted value"),
])
def test_engine_that_answers_error_hangs_or_talks_garbage_loses(mode: str, why: str) -> None:
    task = GameTask(0, "international", load_openings("start")[0], fake(mode),
                    EngineSpec.parse("damier:1"), True, TimeControl(move_time=0.1))
    record = play_game(task)
    assert record.winner == 1 and record.result == "0-2" and record.moves == []
    assert re.search(why, record.reason), record.reason


def test_a_name_is_the_same_in_the_record_and_a_clash_is_marked() -> None:
    named = fake("illegal", "name=Faker")
    record = play_game(GameTask(0, "international", load_openings("start")[0], named,
                                EngineSpec.parse("damier:1"), True, TimeControl(depth=1)))
    assert record.white == "Faker" and record.reason.startswith("White (Faker) lost")
    # two engines that both call themselves "Fake 0": engine B is marked in every game alike
    for a_white in (True, False):
        a, b = fake("illegal"), fake("illegal")
        white, black = (a, b) if a_white else (b, a)
        record = play_game(GameTask(0, "international", load_openings("start")[0], white, black,
                                    a_white, TimeControl(depth=1)))
        names = (record.white, record.black) if a_white else (record.black, record.white)
        assert names == ("Fake 0", "Fake 0'")


def test_cli_match_with_engine_settings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pdn = tmp_path / "m.pdn"
    hub = " ".join(damier_argv("hub"))
    status = main(["match", "--engine", "proto=builtin", "level=1", "name=one",
                   "--engine", f"cmd={hub}", "option.level=2", "--games", "2",
                   "--time", "depth=2", "--openings", "start", "--concurrency", "0",
                   "--pdn", str(pdn)])
    out = capsys.readouterr().out
    assert status == 0, out
    summary = out.splitlines()[0]
    assert summary.startswith("one vs damier 0.1.0: W "), summary
    assert "[95% Wilson: " in summary
    games = parse_games(pdn.read_text())
    assert {g.tags["White"] for g in games} == {g.tags["Black"] for g in games} == \
        {"one", "damier 0.1.0"}
    assert main(["match", "damier", "--games", "1"]) == 2
    assert "a match needs two engines" in capsys.readouterr().err


def test_cli_match_six_nil_has_a_finite_lower_bound(capsys: pytest.CaptureFixture[str]) -> None:
    from damier.protocol.match.stats import MatchScore

    line = MatchScore(6, 0, 0).summary()
    assert "Elo +inf [95% Wilson: +77.5 .. +inf]" in line


def test_dxp_follower_as_an_engine() -> None:
    engine = DxpEngine(command=damier_argv("dxp", "--listen", "127.0.0.1:{port}", "--once",
                                           "--level", "1", "--name", "Follower"))
    try:
        board = Board()
        with pytest.raises(DxpError, match="DXP carries moves only"):
            next(iter(engine.analyse(board)))
        for _ in range(3):     # the engine plays White, we answer: one game in step
            result = engine.play(board, Limit(time=0.2))
            assert result.move in board.legal_moves
            board.push(result.move)
            board.push(board.legal_moves[0])
        assert engine.name == "Follower" and board.ply == 6
        # another board (here: the engine to play Black in the same position) is a new game
        other = Board(fen=board.fen())
        other.push(other.legal_moves[0])
        assert engine.play(other, Limit(time=0.2)).move in other.legal_moves
    finally:
        engine.quit()
    assert engine.process is not None and not engine.process.alive


def test_match_game_against_a_dxp_follower() -> None:
    follower = EngineSpec.from_settings([
        "proto=dxp", "cmd=" + " ".join(damier_argv("dxp", "--listen", "127.0.0.1:{port}",
                                                    "--once", "--level", "1"))])
    record = play_game(GameTask(0, "international", load_openings("2move")[0], follower,
                                EngineSpec.parse("damier:1"), True, TimeControl(move_time=0.05)))
    assert record.white == "damier" and record.black == "damier-1"
    assert record.finished and "lost" not in record.reason, record.reason
    board = Board(fen=record.start_fen)
    for mv in record.moves:
        board.push(mv)
    assert len(record.moves) > 10


def test_dxp_engine_that_dies_loses_at_once() -> None:
    code = ("import socket,sys; s=socket.socket(); s.bind(('127.0.0.1', int(sys.argv[1]))); "
            "s.listen(); c,_=s.accept(); c.recv(100); sys.exit(7)")
    dying = EngineSpec.from_settings(["proto=dxp", f"cmd={sys.executable} -c \"{code}\" {{port}}"])
    record = play_game(GameTask(0, "international", load_openings("start")[0], dying,
                                EngineSpec.parse("damier:1"), True, TimeControl(move_time=30)))
    assert record.winner == 1 and record.moves == []
    assert re.search(r"White \(.*\) lost: .*(closed the connection|GAMEACC)", record.reason), \
        record.reason
