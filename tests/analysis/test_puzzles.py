"""Puzzles: checking moves (solution and engine), the database and players, problem imports
(the real problem collections included), mining from games and the PDN round trip."""

from __future__ import annotations

from pathlib import Path

import pytest

from damier import Board
from damier.analysis.mining import MineSettings, examine, mine_files, mine_game, puzzles_pdn
from damier.analysis.puzzle import Puzzle, check_move, solution_moves
from damier.analysis.puzzledb import PuzzleStore, puzzle_of
from damier.cli import main
from damier.core.errors import IllegalMoveError
from damier.engine import BuiltinEngine, Limit
from damier.formats.pdn import parse_game, parse_games
from tests.analysis.test_review import SHOT
from tests.data import pdn_file

FAST = MineSettings(quick=Limit(depth=3), deep=Limit(depth=5))


def test_solution_and_wrong_moves() -> None:
    p = Puzzle("international", SHOT, ["35-30", "20x29", "34x12"])
    first = check_move(p, 0, "35-30")
    assert first.right and not first.solved and first.reply == "20x29"
    assert first.board.fen() == p.board(2).fen()
    last = check_move(p, 2, "34x12")
    assert last.right and last.solved and last.reply is None
    wrong = check_move(p, 0, "50-45", BuiltinEngine(level=10), Limit(depth=4))
    assert not wrong.right and wrong.board.fen() == SHOT
    with pytest.raises(IllegalMoveError):
        check_move(p, 0, "35-29")
    for step in (1, 3, -2):
        with pytest.raises(ValueError):
            check_move(p, step, "35-30")


def test_an_equally_winning_alternative_is_accepted() -> None:
    # six men against one: the solution's 31-27 wins, and so does 32-28
    p = Puzzle("international", "W:W31,32,33,34,35,36:B5", ["31-27"])
    alt = check_move(p, 0, "32-28", BuiltinEngine(level=10), Limit(depth=4))
    assert alt.right and alt.alternative and alt.solved and alt.move == "32-28"
    assert not check_move(p, 0, "32-28").right  # without an engine only the solution counts


def test_a_problem_must_replay() -> None:
    good = puzzle_of(parse_game('[FEN "W:W28:B23"]\n1. 28x19 *'))
    assert good.solution == ["28x19"] and good.side == "white" and good.steps == 1
    for text, reason in (('[FEN "W:W28:B23"]\n1. 28-22 *', "does not replay"),
                         ('[FEN "W:W28:B23"]\n*', "no solution")):
        with pytest.raises(ValueError, match=reason):
            puzzle_of(parse_game(text))
    assert [m.long() for m in solution_moves(good)] == ["28x19"]


COLLECTION = """[Event "Shot"][FEN "W:W24,28,34,35,40,50:B5,13,15,18,19,20"]
1. 35-30 20x29 2. 34x12 *

[Event "Broken"][FEN "W:W28:B23"]
1. 28-22 *

[Event "Empty"][FEN "W:W28:B23"]
*

[Event "Take"][FEN "B:W28:B23"]
1... 23x32 *
"""


def test_store_import_next_and_scores(tmp_path: Path) -> None:
    store = PuzzleStore(tmp_path / "p.sqlite3")
    report = store.import_text(COLLECTION, "four problems")
    assert (report.added, report.duplicates, len(report.rejected)) == (2, 0, 2)
    assert "problem 2 (line 4)" in report.rejected[0] and "does not replay" in report.rejected[0]
    assert "no solution" in report.rejected[1]
    assert store.import_text(COLLECTION, "again").already
    assert store.import_text(COLLECTION + "\n", "copy").duplicates == 2
    assert store.variants() == {"international": 2}
    first = store.next("international", "ann")
    assert first is not None and first.title == "Shot" and first.solution[0] == "35-30"
    stats = store.record("ann", first.id, solved=True)
    assert (stats["score"], stats["streak"], stats["solved"]) == (1, 1, 1)
    assert store.record("ann", first.id, solved=False)["streak"] == 1  # the first result counts
    second = store.next("international", "ann")
    assert second is not None and second.side == "black"
    stats = store.record("ann", second.id, solved=False)
    assert (stats["score"], stats["streak"], stats["best_streak"], stats["failed"]) == (1, 0, 1, 1)
    assert store.next("international", "ann") is None
    assert store.next("international", "bob") is not None  # players are apart
    assert store.record("bob", first.id, solved=True, hints=1)["score"] == 0
    assert store.get(first.id) == first and store.get(999) is None
    assert store.result("ann", second.id) == {"solved": 0, "hints": 0}


