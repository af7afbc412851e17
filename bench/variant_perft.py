"""Perft from the start position of the given variants, by two independent generators.

For each variant and depth 1, 2, … up to ``--depth`` (8), the count of the pure-Python
generator (``damier.core.pure_movegen``, whatever native kernel is built) and of the slow
reference generator (``tests/core/reference.py``,
which plays every move on a dict board) is computed in a child process that is stopped
after ``--limit`` seconds (60); a generator stops at its first depth over the limit. The
two counts must agree wherever both finished: the script exits with status 1 otherwise.
The table it prints (markdown) is the one in ``docs/core.md``.

Run: ``.venv/bin/python bench/variant_perft.py thai portuguese …`` (``nice -n 10`` on a
shared machine: the run takes minutes).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NEW_VARIANTS = ["thai", "portuguese", "malaysian", "ceylonese", "old-french", "german"]


def _count(queue: mp.Queue, variant: str, depth: int, which: str) -> None:  # type: ignore[type-arg]
    sys.path.insert(0, str(ROOT))
    from damier.core.position import start_position
    from damier.core.pure_movegen import MoveGenerator
    from damier.core.variants import get_variant

    rules = get_variant(variant)
    pos = start_position(rules)
    start = time.perf_counter()
    if which == "fast":
        n = MoveGenerator(rules).perft(pos, depth)
    else:
        from tests.core import reference

        n = reference.perft(rules, pos, depth)
    queue.put((n, time.perf_counter() - start))


def run(variant: str, depth: int, which: str, limit: float) -> tuple[int, float] | None:
    """``(count, seconds)``, or None when the child did not finish within ``limit``."""
    queue: mp.Queue = mp.Queue()  # type: ignore[type-arg]
    child = mp.Process(target=_count, args=(queue, variant, depth, which))
    child.start()
    child.join(limit)
    if child.is_alive():
        child.terminate()
        child.join()
        return None
    return queue.get() if not queue.empty() else None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variants", nargs="*", default=NEW_VARIANTS)
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--limit", type=float, default=60.0, help="seconds per count (default 60)")
    args = ap.parse_args()
    status = 0
    print("| variant | depth | count (pure) | s | count (reference) | s |")
    print("|---|---:|---:|---:|---:|---:|")
    for variant in args.variants:
        alive = {"fast": True, "reference": True}
        for depth in range(1, args.depth + 1):
            got: dict[str, tuple[int, float] | None] = {}
            for which in ("fast", "reference"):
                got[which] = run(variant, depth, which, args.limit) if alive[which] else None
                alive[which] = got[which] is not None
            if not any(alive.values()):
                break
            fast, ref = got["fast"], got["reference"]
            if fast and ref and fast[0] != ref[0]:
                status = 1
            cells = [f"{r[0]:,} | {r[1]:.2f}" if r else "– | –" for r in (fast, ref)]
            print(f"| {variant} | {depth} | {cells[0]} | {cells[1]} |", flush=True)
    if status:
        print("MISMATCH between the generators", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
