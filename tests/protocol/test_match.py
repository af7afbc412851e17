"""Matches: statistics checked against hand computations, time controls, engine specs,
openings, scheduling, SPRT stopping, and small real matches (in-process, through a Hub
engine process, on a process pool)."""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path

import pytest

from damier.cli import main
from damier.protocol.engine_player import Clock, TimeControl
from damier.protocol.errors import MatchError
from damier.protocol.match import runner as runner_module
from damier.protocol.match.executors import InlineExecutor
from damier.protocol.match.game import Adjudication, GameRecord, GameTask, play_game
from damier.protocol.match.openings import load_openings, parse_openings
from damier.protocol.match.players import EngineSpec
from damier.protocol.match.runner import MatchConfig, run_match, schedule
from damier.protocol.match.stats import MatchScore, Sprt, elo_from_score

from .helpers import damier_argv


def test_elo_and_interval_by_hand() -> None:
    # W 60, D 20, L 20 (N = 100):
    #   p   = (60 + 20/2) / 100                        = 0.7
    #   Elo = -400 log10(1/0.7 - 1) = 400 log10(7/3)   = 147.19
    #   s2  = (60*0.3^2 + 20*0.2^2 + 20*0.7^2) / 100   = (5.4 + 0.8 + 9.8) / 100 = 0.16
    #   se  = sqrt(0.16 / 100)                          = 0.04
    #   95%: p -/+ 1.96*0.04 = 0.62160 .. 0.77840 -> 400 log10(0.6216/0.3784) = 86.23,
    #                                               400 log10(0.7784/0.2216) = 218.25
    r = MatchScore(60, 20, 20)
    assert r.games == 100 and r.score == pytest.approx(0.7)
    assert r.variance() == pytest.approx(0.16)
    assert r.elo() == pytest.approx(147.19, abs=0.01)
    lo, hi = r.elo_interval()
    assert lo == pytest.approx(86.23, abs=0.01) and hi == pytest.approx(218.25, abs=0.01)
    # LOS = 1/2 (1 + erf(40 / sqrt(160)))
    assert r.los() == pytest.approx(0.5 * (1 + math.erf(40 / math.sqrt(160))))
    # Wilson's interval (the one the summary shows), by hand with z = 1.959964, z2 = 3.841459:
    #   centre = 0.7 + z2/200 = 0.719207; spread = z sqrt(0.0021 + z2/40000) = 0.091848
    #   bounds (0.719207 -/+ 0.091848) / (1 + z2/100) = 0.604168 .. 0.781051
    #   -> 400 log10(0.604168/0.395832) = 73.45, 400 log10(0.781051/0.218949) = 220.93
    lo, hi = r.elo_interval_wilson()
    assert lo == pytest.approx(73.45, abs=0.01) and hi == pytest.approx(220.93, abs=0.01)
    assert ("W 60 D 20 L 20 (100 games), score 70.0%, Elo +147.2 [95% Wilson: +73.4 .. +220.9]"
            in r.summary())


def test_wilson_interval_is_the_set_of_scores_the_score_test_accepts() -> None:
    """Two paths: the closed form against a bisection for the scores q with
    |p - q| = z sqrt(q (1 - q) / N) (the definition of Wilson's interval)."""
    z = 1.959963984540054

    def root(p: float, n: int, lo: float, hi: float) -> float:
        f = lambda q: (p - q) ** 2 - z * z * q * (1 - q) / n  # noqa: E731
        for _ in range(200):
            mid = (lo + hi) / 2
            if (f(lo) > 0) == (f(mid) > 0):
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2

    for w, d, lost in [(60, 20, 20), (6, 0, 0), (0, 0, 6), (1, 2, 3), (10, 30, 2)]:
        r = MatchScore(w, d, lost)
        p, n = r.score, r.games
        lo, hi = r.elo_interval_wilson()
        expect_lo = root(p, n, 0.0, p) if p > 0 else 0.0
        expect_hi = root(p, n, p, 1.0) if p < 1 else 1.0
        assert lo == pytest.approx(elo_from_score(expect_lo), abs=1e-6)
        assert hi == pytest.approx(elo_from_score(expect_hi), abs=1e-6)


