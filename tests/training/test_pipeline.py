"""The training pipeline at a tiny scale: positions, fit, gate (``damier train``), in seconds."""

from __future__ import annotations

import json
import random
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from damier import Board, get_variant
from damier.cli import main
from damier.cli.train import GENERIC
from damier.core.position import Position
from damier.engine import patterns, weightfile
from damier.engine.evaluate import build_evaluator, weights_for, with_fields
from damier.engine.native import native_evaluator
from damier.engine.timecontrol import Limit
from damier.protocol.match.stats import MatchScore
from damier.training import dataset
from damier.training import samples as samples_file
from damier.training.fit import Design, FitSettings, fit
from damier.training.gate import GatePair, play_pair
from damier.training.selfplay import SelfPlayTask, engine_with, is_quiet, play_task

TINY = ["--play-depth", "2", "--label-depth", "3", "--concurrency", "0"]


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A positions file of two Russian games and the weights fitted to it."""
    folder = tmp_path_factory.mktemp("train")
    positions = folder / "p.txt"
    assert main(["train", "positions", "-v", "russian", "--games", "2", "--games-per-task", "1",
                 "--sample-rate", "0.5", "--out", str(positions), *TINY]) == 0
    assert main(["train", "fit", str(positions), "--out", str(folder / "w"), "--epochs", "20",
                 "--min-count", "1"]) == 0
    return positions, folder / "w" / "russian.json"


def test_positions_file_holds_labelled_quiet_positions(trained: tuple[Path, Path]) -> None:
    header, found = samples_file.read(trained[0])
    assert header["variant"] == "russian"
    prov = header["provenance"]
    assert prov["seeds"] == [1, 2] and prov["games"] == 2 and prov["label_depth"] == 3
    assert prov["positions"] == len(found) > 0
    assert {s.game for s in found} <= {100_000, 200_000}
    engine = engine_with("russian", None)
    for s in found[:5]:
        board = Board("russian", position=Position(s.white, s.black, s.kings, s.turn))
        assert is_quiet(board)
        # the label is the depth-3 search of the position (White's view); the game's history
        # can only change it through the draw rules, which a quiet middle game does not meet
        score = engine.analyse(board, Limit(depth=3))[0].score
        assert s.score == (score if s.turn == 0 else -score)


def test_fit_writes_weights_that_load_and_play(trained: tuple[Path, Path]) -> None:
    path = trained[1]
    fields = weightfile.read(path)
    assert Path(str(fields["patterns"])) == path.parent / "russian.ptw"
    found = patterns.read(str(fields["patterns"]))
    rules = get_variant("russian")
    shipped = patterns.read(weights_for(rules).patterns)  # the fit keeps the start's form
    assert (found.layout, found.phases) == (shipped.layout, shipped.phases)
    assert len(found.tables) == len(patterns.layout_windows(rules.geometry, found.layout))
    prov = weightfile.provenance(path)
    assert prov["command"].startswith("damier train fit")
    assert prov["positions"] == len(samples_file.read(trained[0])[1])
    assert prov["positions_files"][0]["seeds"] == [1, 2]
    report = prov["report"]
    assert report["train_error_after"] <= report["train_error_before"]
    weights = with_fields(weights_for(rules), fields)
    assert weights != weights_for(rules)
    # the two paths of the evaluation agree on the fitted weights
    native = native_evaluator(rules, weights)
    pure = build_evaluator(rules, weights)
    for s in samples_file.read(trained[0])[1]:
        if native is not None:
            position = (s.white, s.black, s.kings, s.turn)
            assert native.evaluate(*position) == pure(*position)
    engine = engine_with("russian", weights)
    board = Board("russian")
    for _ in range(12):
        if board.outcome() is not None:
            break
        move = engine.play(board, Limit(depth=2)).move
        assert move in board.legal_moves
        board.push(move)


def test_gate_plays_both_colours_and_records(trained: tuple[Path, Path]) -> None:
    path = trained[1]
    assert main(["train", "gate", str(path), "--games", "2", "--nodes", "300", "--concurrency", "0"]) == 0
    gates = weightfile.provenance(path)["gates"]
    assert gates[-1]["wins"] + gates[-1]["draws"] + gates[-1]["losses"] == 2
    assert gates[-1]["nodes"] == 300
    assert gates[-1]["openings"] == "1 from seeds 1000..1000"  # the pairs played, not those planned
    assert weightfile.read(path)["king"] == json.loads(path.read_text())["weights"]["king"]


def test_gate_games_repeat_with_a_book_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Node-limited gate games are the same every time even where the variant ships a book
    (its weighted random choice once made a 1,000-game gate differ from its first 300 games)."""
    monkeypatch.delenv("DAMIER_BOOK")
    assert engine_with("russian", None).book is None
    weights = weights_for(get_variant("russian"))
    pair = GatePair("russian", seed=7, current=weights, candidate=weights, nodes=300,
                    opening_plies=(0, 0))   # the start position: the book knows it
    first = play_pair(pair)
    assert [play_pair(pair) for _ in range(2)] == [first, first]


