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


def _peak_reading(path: Path) -> tuple[list[object], int]:
    tracemalloc.start()
    try:
        games = list(read_games(path))
        return games, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_huge_tag_is_read_in_memory_near_its_size(tmp_path: Path) -> None:
    # issue 24: one 4 MiB tag cost 747 MB (the regular expression kept state per character)
    path = tmp_path / "tag.pdn"
    value = "x" * (768 << 10)  # (a game of more than MAX_GAME characters is not read)
    path.write_text(f'[Event "{value}"]\n1. 32-28 *\n' + GAME.decode())
    games, peak = _peak_reading(path)
    assert [g.tags["Event"] == value for g in games] == [True, False]  # type: ignore[attr-defined]
    assert peak < 12 * len(value), f"{peak:,} bytes for a tag of {len(value):,}"


def test_a_game_longer_than_the_limit_is_an_error_and_the_next_game_is_read(tmp_path: Path) -> None:
    # issue 24: a 20 MB game peaked at 978 MB; past MAX_GAME characters a game is not read
    from damier.formats.pdn.reader import MAX_GAME

    path = tmp_path / "long.pdn"
    remark = "{" + "c" * 60_000 + "}"
    shuffle = "\n".join(f"{n}. 46-41 {remark} 5-10 {n}... 41-46 10-5" for n in range(1, 22))
    assert MAX_GAME < len(shuffle) < 2 * MAX_GAME
    path.write_text(f'[FEN "W:WK46:BK5"]\n{shuffle} *\n' + GAME.decode())
    games, peak = _peak_reading(path)
    assert len(games) == 2
    assert [i.code for i in games[0].errors] == ["game_too_long"]  # type: ignore[attr-defined]
    assert games[0].errors[0].line == 1  # type: ignore[attr-defined]
    assert games[1].tags["Event"] == "before"  # type: ignore[attr-defined]
    assert peak < 20 * MAX_GAME, f"{peak:,} bytes for a game of {len(shuffle):,} characters"


@pytest.mark.parametrize("text", ["1. " + "1-" * 200_000 + "1 *", "1. 32-28 " + "(" * 70_000 + " *"],
                         ids=["move of 400,000 characters", "70,000 parentheses"])
def test_a_huge_move_or_a_flood_of_tokens_is_read_in_bounded_memory(text: str, tmp_path: Path) -> None:
    # issue 24: the move cost 200 MB (its expression kept state per character), the
    # parentheses cost 70 bytes each in tokens; now a move is matched without such state and a game
    # keeps at most 65,536 tokens
    path = tmp_path / "huge.pdn"
    path.write_text(text + "\n" + GAME.decode())
    games, peak = _peak_reading(path)
    assert len(games) == 2 and games[1].tags["Event"] == "before"  # type: ignore[attr-defined]
    assert peak < 16 << 20, f"{peak:,} bytes for {len(text):,} characters"


def test_a_web_import_reads_the_games_around_a_line_too_long(tmp_path: Path) -> None:
    # issue 24: one bad part made the web import refuse the whole file (422 pdn_unreadable)
    from starlette.testclient import TestClient

    from damier.web.app import create_app
    from tests.web.conftest import LOCAL

    text = GAME + b"\n" + b"x" * (MAX_LINE + 10) + b"\n\n" + GAME.replace(b"before", b"after")
    with TestClient(create_app(tmp_path / "g.sqlite3"), base_url=LOCAL) as client:
        r = client.post("/api/games/import", content=text,
                        headers={"content-type": "application/x-pdn"})
        assert r.status_code == 201, r.text[:300]
        body = r.json()
        assert body["imported"] == 2
        assert [e["code"] for e in body["errors"]] == ["line_too_long"]
        assert body["errors"][0]["line"] == 4
        events = [client.get(f"/api/games/{i}").json()["tags"]["Event"] for i in body["ids"]]
        assert events == ["before", "after"]