def test_degenerate_scores() -> None:
    assert MatchScore(3, 0, 0).elo() == math.inf
    assert MatchScore(3, 0, 0).elo_interval()[1] == math.inf
    # a lopsided result still has an honest, finite bound on the other side
    assert MatchScore(6, 0, 0).summary().startswith(
        "W 6 D 0 L 0 (6 games), score 100.0%, Elo +inf [95% Wilson: +77.5 .. +inf]")
    assert MatchScore(0, 0, 6).elo_interval_wilson() == pytest.approx((-math.inf, -77.46), abs=0.01)
    assert MatchScore(0, 4, 0).elo_interval_wilson()[0] < -100   # four draws prove little
    assert MatchScore(0, 4, 0).elo() == 0.0
    assert elo_from_score(0.5) == 0.0 and elo_from_score(0.0) == -math.inf
    assert MatchScore().score == 0.5 and MatchScore().elo_interval() == (-math.inf, math.inf)


def test_sprt_llr_by_hand() -> None:
    # H0 elo0 = 0, H1 elo1 = 10, alpha = beta = 0.05:
    #   s0 = 0.5, s1 = 1 / (1 + 10^(-10/400)) = 0.514387
    #   bounds ln(0.05/0.95) = -2.944439, ln(0.95/0.05) = +2.944439
    # W 60 D 20 L 20: LLR = 100 * 0.014387 * (2*0.7 - 1.014387) / (2*0.16) = 1.73371
    # W 30 D 40 L 30: s2 = (30*0.25 + 30*0.25)/100 = 0.15,
    #                 LLR = 100 * 0.014387 * (1.0 - 1.014387) / 0.30 = -0.068997
    sprt = Sprt(0, 10, 0.05, 0.05)
    lower, upper = sprt.bounds
    assert lower == pytest.approx(-2.944439, abs=1e-6) and upper == pytest.approx(2.944439, abs=1e-6)
    assert sprt.llr(MatchScore(60, 20, 20)) == pytest.approx(1.73371, abs=1e-5)
    assert sprt.llr(MatchScore(30, 40, 30)) == pytest.approx(-0.068997, abs=1e-6)
    assert sprt.decision(MatchScore(60, 20, 20)) is None
    # scale the first result by 2: LLR doubles (N doubles, p and s2 stay) -> 3.467 >= 2.944
    assert sprt.decision(MatchScore(120, 40, 40)) == "H1"
    assert sprt.decision(MatchScore(40, 40, 120)) == "H0"
    assert sprt.llr(MatchScore(5, 0, 0)) == 0.0        # no spread yet: undecided
    # a handful of games past the bound decide nothing (the spread is not known yet)
    wide = Sprt(0, 150)
    assert wide.llr(MatchScore(3, 2, 0)) > wide.bounds[1] and wide.decision(MatchScore(3, 2, 0)) is None
    assert wide.decision(MatchScore(12, 8, 0)) == "H1"
    with pytest.raises(ValueError, match="elo0 < elo1"):
        Sprt(5, 5)


def test_time_controls() -> None:
    assert TimeControl.parse("60") == TimeControl(base=60.0)
    assert TimeControl.parse("60+0.5") == TimeControl(base=60.0, increment=0.5)
    assert TimeControl.parse("40/60+1").moves == 40
    assert TimeControl.parse("depth=3") == TimeControl(depth=3)
    assert TimeControl.parse("movetime=0.2").move_time == 0.2
    for bad in ("fast", "-5", "depth=0", "60+x"):
        with pytest.raises(MatchError, match="bad time control"):
            TimeControl.parse(bad)
    clock = Clock(TimeControl.parse("2/10+1"))
    assert clock.moves_to_go(0) == 2
    assert clock.charge(0, 4.0) and clock.remaining[0] == 7.0
    assert clock.charge(0, 4.0) and clock.remaining[0] == 14.0   # 3 + 1 + new period of 10
    assert not clock.charge(0, 17.0)                               # 2 s margin exceeded