@pytest.mark.parametrize("variant", ["international", "russian", "english"])
def test_design_rows_rebuild_the_evaluation(variant: str) -> None:
    """The fit's rows at the starting parameters are the evaluation itself (positions
    without kings: the endgame divisors are the only non-linear terms)."""
    found = [s for s in play_task(SelfPlayTask(variant, 5, 1, 2, 2, sample_rate=1.0)) if not s.kings]
    assert found
    rules = get_variant(variant)
    start = weights_for(rules)
    design = Design(rules, start, found, with_tables=True)
    evaluate = build_evaluator(rules, start)
    scores = design.scores(np.zeros(len(design.terms)), design.initial())
    for s, score in zip(found, scores, strict=True):
        e = evaluate(s.white, s.black, s.kings, s.turn)
        e = e if s.turn == 0 else -e
        if design.phases == 1:
            assert score == e
        else:   # the kernel rounds the phase mix towards zero
            assert abs(score - e) < 1


@pytest.mark.parametrize("variant", ["international", "russian"])
def test_design_of_phases_and_blocks_is_the_evaluation(variant: str, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """With random two-phase tables of row and block windows (PTW2) the rows are the
    evaluation but for the kernel's rounding of the phase mix (under one centi-man)."""
    rules = get_variant(variant)
    rng = random.Random(3)
    count = len(patterns.layout_windows(rules.geometry, 1))
    tables = [[rng.randint(-60, 60) for _ in range(2 * patterns.ENTRIES)] for _ in range(count)]
    monkeypatch.setattr(patterns, "DATA", tmp_path)
    (tmp_path / "r.ptw").write_bytes(patterns.dump(tables, 2, 1, patterns.start_men(rules)))
    start = replace(weights_for(rules), patterns="r.ptw")
    found = [s for s in play_task(SelfPlayTask(variant, 5, 1, 2, 2, sample_rate=1.0)) if not s.kings]
    design = Design(rules, start, found, with_tables=True)
    assert (design.layout, design.phases, len(design.start_tables)) == (1, 2, count)
    evaluate = build_evaluator(rules, start)
    scores = design.scores(np.zeros(len(design.terms)), design.initial())
    mixed = {round(float(x), 6) % 1 for x in design.mix[0]}
    assert len(mixed) > 1   # the men on the board change the mix
    for s, score in zip(found, scores, strict=True):
        e = evaluate(s.white, s.black, s.kings, s.turn)
        e = e if s.turn == 0 else -e
        assert abs(score - e) < 1


def test_fit_of_new_layout_and_phases_writes_a_ptw2_both_paths_read(trained: tuple[Path, Path],
                                                                    tmp_path: Path) -> None:
    """``--layout rows+blocks --phases 2`` from the shipped row tables: the old tables are
    the start of both phases, the blocks start at zero; the file written is PTW2 and the
    two evaluation paths agree on it."""
    assert main(["train", "fit", str(trained[0]), "--out", str(tmp_path), "--layout", "rows+blocks",
                 "--phases", "2", "--epochs", "5"]) == 0
    fields = weightfile.read(tmp_path / "russian.json")
    found = patterns.read(str(fields["patterns"]))
    rules = get_variant("russian")
    assert (found.phases, found.layout, found.full) == (2, 1, 24)
    assert len(found.tables) == len(patterns.layout_windows(rules.geometry, 1))
    assert (tmp_path / "russian.ptw").read_bytes()[:4] == b"PTW2"
    weights = with_fields(weights_for(rules), fields)
    native, pure = native_evaluator(rules, weights), build_evaluator(rules, weights)
    for s in samples_file.read(trained[0])[1]:
        assert native.evaluate(s.white, s.black, s.kings, s.turn) == pure(s.white, s.black, s.kings, s.turn)


def test_fit_moves_a_weight_towards_the_labels() -> None:
    """Positions labelled by an evaluation whose men are worth more advanced: the fit raises
    the advancement weights it can see."""
    rules = get_variant("russian")
    start = replace(weights_for(rules), patterns="")
    found = play_task(SelfPlayTask("russian", 3, 2, 2, 2, sample_rate=1.0))
    teacher = build_evaluator(rules, replace(start, advance=tuple(a + 10 for a in start.advance)))
    labelled = []
    for s in found:
        e = teacher(s.white, s.black, s.kings, s.turn)
        labelled.append(s._replace(score=max(-1000, min(1000, e if s.turn == 0 else -e))))
    result = fit(rules, start, labelled, FitSettings(epochs=150, rate=1.0, tables=False))
    moved = [a - b for a, b in zip(result.weights.advance[1:7], start.advance[1:7], strict=True)]
    assert sum(moved) > 10
    assert result.report["train_error_after"] < result.report["train_error_before"]


def test_fresh_tables_fit_only_the_entries_seen_often_enough() -> None:
    """Tables learnt from zero with ``min_count``: an entry fewer training positions read
    stays zero, the others are fitted (and some move)."""
    rules = get_variant("russian")
    start = replace(weights_for(rules), patterns="", pattern_split=0)
    found = play_task(SelfPlayTask("russian", 3, 2, 2, 2, sample_rate=1.0))
    train = [s for s in found if s.game % 7 != 0] or found
    seen: dict[tuple[int, int], int] = {}
    for s in train:
        for table, index, _sign in patterns.features(rules.geometry, s.white & ~s.kings, s.black & ~s.kings):
            seen[table, index] = seen.get((table, index), 0) + 1
    assert any(n < 2 for n in seen.values()) and any(n >= 2 for n in seen.values())
    result = fit(rules, start, found, FitSettings(epochs=30, rate=2.0, min_count=2))
    assert result.report["entries_fitted"] == sum(1 for n in seen.values() if n >= 2)
    for (table, index), n in seen.items():
        if n < 2:
            assert result.tables[table][index] == 0
    assert any(result.tables[t][i] for (t, i), n in seen.items() if n >= 2)


def test_tied_tables_are_learnt_once_for_their_rows() -> None:
    """``tie=2``: neighbouring row pairs share their table (8x8: tables 0-1 and 2-3), and
    the tied fit still moves them; the tied start is the mean of the shipped tables (of
    Brazilian, whose shipped tables are row windows with one phase)."""
    rules = get_variant("brazilian")
    start = replace(weights_for(rules), pattern_split=0)
    assert (patterns.read(start.patterns).layout, patterns.read(start.patterns).phases) == (0, 1)
    found = [s for s in play_task(SelfPlayTask("brazilian", 3, 2, 2, 2, sample_rate=1.0)) if not s.kings]
    result = fit(rules, replace(start, patterns=""), found, FitSettings(epochs=20, rate=2.0, tie=2))
    assert len(result.tables) == 4
    assert result.tables[0] == result.tables[1] and result.tables[2] == result.tables[3]
    assert any(result.tables[0]) and result.tables[0] != result.tables[2]
    design = Design(rules, start, found, with_tables=True, tie=2)
    shipped = patterns.load(start.patterns)
    assert shipped[0] != shipped[1]
    assert [list(design.group(t)) for t in range(4)] == [[0, 1], [0, 1], [2, 3], [2, 3]]
    initial = design.initial().reshape(4, patterns.ENTRIES)
    assert list(initial[0]) == [(a + b) / 2 for a, b in zip(shipped[0], shipped[1], strict=True)]
    assert not initial[1].any()   # table 1's parameters are table 0's


def test_fit_from_the_generic_hand_weights(trained: tuple[Path, Path], tmp_path: Path) -> None:
    """``--weights generic`` starts from the rules' hand weights and tables at zero; with
    ``--min-count`` only the entries read often enough can be non-zero."""
    assert main(["train", "fit", str(trained[0]), "--out", str(tmp_path), "--weights", "generic",
                 "--min-count", "3", "--epochs", "10", "--k", "0.9"]) == 0
    path = tmp_path / "russian.json"
    prov = weightfile.provenance(path)
    assert prov["start"] == "generic" and prov["fit"]["min_count"] == 3
    assert prov["fit"]["k"] == prov["report"]["K"] == 0.9
    fields = weightfile.read(path)
    assert fields["pattern_split"] == 0
    tables = patterns.load(str(fields["patterns"]))
    assert 0 < sum(1 for t in tables for x in t if x) <= prov["report"]["entries_fitted"]


def test_bad_weights_files_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    path.write_text('{"format": "damier-weights/1", "variant": "russian", '
                    '"weights": {"patterns": "../x.ptw"}}')
    with pytest.raises(ValueError, match="same folder"):
        weightfile.read(path)
    path.write_text('{"format": "other"}')
    with pytest.raises(ValueError, match="format"):
        weightfile.read(path)
    with pytest.raises(ValueError, match="not evaluation weights"):
        with_fields(weights_for(get_variant("russian")), {"kingz": 3})
    assert main(["train", "gate", str(path)]) == 2


def test_positions_file_errors_name_the_line(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    samples_file.write(path, "russian", {}, [samples_file.Sample(1, 2, 0, 0, 5, 1, 0)])
    path.write_text(path.read_text() + "zz 1 0 0 5 1 0\n")
    with pytest.raises(ValueError, match=r"p.txt:3"):
        samples_file.read(path)


def test_shipped_weights_were_made_by_the_pipeline_and_gated() -> None:
    """Every shipped weights file names its data and command, and ships only after a gate
    that the candidate won (more wins than losses, SPRT accepted or interval above zero)
    and no gate that it clearly lost (an Elo interval below zero)."""
    shipped = sorted(patterns.DATA.glob("*.json"))
    assert {"russian", "czech", "frisian", "english", "italian"} <= {path.stem for path in shipped}
    for path in shipped:
        variant = get_variant(weightfile.variant_of(path)).name
        assert path.stem == variant
        fields = weightfile.read(path)
        if fields.get("patterns"):
            found = patterns.read(str(fields["patterns"]))
            windows = len(patterns.layout_windows(get_variant(variant).geometry, found.layout))
            assert len(found.tables) % windows == 0
        prov = weightfile.provenance(path)
        assert prov["command"].startswith("damier train fit")
        assert prov["positions"] == sum(p["positions"] for p in prov["positions_files"]) > 0
        assert all(p["seeds"] and p["command"].startswith("damier train positions")
                   for p in prov["positions_files"])
        scores = [(gate, MatchScore(gate["wins"], gate["draws"], gate["losses"])) for gate in prov["gates"]]
        assert any(gate["against"] in ("shipped", GENERIC) and score.wins > score.losses
                   and (any("accept H1" in line for line in gate["summary"])
                        or score.elo_interval_wilson()[0] > 0)
                   for gate, score in scores)
        assert all(score.elo_interval_wilson()[1] > 0 for _gate, score in scores)
        in_use = weights_for(get_variant(variant))
        assert all(getattr(in_use, name) == value for name, value in fields.items())


def test_dataset_shards_resume_and_label_by_the_play(tmp_path: Path) -> None:
    """``--dataset`` writes one whole shard per task and a manifest; a rerun makes only the
    missing shards, and other settings in the same folder are refused. ``--label-depth 0``
    labels each position with the score of the search that played there."""
    folder = tmp_path / "data"
    args = ["train", "positions", "-v", "russian", "--games", "2", "--games-per-task", "1",
            "--play-depth", "2", "--label-depth", "0", "--sample-rate", "1", "--concurrency", "0",
            "--dataset", str(folder)]
    assert main(args) == 0
    manifest = dataset.load_manifest(folder)
    assert manifest["settings"]["label_depth"] == 0 and manifest["seeds"] == [1, 2]
    counts = {int(k): v for k, v in manifest["shards"].items()}
    assert set(counts) == {1, 2} and all(v > 0 for v in counts.values())
    header, found = dataset.read(folder)
    assert header["variant"] == "russian" and len(found) == sum(counts.values())
    assert {s.result for s in found} <= {0, 1, 2} and len({s.score for s in found}) > 1
    first = dataset.shard_path(folder, 1)
    before = first.read_bytes()
    dataset.shard_path(folder, 2).unlink()
    assert main(args) == 0                      # resumes: shard 2 made again, shard 1 kept
    assert first.read_bytes() == before and dataset.shard_path(folder, 2).exists()
    assert dataset.read(folder)[1] == found     # the same seeds make the same positions
    # a shard renamed into place but not yet in the manifest (a run still writing) is not read
    dataset.shard_path(folder, 3).write_bytes(first.read_bytes())
    assert dataset.read(folder)[1] == found
    dataset.shard_path(folder, 3).unlink()
    assert main([*args[:-1], str(folder), "--random-moves", "0.5"]) == 2
    # the fit reads the folder; its provenance names the recipe and the shards read
    assert main(["train", "fit", str(folder), "--out", str(tmp_path / "w"), "--epochs", "3"]) == 0
    prov = weightfile.provenance(tmp_path / "w" / "russian.json")
    [source] = prov["positions_files"]
    assert source["command"].startswith("damier train positions") and source["label_depth"] == 0
    assert source["seeds"] == [[1, 2]] and source["shards"] == 2 and source["positions"] == len(found)
    assert prov["report"]["design_seconds"] >= 0 and prov["report"]["fit_seconds"] >= 0


def test_dataset_on_a_dask_cluster(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--dataset`` with ``--cluster``: the shards are made on the cluster's workers (a
    LocalCluster on 127.0.0.1) and are those of the local process pool; progress counts
    positions a second per worker."""
    distributed = pytest.importorskip("distributed")
    args = ["train", "positions", "-v", "russian", "--games", "2", "--games-per-task", "1",
            "--play-depth", "2", "--label-depth", "0", "--sample-rate", "1"]
    assert main([*args, "--concurrency", "0", "--dataset", str(tmp_path / "local")]) == 0
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None, worker_dashboard_address=None,
                                  silence_logs=40) as cluster:
        capsys.readouterr()
        assert main([*args, "--cluster", cluster.scheduler_address, "--dataset", str(tmp_path / "dask")]) == 0
    assert "positions/s per core" in capsys.readouterr().err
    assert dataset.read(tmp_path / "dask")[1] == dataset.read(tmp_path / "local")[1]


def test_fit_without_numpy_names_the_extra(trained: tuple[Path, Path], tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)   # import numpy now raises ImportError
    assert main(["train", "fit", str(trained[0]), "--out", str(tmp_path)]) == 2
    assert "pip install 'damier[train]'" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())
