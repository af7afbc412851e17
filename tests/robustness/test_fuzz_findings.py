"""Regression tests of what ``make fuzz`` found at length (issue 15, session 2): each failed
on the code before its fix. The harnesses' rule: a message is at most
:data:`fuzz.common.MAX_MESSAGE` characters and quotes excerpts only."""

from __future__ import annotations

from pathlib import Path

import pytest

from damier import Board
from damier.cli import main
from damier.core.errors import DamierError
from fuzz.common import MAX_MESSAGE


@pytest.mark.parametrize("text", [
    "584584" + "9" * 200 + "-28",                 # fuzz: moves, brazilian, 546 characters
    "5845" + "9" * 150 + "-" + "9" * 140,
    "h" + "9" * 100 + ",32-28",
    "58458" + "9" * 100 + "x" + "9" * 100,
])
def test_a_move_with_a_huge_square_is_quoted_once_and_short(text: str) -> None:
    board = Board("brazilian")
    with pytest.raises(DamierError) as refused:
        board.push(text)
    message = str(refused.value)
    assert len(message) < 200 and "does not exist" in message, message
    assert board.ply == 0
    assert len(message) <= MAX_MESSAGE


# -- the command line, probed with bad option values (², nan, inf, 5,000 digits ...) ------------

HUGE = "9" * 5000


@pytest.mark.parametrize("args", [
    ("moves", "--variant", HUGE),                                    # echoed whole
    ("dxp", "--listen", "127.0.0.1:\u00b2"),                         # int('²'): traceback
    ("match", "damier:level=\u00b2", "damier"),                      # the same
    ("match", "--engine", "proto=dxp", "host=127.0.0.1:\u00b2", "--engine", "proto=builtin"),
    ("match", "damier", "damier", "--time", "nan"),                  # played at once, no error
    ("match", "damier", "damier", "--time", "inf"),
    ("match", "damier", "damier", "--time", "60+nan"),
    ("match", "damier", "damier", "--time", "movetime=inf"),
    ("match", "damier", "damier", "--time", HUGE),
    ("match", "damier", "damier", "--adjudicate", "nan"),            # accepted: never adjudicates
    ("dxp", "--listen", HUGE),                                       # int(): 4,300-digit limit
    ("serve", "--host", HUGE),                                       # idna traceback
    ("serve", "--host", "no-such-host.invalid"),                     # uvicorn's exit 3
    ("play", "--color", "nan"),                                      # ValueError traceback
    ("serve", "--host", "\u00b2"),        # resolves to 0.0.0.2, which uvicorn cannot bind: exit 3
    ("match", "damier", "damier", "--adjudicate", HUGE),             # echoed whole
    ("dxp", "--connect", HUGE),                                      # the same
])
def test_bad_option_values_are_one_short_line_and_exit_2(
        args: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(list(args)) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and len(lines[0]) < 400, err[:500]


def test_a_binary_openings_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                            ) -> None:
    binary = tmp_path / "openings.bin"
    binary.write_bytes(b"\xf8\xff" * 100)  # UnicodeDecodeError, a traceback before
    assert main(["match", "damier", "damier", "--openings", str(binary)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "not UTF-8" in err and len(err.splitlines()) == 1


def test_a_database_that_cannot_be_opened_is_one_line(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    for args in (["explorer", "show", "--db", HUGE],
                 ["puzzles", "import", "--db", HUGE, "none.pdn"]):
        assert main(args) == 1  # sqlite3.OperationalError with a traceback before
        err = capsys.readouterr().err
        assert "Traceback" not in err and len(err.splitlines()) == 1 and len(err) < 400, err


@pytest.mark.parametrize("args", [("explorer", "show", "--games", HUGE), ("hub", "--level", HUGE),
                                  ("play", "--level", HUGE), ("dxp", "--level", HUGE)])
def test_argparse_quotes_a_huge_value_as_an_excerpt(
        args: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        main(list(args))
    assert refused.value.code == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and len(err) < 300, err[:400]
    assert "(5,000 characters)" in err
