"""Check puzzle files with a deeper search than the miner's (a tool, not a test).

For every puzzle of the given PDN files (default: the shipped ones, ``analysis/data/puzzles``)
the start position is searched to ``--depth`` plies (16 by default, two more than the
miner's verification of the shipped files) with the endgame tables, twice:

* the key move alone (root restricted to it): its expected score for the solver
  (:func:`~damier.analysis.review.expected_score`) must stay above a draw (0.5), else the
  stated solution is **drawn or lost** — the failure this tool exists for (exit status 1);
* two lines (``multipv=2``): the key move should still be the best move, a decisive win
  (at least :data:`~damier.analysis.puzzle.WIN`) and the only one; puzzles that miss this
  are listed as **weaker** (reported, not an error: a deeper search moves scores a little).

    nice -n 10 .venv/bin/python bench/puzzle_check.py [--depth 16] [FILE.pdn ...]

This script must not be imported by the package or the tests.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from damier import Board  # noqa: E402
from damier.analysis.mining import lines  # noqa: E402
from damier.analysis.puzzle import WIN  # noqa: E402
from damier.analysis.puzzledb import DEFAULT_PUZZLES, puzzle_of  # noqa: E402
from damier.analysis.review import expected_score  # noqa: E402
from damier.engine import Engine, Limit  # noqa: E402
from damier.formats.pdn import read_games  # noqa: E402

DRAW = 0.5


def key_expected(engine: Engine, board: Board, key_text: str, depth: int) -> float:
    """The solver's expected score after the key move, by a search restricted to it."""
    key = board.parse_move(key_text)
    last = None
    for info in engine.iterate(board, Limit(depth=depth), moves=[key]):
        last = info
    return 0.5 if last is None else expected_score(last.score, last.win_in)


def check_file(path: Path, depth: int) -> tuple[int, list[str], list[str]]:
    """(puzzles, drawn or lost, weaker) of one file."""
    engines: dict[str, Engine] = {}
    count, lost, weaker = 0, [], []
    for game in read_games(path):
        puzzle = puzzle_of(game)
        board = puzzle.board()
        engine = engines.setdefault(puzzle.variant, Engine(puzzle.variant, book=False))
        count += 1
        key = key_expected(engine, board, puzzle.solution[0], depth)
        what = f"{puzzle.fen} key {puzzle.solution[0]}"
        if key <= DRAW:
            lost.append(f"{what}: {key:.3f} after the key move")
            continue
        found = lines(board, engine, Limit(depth=depth))
        best = board.parse_move(puzzle.solution[0])
        if (not found or found[0].move != best or found[0].expected < WIN
                or (len(found) > 1 and found[1].expected >= WIN)):
            seen = ", ".join(f"{line.move} {line.expected:.3f}" for line in found)
            weaker.append(f"{what}: {seen}")
    return count, lost, weaker


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--depth", type=int, default=16)
    args = ap.parse_args()
    files = args.files or sorted(DEFAULT_PUZZLES.glob("*.pdn"))
    failed = 0
    for path in files:
        start = time.perf_counter()
        count, lost, weaker = check_file(path, args.depth)
        print(f"{path.name}: {count} puzzles, depth {args.depth}: {len(lost)} drawn or lost, "
              f"{len(weaker)} weaker ({time.perf_counter() - start:.0f} s)")
        for text in lost:
            print(f"  DRAWN OR LOST {text}")
        for text in weaker:
            print(f"  weaker {text}")
        failed += len(lost)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
