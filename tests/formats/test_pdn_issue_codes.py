"""Each problem the PDN reader reports has a stable code and named parts (issue 26).

The web page shows an import's problems in its own language from ``PdnIssue.code`` and
``PdnIssue.args``; the English ``message`` stays for logs and the command line.
"""

from __future__ import annotations

import re
from pathlib import Path

from damier.core.errors import IllegalMoveError
from damier.formats.pdn import parse_game, parse_games

ROOT = Path(__file__).resolve().parents[2]
PDN_SOURCES = [ROOT / "src/damier/formats/pdn" / name
               for name in ("builder.py", "reader.py", "visitor.py")]


def codes_in_source() -> set[str]:
    """The codes the reader's source can give: the first lower-case string after each
    ``issue(``, ``report(``, ``make_issue(`` and ``PdnIssue(`` (and the two of the
    capture-sign warning)."""
    found: set[str] = {"illegal_move", "dash_for_capture", "capture_sign_for_quiet"}
    for path in PDN_SOURCES:
        text = path.read_text(encoding="utf-8")
        for call in re.finditer(r"(?:\bissue|\breport|make_issue|PdnIssue)\(", text):
            if text[call.start() - 4:call.start()] == "def ":
                continue
            code = re.compile(r"\"([a-z]+_[a-z_]+|unexpected)\"").search(text, call.end())
            assert code is not None
            found.add(code.group(1))
    return found


def test_every_code_is_documented() -> None:
    doc = (ROOT / "docs/pdn.md").read_text(encoding="utf-8")
    codes = codes_in_source()
    assert len(codes) >= 30, sorted(codes)
    missing = sorted(c for c in codes if f"`{c}`" not in doc)
    assert not missing, f"docs/pdn.md does not list {missing}"


def test_an_illegal_move_says_why_by_code_and_line() -> None:
    game = parse_game('[GameType "20"]\n\n1. 32-28 19-23\n2. 28-22 18-22 *\n')
    [error] = game.errors
    assert (error.line, error.code) == (4, "illegal_move")
    assert error.args["move"] == "28-22"
    assert error.args["reason"] == "capture_compulsory"
    assert error.args["moves"] == "28x19"


def test_codes_of_warnings_and_structure_errors() -> None:
    text = ('[Event "a"]\n[Event "b"]\n1. 032-28 (19-23 *\n')
    game = parse_game(text)
    codes = {(i.code, i.line) for i in game.errors + game.warnings}
    assert ("tag_twice", 2) in codes and ("leading_zero", 3) in codes
    assert ("variation_unclosed", 3) in codes
    twice = next(i for i in game.warnings if i.code == "tag_twice")
    assert twice.args == {"name": "Event"} and twice.severity == "warning"


def test_an_unknown_gametype_names_the_variant_it_falls_back_to() -> None:
    [game] = parse_games('[GameType "99"]\n1. 32-28 *\n')
    [error] = game.errors
    assert error.code == "unknown_gametype"
    assert error.args == {"gametype": "99", "variant": "international"}


def test_illegal_move_error_keeps_its_reason() -> None:
    from damier import Board

    board = Board("international", fen="W:W28:B23")
    try:
        board.push("28-22")
    except IllegalMoveError as e:
        assert e.reason == "capture_compulsory" and e.details == {"moves": "28x19"}
    else:  # pragma: no cover - the move is illegal
        raise AssertionError("28-22 was accepted")