def test_engine_specs() -> None:
    assert EngineSpec.parse("damier") == EngineSpec("damier", "damier-10", 10)
    assert EngineSpec.parse("damier:3") == EngineSpec("damier", "damier-3", 3)
    assert EngineSpec.parse("damier:level=4,name=weak").name == "weak"
    hub = EngineSpec.parse("hub:/opt/scan/scan hub")
    assert hub.kind == "hub" and hub.command == ("/opt/scan/scan", "hub")
    assert EngineSpec.parse("damier hub --level 2").command == ("damier", "hub", "--level", "2")
    for bad in ("", "damier:11", "damier:speed=3"):
        with pytest.raises(MatchError):
            EngineSpec.parse(bad)


def test_openings(tmp_path: Path) -> None:
    two = load_openings("2move")
    assert len(two) == 81 and two[0].moves == ("31-26", "16-21")
    three = load_openings("3move")
    assert len(three) >= 20 and all(len(o.moves) == 3 for o in three)
    ops = parse_openings("# comment\n32-28 19-23 | Classic\n\nW:W31-50:B1-20\n")
    assert [o.name for o in ops] == ["Classic", "W:W31-50:B1-20"]
    russian = parse_openings("a3-b4 d6-c5 b4:d6\n", "russian")  # a colon capture, not a FEN
    assert russian[0].moves[2] == "b4:d6" and russian[0].board("russian").fen().startswith("B:")
    bad = tmp_path / "bad.txt"
    bad.write_text("32-28\n32-28 19-23 28-22\n")
    with pytest.raises(MatchError, match=r"bad.txt, line 2: .*capture is compulsory"):
        load_openings(str(bad))
    with pytest.raises(MatchError, match="cannot read openings"):
        load_openings(str(tmp_path / "missing.txt"))


def test_schedule_alternates_colours_on_each_opening() -> None:
    a, b = EngineSpec.parse("damier:1"), EngineSpec.parse("damier:2")
    cfg = MatchConfig(a, b, 5, TimeControl(depth=1), openings=load_openings("2move")[:2])
    tasks = list(schedule(cfg))
    assert [(t.white.name, t.opening.name) for t in tasks] == [
        ("damier-1", "31-26 16-21"), ("damier-2", "31-26 16-21"),
        ("damier-1", "31-26 17-21"), ("damier-2", "31-26 17-21"), ("damier-1", "31-26 16-21")]


def test_one_game_with_adjudication_limits() -> None:
    a, b = EngineSpec.parse("damier:2"), EngineSpec.parse("damier:1")
    opening = load_openings("2move")[40]
    task = GameTask(0, "international", opening, a, b, True, TimeControl(depth=2),
                    Adjudication(max_moves=5))
    record = play_game(task)
    assert record.reason == "adjudicated: 5 moves played" and len(record.moves) == 10
    assert record.result == "1-1" and record.points_for_a == 0.5
    assert record.start_fen is not None and record.start_fen.startswith("W:")
    task = GameTask(1, "international", opening, a, b, False, TimeControl(depth=2),
                    Adjudication(score=0.5, score_plies=2))
    record = play_game(task)
    assert record.finished and record.reason


