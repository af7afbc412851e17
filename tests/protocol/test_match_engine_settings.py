"""The built-in engine's match settings: ``book=on|off``, ``weights=FILE`` (a candidate
evaluation) and ``search.NAME=VALUE`` (a candidate search), on the command line, in the engine
the match starts, and their errors."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from damier import Board
from damier.cli import main
from damier.core.variants import get_variant
from damier.engine import weightfile
from damier.engine.engine import Engine
from damier.engine.evaluate import weights_for
from damier.engine.search import SearchOptions
from damier.engine.timecontrol import Limit
from damier.protocol.errors import MatchError
from damier.protocol.match.players import EngineSpec

KINGS_AHEAD = "W:WK46,K47,31,32:B19,20,5"
"""International, White to move with two kings against men: its score follows the king's value."""


def candidate(folder: Path, variant: str = "international", king: int = 900) -> Path:
    """A weights file as ``damier train fit`` writes one, with a very different king."""
    return weightfile.write(folder / f"{variant}.json", variant, {"king": king},
                            {"command": "test"})


def test_settings_are_read_in_both_spellings(tmp_path: Path) -> None:
    path = candidate(tmp_path)
    short = EngineSpec.parse(f"damier:level=7,book=off,weights={path}")
    assert (short.level, short.book, short.weights) == (7, False, str(path.resolve()))
    long = EngineSpec.from_settings(["proto=builtin", "book=on", f"weights={path}", "name=cand"])
    assert (long.name, long.book, long.weights) == ("cand", True, str(path.resolve()))
    assert EngineSpec.parse("damier").book and EngineSpec.parse("damier").weights is None


@pytest.mark.parametrize("settings, message", [
    (["proto=builtin", "book=maybe"], "book must be on or off"),
    (["proto=builtin", "weights="], "weights= needs the path"),
    (["proto=builtin", "weights=/no/such/international.json"], "not found"),
    (["cmd=scan hub", "weights=x.json"], "for the built-in engine"),
    (["proto=dxp", "host=127.0.0.1:27531", "book=off"], "for the built-in engine"),
])
def test_bad_settings_say_what_is_wrong(settings: list[str], message: str) -> None:
    with pytest.raises(MatchError, match=message):
        EngineSpec.from_settings(settings)


def test_a_weights_file_that_does_not_fit_is_refused_before_any_game(tmp_path: Path) -> None:
    not_json = tmp_path / "international.json"
    not_json.write_text("{ not json", encoding="utf-8")
    with pytest.raises(MatchError, match=r"international\.json: not a weights file"):
        EngineSpec.parse(f"damier:weights={not_json}").engine_weights("international")
    (tmp_path / "r").mkdir()
    russian = candidate(tmp_path / "r", "russian")
    with pytest.raises(MatchError, match="weights for russian, not international"):
        EngineSpec.parse(f"damier:weights={russian}").engine_weights("international")
    broken = tmp_path / "b"
    broken.mkdir()
    path = weightfile.write(broken / "international.json", "international",
                            {"patterns": "missing.ptw"}, {})
    with pytest.raises(MatchError, match="pattern tables do not load"):
        EngineSpec.parse(f"damier:weights={path}").engine_weights("international")


def test_the_started_engine_plays_with_the_candidate_and_without_book(tmp_path: Path) -> None:
    spec = EngineSpec.parse(f"damier:book=off,weights={candidate(tmp_path)}")
    engine = spec.start("international")
    for _ in range(2):   # a new game keeps both settings
        inner = engine.engine  # type: ignore[attr-defined]
        assert inner.book is None and inner.weights.king == 900
        engine.new_game()


def test_the_candidate_changes_the_search() -> None:
    board = Board("international", KINGS_AHEAD)
    base = weights_for(get_variant("international"))

    def score(king: int) -> int:
        engine = Engine("international", weights=replace(base, king=king), egdb=False)
        info = engine.analyse(board, Limit(depth=1))[0]
        assert info.score is not None
        return info.score

    # White is two kings up for one man: each king weighs 600 more in the candidate
    assert score(900) - score(300) > 600


def test_a_tiny_match_with_a_candidate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = candidate(tmp_path)
    status = main(["match", f"damier:weights={path},name=cand", "damier:book=off",
                   "--games", "2", "--time", "nodes=300", "--openings", "start",
                   "--concurrency", "0", "--max-moves", "15"])
    assert status == 0
    assert re.search(r"cand vs damier-10: W \d D \d L \d \(2 games\)", capsys.readouterr().out)


def test_the_match_command_reports_a_bad_candidate(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = candidate(tmp_path, "russian")
    assert main(["match", f"damier:weights={path}", "damier", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "weights for russian, not international" in err and "Traceback" not in err


def test_a_missing_engine_program_stops_the_match_before_it_starts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # before, each game was lost by "failed to start" and the match reported 2-0 wins
    pdn = tmp_path / "games.pdn"
    for engine in ("no/such/engine hub", "no-such-engine-program hub"):
        assert main(["match", "damier", engine, "--games", "2", "--pgn", str(pdn)]) == 2
        err = capsys.readouterr().err
        assert "no executable program 'no" in err and "Traceback" not in err
    assert not pdn.exists()
    program = tmp_path / "engine"
    program.write_text("#!/bin/sh\n")
    with pytest.raises(MatchError, match="no executable program './engine'"):
        replace(EngineSpec.parse("./engine hub"), cwd=str(tmp_path)).check_command()
    program.chmod(0o755)
    replace(EngineSpec.parse("./engine hub"), cwd=str(tmp_path)).check_command()  # found now


def test_search_switches_select_a_candidate_search() -> None:
    short = EngineSpec.parse("damier:name=cand,search.lmr=2,search.threats=on")
    assert short.search == SearchOptions(lmr=2, threats=True)
    long = EngineSpec.from_settings(["proto=builtin", "search.probcut=0", "name=cand"])
    assert long.search == SearchOptions(probcut=0) and EngineSpec.parse("damier").search is None
    engine = long.start("international")
    for _ in range(2):   # a new game keeps them, and the searcher has them
        inner = engine.engine  # type: ignore[attr-defined]
        assert inner._searcher(inner.rules).options == SearchOptions(probcut=0)
        engine.new_game()
    board = Board()
    nodes = {opt: Engine(search=SearchOptions(lmr=opt), egdb=False).analyse(board, Limit(depth=8))[0].nodes
             for opt in (0, 1)}
    assert nodes[0] > nodes[1]   # the switch reaches the search: no reductions, more nodes


@pytest.mark.parametrize("spec, message", [
    ("damier:search.depth=3", "unknown search option 'depth'"),
    ("damier:search.lmr=two", "lmr must be a whole number"),
    ("damier:search.sacs=maybe", "sacs must be on or off"),
    ("name=x cmd=scan search.lmr=1", "for the built-in engine"),
])
def test_bad_search_switches_say_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(MatchError, match=message):
        EngineSpec.parse(spec)


def test_a_match_reads_the_weights_file_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """The file is read and checked before the first game; the games use what was read."""
    path = candidate(tmp_path)
    reads: list[Path] = []
    load = weightfile.load

    def counted(file: Path) -> tuple[str, dict[str, weightfile.FieldValue]]:
        reads.append(Path(file))
        return load(file)

    monkeypatch.setattr(weightfile, "load", counted)
    status = main(["match", f"damier:weights={path},name=cand", "damier:book=off",
                   "--games", "2", "--time", "nodes=200", "--openings", "start",
                   "--concurrency", "0", "--max-moves", "6"])
    assert status == 0 and "cand" in capsys.readouterr().out
    assert reads == [path.resolve()]

