"""The ``damier pdn`` and ``damier svg`` commands."""

from __future__ import annotations

from pathlib import Path

import pytest

from damier.cli import main


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    good = tmp_path / "good.pdn"
    good.write_text('[GameType "20"]\n1.32-28 19-23 2.28:19 14x23 *\n', encoding="utf-8")
    bad = tmp_path / "bad.pdn"
    bad.write_text("1.32-28 19-23\n2.28-22 *\n1.31-26 *\n", encoding="utf-8")
    return good, bad


def test_check(files: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    good, bad = files
    assert main(["pdn", "check", str(good)]) == 0
    assert "1 games, 4 moves, 0 errors" in capsys.readouterr().out
    assert main(["pdn", "check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:2:3: error: move 28-22: capture is compulsory: 28x19" in out
    assert "2 games" in out
    assert main(["pdn", "check", str(good.parent / "missing.pdn")]) == 2


def test_check_variant(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    czech = tmp_path / "czech.pdn"
    czech.write_text("1.c3-d4 f6-e5 2.d4xf6 g7xe5 *\n", encoding="utf-8")
    assert main(["pdn", "check", str(czech)]) == 1
    assert main(["pdn", "check", str(czech), "--variant", "czech"]) == 0
    capsys.readouterr()


def test_convert(files: tuple[Path, Path], capsys: pytest.CaptureFixture[str],
                 tmp_path: Path) -> None:
    good, _ = files
    assert main(["pdn", "convert", str(good), "--to", "fen"]) == 0
    assert capsys.readouterr().out.strip() == \
        "W:W31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:" \
        "B1,2,3,4,5,6,7,8,9,10,11,12,13,15,16,17,18,20,23"
    out = tmp_path / "out.pdn"
    assert main(["pdn", "convert", str(good), "--to", "pdn", "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert '[Event "?"]' in text and "1.32-28 19-23 2.28x19 14x23 *" in text


def test_svg(tmp_path: Path) -> None:
    out = tmp_path / "b.svg"
    assert main(["svg", "--fen", "W:WK47:B14,19,29,31,42", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("<svg")
    assert main(["svg", "--fen", "W:W99:B1", "-o", str(out)]) == 2
