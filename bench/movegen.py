"""Move-generation benchmark: damier's native kernel and pure-Python path beside dame-rs
(Rust) and py-draughts 1.10.1 (Turbo generator).

* perft(7) and perft(8) from the International start, bulk counting at the last ply: damier
  native, damier pure (same process), py-draughts and dame-rs' Python API, best CPU time of
  three rounds in which they take turns; ``dame perft 8`` (dame-rs' own command) beside
  them in a subprocess (``--quick``: perft(6) and perft(7));
* legal moves on 2,000 random middle-game positions (seeded random games, 20-70 plies)
  through the Python APIs: ``list(board.legal_moves)`` (Move objects) and the generator's
  ``legal`` (fast-move tuples) against dame-rs' ``Board.legal_moves``, best of several
  interleaved rounds;
* perft of Russian, English and Frisian from their start positions beside py-draughts and
  pydraughts (generic push/pop perft through their public boards);
* per-node cost of every variant relative to International (issue 13: at most 3x).

All sides run in the same run (the peers in their own venvs, see ``venvs.py``) and the
report gives ratios, because this machine is noisy. Results go to ``bench/results/``.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent / "src"))

from damier.core.fen import write_fen  # noqa: E402
from damier.core.movegen import FastMove, generator  # noqa: E402
from damier.core.position import start_position  # noqa: E402
from damier.core.variants import all_variants, get_variant  # noqa: E402

sys.path.insert(0, str(BENCH))
from venvs import python_of  # noqa: E402


def canonical(m: FastMove) -> tuple[int, int, int, int]:
    """A sort key of a move that does not depend on the generator's move order: start and end
    squares, captured set (as a bitboard) and huffed piece -- the move's identity, so no two
    legal moves share it. Random games pick from the sorted list, so reordering the generator
    leaves the benchmark's position sets unchanged."""
    return (m[0], m[1], m[2], m[5])


def middle_game_fens(count: int, seed: int = 1) -> list[str]:
    rules = get_variant("international")
    gen = generator(rules)
    rng = random.Random(seed)
    fens: list[str] = []
    while len(fens) < count:
        pos = start_position(rules)
        for _ in range(rng.randint(20, 70)):
            moves = gen.legal(pos)
            if not moves:
                break
            pos = gen.apply(pos, rng.choice(sorted(moves, key=canonical)))
        else:
            if gen.legal(pos):
                fens.append(write_fen(pos, rules))
    return fens


def run_worker(venv: str, script: str, job: dict[str, object]) -> dict[str, object]:
    python = python_of(venv)
    proc = subprocess.run(
        [str(python), str(BENCH / "peers" / script)], input=json.dumps(job), capture_output=True,
        text=True, check=False,
    )
    if proc.returncode != 0:
        raise SystemExit(f"{script} failed:\n{proc.stderr}")
    result: dict[str, object] = json.loads(proc.stdout)
    return result


# published counts (docs/perft.md), duplicates removed, from each variant's start position
PUBLISHED = {
    "english": [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680],
    "russian": [7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586],
    "brazilian": [7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766],
    "pool": [7, 49, 302, 1469, 7482, 37986, 190146, 929896, 4570534],
    "czech": [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671],
    "italian": [7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875],
    "spanish": [7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860866],
    "frisian": [9, 81, 658, 3874, 21265, 102431, 540126, 2825779],
    "canadian": [11, 121, 1222, 10053, 79049, 584100, 4369366],
}


