"""The shipped puzzles' solutions hold under a deeper search than the miner's.

The shipped files were rechecked at depth 14 with the endgame tables (``damier puzzles
recheck``, see their SOURCES.md). Here a sample of them (every 30th puzzle of each file,
about twenty) is searched two plies deeper, the root restricted to the key move: the key
move must not be drawn or lost. ``bench/puzzle_check.py`` does the same for every puzzle
(and lists those whose margin shrank). Puzzles once shipped whose stated solution was not a
win must not come back, and :func:`~damier.analysis.mining.recheck` drops such a puzzle.
"""

from __future__ import annotations

import pytest

from damier import Board
from damier.analysis.mining import MineSettings, recheck
from damier.analysis.puzzle import Puzzle
from damier.analysis.puzzledb import DEFAULT_PUZZLES, puzzle_of
from damier.analysis.review import expected_score
from damier.engine import Engine, Limit
from damier.formats.pdn import read_games

DEEPER = 16
"""Two plies deeper than the recheck of the shipped files (14)."""
EVERY = 30

WRONG = [  # shipped once: a draw by the endgame tables, or 0.00 at depth 16
    ("W:WK1,34:B9,32", "1-29"),
    ("B:WK2,34,39:B16,24,25,35", "16-21"),
    ("W:W28,29,33,K34:B15,K45", "28-23"),
    ("W:W16,29,32,34:B12,17,20,22", "34-30"),
]


def shipped() -> list[Puzzle]:
    return [puzzle_of(g) for path in sorted(DEFAULT_PUZZLES.glob("*.pdn")) for g in read_games(path)]


def sample() -> list[Puzzle]:
    by_variant: dict[str, list[Puzzle]] = {}
    for puzzle in shipped():
        by_variant.setdefault(puzzle.variant, []).append(puzzle)
    return [p for group in by_variant.values() for p in group[::EVERY]]


def key_expected(engine: Engine, puzzle: Puzzle, depth: int) -> float:
    board = puzzle.board()
    key = board.parse_move(puzzle.solution[0])
    infos = list(engine.iterate(board, Limit(depth=depth), moves=[key]))
    assert infos, puzzle.fen
    return expected_score(infos[-1].score, infos[-1].win_in)


def test_no_sampled_solution_is_drawn_or_lost_at_a_deeper_search() -> None:
    engines: dict[str, Engine] = {}
    puzzles = sample()
    assert len({p.variant for p in puzzles}) == 3 and len(puzzles) >= 15
    for puzzle in puzzles:
        engine = engines.setdefault(puzzle.variant, Engine(puzzle.variant, book=False))
        assert key_expected(engine, puzzle, DEEPER) > 0.5, (puzzle.fen, puzzle.solution[0])


def test_the_puzzles_found_wrong_are_not_shipped() -> None:
    positions = {Board(p.variant, p.fen).position for p in shipped() if p.variant == "international"}
    for fen, _ in WRONG:
        assert Board(fen=fen).position not in positions, fen


@pytest.mark.parametrize("fen, key", WRONG[:1] + WRONG[3:])
def test_recheck_drops_a_puzzle_whose_solution_is_not_a_win(fen: str, key: str) -> None:
    engine = Engine(book=False)
    wrong = Puzzle("international", fen, [key], "a wrong puzzle", "test", kind="mined")
    assert key_expected(engine, wrong, DEEPER) <= 0.5   # the check above would catch it
    [(old, new)] = recheck([wrong], lambda v: engine, MineSettings(deep=Limit(depth=14)))
    assert old is wrong and new is None


def test_recheck_keeps_a_puzzle_with_one_winning_move_and_its_source() -> None:
    # a shot of the shipped file, its solution cut to the key move: 30-24 wins, nothing else
    puzzle = Puzzle("international", "W:W25,30,35,38,39,40,42:B13,14,15,19,20,23,28,29", ["30-24"],
                    "Sita - Delia", "a game, line 2241", kind="mined")
    [(_, new)] = recheck([puzzle], lambda v: Engine(v, book=False), MineSettings(deep=Limit(depth=10)))
    assert new is not None and new.solution[0] == "30-24" and len(new.solution) >= 3
    assert len(new.solution) % 2 == 1   # it ends with a move of the solver
    assert (new.fen, new.title, new.source, new.kind) == (puzzle.fen, puzzle.title, puzzle.source, "mined")
