"""Russian and Brazilian captures written with ``x`` on request (issue 24): damier writes
them with ``:``, as those variants do, which pydraughts 0.6.7 cannot replay (0 of 153 games);
``write_game(..., capture_sign="x")`` and ``damier pdn convert --capture-sign x`` write them as
lidraughts does, and pydraughts replays them."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from damier import Board
from damier.cli import main
from damier.formats.pdn import Game, parse_games, write_game


def random_game(variant: str, seed: int) -> Game:
    board = Board(variant)
    rng = random.Random(seed)
    while board.ply < 40 and board.legal_moves:
        board.push(rng.choice(list(board.legal_moves)))
    return Game.from_board(board, {"GameType": "25" if variant == "russian" else "26"})


def pydraughts_replays(text: str, variant: str) -> int:
    import draughts
    from draughts.PDN import PDNReader

    board = draughts.Board(variant=variant)
    for move in PDNReader(pdn_text=text).games[0].moves:
        board.push(draughts.Move(board, pdn_move=move))
    return len(board.move_stack)


@pytest.mark.parametrize("variant", ["russian", "brazilian"])
def test_captures_written_with_x_replay_in_pydraughts_and_read_back(variant: str) -> None:
    game = random_game(variant, 7)
    moves = len(game.mainline_moves())
    text = write_game(game, capture_sign="x")
    assert ":" not in text.split("\n\n", 1)[1] and "x" in text
    assert pydraughts_replays(text, variant) == moves
    again = parse_games(text)[0]
    assert not again.errors and again.mainline_moves() == game.mainline_moves()
    assert write_game(again) == write_game(game)  # the variant's own ':' by default


def test_pdn_convert_writes_the_capture_sign_asked(tmp_path: Path) -> None:
    source = tmp_path / "r.pdn"
    source.write_text(write_game(random_game("russian", 3)))
    out = tmp_path / "x.pdn"
    assert main(["pdn", "convert", str(source), "--capture-sign", "x", "-o", str(out)]) == 0
    body = out.read_text().split("\n\n", 1)[1]
    assert "x" in body and ":" not in body
