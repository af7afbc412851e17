"""The engine on the command line: ``damier analyse`` and ``damier play`` against it."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from damier import Board
from damier.cli import main
from damier.cli.play import game_pdn, movetext, play_loop
from damier.engine import Engine, Limit


def test_analyse_prints_info_lines_and_best_move(capsys: pytest.CaptureFixture[str]) -> None:
    fen = "W:W24,28,34,35,40,50:B5,13,15,18,19,20"
    assert main(["analyse", "--fen", fen, "--depth", "4", "--multipv", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "bestmove 35-30"
    from damier.core import kernel

    # which search runs: the C kernel unless DAMIER_PURE=1 (or no compiled kernel)
    assert out[0] == f"info string search {kernel.path()}"
    infos = [line for line in out if line.startswith("info depth 4 ")]
    assert len(infos) == 2 and "multipv 1" in infos[0] and " pv 35-30" in infos[0]


def test_analyse_other_variant_and_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "--variant", "english", "--depth", "3"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("bestmove ")
    assert main(["analyse", "--fen", "nonsense", "--depth", "1"]) == 2


def test_play_against_the_engine_with_hint_pdn_and_undo(tmp_path: Path) -> None:
    board = Board()
    engine = Engine(level=2, seed=1)

    def computer(b: Board) -> str:
        return b.notation(engine.play(b, Limit(depth=2)).move)

    def hint(b: Board) -> str:
        return b.notation(Engine().play(b, Limit(depth=2)).move)

    inp = io.StringIO("32-28\nhint\npdn\nundo\n33-28\nquit\n")
    out = io.StringIO()
    path = tmp_path / "game.pdn"
    assert play_loop(board, 0, computer, inp, out, hint=hint, pdn_path=str(path)) == 0
    text = out.getvalue()
    assert "hint: " in text
    assert "1.32-28" in text  # the pdn command
    assert board.move_stack[0].short() == "33-28" and board.ply == 2
    written = path.read_text()
    assert '[GameType "20"]' in written and "1.33-28" in written


def test_movetext_and_game_pdn() -> None:
    board = Board("english")
    board.push("11-15")
    board.push("23-19")
    assert movetext(board) == "1. 11-15 23-19"
    assert "11-15 23-19" in game_pdn(board)