@pytest.mark.parametrize("name", ["international/pdnstd_problems_cat_b1.pdn",
                                  "international/malformed_pdnstd_problems_cat_a1.pdn",
                                  "english/pdnstd_problems_gem.pdn"])
def test_real_problem_collections(name: str, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = pdn_file(name)
    variant = path.parent.name
    games = parse_games(path.read_bytes().decode("utf-8", "replace"), variant)
    replayable = [g for g in games if not g.errors and g.mainline_moves()
                  and all(n.move is not None for n in g.mainline())]
    db = tmp_path / "p.sqlite3"
    status = main(["puzzles", "import", str(path), "--variant", variant, "--db", str(db)])
    out = capsys.readouterr().out
    refused = len(games) - len(replayable)
    assert status == (1 if refused else 0)
    assert out.count("refused: problem") == refused
    store = PuzzleStore(db)
    assert store.count() + int(out.split(" already there")[0].split(", ")[-1]) == len(replayable)
    for puzzle in store.puzzles():
        board = Board(puzzle.variant, puzzle.fen)
        for text in puzzle.solution:  # every stored solution replays
            board.push(board.parse_move(text))


def test_mining_finds_the_shot_and_nothing_at_the_start() -> None:
    engine = BuiltinEngine(level=10)
    moves = examine(Board(fen=SHOT), engine, FAST)
    assert moves is not None and [m.short() for m in moves[:3]] == ["35-30", "20x29", "34x12"]
    assert len(moves) % 2 == 1  # ends with the solver's move
    assert examine(Board(), engine, FAST) is None
    assert examine(Board(fen="W:W28:B23"), engine, FAST) is None  # one legal move


def test_mine_a_game_and_read_the_puzzles_back(tmp_path: Path) -> None:
    # White missed the shot with 50-45: the position before it is the puzzle; a game that
    # stops in the shot's position is examined at its end too
    missed = parse_game(f'[White "X"][Black "Y"][Event "club"][FEN "{SHOT}"]\n1. 50-45 *')
    stopped = parse_game(f'[FEN "{SHOT}"]\n*')
    settings = MineSettings(quick=Limit(depth=3), deep=Limit(depth=5), skip_plies=0)
    seen: set[tuple[str, int]] = set()
    (found,) = mine_game(missed, BuiltinEngine(level=10), settings, seen, "club.pdn")
    assert found.fen == SHOT and found.solution[0] == "35-30" and len(seen) == 1
    assert found.title == "X - Y, club" and found.source.startswith("club.pdn, game ?")
    assert mine_game(stopped, BuiltinEngine(level=10), settings, seen) == []  # seen: once only
    assert len(mine_game(stopped, BuiltinEngine(level=10), settings, set())) == 1
    text = puzzles_pdn([Puzzle("international", SHOT, ["35-30", "20x29", "34x12"],
                               title="X - Y", source="test, game 1", kind="mined")])
    back = puzzle_of(parse_game(text))
    assert back.solution == ["35-30", "20x29", "34x23x12"] and back.kind == "mined"  # long form
    assert back.fen == SHOT and back.source == "test, game 1"
    pdn = tmp_path / "games.pdn"
    pdn.write_text(f'[White "X"][Black "Y"][FEN "{SHOT}"]\n1. 50-45 *\n', encoding="utf-8")
    mined = list(mine_files([pdn], lambda v: BuiltinEngine(v, level=10),
                            MineSettings(quick=Limit(depth=3), deep=Limit(depth=5),
                                         skip_plies=0)))
    assert len(mined) == 1 and mined[0].solution[0] == "35-30" and mined[0].title == "X - Y"
    assert "games.pdn" in mined[0].source


def test_cli_mine_and_import(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pdn = tmp_path / "games.pdn"
    pdn.write_text(f'[White "X"][Black "Y"][FEN "{SHOT}"]\n1. 50-45 *\n', encoding="utf-8")
    out = tmp_path / "puzzles.pdn"
    assert main(["puzzles", "mine", str(pdn), "-o", str(out), "--quick-depth", "3",
                 "--deep-depth", "5", "-q"]) == 0
    db = tmp_path / "p.sqlite3"
    assert main(["puzzles", "import", str(out), "--db", str(db)]) == 0
    assert "1 puzzles stored" in capsys.readouterr().out
    assert main(["puzzles", "stats", "--db", str(db)]) == 0
    assert "international" in capsys.readouterr().out
    assert main(["puzzles", "mine", str(tmp_path / "none.pdn")]) == 2
    assert main(["puzzles", "mine", str(pdn), "--deep-depth", "0"]) == 2
    assert main(["puzzles", "mine", str(pdn), "--slack", "0.5"]) == 2
