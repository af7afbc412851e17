"""The command-line contract of `damier moves`, `damier perft` and `damier play`."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from damier import Board
from damier.cli import main
from damier.cli.play import play_loop
from damier.core.kernel import PURE_NOTICE


def run(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "damier.cli", *args], input=stdin, capture_output=True, text=True,
        timeout=60,
    )


def test_moves_one_per_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves"]) == 0
    assert capsys.readouterr().out.split() == sorted(
        "31-26 31-27 32-27 32-28 33-28 33-29 34-29 34-30 35-30".split())


def test_moves_formats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "--fen", "W:WK25,K44,27,28:B9,17,20,30,34,37,K48", "--format", "long"]) == 0
    assert capsys.readouterr().out.strip() == "25x14x3x26x42"
    assert main(["moves", "--variant", "czech", "--fen", "W:Wc3:Bd4,f6,b4,h8", "--format", "hub"]) == 0
    assert capsys.readouterr().out.split() == ["c3xa5xb4", "c3xg7xd4xf6"]


def test_moves_from_stdin_one_line_per_fen() -> None:
    result = run(["moves", "--fen", "-"], "W:W31-50:B1-20\n\nB:W19,31,33-50:B1-18,20\n")
    assert result.returncode == 0
    assert result.stdout.splitlines() == [
        "31-26 31-27 32-27 32-28 33-28 33-29 34-29 34-30 35-30", "13x24 14x23"]


@pytest.mark.parametrize(
    ("args", "message"),
    [(["moves", "--variant", "chess"], "unknown variant 'chess'; known variants: international"),
     (["moves", "--fen", "W:W31,51:B1"], "square 51 does not exist"),
     (["perft", "--depth", "-1"], "--depth/-d: -1 is out of range (0 to 30)"),
     (["perft", "--variant", "nope", "-d", "1"], "unknown variant")],
)
def test_bad_input_exits_2_with_one_line(args: list[str], message: str) -> None:
    result = run(args)
    assert result.returncode == 2
    # on the pure-Python path (DAMIER_PURE=1) damier's one-line notice comes first
    lines = [line for line in result.stderr.strip().splitlines() if not line.startswith(PURE_NOTICE)]
    assert len(lines) == 1 and message in lines[0] and "Traceback" not in result.stderr


def test_moves_bad_fen_on_stdin_names_the_line() -> None:
    result = run(["moves", "--fen", "-"], "W:W31-50:B1-20\nW:W99:B1\n")
    assert result.returncode == 2 and "line 2" in result.stderr


@pytest.mark.parametrize("variant", ["czech", "turkish", "canadian", "czech-traditional", "frisian"])
def test_every_variant_has_moves_and_perft(variant: str) -> None:
    out = io.StringIO()
    result = run(["perft", "--variant", variant, "--depth", "2"])
    assert result.returncode == 0 and int(result.stdout.split()[-1]) > 0
    del out


def test_terminal_game_two_humans() -> None:
    out = io.StringIO()
    inp = io.StringIO("32-28\n19-23\n33-29\n28x19\nmoves\nundo\nfen\nquit\n")
    assert play_loop(Board(), 0, None, inp, out) == 0
    text = out.getvalue()
    assert "illegal: 33-29: capture is compulsory: 28x19" in text
    assert "white plays 28x19" in text
    assert "13x24 14x23" in text  # black's moves after 28x19
    assert "W:W28,31,33" in text  # the fen after undo of 28x19


def test_terminal_game_against_random_player_ends() -> None:
    import random

    rng = random.Random(4)
    out = io.StringIO()
    moves: list[str] = []

    def computer(b: Board) -> str:
        return b.notation(rng.choice(list(b.legal_moves)))

    def human_lines() -> io.StringIO:
        return io.StringIO("")

    assert play_loop(Board("english"), 0, computer, human_lines(), out) == 0
    del moves
    assert "black plays" in out.getvalue()  # Black (the computer) opens in English draughts


def test_moves_after_moves_lists_huffs(capsys: pytest.CaptureFixture[str]) -> None:
    # [Zapletal 5.1]: after 1-5 (14 should have taken 18) White may huff 14 before its move
    args = ["moves", "--variant", "czech-traditional", "--fen", "B:W18,30:B14,1", "--moves", "1-5"]
    assert main(args) == 0
    out = capsys.readouterr().out.split()
    assert "h14,30-26" in out and "30-26" in out and "18-15" in out


def test_render_plain_and_coloured() -> None:
    from damier.cli.play import render

    board = Board()
    board.push("32-28")
    plain = render(board, fancy=False).splitlines()
    assert len(plain) == 11 and plain[-1] == "black to move"
    assert plain[4].split() == ["·"] * 5
    assert plain[5].split() == ["·", "·", "w", "·", "·"]  # the man now on 28
    assert plain[6].split() == ["w", "·", "w", "w", "w"]  # 32 is empty
    fancy = render(board, fancy=True)
    assert "\x1b[48;5;136m" in fancy  # the last move's squares are highlighted
    assert fancy.count("⛀") == 20 and fancy.count("⛂") == 20