def test_sprt_stops_the_match_early(monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[int] = []

    def fake_game(task: GameTask) -> GameRecord:
        played.append(task.index)
        a_color = 0 if task.a_is_white else 1
        winner = a_color if task.index % 4 != 3 else None    # A wins 3 of every 4, draws 1
        return GameRecord(task.index, task.variant, "x", None, "w", "b", task.a_is_white, [],
                          "?", winner, "fake")

    monkeypatch.setattr(runner_module, "play_game", fake_game)
    cfg = MatchConfig(EngineSpec.parse("damier:1"), EngineSpec.parse("damier:2"), 1000,
                      TimeControl(depth=1), sprt=Sprt(0, 50, 0.05, 0.05))
    seen: list[int] = []
    result = run_match(cfg, InlineExecutor(), 1, lambda rec, score: seen.append(score.games))
    assert result.decision == "H1" and result.stopped_early
    assert len(played) == result.score.games and 20 <= len(played) < 30
    assert seen == list(range(1, len(played) + 1))
    assert cfg.sprt is not None and cfg.sprt.llr(result.score) >= cfg.sprt.bounds[1]


def test_match_command_in_process(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "games.pdn"
    status = main(["match", "damier:2", "damier:1", "--games", "2", "--time", "depth=2",
                   "--concurrency", "0", "--pgn", str(out), "--max-moves", "60"])
    assert status == 0
    text = capsys.readouterr()
    assert re.search(r"damier-2 vs damier-1: W \d D \d L \d \(2 games\)", text.out)
    assert "game 2:" in text.err
    pdn = out.read_text()
    assert pdn.count("[Event \"damier match\"]") == 2 and pdn.count("[FEN ") == 2


def test_match_against_a_hub_engine_process(capsys: pytest.CaptureFixture[str]) -> None:
    hub = " ".join(damier_argv("hub", "--level", "1"))
    status = main(["match", "damier:1", hub, "--games", "2", "--time", "depth=1",
                   "--concurrency", "0", "--openings", "3move", "--max-moves", "40",
                   "--adjudicate", "3:2"])
    assert status == 0
    out = capsys.readouterr().out
    assert re.search(r"damier-1 vs .*: W \d D \d L \d \(2 games\)", out)


def test_match_on_a_process_pool(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["match", "damier:2", "damier:1", "--games", "2", "--time", "depth=1",
                   "--concurrency", "2", "--max-moves", "40"])
    assert status == 0
    assert "(2 games)" in capsys.readouterr().out


def test_match_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "damier", "damier:12", "--games", "1"]) == 2
    assert main(["match", "damier", "damier", "--sprt", "5", "0", "0.05", "0.05"]) == 2
    assert main(["match", "damier", "damier", "--time", "soon"]) == 2
    assert main(["match", "damier", "damier", "--adjudicate", "x"]) == 2
    err = capsys.readouterr().err
    assert "level must be 1..10" in err and "elo0 < elo1" in err and "bad time control" in err


@pytest.mark.parametrize(("mode", "why"), [
    ("crash", r"White \(Fake 0\) lost: engine .* ended while damier waited for done "
              r"\(exit status 139; stderr: fake engine: segmentation fault\)"),
    ("illegal", r"White \(Fake 0\) lost: Fake 0 played '11-15': "),
])
def test_misbehaving_hub_engine_loses_the_game(mode: str, why: str) -> None:
    fake = EngineSpec.parse(f"{sys.executable} {Path(__file__).with_name('fake_hub_engine.py')} {mode}")
    task = GameTask(0, "international", load_openings("start")[0], fake,
                    EngineSpec.parse("damier:1"), False, TimeControl(depth=1))
    record = play_game(task)
    assert record.winner == 1 and record.points_for_a == 1.0 and record.result == "0-2"
    assert re.search(why, record.reason), record.reason


def test_cli_usage_of_hub_and_dxp(capsys: pytest.CaptureFixture[str]) -> None:
    from damier.cli.dxp import parse_address

    assert parse_address("27531", "127.0.0.1") == ("127.0.0.1", 27531)
    assert parse_address(":27531", "127.0.0.1") == ("127.0.0.1", 27531)
    assert parse_address("[::1]:27531", None) == ("::1", 27531)
    assert main(["dxp", "--connect", "27531"]) == 2
    assert main(["dxp", "--listen", "127.0.0.1:http"]) == 2
    assert main(["dxp", "--listen", "0", "--level", "0"]) == 2
    assert main(["hub", "--level", "11"]) == 2
    assert main(["hub", "--variant", "chess"]) == 2
    err = capsys.readouterr().err
    assert "expected HOST:PORT" in err and "port must be a number" in err
    assert "--level must be 1..10" in err and "unknown variant 'chess'" in err


def test_an_even_score_prints_elo_plus_zero() -> None:
    # issue 24: exactly 50% printed as "Elo -0.0" (and "-0 ±495" in the progress line)
    assert str(elo_from_score(0.5)) == "0.0"
    for score in (MatchScore(3, 4, 3), MatchScore(0, 2, 0), MatchScore(5, 0, 5)):
        assert "Elo +0.0 " in score.summary() and "-0" not in score.summary()
        assert f"{score.elo():+.0f}" == "+0"
