"""The PDN reader reads a file in bounded memory also when a line is gigantic or the file
has no line end at all (issue 15, bounds): such a line stops the reading with an error that
says where, after the games before it; classic Mac files (lines ended by a lone CR) are not
long lines. Before, ``damier pdn check`` held the whole line: 140 MB of memory and 6 s for
a 40 MB line."""

from __future__ import annotations

import io
import tracemalloc
from pathlib import Path

import pytest

from damier.cli import main
from damier.formats.pdn import MAX_LINE, LineTooLong, read_games

GAME = b'[Event "before"]\n1. 32-28 19-23 2. 28x19 14x23 *\n'


def _read_all(source: object, **options: int) -> tuple[list[str], LineTooLong | None]:
    events: list[str] = []
    try:
        for game in read_games(source, **options):  # type: ignore[arg-type]
            events.append(game.tags.get("Event", "?"))
    except LineTooLong as e:
        return events, e
    return events, None


def test_a_gigantic_line_stops_reading_in_bounded_memory(tmp_path: Path) -> None:
    path = tmp_path / "huge.pdn"
    path.write_bytes(GAME + b"x" * (5 * MAX_LINE) + b"\n" + GAME)
    tracemalloc.start()
    try:
        events, error = _read_all(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert events == ["before"]
    assert error is not None and (error.line, error.offset) == (3, len(GAME))
    assert "line 3" in str(error) and len(str(error)) < 200
    assert peak < 3 * MAX_LINE, f"{peak:,} bytes for a line of {5 * MAX_LINE:,}"


def test_no_line_end_at_all_in_a_text_file_object() -> None:
    text = io.StringIO("1. 32-28 " * 1000)
    events, error = _read_all(text, max_line=500)
    assert events == [] and error is not None and error.line == 1


def test_classic_mac_line_ends_are_not_long_lines(tmp_path: Path) -> None:
    games = [GAME.replace(b"before", b"game %d" % i).replace(b"\n", b"\r") for i in range(40)]
    path = tmp_path / "mac.pdn"
    path.write_bytes(b"".join(games))
    assert len(path.read_bytes()) > 10 * 100  # ten times the longest line allowed
    events, error = _read_all(path, max_line=100)
    assert error is None
    assert events == [f"game {i}" for i in range(40)]


def test_pdn_check_says_where_and_counts_the_games_before(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    path = tmp_path / "noline.pdn"
    path.write_bytes(GAME + b"y" * (MAX_LINE + 10))
    assert main(["pdn", "check", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{path}:3:1: error: line 3 (from byte {len(GAME)})")
    assert out[-1] == f"{path}: 1 games, 4 moves, 1 errors, 0 warnings"
    assert all(len(line) < 300 for line in out)
