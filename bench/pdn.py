"""Benchmark: reading and replaying a multi-game PDN file, damier vs pydraughts' PDNReader.

Both run in the same invocation on the same file. pydraughts (PyPI ``pydraughts``) installs a
package named ``draughts``, as py-draughts does, so it runs in its own virtual environment
(``bench/.venv-pydraughts``, created with ``pip install pydraughts`` when missing, or
``--peer-python``) and is driven in a subprocess through its public API only:
``draughts.PDN.PDNReader`` for reading, ``draughts.Board`` / ``draughts.Move`` for replaying.

Three ratios are printed (peer time / damier time, higher is better for damier):

* ``read+replay``: damier ``read_games`` (every move checked) vs ``PDNReader`` followed by
  pushing every move on a pydraughts ``Board`` — the like-for-like comparison (goal >= 3x);
* ``parse only``: damier with ``replay=False`` vs ``PDNReader`` alone;
* ``damier read+replay vs PDNReader parse only``: the most conservative view.

Usage::

    python bench/pdn.py [--file F] [--variant V] [--repeat N] [--peer-python PY]
                        [--no-peer-replay] [--output bench/results/pdn.txt]

Without ``--file`` it measures the World championship 2003 file (23 games, replayed by
both) and the 724 Tinsley games (English; PDNReader parsing only, replaying 36,000 moves
with pydraughts would take minutes).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DATA = ROOT.parent / "shared" / "data" / "pdn"
DEFAULT_RUNS = [
    # (file, variant, replay with pydraughts too)
    (DATA / "international" / "pdnstd_wk2003.pdn", None, True),
    (DATA / "english" / "checkerboard_tinsley.pdn", "english", False),
]

PEER_SCRIPT = r"""
import json, sys, time
from draughts import Board, Move
from draughts.PDN import PDNReader

path, replay, repeat = sys.argv[1], sys.argv[2] == "1", int(sys.argv[3])
best_parse = best_total = None
for _ in range(repeat):
    t0 = time.perf_counter()
    reader = PDNReader(filename=path)
    t1 = time.perf_counter()
    moves = errors = 0
    if replay:
        for game in reader.games:
            try:
                fen = game.tags.get("FEN")
                board = Board(variant=game.variant or "standard", fen=fen or "startpos")
                for text in game.moves:
                    board.push(Move(board, pdn_move=text))
                    moves += 1
            except Exception:
                errors += 1
    t2 = time.perf_counter()
    best_parse = min(best_parse or 1e9, t1 - t0)
    best_total = min(best_total or 1e9, t2 - t0)
print(json.dumps({"games": len(reader.games), "moves": moves, "errors": errors,
                  "parse": best_parse, "total": best_total}))
"""


def peer_python(explicit: str | None) -> str:
    """The Python of the pydraughts environment ``bench/.venv-pydraughts`` (created with
    ``pip install pydraughts`` on first use, see ``bench/venvs.py``)."""
    if explicit:
        return explicit
    sys.path.insert(0, str(HERE))
    from venvs import python_of

    return str(python_of("pydraughts"))


def run_peer(python: str, path: Path, replay: bool, repeat: int) -> dict[str, float]:
    out = subprocess.run([python, "-c", PEER_SCRIPT, str(path), "1" if replay else "0",
                          str(repeat)], check=True, capture_output=True, text=True)
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def run_damier(path: Path, variant: str | None, repeat: int) -> dict[str, float]:
    sys.path.insert(0, str(ROOT / "src"))
    from damier.formats.pdn import read_games

    best_total = best_parse = 1e9
    games = moves = errors = 0
    for _ in range(repeat):
        t0 = time.perf_counter()
        games = moves = errors = 0
        for game in read_games(path, variant):
            games += 1
            errors += len(game.errors)
            moves += sum(1 for node in game.walk() if node.move is not None)
        t1 = time.perf_counter()
        for _game in read_games(path, variant, replay=False):
            pass
        t2 = time.perf_counter()
        best_total = min(best_total, t1 - t0)
        best_parse = min(best_parse, t2 - t1)
    return {"games": games, "moves": moves, "errors": errors, "parse": best_parse,
            "total": best_total}


def bench_file(path: Path, variant: str | None, peer_replay: bool,
               args: argparse.Namespace) -> list[str]:
    """Measure one file; returns the lines of the report."""
    ours = run_damier(path, variant, args.repeat)
    peer = run_peer(peer_python(args.peer_python), path, peer_replay, args.peer_repeat)
    lines = [
        f"file: {path.name} ({path.stat().st_size} bytes, variant {variant or 'from GameType'})",
        f"  damier    : {ours['games']} games, {ours['moves']} moves replayed, "
        f"{ours['errors']} errors; read+replay {ours['total']:.3f} s, "
        f"parse only {ours['parse']:.3f} s",
    ]
    replayed = "" if not peer_replay else \
        f", {peer['moves']} moves replayed ({peer['errors']} games failed); " \
        f"read+replay {peer['total']:.3f} s"
    lines.append(f"  pydraughts: {peer['games']} games{replayed}; PDNReader {peer['parse']:.3f} s")
    if peer_replay:
        lines.append(f"  ratio read+replay                     : "
                     f"{peer['total'] / ours['total']:.1f}x")
    lines.append(f"  ratio parse only                      : {peer['parse'] / ours['parse']:.1f}x")
    lines.append(f"  ratio damier read+replay vs PDNReader : {peer['parse'] / ours['total']:.1f}x")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--file", type=Path, default=None, help="default: the standard runs")
    parser.add_argument("--variant", default=None, help="variant of games without GameType")
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs (damier)")
    parser.add_argument("--peer-repeat", type=int, default=1, help="best of N runs (peer)")
    parser.add_argument("--peer-python", default=os.environ.get("PYDRAUGHTS_PYTHON"))
    parser.add_argument("--no-peer-replay", action="store_true",
                        help="time PDNReader only (replaying with pydraughts is slow)")
    parser.add_argument("--output", type=Path, help="also write the report to this file")
    args = parser.parse_args()
    runs = DEFAULT_RUNS if args.file is None else \
        [(args.file, args.variant, not args.no_peer_replay)]
    report: list[str] = []
    for path, variant, replay in runs:
        if not path.is_file():
            print(f"bench/pdn.py: no such file {path}", file=sys.stderr)
            return 2
        lines = bench_file(path, variant, replay and not args.no_peer_replay, args)
        print("\n".join(lines), flush=True)
        report += lines
    if args.output:
        args.output.write_text("\n".join(report) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
