"""A/B speed of the pure-Python move generator: a git revision's ``damier.core`` against the
working tree's, in one process, taking turns.

The revision's ``src/damier/core`` is extracted with ``git archive`` into a temporary folder
and imported as ``damier_ab.core`` (its imports renamed), so both versions run side by
side on the same positions, in alternating order, and the report gives each workload's
best time, the ratio of the best times (working tree / revision) and the ratio of the
medians. The counts must agree (exit status 1
otherwise). Workloads:

* ``perft(7)`` from the International start (bulk counting);
* move lists (``legal_raw``) of 2,000 International middle-game positions (random games of
  20-70 plies, seeded), and the same through ``gen.legal(position)`` (each 20 times);
* perft from the start of a few variants with their own paths (Russian, Frisian, Turkish,
  Canadian, Czech traditional with huffing, Thai).

Run: ``nice -n 10 .venv/bin/python bench/core_ab.py --rev main --rounds 9`` (it sets
``DAMIER_PURE=1``: both sides run the pure-Python path, whatever kernel is built). With
``--check N`` it times nothing and instead compares every entry point of the two versions
(legal moves in order, counts, captures, capture sequences and prefixes, quiet moves,
applied positions, captured order, perft 2) on 2N positions per variant: the net of a
refactoring that must not change behaviour. The machine is shared: the ratios are what to
read, and a quiet re-run is the way to confirm a small difference.
"""

from __future__ import annotations

import argparse
import importlib
import io
import os
import random
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
os.environ["DAMIER_PURE"] = "1"  # both sides on the pure-Python path, whatever is built

from damier.core import movegen as after_movegen  # noqa: E402
from damier.core.position import start_position  # noqa: E402
from damier.core.variants import get_variant  # noqa: E402

VARIANT_PERFT = [("russian", 8), ("frisian", 6), ("turkish", 6), ("canadian", 6),
                 ("czech-traditional", 6), ("thai", 7)]
LIST_REPEATS = 20
"""The 2,000 move lists are listed this many times per timing (one pass takes a few ms)."""


def load_revision(rev: str, into: Path) -> ModuleType:
    """``damier_ab.core.movegen`` from the core of git revision ``rev``."""
    data = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "src/damier/core"],
                          capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    package = into / "damier_ab"
    (into / "src" / "damier").rename(package)
    (package / "__init__.py").write_text("")
    for path in package.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        path.write_text(re.sub(r"\bdamier\.core\b", "damier_ab.core", text), encoding="utf-8")
    sys.path.insert(0, str(into))
    return importlib.import_module("damier_ab.core.movegen")


def middle_game_positions(count: int, seed: int = 1) -> list[tuple[int, int, int, int, int]]:
    rules = get_variant("international")
    # a generator of its own: the random games fill its quiet-move tables with tens of
    # thousands of keys, and a shared one would make the timed lookups slower for one side
    gen = after_movegen.MoveGenerator(rules)
    rng = random.Random(seed)
    out: list[tuple[int, int, int, int, int]] = []
    while len(out) < count:
        pos = start_position(rules)
        for _ in range(rng.randint(20, 70)):
            moves = gen.legal(pos)
            if not moves:
                break
            pos = gen.apply(pos, rng.choice(sorted(moves, key=lambda m: (m[0], m[1], m[2], m[5]))))
        else:
            if gen.legal(pos):
                out.append(tuple(pos))  # type: ignore[arg-type]
    return out


def workloads(movegen: ModuleType, positions: list[Any]) -> dict[str, Callable[[], int]]:
    """Name -> a function returning a count (the same for both versions)."""
    intl = get_variant("international")

    def gen_of(name: str) -> Any:
        # the revision's generator is keyed by rules name too, and reads the same Rules fields
        return movegen.generator(get_variant(name))

    jobs: dict[str, Callable[[], int]] = {
        "perft(7) international": lambda: gen_of("international").perft(start_position(intl), 7),
        "legal_raw x2000": lambda: sum(len(gen_of("international").legal_raw(*p[:4]))
                                       for _ in range(LIST_REPEATS) for p in positions),
        "legal(pos) x2000": lambda: sum(len(gen_of("international").legal(p))
                                        for _ in range(LIST_REPEATS) for p in positions),
    }
    for name, depth in VARIANT_PERFT:
        rules = get_variant(name)
        jobs[f"perft({depth}) {name}"] = (
            lambda rules=rules, depth=depth: gen_of(rules.name).perft(start_position(rules), depth))
    return jobs


