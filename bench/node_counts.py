"""The engine's node counts at a fixed depth on a fixed set of positions: the proof that a
change which must not change behaviour (a refactoring of the move generator, the binding,
the engine's faces) did not.

    .venv/bin/python bench/node_counts.py --depth 5 --out /tmp/after.json
    DAMIER_PURE=1 .venv/bin/python bench/node_counts.py --depth 4 --out /tmp/after-pure.json
    .venv/bin/python bench/node_counts.py --depth 5 --compare /tmp/before.json

The positions: the start of eight variants and, for each, three middle-game positions of a
seeded random game (20, 30 and 40 plies; the same on every run and every revision). Each is
searched from scratch (a new :class:`~damier.engine.Engine`, so no table carries over) to
``--depth``; the report is the nodes and the best move per position. Run it on the revision
before a change (``git worktree add``) and after it, with and without ``DAMIER_PURE=1``:
``--compare`` prints the differences and exits 1 if there is any.

This script must not be imported by the package or the tests.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from damier import Board
from damier.core import kernel
from damier.engine import Engine, Limit

VARIANTS = ("international", "russian", "brazilian", "english", "italian", "frisian", "czech",
            "turkish")
PLIES = (20, 30, 40)


def positions() -> dict[str, Board]:
    """The named positions (see the module docstring)."""
    out = {}
    for variant in VARIANTS:
        out[f"{variant}/start"] = Board(variant)
        for plies in PLIES:
            out[f"{variant}/{plies}"] = Board(variant).play_random(random.Random(f"{variant}-{plies}"),
                                                                   plies)
    return out


def counts(depth: int) -> dict[str, list[int | str | None]]:
    """``name -> [nodes, best move]`` of a fresh search to ``depth`` on every position."""
    result: dict[str, list[int | str | None]] = {}
    for name, board in positions().items():
        if not board.legal_moves:
            continue
        info = Engine().analyse(board, Limit(depth=depth))[0]
        result[name] = [info.nodes, info.pv[0].long() if info.pv else None]
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--out", type=Path, help="write the counts to this JSON file")
    parser.add_argument("--compare", type=Path, help="compare with the counts of this JSON file")
    args = parser.parse_args(argv)
    table = counts(args.depth)
    total = sum(int(nodes or 0) for nodes, _move in table.values())
    print(f"{kernel.path()} path, depth {args.depth}: {len(table)} positions, {total:,} nodes in all")
    if args.out:
        report = {"path": kernel.path(), "depth": args.depth, "counts": table}
        args.out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    if not args.compare:
        return 0
    before: dict[str, list[int | str | None]] = json.loads(args.compare.read_text(encoding="utf-8"))["counts"]
    differ = sorted(name for name in set(before) | set(table) if before.get(name) != table.get(name))
    for name in differ:
        print(f"  {name}: {before.get(name)} -> {table.get(name)}")
    print("same node counts and best moves" if not differ else f"{len(differ)} positions differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
