"""Same-process A/B of the pure-Python engine against the engine of another git revision.

    .venv/bin/python bench/engine_ab.py --before d27b829 --depth 10 --rounds 3

The ``damier/engine`` package of revision ``--before`` is extracted from git into a
temporary folder as the package ``damier_engine_before`` (its imports of ``damier.engine``
rewritten), so that both engines run in this one process on the same core (move
generator), alternately, round after round: a burst of load on the shared machine then
hits both sides alike. Both run on the pure-Python path (``DAMIER_PURE=1`` is set before
damier is imported). Reports, per version, the nodes and the CPU time (``process_time``)
of a search to ``--depth`` from the International start: the best and the median round.

This script must not be imported by the package or the tests.
"""

from __future__ import annotations

import argparse
import importlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ["DAMIER_PURE"] = "1"
BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(ROOT / "src"))

from damier import Board  # noqa: E402
from damier.engine import Engine, Limit  # noqa: E402

PACKAGE = "src/damier/engine"


def extract(rev: str, into: Path) -> Any:
    """The ``Engine`` class of the engine package at ``rev`` (see the module docstring)."""
    name = "damier_engine_before"
    files = subprocess.run(["git", "-C", str(ROOT), "ls-tree", "-r", "--name-only", rev, PACKAGE],
                           check=True, capture_output=True, text=True).stdout.split()
    for path in files:
        data = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{path}"],
                              check=True, capture_output=True).stdout
        target = into / name / path[len(PACKAGE) + 1:]
        target.parent.mkdir(parents=True, exist_ok=True)
        if path.endswith(".py"):
            data = data.replace(b"damier.engine", name.encode())
        target.write_bytes(data)
    sys.path.insert(0, str(into))
    return importlib.import_module(f"{name}.engine").Engine


def run(engine_class: Any, depth: int) -> tuple[int, float, str]:
    """Nodes, CPU seconds and best move of one search to ``depth`` from the start."""
    engine = engine_class()
    board = Board()
    start = time.process_time()
    info = engine.analyse(board, Limit(depth=depth))[0]
    return info.nodes, time.process_time() - start, info.pv[0].short()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", required=True, help="git revision of the engine to compare with")
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        before = extract(args.before, Path(tmp))
        sides = {f"before ({args.before})": before, "after (work tree)": Engine}
        for cls in sides.values():  # build the evaluators and tables outside the timing
            run(cls, 2)
        times: dict[str, list[float]] = {k: [] for k in sides}
        nodes: dict[str, int] = {}
        for r in range(args.rounds):
            order = list(sides) if r % 2 == 0 else list(sides)[::-1]
            for label in order:
                n, cpu, best = run(sides[label], args.depth)
                nodes[label] = n
                times[label].append(cpu)
                print(f"round {r + 1}: {label}: {n} nodes, {cpu:.3f} s CPU, best {best}", flush=True)
    base = None
    for label, t in times.items():
        best, median = min(t), statistics.median(t)
        rate = nodes[label] / best
        line = (f"{label}: depth {args.depth}, {nodes[label]} nodes, CPU best {best:.3f} s, "
                f"median {median:.3f} s, {rate:,.0f} nodes/s")
        if base is None:
            base = rate
        else:
            line += f" ({rate / base:.2f}x the nodes/s of before)"
        print(line)


if __name__ == "__main__":
    main()