def dame_cli_perft(depth: int, rounds: int = 3) -> float:
    """Best user+sys CPU seconds of ``dame perft DEPTH`` (dame-rs' command) over ``rounds``."""
    dame = python_of("peers").parent / "dame"
    best = float("inf")
    for _ in range(rounds):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([str(dame), "perft", str(depth)], check=True, capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return best


def deep_perft(quick: bool) -> list[str]:
    """Perft deeper than the test suite goes, checked against the published counts."""
    rows = ["| variant | depth | count | published | time |", "|---|---:|---:|---|---:|"]
    for name, counts in PUBLISHED.items():
        depth = len(counts) - (2 if quick else 0)
        rules = get_variant(name)
        gen = generator(rules)
        t = time.perf_counter()
        n = gen.perft(start_position(rules), depth)
        ok = "yes" if n == counts[depth - 1] else f"NO ({counts[depth - 1]:,})"
        rows.append(f"| {name} | {depth} | {n:,} | {ok} | {time.perf_counter() - t:.1f} s |")
    return rows


def playout_positions(rules: object, count: int, seed: int = 1) -> list[object]:
    """Positions met in seeded random games of a variant (every position of each game)."""
    gen = generator(rules)  # type: ignore[arg-type]
    rng = random.Random(seed)
    out: list[object] = []
    while len(out) < count:
        pos = start_position(rules)  # type: ignore[arg-type]
        for _ in range(rng.randint(1, 80)):
            moves = gen.legal(pos)
            if not moves:
                break
            pos = gen.apply(pos, rng.choice(sorted(moves, key=canonical)))
            out.append(pos)
    return out[:count]


def node_cost(count: int = 2000, rounds: int = 3) -> list[tuple[str, float]]:
    """Per variant: CPU seconds to generate the legal moves of one position (every rule of
    the variant, ``MoveGenerator.legal``), over positions from its own random games."""
    rows = []
    for rules in all_variants():
        gen = generator(rules)
        positions = playout_positions(rules, count)
        best = float("inf")
        for _ in range(rounds):
            t = time.process_time()
            for pos in positions:
                gen.legal(pos)  # type: ignore[arg-type]
            best = min(best, time.process_time() - t)
        rows.append((rules.name, best / count))
    return rows


def variant_cost(min_leaves: int = 2_000_000, rounds: int = 5) -> list[tuple[str, int, float, float]]:
    """Per variant: perft depth, CPU seconds per leaf and per node from its start position.

    A *node* is a position whose moves were generated or counted: the interior nodes of the
    perft tree, ``perft(0) + ... + perft(depth - 1)`` (bulk counting generates nothing at
    the leaves). CPU time (``process_time``), best of ``rounds`` rounds in which the variants
    take turns, because other processes share the machine (``kernel_instructions.py``
    counts instructions instead, which load does not change).
    """
    jobs = []
    for rules in all_variants():
        gen = generator(rules)
        pos = start_position(rules)
        counts = [1, gen.perft(pos, 1)]
        while counts[-1] < min_leaves and len(counts) < 12:
            counts.append(gen.perft(pos, len(counts)))
        jobs.append((rules.name, gen, pos, counts))
    best = {name: float("inf") for name, *_ in jobs}
    for _ in range(rounds):
        for name, gen, pos, counts in jobs:
            t = time.process_time()
            gen.perft(pos, len(counts) - 1)
            best[name] = min(best[name], time.process_time() - t)
    return [(name, len(counts) - 1, best[name] / counts[-1], best[name] / sum(counts[:-1]))
            for name, _gen, _pos, counts in jobs]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller depths and position set")
    args = ap.parse_args()
    depths = [6, 7] if args.quick else [7, 8]
    fens = middle_game_fens(500 if args.quick else 2000)
    job = {"src": str(BENCH.parent / "src"), "fens": fens, "perft": depths, "pure_perft": depths,
           "repeat": 9, "perft_repeat": 3}
    res = run_worker("peers", "movegen_worker.py", job)
    lines = ["# Move generation: damier (native kernel, pure Python) vs dame-rs vs py-draughts 1.10.1", ""]
    lines.append(f"damier's generator in the worker: {res['path']} ({res['kernel']}). CPU seconds "
                 "(process_time), best of interleaved rounds.")
    lines += ["", "| measure | damier native | damier pure | dame-rs | py-draughts | dame-rs / native "
              "| pure / native |", "|---|---:|---:|---:|---:|---:|---:|"]
    for row in res["perft"]:  # type: ignore[attr-defined]
        d = row["depth"]
        (tn, nn), (tp, np_), (td, nd) = row["damier"], row["damier-pure"], row["dame-rs"]
        ty, ny = row["py-draughts"]
        assert nn == np_ == nd == ny, f"perft({d}) disagrees: {nn} {np_} {nd} {ny}"
        lines.append(f"| perft({d}) = {nn:,} | {tn:.3f} s ({nn / tn / 1e6:.0f} M/s) | {tp:.2f} s "
                     f"| {td:.3f} s | {ty:.2f} s | **{td / tn:.2f}x** | **{tp / tn:.1f}x** |")
    depth = depths[-1]
    tcli = dame_cli_perft(depth)
    tn = res["perft"][-1]["damier"][0]  # type: ignore[index]
    lines.append(f"| `dame perft {depth}` (its own command, user+sys CPU) | | | {tcli:.3f} s | "
                 f"| **{tcli / tn:.2f}x** | |")
    mg = res["movegen"]
    runs = mg["runs"]  # type: ignore[index]
    per = 1e6 / mg["positions"]  # type: ignore[index,operator]
    counts = {n for _t, n in runs.values()}
    assert len(counts) == 1, runs
    base = runs["dame-rs Board.legal_moves"][0]
    lines += ["", f"Legal moves of {mg['positions']} middle-game positions ({counts.pop():,} moves), "  # type: ignore[index]
              "through each library's Python API:", "", "| API | µs/position | dame-rs / this |",
              "|---|---:|---:|"]
    for name, (t, _n) in runs.items():
        lines.append(f"| {name} | {t * per:.2f} | {base / t:.2f}x |")
    lines += ["", "## Variant perft beside the peers (their public board APIs)", ""]
    lines.append("| variant | depth | damier | peer | peer time | peer / damier |")
    lines.append("|---|---:|---:|---|---:|---:|")
    small = {"russian": 5, "english": 5, "frisian": 4}
    large = {"russian": 6, "english": 6, "frisian": 5}
    # pydraughts is about a thousand times slower: it always gets the small depths
    for peer, venv, depths in (
        ("py-draughts", "peers", small if args.quick else large),
        ("pydraughts", "pydraughts", small),
    ):
        job2 = {"src": str(BENCH.parent / "src"), "peer": peer, "depths": depths}
        for name, depth, td, nd, tp, np_ in run_worker(venv, "variants_worker.py", job2):  # type: ignore[attr-defined]
            if isinstance(np_, int) and np_ == nd:
                lines.append(f"| {name} | {depth} | {td:.3f} s | {peer} | {tp:.3f} s | **{tp / td:.1f}x** |")
            else:
                lines.append(f"| {name} | {depth} | {td:.3f} s | {peer} | — | counts differ: {nd} vs {np_} |")
    lines += ["", "## Deeper perft of the variants against the published counts (docs/perft.md)", ""]
    lines += deep_perft(args.quick)
    lines += ["", "## Move generation per node, each variant relative to International (CPU time)", ""]
    lines.append("Legal moves of 2,000 positions from random games of each variant (all rules,")
    lines.append("huffs and king-move limits included).")
    lines.append("")
    lines.append("| variant | µs/position | vs International |")
    lines.append("|---|---:|---:|")
    nodes = node_cost()
    base = dict(nodes)["international"]
    for name, c in nodes:
        lines.append(f"| {name} | {c * 1e6:.2f} | {c / base:.2f} |")
    lines += ["", "## Perft cost of each variant relative to International (CPU time)", ""]
    costs = variant_cost()
    base_leaf, base_node = next((leaf, node) for name, _d, leaf, node in costs if name == "international")
    lines.append("| variant | depth | ns/leaf | µs/node | per node vs International |")
    lines.append("|---|---:|---:|---:|---:|")
    for name, depth, leaf, node in costs:
        lines.append(f"| {name} | {depth} | {leaf * 1e9:.0f} | {node * 1e6:.2f} | {node / base_node:.2f} |")
    del base_leaf
    text = "\n".join(lines)
    print(text)
    out = BENCH / "results"
    out.mkdir(exist_ok=True)
    (out / "movegen.md").write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
