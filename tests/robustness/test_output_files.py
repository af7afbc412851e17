"""Commands that write a file never lose what it held nor the work they did (issue 24):
``pdn convert same.pdn -o same.pdn`` emptied its input; ``dxp --pdn`` into a place that
cannot be written lost the game record at the end of the game. Outputs are checked before
the work starts and replaced whole at its end (:mod:`damier.cli.outfiles`).

Tests run as root here, where every file is writable: an unwritable output is a folder, a
path under a missing folder, or ``/dev/full`` (whose writes fail with "no space left").
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from damier.cli import main
from damier.training import samples

GAME = '[Event "a"]\n[Result "*"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n'
TWO_GAMES = GAME + "\n" + GAME.replace('"a"', '"b"')


def test_pdn_convert_onto_its_own_input_converts_it_in_place(tmp_path: Path) -> None:
    same = tmp_path / "same.pdn"
    same.write_text(TWO_GAMES)
    assert main(["pdn", "convert", str(same), "-o", str(same)]) == 0
    text = same.read_text()
    assert text.count("[Event") == 2 and "28x19" in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["same.pdn"]  # no temporary left


def test_pdn_convert_in_place_of_a_file_with_errors_leaves_it_as_it_was(tmp_path: Path) -> None:
    same = tmp_path / "same.pdn"
    same.write_text(TWO_GAMES + "\n1. 32-26 *\n")  # the third game's move is illegal
    before = same.read_bytes()
    assert main(["pdn", "convert", str(same), "-o", str(same)]) == 2
    assert same.read_bytes() == before


def test_pdn_convert_to_a_folder_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "in.pdn"
    source.write_text(GAME)
    assert main(["pdn", "convert", str(source), "-o", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err


def test_pdn_check_reads_dev_null_and_names_a_folder(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pdn", "check", "/dev/null"]) == 0
    assert "0 games" in capsys.readouterr().out
    assert main(["pdn", "check", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "is a folder" in err and "no such file" not in err


def test_puzzles_mine_refuses_to_write_onto_a_game_file(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    games = tmp_path / "games.pdn"
    games.write_text(GAME)
    assert main(["puzzles", "mine", str(games), "-o", str(games), "-q"]) == 2
    assert "also an input" in capsys.readouterr().err
    assert games.read_text() == GAME


@pytest.mark.parametrize("argv", [
    ["play", "--pdn", "{dir}"],
    ["match", "damier", "damier", "--games", "2", "--time", "0.01", "--pdn", "{dir}/no/such/x.pdn"],
    ["svg", "-o", "{dir}/no/such/board.svg"],
], ids=["play", "match", "svg"])
def test_an_output_that_cannot_be_written_is_refused_before_the_work(
        argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([a.replace("{dir}", str(tmp_path)) for a in argv]) == 2
    err = capsys.readouterr().err
    assert "is a folder" in err or "no folder" in err


def test_dxp_follower_refuses_an_unwritable_pdn_at_start(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "damier", "dxp", "--listen", "127.0.0.1:0",
                           "--pdn", str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--pdn" in done.stderr and "is a folder" in done.stderr


def test_a_game_the_disk_refuses_is_shown_not_lost(capsys: pytest.CaptureFixture[str]) -> None:
    from damier.cli.outfiles import check_output, keep_game  # (new in issue 24)

    assert check_output("/dev/full", what="--pdn") == Path("/dev/full")
    assert not keep_game("/dev/full", GAME)
    err = capsys.readouterr().err
    assert "could not append" in err and "28x19" in err


def test_a_positions_file_that_fails_midway_keeps_the_old_one(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    samples.write(path, "international", {}, [samples.Sample(1, 2, 0, 0, 5, 1, 0)])
    before = path.read_bytes()

    def failing() -> Iterator[samples.Sample]:
        yield samples.Sample(3, 4, 0, 1, 0, 0, 1)
        raise OSError("no space left on device")

    with pytest.raises(OSError):
        samples.write(path, "international", {}, failing())
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.txt"]