def check_identical(before: ModuleType, per_variant: int) -> int:
    """Every entry point of both versions gives the same answer, move order included, on
    random-game and scattered positions of every variant the revision registers; returns
    the number of differences (printed)."""
    sys.path.insert(0, str(ROOT))
    from tests.core.positions import playout_positions, scattered_positions

    registry = importlib.import_module(before.__name__.rsplit(".", 1)[0] + ".variants")
    problems = 0
    for name in registry.variant_names():
        rules = get_variant(name)
        a, b = before.generator(rules), after_movegen.generator(rules)
        positions = (playout_positions(rules, per_variant, seed=41)
                     + scattered_positions(rules, per_variant, seed=43))
        for pos in positions:
            for (what, x), (_w, y) in zip(_answers(a, pos), _answers(b, pos), strict=True):
                if x != y:
                    problems += 1
                    if problems <= 20:
                        print(f"DIFFERENT {name} {what} at {tuple(pos)}:\n  rev  {x}\n  tree {y}")
        print(f"{name}: {len(positions)} positions compared", flush=True)
    return problems


def _answers(gen: Any, pos: Any) -> list[tuple[str, object]]:
    """What a generator says about a position, entry point by entry point."""
    p4 = tuple(pos[:4])
    legal = gen.legal(pos)
    out: list[tuple[str, object]] = [
        ("legal", legal), ("count", gen.count(pos)), ("legal_raw", gen.legal_raw(*p4)),
        ("count_raw", gen.count_raw(*p4)), ("captures", gen.captures(pos)),
        ("sequences", gen.capture_sequences(pos)),
        ("prefixes", gen.capture_sequences(pos, complete_only=False)),
        ("quiets", gen.quiets(pos)), ("quiet_count", gen.quiet_count_raw(*p4)),
        ("has_capture", gen.has_capture(pos)),
        ("physical", gen.physical_raw(*p4) if gen.physical_raw else None),
        ("apply", [tuple(gen.apply(pos, m)) for m in legal]),
        ("order", [gen.captured_order(m) for m in legal]),
        ("perft 2", gen.perft(pos, 2)),
    ]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rev", default="main", help="the git revision to compare with (default main)")
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--check", type=int, metavar="N", default=0,
                    help="instead of timing, compare every entry point on 2N positions per variant")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        before_movegen = load_revision(args.rev, Path(tmp))
        if args.check:
            return 1 if check_identical(before_movegen, args.check) else 0
        positions = middle_game_positions(2000)
        sides = {"rev": workloads(before_movegen, positions), "tree": workloads(after_movegen, positions)}
        times: dict[tuple[str, str], list[float]] = {}
        counts: dict[tuple[str, str], int] = {}
        for job in sides["tree"]:
            for side in sides:  # build the generators' tables outside the timing
                sides[side][job]()
        for r in range(args.rounds):
            order = ["rev", "tree"] if r % 2 == 0 else ["tree", "rev"]
            for job in sides["tree"]:
                for side in order:
                    start = time.process_time()
                    counts[side, job] = sides[side][job]()
                    times.setdefault((side, job), []).append(time.process_time() - start)
        status = 0
        print(f"| workload (CPU s, best of {args.rounds}) | {args.rev} | working tree | tree / {args.rev}"
              " | ratio of medians |")
        print("|---|---:|---:|---:|---:|")
        for job in sides["tree"]:
            if counts["rev", job] != counts["tree", job]:
                status = 1
                print(f"MISMATCH {job}: {counts['rev', job]} != {counts['tree', job]}", file=sys.stderr)
            a, b = min(times["rev", job]), min(times["tree", job])
            median = statistics.median(times["tree", job]) / statistics.median(times["rev", job])
            print(f"| {job} | {a:.3f} | {b:.3f} | {b / a:.2f} | {median:.2f} |")
    return status


if __name__ == "__main__":
    sys.exit(main())
