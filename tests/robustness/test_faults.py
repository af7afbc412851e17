"""Regression tests of the faults found by the fuzz and fault campaign (issue 15, F1-F8 and
the echo of huge tokens): each failed on the code before its fix."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from damier import Board, FenError
from damier.cli import main
from damier.formats.pdn import parse_games
from damier.web.app import create_app
from tests.web.conftest import LOCAL, LOCAL_WS

HUGE = "9" * 4301  # more digits than int() converts (sys.get_int_max_str_digits() == 4300)
AS_JSON = {"content-type": "application/json"}


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "damier.cli", *args], capture_output=True,
                          text=True, timeout=120)


def assert_one_line_usage_error(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode == 2, result.stderr[-2000:]
    assert "Traceback" not in result.stderr
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert lines and len(lines[-1]) < 300, result.stderr[-2000:]
    for word in words:
        assert word in result.stderr


# -- F1: FEN numbers of thousands of digits -------------------------------------------------------

@pytest.mark.parametrize("fen", ["W:W" + HUGE, "W:W1-" + HUGE + ":B10", "W:WK" + HUGE])
def test_f1_huge_square_numbers_are_fen_errors(fen: str) -> None:
    with pytest.raises(FenError) as caught:
        Board(fen=fen)
    assert len(str(caught.value)) < 300  # a short excerpt, not the whole FEN


def test_f1_cli_says_one_line_and_exits_2() -> None:
    assert_one_line_usage_error(run_cli("moves", "--fen", "W:W" + HUGE), "FEN")


# -- F2: the PDN reader never stops on a huge number ----------------------------------------------

@pytest.mark.parametrize("first", [
    f'[GameType "{HUGE}"]\n1.32-28 *',
    f'[FEN "W:W{HUGE}:B1"]\n1.32-28 *',
    f'[GameType "20,W,10,{HUGE},N2,0"]\n1.32-28 *',
    f"1.32-28 ${HUGE} 19-23 *",
    f'1.32-28 /FEN "W:W{HUGE}:B1"/ *',
])
def test_f2_reader_goes_on_after_a_huge_number(first: str) -> None:
    games = parse_games(first + '\n\n[Event "next"]\n1.32-28 19-23 2.28x19 14x23 *\n')
    assert len(games) == 2
    assert games[0].errors, "the bad number is reported"
    assert all(len(str(issue)) < 500 for issue in games[0].errors)
    assert games[1].tags["Event"] == "next" and len(games[1].mainline_moves()) == 4
    assert not games[1].errors


def test_f2_nag_in_range_is_kept() -> None:
    game = parse_games("1.32-28 $14 19-23 *")[0]
    assert not game.errors and game.root.variations[0].nags == [14]
    assert not parse_games("1.32-28 $902 19-23 *")[0].errors  # beyond PGN's $255: real files
    assert parse_games("1.32-28 $10000 19-23 *")[0].errors


# -- F3: no 500 from the API ----------------------------------------------------------------------

@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    with TestClient(create_app(tmp_path / "f.sqlite3"), base_url=LOCAL) as c:
        yield c


def test_f3_deep_json_is_400(client: TestClient) -> None:
    for body in (b"[" * 2000, b'{"a":' * 2000 + b"1" + b"}" * 2000):
        r = client.post("/api/games", content=body, headers=AS_JSON)
        assert r.status_code == 400 and "nested" in r.json()["error"], r.text
    deep_import = client.post("/api/games/import", content=b'{"pdn": ' + b"[" * 100_000,
                              headers=AS_JSON)  # the JSON form of an import takes 5 MB
    assert deep_import.status_code == 400, deep_import.text


def test_f3_huge_offset_is_422(client: TestClient) -> None:
    for query in ("offset=10000000000000000000", "offset=" + HUGE, "limit=" + HUGE,
                  "offset=-1", "offset=1e3"):
        r = client.get(f"/api/games?{query}")
        assert r.status_code == 422, (query, r.text)
        assert len(r.text) < 300


def test_f3_huge_fen_is_422(client: TestClient) -> None:
    for path in ("/api/position", "/api/games"):
        r = client.post(path, json={"fen": "W:W" + HUGE})
        assert r.status_code == 422, r.text
        assert len(r.json()["error"]) < 300
    assert client.get("/api/games").json()["total"] == 0  # nothing was created


# -- F4: a binary WebSocket frame -----------------------------------------------------------------

def test_f4_binary_frame_is_answered_and_the_socket_lives(client: TestClient) -> None:
    gid = client.post("/api/games", json={}).json()["id"]
    with client.websocket_connect(f"{LOCAL_WS}/ws/games/{gid}") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_bytes(b"\x00\x01binary")
        error = ws.receive_json()
        assert error["type"] == "error" and error["status"] == 400
        ws.send_text("[" * 5000)
        assert ws.receive_json()["status"] == 400
        ws.send_text('{"type": "' + "x" * 100_000 + '"}')
        assert len(ws.receive_json()["error"]) < 300
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


# -- F8: search limits on the command line --------------------------------------------------------

@pytest.mark.parametrize("args", [
    ("perft", "--depth", "1000000"),
    ("perft", "--depth", "-1"),
    ("perft", "--depth", HUGE),
    ("analyse", "--time", "inf"),
    ("analyse", "--time", "-1"),
    ("analyse", "--time", "nan"),
    ("analyse", "--time", "0"),
    ("analyse", "--depth", "0"),
    ("analyse", "--nodes", "-5"),
    ("analyse", "--hash", "100000000"),
    ("play", "--time", "nan"),
])
def test_f8_nonsense_limits_exit_2(args: tuple[str, ...]) -> None:
    with pytest.raises(SystemExit) as stop:  # argparse refuses the value
        main(list(args))
    assert stop.value.code == 2


def test_f8_limits_print_one_short_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["perft", "--depth", HUGE])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err) < 1000 and "depth" in err


def test_f8_big_limits_are_clamped(capsys: pytest.CaptureFixture[str]) -> None:
    # a depth beyond the engine's ceiling is clamped (and said), the search still ends
    assert main(["analyse", "--fen", "W:W50:B1,2", "--depth", "1000000"]) == 0
    captured = capsys.readouterr()
    assert "clamped" in captured.err and "bestmove" in captured.out


# -- the echo of huge tokens ----------------------------------------------------------------------

def test_pdn_check_quotes_an_excerpt_of_a_huge_token(tmp_path: Path) -> None:
    path = tmp_path / "junk.pdn"
    path.write_text("1.32-28 " + "q" * 2_000_000 + " 19-23 *\n")
    result = run_cli("pdn", "check", str(path))
    assert result.returncode == 1
    assert len(result.stdout) < 2000, result.stdout[:300]
    assert "characters" in result.stdout  # the excerpt says how long the token was


def test_long_move_text_is_refused_with_an_excerpt() -> None:
    board = Board()
    with pytest.raises(FenError.__mro__[1]) as caught:  # DamierError
        board.push("32-28" * 100_000)
    assert len(str(caught.value)) < 300 and board.ply == 0
