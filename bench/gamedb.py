"""Benchmark: the game database at 10,000, 100,000 and 1,000,000 games, every goal of
issue 28 measured side by side in one run (docs/analysis.md, "Game databases at scale").

The corpus is made by ``bench/db_corpus.py`` (seed and command there); this script imports
its first files into a fresh database for each size and measures:

* import: wall and CPU seconds (this process and its workers), games/s, peak RSS of the
  committing process and of the largest worker, with the load average before and after;
* size: bytes per game of the SQLite file;
* explorer: p50/p99 of :meth:`Explorer.lookup` over positions of the first 20 plies of
  sampled games (and the start position), without filters and with a year and rating filter;
* search: exact position (sampled plies; the start position apart), same material, opening
  (first 4 moves), tags (player, event, dates, both);
* the web app's first use: the default game files imported (wall and CPU);
* the explorer of damier 0.x (the SQLite text tables it replaces, loaded from git) importing
  the same first file, for the ratio.

Usage::

    nice -n 10 python bench/gamedb.py --corpus /work/scratch/db/corpus --kind random \\
        --sizes 10000 100000 1000000 --jobs 2 --work /work/scratch/db/bench \\
        --output bench/results/gamedb-random.json
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from damier.analysis.explorer import Explorer, Filters
from damier.analysis.gamesearch import GameQuery, search
from damier.core.board import Board
from damier.formats.pdn import read_games
from damier.protocol.match.executors import local_executor

ROOT = Path(__file__).resolve().parent.parent
OLD_EXPLORER = "e6aad4d"
"""The commit whose explorer (text tables, Python replay) is the baseline."""


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.1f}/{five:.1f}/{fifteen:.1f}"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


CPU: list[float] = []
"""The CPU milliseconds of the calls timed since it was last emptied."""


def timed(fn: Any, *args: Any, **kwargs: Any) -> tuple[float, Any]:
    """Wall milliseconds of a call (its CPU milliseconds go to :data:`CPU`)."""
    t, c = time.perf_counter(), time.process_time()
    out = fn(*args, **kwargs)
    CPU.append((time.process_time() - c) * 1000)
    return (time.perf_counter() - t) * 1000, out


def cpu_p99() -> float:
    """p99 of the CPU milliseconds in :data:`CPU`, which is emptied."""
    value = round(percentile(CPU, 0.99), 2) if CPU else 0.0
    CPU.clear()
    return value


def import_corpus(files: list[Path], db: Path, jobs: int) -> dict[str, Any]:
    before_self, before_children = time.process_time(), resource.getrusage(resource.RUSAGE_CHILDREN)
    load_before = load()
    t = time.perf_counter()
    ex = Explorer(db)
    executor = local_executor(jobs) if jobs else None
    try:
        reports = ex.import_files(files, executor=executor, jobs=max(jobs, 1))
    finally:
        if executor is not None:
            executor.shutdown()
    wall = time.perf_counter() - t
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (time.process_time() - before_self) + (children.ru_utime + children.ru_stime
                                                  - before_children.ru_utime
                                                  - before_children.ru_stime)
    games = sum(r.games for r in reports)
    ex.close()
    size = sum(p.stat().st_size for p in db.parent.glob(db.name + "*"))
    return {"games": games, "wall_s": round(wall, 1), "cpu_s": round(cpu, 1),
            "games_per_s": round(games / wall), "games_per_cpu_s": round(games / cpu),
            "rss_main_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
            "rss_worker_mb": round(children.ru_maxrss / 1024),
            "bytes_per_game": round(size / max(games, 1)), "load_before": load_before,
            "load_after": load()}


def sample_positions(files: list[Path], count: int, rng: random.Random
                     ) -> tuple[list[str], list[str], list[list[str]]]:
    """FENs of the first 20 plies (explorer), FENs at random plies (search), openings."""
    opening_fens: list[str] = []
    deep_fens: list[str] = []
    openings: list[list[str]] = []
    for game in read_games(files[0]):
        if len(deep_fens) >= count:
            break
        board = Board(game.rules)
        moves = game.mainline_moves()
        stop = rng.randrange(len(moves)) if moves else 0
        texts = []
        for ply, move in enumerate(moves):
            if ply < 20:
                opening_fens.append(board.fen())
            if ply < 4:
                texts.append(board.notation(move))
            if ply == stop:
                deep_fens.append(board.fen())
            board.push(move)
        openings.append(texts)
    rng.shuffle(opening_fens)
    return opening_fens[:count], deep_fens, openings[:count // 10]


def queries(db: Path, files: list[Path], count: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    opening_fens, deep_fens, openings = sample_positions(files, count, rng)
    ex = Explorer(db)
    ex.lookup("international", None)  # segments loaded once, as a server would
    out: dict[str, Any] = {"load": load()}
    for name, filters in (("explorer", None), ("explorer_filtered",
                                               Filters(since=2000, min_rating=1900))):
        CPU.clear()
        times = [timed(ex.lookup, "international", fen, 8, filters)[0] for fen in opening_fens]
        cpu = cpu_p99()
        start = [timed(ex.lookup, "international", None, 8, filters)[0] for _ in range(5)]
        out[name] = {"positions": len(times), "p50_ms": round(statistics.median(times), 2),
                     "p99_ms": round(percentile(times, 0.99), 2), "p99_cpu_ms": cpu,
                     "max_ms": round(max(times), 2), "start_ms": round(min(start), 2),
                     "start_cpu_ms": round(min(CPU), 2)}
        CPU.clear()
    exact = [timed(search, ex, GameQuery(fen=fen))[0] for fen in deep_fens[:count // 10]]
    cpu = cpu_p99()
    start_ms, found = timed(search, ex, GameQuery(fen=Board().fen()))
    out["position_search"] = {"positions": len(exact), "p50_ms": round(statistics.median(exact), 1),
                              "p99_ms": round(percentile(exact, 0.99), 1), "p99_cpu_ms": cpu,
                              "max_ms": round(max(exact), 1), "start_ms": round(start_ms, 1),
                              "start_cpu_ms": cpu_p99(), "start_games": found["total"]}
    material = [timed(search, ex, GameQuery(fen=fen, material=True))[0]
                for fen in deep_fens[:count // 20]]
    out["material_search"] = {"p50_ms": round(statistics.median(material), 1),
                              "max_ms": round(max(material), 1), "p99_cpu_ms": cpu_p99()}
    opened = [timed(search, ex, GameQuery(opening=o))[0] for o in openings if len(o) == 4]
    out["opening_search"] = {"p50_ms": round(statistics.median(opened), 1),
                             "max_ms": round(max(opened), 1), "p99_cpu_ms": cpu_p99()}
    tags = {"player": GameQuery(player=f"Player {rng.randrange(5000):04d}"),
            "event": GameQuery(event=f"Tournament {rng.randrange(400):03d}"),
            "dates": GameQuery(date_from="1990.01", date_to="1990.06"),
            "player+dates+result": GameQuery(player="Player 01", date_from="2000",
                                             result="white")}
    out["tag_search_ms"] = {name: round(min(timed(search, ex, q)[0] for _ in range(3)), 1)
                            for name, q in tags.items()}
    out["tag_search_cpu_p99_ms"] = cpu_p99()
    ex.close()
    return out


def default_games() -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        ex = Explorer(Path(tmp) / "default.sqlite3")
        t, c = time.perf_counter(), time.process_time()
        games = sum(r.games for r in ex.import_default())
        out = {"games": games, "wall_s": round(time.perf_counter() - t, 2),
               "cpu_s": round(time.process_time() - c, 2), "load": load()}
        ex.close()
    return out


def old_explorer(file: Path, games: int) -> dict[str, Any]:
    """The explorer this one replaces, from git, importing ``games`` games of ``file``."""
    source = subprocess.run(["git", "-C", str(ROOT), "show",
                             f"{OLD_EXPLORER}:src/damier/analysis/explorer.py"],
                            capture_output=True, text=True, check=True).stdout
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "old_explorer.py"
        path.write_text(source)
        spec = importlib.util.spec_from_file_location("old_explorer", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["old_explorer"] = module
        spec.loader.exec_module(module)
        text = file.read_text(encoding="utf-8")
        chunks = text.split("\n\n[Event")
        part = chunks[0] + "".join("\n\n[Event" + c for c in chunks[1:games])
        ex = module.Explorer(Path(tmp) / "old.sqlite3")
        t, c = time.perf_counter(), time.process_time()
        report = ex.import_text(part, "old")
        wall, cpu = time.perf_counter() - t, time.process_time() - c
        ex.close()
        size = (Path(tmp) / "old.sqlite3").stat().st_size
    return {"games": report.games, "wall_s": round(wall, 1), "cpu_s": round(cpu, 1),
            "games_per_cpu_s": round(report.games / cpu),
            "bytes_per_game": round(size / report.games), "load": load()}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, required=True)
    ap.add_argument("--kind", default="random")
    ap.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000, 1_000_000])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--work", type=Path, required=True)
    ap.add_argument("--positions", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=28)
    ap.add_argument("--baseline-games", type=int, default=5000)
    ap.add_argument("--output", type=Path)
    args = ap.parse_args()
    files = sorted(args.corpus.glob(f"{args.kind}-*.pdn"))
    per_file = sum(1 for _ in read_games(files[0], replay=False))
    results: dict[str, Any] = {"kind": args.kind, "cpus": os.cpu_count(), "sizes": {}}
    results["baseline_old_explorer"] = old_explorer(files[0], args.baseline_games)
    print(json.dumps({"baseline_old_explorer": results["baseline_old_explorer"]}), flush=True)
    results["web_first_use"] = default_games()
    print(json.dumps({"web_first_use": results["web_first_use"]}), flush=True)
    for size in args.sizes:
        chosen = files[:max(1, size // per_file)]
        if len(chosen) * per_file < size:
            print(f"only {len(chosen) * per_file} games in the corpus for {size}", flush=True)
            continue
        work = args.work / str(size)
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
        db = work / "games.sqlite3"
        entry = {"import": import_corpus(chosen, db, args.jobs)}
        print(json.dumps({size: entry}), flush=True)
        entry["queries"] = queries(db, chosen, args.positions, args.seed)
        print(json.dumps({size: entry["queries"]}), flush=True)
        results["sizes"][size] = entry
        if args.output:  # written after each size: a long run keeps what it measured
            args.output.parent.mkdir(parents=True, exist_ok=True)
            args.output.write_text(json.dumps(results, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
