"""``damier train``: the evaluation's training pipeline (see :mod:`damier.training` and
docs/training.md).

* ``damier train positions --variant V --games N --out P.txt`` — self-play games with random
  openings, their quiet positions labelled by a deeper search, written to a positions file;
* ``damier train fit P.txt [P2.txt ...] --out DIR`` — fits the hand weights and pattern
  tables, writes ``DIR/<variant>.json`` (weights and provenance) and ``DIR/<variant>.ptw``;
* ``damier train gate DIR/<variant>.json --games N`` — plays the candidate against the
  current evaluation, prints W/D/L, Elo with its 95% interval and an SPRT's verdict, and
  records the result in the candidate's provenance.

Work runs on a process pool (``--concurrency K``) or a Dask cluster (``--cluster``), as in
``damier match``; progress goes to standard error.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from damier import __version__
from damier.cli import UsageError, add_variant_argument
from damier.cli.bounds import bounded_int, bounded_real, real
from damier.cli.match import add_executor_arguments, executor_for
from damier.core.variants import get_variant
from damier.engine import weightfile
from damier.engine.evaluate import (
    DEFAULT_FLYING,
    DEFAULT_SHORT,
    Weights,
    weights_for,
    weights_from_file,
)
from damier.engine.patterns import LAYOUTS, dump
from damier.protocol.match.stats import MatchScore, Sprt
from damier.training import dataset
from damier.training import samples as samples_file
from damier.training.fit import FitSettings, fit
from damier.training.gate import GatePair, play_pair
from damier.training.selfplay import SelfPlayTask, play_task
from damier.training.tasks import run_tasks


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("train", help="train the evaluation by self-play (positions, fit, gate)")
    steps = p.add_subparsers(dest="step", metavar="STEP", required=True)

    pos = steps.add_parser("positions", help="self-play games, quiet positions labelled by a deeper search")
    add_variant_argument(pos)
    pos.add_argument("--games", type=bounded_int(1, 1_000_000), default=100, help="games (100)")
    pos.add_argument("--games-per-task", type=bounded_int(1, 10_000), default=4,
                     help="games per unit of work (4)")
    pos.add_argument("--seed", type=bounded_int(0, 10**9), default=1,
                     help="first seed: task i uses seed + i (1)")
    pos.add_argument("--play-depth", type=bounded_int(1, 30), default=4, help="depth of the games' moves (4)")
    pos.add_argument("--label-depth", type=bounded_int(0, 30), default=8,
                     help="depth of the labels (8; 0: the score of the search that played the move)")
    pos.add_argument("--sample-rate", type=bounded_real(0.0, 1.0), default=0.35,
                     help="share of the quiet positions labelled (0.35)")
    pos.add_argument("--random-moves", type=bounded_real(0.0, 1.0), default=0.05,
                     help="share of random moves after the opening (0.05)")
    pos.add_argument("--weights", metavar="FILE.json",
                     help="play and label with these weights ('generic': the rules' hand weights)")
    where = pos.add_mutually_exclusive_group(required=True)
    where.add_argument("--out", metavar="P.txt", help="positions file to write")
    where.add_argument("--dataset", metavar="DIR",
                       help="a resumable data set: one shard per task and a manifest in DIR "
                            "(a rerun makes only the missing shards)")
    add_executor_arguments(pos, "tasks")
    pos.set_defaults(func=run_positions)

    f = steps.add_parser("fit", help="fit the hand weights and pattern tables to positions files")
    f.add_argument("positions", nargs="+", metavar="P.txt|DIR",
                   help="positions files or data set folders (--dataset of positions)")
    f.add_argument("--out", required=True, metavar="DIR", help="folder for <variant>.json and .ptw")
    f.add_argument("--weights", metavar="FILE.json",
                   help="start from these weights ('generic': the rules' hand weights; default: shipped)")
    f.add_argument("--epochs", type=bounded_int(1, 100_000), default=300, help="Adam steps (300)")
    f.add_argument("--rate", type=bounded_real(1e-6, 1000.0), default=1.0, help="Adam step, centi-men (1)")
    f.add_argument("--l2", type=bounded_real(0.0, 1.0), default=1e-6,
                   help="L2 penalty of the tables' change (1e-6)")
    f.add_argument("--result-weight", type=bounded_real(0.0, 1.0), default=0.0,
                   help="share of the game result in the target (0: search scores only)")
    f.add_argument("--split", type=bounded_int(0, 100), default=None,
                   help="second set of tables below this many men (default: as the start weights)")
    f.add_argument("--min-count", type=bounded_int(1, 10**9), default=1,
                   help="fit only the table entries at least this many training positions read (1)")
    f.add_argument("--tie", type=bounded_int(1, 100), default=1,
                   help="groups of this many neighbouring row pairs share one table (1: none)")
    f.add_argument("--k", type=bounded_real(0.01, 100.0), default=None,
                   help="the sigmoid's slope K (default: fitted to the games' results)")
    f.add_argument("--layout", choices=LAYOUTS, default=None,
                   help="pattern windows: rows, or rows and 4x4 blocks (default: as the start's tables)")
    f.add_argument("--phases", type=int, choices=(1, 2), default=None,
                   help="2: an opening and an endgame value per table entry (default: as the start's)")
    f.add_argument("--no-tables", action="store_true", help="fit the hand weights only")
    f.add_argument("--no-hand", action="store_true", help="fit the pattern tables only")
    f.set_defaults(func=run_fit)

    g = steps.add_parser("gate", help="self-play: a candidate's weights against the current ones")
    g.add_argument("candidate", metavar="FILE.json")
    g.add_argument("--against", metavar="FILE.json",
                   help="the weights to beat ('generic': the rules' hand weights; default: shipped)")
    g.add_argument("--games", type=bounded_int(2, 1_000_000), default=200,
                   help="games, two per opening (200; an SPRT may stop early)")
    g.add_argument("--nodes", type=bounded_int(100, 10**9), default=20_000, help="nodes per move (20000)")
    g.add_argument("--seed", type=bounded_int(0, 10**9), default=1000, help="first opening seed (1000)")
    g.add_argument("--sprt", nargs=4, type=real, metavar=("ELO0", "ELO1", "ALPHA", "BETA"),
                   help="stop when the SPRT of elo0 against elo1 decides")
    g.add_argument("--no-record", action="store_true",
                   help="do not write the result into the candidate's provenance")
    add_executor_arguments(g, "games")
    g.set_defaults(func=run_gate)


def _command(args: argparse.Namespace) -> str:
    """The command line that repeats this run, every option spelt out (defaults included)."""
    words = ["damier", "train", args.step]
    for key, value in vars(args).items():
        if key in ("func", "command", "step") or value is None or value is False:
            continue
        if key in ("positions", "candidate"):
            words += [str(v) for v in (value if isinstance(value, list) else [value])]
            continue
        option = "--" + key.replace("_", "-")
        if value is True:
            words.append(option)
        elif isinstance(value, list):
            words += [option, *(str(v) for v in value)]
        else:
            words += [option, str(value)]
    return shlex.join(words)


def _say(text: str) -> None:
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


GENERIC = "generic"
"""The ``--weights``/``--against`` value naming the rules' generic hand weights."""


