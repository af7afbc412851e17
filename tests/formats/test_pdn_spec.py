"""The example games of docs/pdn.md ("The format"), the reader and writer behaviours that
section states, and hand-written files with every construct."""

from __future__ import annotations

import re
from pathlib import Path

from damier import Board
from damier.formats.pdn import Game, parse_game, parse_games, read_games, write_game

DOC = Path(__file__).resolve().parents[2] / "docs" / "pdn.md"


def doc_examples() -> list[str]:
    """The ``pdn`` code blocks of docs/pdn.md, in order (at least five: the test below
    reads them by position)."""
    blocks = re.findall(r"```pdn\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 5, f"docs/pdn.md should hold the example games, found {len(blocks)}"
    return blocks


def test_doc_examples_replay_and_round_trip() -> None:
    for text in doc_examples():
        game = parse_game(text)
        assert not game.errors and not game.warnings, text
        assert game.mainline_moves()
        written = write_game(game)
        again = parse_game(written)
        assert write_game(again) == written
        assert [str(m) for m in again.mainline_moves()] == [str(m) for m in game.mainline_moves()]


def test_doc_example_details() -> None:
    examples = doc_examples()
    first = parse_game(examples[0])
    assert first.root.comments_after == [" from the seed "]
    node = first.mainline()[3]
    assert node.san() == "14x23" and len(first.mainline()[2].variations) == 2
    alt = first.mainline()[2].variations[1]
    assert alt.san() == "13x24" and alt.comments_after == [" the other\nrecapture "]
    assert first.mainline()[9].strength == "!" and first.mainline()[10].nags == [1]
    assert parse_game(examples[1]).result == "0-2"
    czech = parse_game(examples[3])
    assert czech.variant == "czech" and czech.end().san() == "h6-g5"
    black = parse_game(examples[4])
    assert write_game(black, tags=False).startswith("1...13x24 2.33-29")


def test_reader_and_writer_behaviours() -> None:
    """The cases docs/pdn.md states under FEN, Moves and Long captures."""
    a = parse_game('[FEN "W:W31-50:B1-20"] *')
    assert a.start == Board().position
    b = parse_game('[GameType "21"][FEN "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"] *')
    assert b.board().position == Board(
        "english", "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29").position
    c = parse_game('[FEN "W:WK31-33:B1."] *')
    assert c.board().fen() == "W:WK31,K32,K33:B1"
    d = parse_game("1.32-28 19-23 2.28:19")
    assert str(d.end().move) == "28x19"
    e = parse_game("1.32-28 19-23 2.28x19 13x24")
    assert write_game(e, tags=False) == "1.32-28 19-23 2.28x19 13x24 *"
    f = parse_game('[FEN "B:W1:B1-18"] 1-18 *')
    assert f.errors and "1-18" in f.errors[0].message  # one move token, not 1-1 + 8
    strict = parse_games('[FEN "W:WK47:B14,19,29,31,42"] 47x36 *', strict=True)[0]
    assert "ambiguous" in strict.errors[0].message
    loose = parse_game('[FEN "W:WK47:B14,19,29,31,42"] 47x24x36 *')
    assert loose.end().move.long() == "47x38x24x13x36"  # type: ignore[union-attr]
    assert write_game(loose, tags=False) == "1.47x38x24x13x36 *"
    straight = parse_game('[FEN "W:WK47:B14,19,29,31,42"] 47x33x24x13x36 *')
    assert straight.end().move.long() == "47x38x24x13x36"  # type: ignore[union-attr]
    star = parse_games("1.32-28* 19-23 *")
    assert len(star) == 1 and star[0].mainline()[0].strength == "*"
    spaced = parse_game("1.32-28 ! 19-23 01-07")
    assert spaced.warnings and spaced.mainline()[0].strength == "!"


EVERY_CONSTRUCT = (
    "\ufeff% escape line\r\n"
    '[Event "Every \\"construct\\""]\r\n[Site "Zundert, NED"]\r\n[Date "2026.11.29"]\r\n'
    '[Round "1"]\r\n[White "Wit, W."]\r\n[Black "Zwart, Z."]\r\n[Result "2-0"]\r\n'
    '[GameType "20"]\r\n[TimeControl "40/7200:3600+60"]\r\n\r\n'
    "{ opening comment } 1. 32-28 19-23 2. 28x19 14x23 ( 2... 13x24 { other } 3. 33-29 "
    "( 3. 34-30? 24-29 ) 24x33 ) 3. 37-32 $3 10-14!? ; line comment\r\n"
    "4. 41-37 {[%clock w1:00:00 B0:59:00]} 4... 5-10 5. 46-41 17-21(?) 6. 34-29 "
    "/FEN \"B:W29,31-33,35-50:B1-4,6-12,14-16,18-21,23\"/ 6... 23x34 2-0\r\n"
    "[Event \"second\"]\n1. 33-29 19-23 1-1\n"
)


def test_every_construct(tmp_path: Path) -> None:
    path = tmp_path / "every.pdn"
    path.write_bytes(EVERY_CONSTRUCT.encode("utf-8"))
    games = list(read_games(path))
    assert len(games) == 2
    game = games[0]
    assert not game.errors, game.errors
    assert game.tags["Event"] == 'Every "construct"' and game.result == "2-0"
    assert game.root.comments_after == [" opening comment "]
    main = game.mainline()
    assert [v.san() for v in main[2].variations] == ["14x23", "13x24"]
    side = main[2].variations[1]
    assert side.comments_after == [" other "]
    assert [v.san() for v in side.variations] == ["33-29", "34-30"]
    assert side.variations[1].strength == "?"
    assert main[4].nags == [3] and main[5].strength == "!?"
    assert main[5].comments_after == [" line comment"]
    assert main[6].comments_after == ["[%clock w1:00:00 B0:59:00]"]
    assert main[9].strength == "(?)"
    setup = [n for n in main if n.setup]
    assert len(setup) == 1 and main[-1].san() == "23x34"
    written = write_game(game)
    assert "[%clock w1:00:00 B0:59:00]" in written and '/FEN "' in written
    again = parse_game(written)
    assert write_game(again) == written and not again.errors
    assert games[1].tags["Event"] == "second" and games[1].result == "1-1"


def test_latin1_and_results(tmp_path: Path) -> None:
    path = tmp_path / "latin.pdn"
    path.write_bytes('[White "Léman"]\n1.32-28 0-0\n1.33-29 *\n1.34-30 1/2-1/2\n'
                     '1.31-26 0-1 1.32-27 1-0 [Event "x"] 0-2'.encode("latin-1"))
    games = list(read_games(path))
    assert games[0].tags["White"] == "Léman"
    assert [g.result for g in games] == ["0-0", "*", "1/2-1/2", "0-1", "1-0", "0-2"]


def test_deliberate_errors_no_game_lost() -> None:
    text = (
        '[Event "bad move"]\n1.32-28 19-23 2.28x19 17x28 *\n'
        '[Event "bad fen"]\n[FEN "W:W31,51:B1"]\n1.31-26 *\n'
        '[Event "bad gametype"]\n[GameType "77"]\n1.32-28 *\n'
        '[Empty]\n[Event "junk"]\n1.32-28 @@@ 19-23 ) *\n'
        '[Event "open"]\n1.32-28 (1.33-29 *\n'
        '[Event "unclosed comment"]\n1.32-28 { never closed\n19-23 *\n'
        '[Event "after"]\n1.32-28 *\n'
    )
    games = parse_games(text)
    assert [g.tags.get("Event") for g in games] == [
        "bad move", "bad fen", "bad gametype", "junk", "open", "unclosed comment", "after"]
    first = games[0]
    assert len(first.mainline_moves()) == 3
    assert str(first.errors[0]).startswith("line 2, column 23: error: move 17x28")
    assert "square 51 does not exist" in games[1].errors[0].message
    assert "GameType '77'" in games[2].errors[0].message
    assert len(games[2].mainline_moves()) == 1
    junk = [str(i) for i in games[3].errors]
    assert any("[Empty] is not a tag" in t for t in junk)
    assert any("unexpected '@@@'" in t for t in junk)
    assert any("')' without a matching '('" in t for t in junk)
    assert len(games[3].mainline_moves()) == 2
    assert "not closed with ')'" in games[4].errors[0].message
    assert "comment not closed" in games[5].errors[0].message
    assert not games[6].errors and len(games[6].mainline_moves()) == 1


def test_editing_and_navigation() -> None:
    game = Game()
    end = game.add_line("32-28 19-23 28x19 14x23")
    branch = game.mainline()[3]
    alt = game.add_move("13x24", branch.parent)
    assert alt.starts_variation() and not alt.is_mainline()
    branch.parent.promote_to_main(alt)
    assert alt.is_mainline() and game.end() is alt
    branch.parent.demote(alt)
    assert game.end() is end
    branch.parent.promote(alt)
    assert game.end() is alt
    branch.parent.remove_variation(branch)
    assert [n.san() for n in game.mainline()] == ["32-28", "19-23", "28x19", "13x24"]
    assert game.board(alt).ply == 4 and game.board().fen() == alt.board().fen()


def test_huff_round_trip() -> None:
    board = Board("czech-traditional")
    for _ in range(40):
        huffs = [m for m in board.legal_moves if m.huff is not None]
        if huffs:
            board.push(huffs[0])
            break
        moves = sorted(board.legal_moves, key=lambda m: m.long())
        if not moves:
            break
        board.push(moves[len(board.move_stack) % len(moves)])
    game = Game.from_board(board)
    text = write_game(game)
    again = parse_game(text)
    assert not again.errors
    assert again.mainline_moves() == game.mainline_moves()
    if board.move_stack and board.move_stack[-1].huff is not None:
        assert re.search(r"h\d+,\d+[-x]\d+", text)


def test_sources_lines_and_text_files(tmp_path: Path) -> None:
    games = list(read_games(['[Event "a"]', "1.32-28", "19-23 *"]))
    assert [str(m) for m in games[0].mainline_moves()] == ["32-28", "19-23"]
    path = tmp_path / "crlf.pdn"
    path.write_bytes(b'[Event "a"]\r\n1.32-28 {x\r\ny} 19-23 *\r\n')
    with path.open(encoding="utf-8") as f:
        (game,) = read_games(f)
    assert game.mainline()[0].comments_after == ["x\ny"]
