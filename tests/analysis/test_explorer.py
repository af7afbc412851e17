"""The opening explorer: counts per move and result, transpositions, examples, imports."""

from __future__ import annotations

from pathlib import Path

import pytest

from damier import Board
from damier.analysis.explorer import Explorer, default_files, position_key
from damier.cli import main
from damier.formats.pdn import read_games

GAMES = """[White "A"][Black "B"][Result "2-0"]
1. 32-28 19-23 2. 28x19 14x23 2-0

[White "C"][Black "D"][Result "1-1"]
1. 33-28 19-23 2. 28x19 14x23 1-1

[White "E"][Black "F"][Result "0-2"]
1. 32-28 18-23 2. 37-32 12-18 0-2

[White "G"][Black "H"][Result "*"]
1. 32-28 18-23 *
"""


def test_counts_by_move_and_result(tmp_path: Path) -> None:
    ex = Explorer(tmp_path / "ex.sqlite3")
    report = ex.import_text(GAMES, "four games")
    assert (report.games, report.skipped, report.already) == (4, 0, False)
    start = ex.lookup("international", None)
    rows = {m["move"]: (m["games"], m["white"], m["draws"], m["black"]) for m in start["moves"]}
    assert rows == {"32-28": (3, 1, 0, 1), "33-28": (1, 0, 1, 0)}  # '*' counts in games only
    assert [m["move"] for m in start["moves"]] == ["32-28", "33-28"]  # most played first
    assert [g["white"] for g in start["games"]] == ["G", "E", "C", "A"]  # newest first
    assert start["games"][0]["result"] == "*" and start["games"][1]["plies"] == 4
    after = Board()
    after.push("32-28")
    reply = ex.lookup("international", after.fen())
    assert {m["move"]: m["games"] for m in reply["moves"]} == {"19-23": 1, "18-23": 2}
    assert ex.lookup("international", "W:W10:B40")["moves"] == []
    game = ex.game(start["games"][-1]["id"])
    assert game is not None and game["moves"] == "32-28 19-23 28x19 14x23"
    assert ex.game(999) is None


def test_a_source_is_imported_once_and_games_without_moves_are_skipped(tmp_path: Path) -> None:
    ex = Explorer(tmp_path / "ex.sqlite3")
    path = tmp_path / "g.pdn"
    path.write_text(GAMES + '\n[Event "empty"]\n*\n', encoding="utf-8")
    first = ex.import_file(path)
    assert (first.games, first.skipped) == (4, 1)
    again = ex.import_file(path)
    assert again.already and again.games == 0 and ex.count_games() == 4
    assert [s["name"] for s in ex.sources()] == ["g.pdn"]


def test_transpositions_meet() -> None:
    ex = Explorer(":memory:")
    ex.import_text('[Result "2-0"]\n1. 32-28 17-21 2. 33-29 21-26 2-0\n'
                   '[Result "1-1"]\n1. 33-29 17-21 2. 32-28 18-22 1-1', "two orders")
    board = Board()
    for mv in ("33-29", "17-21", "32-28"):
        board.push(mv)
    same = ex.lookup("international", board.fen())
    assert [(m["move"], m["games"], m["white"], m["draws"]) for m in same["moves"]] == [
        ("18-22", 1, 0, 1), ("21-26", 1, 1, 0)]
    assert len(same["games"]) == 2


def test_a_position_met_twice_in_a_game_counts_once() -> None:
    ex = Explorer(":memory:")
    # kings shuffle back and forth: the start position of the game comes back
    moves = "46-41 5-10 41-46 10-5 46-41"
    ex.import_text(f'[FEN "W:WK46:BK5"][Result "1-1"]\n{moves} 1-1', "shuffle")
    answer = ex.lookup("international", "W:WK46:BK5")
    assert answer["moves"] == [{"move": "46-41", "games": 1, "white": 0, "draws": 1, "black": 0,
                                "rating": None}]


def test_other_variants_and_keys() -> None:
    ex = Explorer(":memory:")
    ex.import_text("1. c3-d4 f6-e5 2. d4xf6 g7xe5 1-0", "russian game", variant="russian")
    moves = ex.lookup("russian", None)["moves"]
    assert moves == [{"move": "c3-d4", "games": 1, "white": 1, "draws": 0, "black": 0,
                      "rating": None}]
    assert ex.lookup("international", None)["moves"] == []
    b = Board("russian")
    assert position_key(b.rules, b.position) != position_key(Board().rules, Board().position)


def test_default_files_import_every_game(tmp_path: Path) -> None:
    ex = Explorer(tmp_path / "ex.sqlite3")
    seen: list[tuple[int, int]] = []
    reports = ex.import_default(lambda done, total: seen.append((done, total)))
    files = default_files()
    assert len(reports) == len(files) > 50 and seen[-1] == (len(files), len(files))
    for (path, variant), report in zip(files, reports, strict=True):
        with_moves = sum(1 for g in read_games(path, variant) if g.mainline_moves())
        assert report.games == with_moves, path.name
    assert ex.count_games("international") > 1200 and ex.count_games("russian") > 200
    assert ex.count_games("czech") > 250
    start = ex.lookup("international", None)
    assert start["moves"][0]["move"] == "32-28" and start["moves"][0]["games"] > 500
    assert all(r.already for r in ex.import_default())


def test_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "ex.sqlite3"
    pdn = tmp_path / "games.pdn"
    pdn.write_text(GAMES, encoding="utf-8")
    assert main(["explorer", "import", str(pdn), "--db", str(db)]) == 0
    assert "4 games imported" in capsys.readouterr().out
    assert main(["explorer", "import", str(pdn), "--db", str(db)]) == 0
    assert "already imported" in capsys.readouterr().out
    assert main(["explorer", "show", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "32-28" in out and "3 games" in out and "#4 G - H" in out
    assert main(["explorer", "show", "--db", str(db), "--fen", "nonsense"]) == 2
    assert main(["explorer", "import", "--db", str(db)]) == 2
    assert main(["explorer", "import", str(tmp_path / "missing.pdn"), "--db", str(db)]) == 2
    assert "no such file" in capsys.readouterr().err
