"""Start-up time of the ``damier`` command: how long a short command takes from exec to exit.

Runs each command ``--runs`` times in fresh interpreters of this Python, interleaved, and
reports the best and the median wall time and the median CPU time (user + system of the
child), beside ``python -c pass`` and ``import damier``. The budget for ``damier moves``
and ``damier perft --depth 1`` is 0.3 s wall on the development machine.

``--against DIR`` runs the same commands a second time with ``DIR`` (the ``src`` folder of
another checkout, e.g. a ``git worktree`` of an older commit) first on ``PYTHONPATH``, in
the same rounds, and prints the ratios:

    git worktree add /tmp/before <commit>
    .venv/bin/python bench/startup.py --against /tmp/before/src

Wall times depend on the machine's load; CPU times and same-run ratios much less.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
COMMANDS = {
    "python -c pass": ["-c", "pass"],
    "import damier": ["-c", "import damier"],
    "damier moves": ["-m", "damier", "moves"],
    "damier perft --depth 1": ["-m", "damier", "perft", "--depth", "1"],
    "damier --help": ["-m", "damier", "--help"],
}
BUDGET = 0.3


def run_once(args: list[str], src: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one run of ``python ARGS`` with ``src`` first on the path."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], env=env, stdout=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--against", type=Path, help="the src folder of another checkout")
    args = ap.parse_args()
    trees = {"this": SRC} | ({"against": args.against.resolve()} if args.against else {})
    times: dict[tuple[str, str], list[tuple[float, float]]] = {
        (tree, name): [] for tree in trees for name in COMMANDS}
    for _ in range(args.runs):
        for name, argv in COMMANDS.items():
            for tree, src in trees.items():
                times[tree, name].append(run_once(argv, src))
    print(f"{args.runs} runs each, interleaved; load average {os.getloadavg()[0]:.1f}")
    print(f"{'command':26} {'tree':8} {'best':>8} {'median':>8} {'cpu':>8}")
    for name in COMMANDS:
        for tree in trees:
            walls = [w for w, _ in times[tree, name]]
            cpus = [c for _, c in times[tree, name]]
            print(f"{name:26} {tree:8} {min(walls):8.3f} {statistics.median(walls):8.3f} "
                  f"{statistics.median(cpus):8.3f}")
        if args.against:
            ratio = statistics.median(w for w, _ in times["against", name]) / statistics.median(
                w for w, _ in times["this", name])
            print(f"{'':26} against/this median wall: {ratio:.2f}x")
    over = [n for n in ("damier moves", "damier perft --depth 1")
            if statistics.median(w for w, _ in times["this", n]) > BUDGET]
    if over:
        print(f"over the {BUDGET} s budget (median wall): {', '.join(over)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