def weights_named(variant: str, path: str | None) -> Weights:
    """The weights in ``path`` (checked to be ``variant``'s), the shipped ones for None, or
    for :data:`GENERIC` the generic hand weights of flying or short kings without pattern
    tables (the start that owes nothing to any trained or distilled number).

    >>> weights_named("international", "generic").patterns
    ''
    """
    rules = get_variant(variant)
    if path is None:
        return weights_for(rules)
    if path == GENERIC:
        return replace(DEFAULT_FLYING if rules.flying_kings else DEFAULT_SHORT, patterns="", pattern_split=0)
    try:
        return weights_from_file(path, rules)
    except ValueError as e:   # names the file; also a wrong variant or tables that do not load
        raise UsageError(str(e)) from None


def run_positions(args: argparse.Namespace) -> int:
    variant = get_variant(args.variant).name
    if args.label_depth and args.label_depth < args.play_depth:
        raise UsageError("--label-depth must be 0 or at least --play-depth")
    weights = weights_named(variant, args.weights) if args.weights else None
    per = args.games_per_task
    tasks = [SelfPlayTask(variant, args.seed + i, min(per, args.games - i * per), args.play_depth,
                          args.label_depth, random_moves=args.random_moves,
                          sample_rate=args.sample_rate, weights=weights)
             for i in range(-(-args.games // per))]
    settings = {"games_per_task": per, "play_depth": args.play_depth, "label_depth": args.label_depth,
                "sample_rate": args.sample_rate, "random_moves": args.random_moves,
                "weights": args.weights or "shipped", "damier": __version__}
    if args.dataset:
        return _positions_dataset(args, variant, tasks, settings)
    started = time.monotonic()
    parts = _play(args, tasks, started)
    found = [s for part in parts for s in part]
    provenance = {"command": _command(args), "seeds": [t.seed for t in tasks], "games": args.games,
                  **settings, "positions": len(found), "seconds": round(time.monotonic() - started, 1)}
    samples_file.write(Path(args.out), variant, provenance, found)
    print(f"{args.out}: {len(found)} positions of {args.games} {variant} games "
          f"({_labels(args)}) in {time.monotonic() - started:.0f} s")
    return 0


def _labels(args: argparse.Namespace) -> str:
    if args.label_depth:
        return f"labels at depth {args.label_depth}"
    return f"labels by the play at depth {args.play_depth}"


def _play(args: argparse.Namespace, tasks: list[SelfPlayTask], started: float,
          keep: Any = None) -> list[list[samples_file.Sample]]:
    """Run ``tasks``, reporting progress (tasks, positions, positions a second per core) and
    handing each finished task to ``keep(task, samples)``."""
    count = [0, 0, 1]   # tasks, positions, cores (the executor's slots: a cluster's workers)

    def report(number: int, part: list[samples_file.Sample]) -> None:
        if keep is not None:
            keep(tasks[number], part)
        count[0] += 1
        count[1] += len(part)
        seconds = time.monotonic() - started
        _say(f"positions: task {count[0]}/{len(tasks)}, {count[1]} positions, {seconds:.0f} s, "
             f"{count[1] / max(seconds, 1e-9) / count[2]:.1f} positions/s per core")

    with executor_for(args) as (executor, slots):
        count[2] = max(1, slots)
        return run_tasks(executor, play_task, tasks, slots, report)


def _positions_dataset(args: argparse.Namespace, variant: str, tasks: list[SelfPlayTask],
                       settings: dict[str, Any]) -> int:
    folder = Path(args.dataset)
    try:
        dataset.create(folder, variant, settings, _command(args), [t.seed for t in tasks])
    except (OSError, ValueError) as e:
        raise UsageError(str(e)) from None
    todo = set(dataset.missing(folder, [t.seed for t in tasks]))
    _say(f"positions: {len(tasks) - len(todo)} of {len(tasks)} shards already in {folder}")
    started = time.monotonic()
    _play(args, [t for t in tasks if t.seed in todo], started,
          lambda task, part: dataset.write_shard(folder, task.seed, part))
    total = sum(dataset.load_manifest(folder)["shards"].values())
    print(f"{folder}: {total} positions in {len(dataset.shards(folder))} shards of {variant} games "
          f"({_labels(args)}); this run {time.monotonic() - started:.0f} s")
    return 0


def _read_positions(names: list[str]) -> tuple[list[dict[str, Any]], list[samples_file.Sample]]:
    """The headers and positions of positions files and data set folders."""
    headers: list[dict[str, Any]] = []
    found: list[samples_file.Sample] = []
    for name in names:
        path = Path(name)
        try:
            header, part = dataset.read(path) if path.is_dir() else samples_file.read(path)
        except (OSError, ValueError) as e:
            raise UsageError(str(e)) from None
        if not part:
            raise UsageError(f"{name}: no positions")
        headers.append(header)
        found += part
    return headers, found


def _provenance_of(header: dict[str, Any]) -> dict[str, Any]:
    """What a fit records of one source: a positions file's provenance, or a data set's
    manifest with its shards counted (``seeds``: the runs of consecutive shard seeds read,
    each as ``[first, last]``)."""
    prov = dict(header["provenance"])
    if "shards" in prov:
        counts = prov.pop("shards")
        runs: list[list[int]] = []
        for seed in sorted(int(s) for s in counts):
            if runs and runs[-1][1] == seed - 1:
                runs[-1][1] = seed
            else:
                runs.append([seed, seed])
        prov = {**prov.pop("settings"), **prov, "shards": len(counts), "positions": sum(counts.values()),
                "seeds": runs}
    return prov


def run_fit(args: argparse.Namespace) -> int:
    headers, found = _read_positions(args.positions)
    variants = {get_variant(h["variant"]).name for h in headers}
    if len(variants) != 1:
        raise UsageError(f"positions of several variants: {', '.join(sorted(variants))}")
    variant = variants.pop()
    rules = get_variant(variant)
    start = weights_named(variant, args.weights)
    if args.split is not None and args.split != start.pattern_split:
        start = replace(start, pattern_split=args.split, patterns="")
    settings = FitSettings(args.epochs, args.rate, args.l2, args.result_weight, not args.no_hand,
                           not args.no_tables, args.min_count, args.k, args.tie)
    started = time.monotonic()
    layout = LAYOUTS.index(args.layout) if args.layout else None
    try:
        result = fit(rules, start, found, settings,
                     lambda epoch, err: _say(f"fit: epoch {epoch}/{args.epochs}, training error {err:.6f}"),
                     layout, args.phases)
    except RuntimeError as e:   # numpy missing
        raise UsageError(str(e)) from None
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    fields = asdict(result.weights)
    if result.tables:
        ptw = out / f"{variant}.ptw"
        ptw.write_bytes(dump(result.tables, result.phases, result.layout, result.full))
        fields["patterns"] = ptw.name
    provenance = {"command": _command(args), "positions_files": [_provenance_of(h) for h in headers],
                  "positions": len(found), "start": args.weights or "shipped",
                  "fit": asdict(settings), "report": result.report, "damier": __version__,
                  "seconds": round(time.monotonic() - started, 1)}
    path = weightfile.write(out / f"{variant}.json", variant, fields, provenance)
    r = result.report
    print(f"{path}: {len(found)} positions, K {r['K']}; error train {r['train_error_before']:.6f} -> "
          f"{r['train_error_after']:.6f}, test {r['test_error_before']:.6f} -> {r['test_error_after']:.6f}; "
          f"{r['entries_fitted']:.0f} table entries fitted; {r['design_seconds']:.0f} s to read the "
          f"positions' features, {r['fit_seconds']:.0f} s to fit")
    return 0


def run_gate(args: argparse.Namespace) -> int:
    candidate_path = Path(args.candidate)
    try:
        variant = get_variant(weightfile.variant_of(candidate_path)).name
    except (OSError, ValueError) as e:
        raise UsageError(f"{args.candidate}: {e}") from None
    candidate = weights_named(variant, args.candidate)
    current = weights_named(variant, args.against)
    if candidate == current:
        raise UsageError("the candidate's weights are the current ones")
    sprt = None
    if args.sprt:
        try:
            sprt = Sprt(*args.sprt)
        except ValueError as e:
            raise UsageError(f"--sprt: {e}") from None
    pairs = [GatePair(variant, args.seed + i, current, candidate, args.nodes)
             for i in range(args.games // 2)]
    score = [MatchScore()]
    played: list[int] = []  # the pairs that count (an SPRT stop leaves the rest unplayed)
    started = time.monotonic()

    def report(number: int, points: tuple[float, float]) -> None:
        played.append(args.seed + number)
        for p in points:
            score[0] = score[0].add(p)
        _say(f"gate: {score[0].games}/{2 * len(pairs)} games, {score[0].summary()}, "
             f"{time.monotonic() - started:.0f} s")

    def decided() -> bool:
        return sprt is not None and sprt.decision(score[0]) is not None

    with executor_for(args) as (executor, slots):
        run_tasks(executor, play_pair, pairs, slots, report, decided)
    final = score[0]
    lines = [f"candidate {args.candidate} vs {args.against or 'shipped'} ({variant}, "
             f"{args.nodes} nodes a move): {final.summary()}"]
    if sprt is not None:
        lines.append(sprt.summary(final))
    print("\n".join(lines))
    if not args.no_record:
        record = {"command": _command(args), "against": args.against or "shipped", "nodes": args.nodes,
                  "openings": f"{len(played)} from seeds {min(played, default=args.seed)}.."
                              f"{max(played, default=args.seed)}",
                  "wins": final.wins, "draws": final.draws, "losses": final.losses,
                  "summary": lines}
        doc_fields = weightfile.read(candidate_path)
        provenance = weightfile.provenance(candidate_path)
        provenance.setdefault("gates", []).append(record)
        weightfile.write(candidate_path, variant, dict(doc_fields), provenance)
    return 0
