"""External engines in the web app (issue 17 item 6): ``damier serve --engine CMD`` and the
settings file, the engine chosen per game and per analysis, a real Hub-2 engine (dame-rs'
``dame hub``, a test dependency) playing and analysing, a DXP follower playing, and a
scripted fake engine that crashes, hangs, talks garbage, answers ``error`` or plays an
illegal move: the request never hangs nor fails, the player is told, damier's engine plays
on, and every engine process is closed when its game, its socket or the server ends."""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from damier import Board
from damier.cli import main
from damier.web.app import create_app
from damier.web.services.engine_registry import EngineRegistry, ManagedEngine
from damier.web.services.engine_settings import (
    EngineSettings,
    SettingsError,
    load_settings,
    read_settings,
)
from damier.web.storage.game_store import Store
from tests.protocol.helpers import eventually
from tests.web.conftest import LOCAL, LOCAL_WS

ROOT = Path(__file__).resolve().parents[2]
FAKE = ROOT / "tests" / "protocol" / "fake_hub_engine.py"


def dame_command() -> str:
    beside = Path(sys.executable).with_name("dame")
    found = str(beside) if beside.exists() else shutil.which("dame")
    assert found, "dame-rs (the test extra) provides the dame command"
    return f"{found} hub"


def fake_entry(mode: str, name: str = "fake") -> dict[str, Any]:
    return {"name": name, "command": [sys.executable, str(FAKE), mode]}


def settings(*entries: dict[str, Any], **top: Any) -> EngineSettings:
    return read_settings({"engine": list(entries), **top})


@pytest.fixture
def make_client(db_path: Path) -> Iterator[Callable[[EngineSettings], TestClient]]:
    opened: list[TestClient] = []

    def make(engines: EngineSettings) -> TestClient:
        client = TestClient(create_app(db_path, engines=engines), base_url=LOCAL)
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for client in opened:
        client.__exit__(None, None, None)


def registry(client: TestClient) -> EngineRegistry:
    reg: EngineRegistry = client.app.state.games.engines  # type: ignore[attr-defined]
    return reg


def pids(reg: EngineRegistry) -> list[int]:
    """The OS processes of the open external engines."""
    found = []
    for managed in reg.running():
        engine: Any = managed._engine
        hub = getattr(engine, "engine", None)
        if hub is not None:
            found.append(hub.client.transport.proc.pid)
        elif getattr(engine, "process", None) is not None:
            found.append(engine.process.proc.pid)
    return found


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:
        with open(f"/proc/{pid}/stat") as f:   # a zombie not yet reaped has exited too
            return f.read().split(")")[-1].split()[0] == "Z"
    except (FileNotFoundError, ProcessLookupError):
        return True   # it was reaped between the two looks (CI failed on this race at stop 21)


def receive(ws: Any, seconds: float = 60.0) -> dict[str, Any]:
    """The next WebSocket message, failing the test (instead of hanging) after ``seconds``."""
    box: list[Any] = []
    reader = threading.Thread(target=lambda: box.append(ws.receive_json()), daemon=True)
    reader.start()
    reader.join(seconds)
    if not box:
        pytest.fail(f"no WebSocket message within {seconds:g} s")
    message: dict[str, Any] = box[0]
    return message


def new_game(client: TestClient, engine: str | None, **extra: Any) -> dict[str, Any]:
    body = {"white": "human", "black": "engine", "level": 1, **extra}
    if engine is not None:
        body["engine"] = engine
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def replay_ok(game: dict[str, Any]) -> Board:
    """Every move of the game is legal from its start (the server's record is sound)."""
    board = Board(game["variant"], game["start_fen"])
    for m in game["moves"]:
        board.push(board.parse_move(m["long"]))
    assert board.fen() == game["fen"]
    return board


# -- settings ----------------------------------------------------------------------------------


def test_settings_file_and_command_line(tmp_path: Path) -> None:
    (tmp_path / "scan").mkdir()
    path = tmp_path / "engines.toml"
    path.write_text(f"""
max_engine_processes = 2
engine_idle_seconds = 60

[[engine]]
command = "{dame_command()}"
variants = ["international", "frisian"]
options = {{ hash = 16, book-plies = 4 }}

[[engine]]
name = "follower"
command = ["{sys.executable}", "-m", "damier.cli", "dxp", "--listen", "127.0.0.1:{{port}}"]
protocol = "dxp"
dir = "{tmp_path / 'scan'}"
""")
    got = load_settings(path, [{"command": dame_command(), "protocol": "hub1", "name": "old"}])
    assert (got.max_processes, got.idle_seconds) == (2, 60.0)
    assert [(c.name, c.protocol, c.variants) for c in got.engines] == [
        ("damier", "builtin", None), ("dame", "hub", ("international", "frisian")),
        ("follower", "dxp", ("international",)), ("old", "hub1", ("international",))]
    dame = got.engines[1].spec
    assert dame is not None and dame.options == (("hash", "16"), ("book-plies", "4"))
    assert got.engines[2].spec is not None and got.engines[2].spec.cwd == str(tmp_path / "scan")
    assert [e["analyse"] for e in EngineRegistry(got).describe()] == [True, True, False, True]


@pytest.mark.parametrize(("data", "why"), [
    ({"engines": []}, "unknown key 'engines'"),
    ({"engine": {"command": "x"}}, r"engines are \[\[engine\]\] tables"),
    ({"engine": [{"command": "sh", "speed": 3}]}, "engine 1: unknown key 'speed'"),
    ({"engine": [{"protocol": "hub"}]}, "engine 1: .*needs cmd="),
    ({"engine": [{"command": "no-such-engine-here hub"}]}, "command 'no-such-engine-here' not found"),
    ({"engine": [{"command": "sh", "dir": "/no/such/dir"}]}, "is not a directory"),
    ({"engine": [{"command": "sh", "variants": ["chess"]}]}, "engine 1: .*chess"),
    ({"engine": [{"command": "sh", "protocol": "dxp", "variants": ["frisian"]}]},
     "DXP engine plays international only"),
    ({"engine": [{"command": "sh", "name": "damier"}]}, "taken .*built-in"),
    ({"engine": [{"command": "sh"}, {"command": "sh", "name": "SH"}]}, "engine 2: the name 'SH'"),
    ({"engine": [{"command": "sh", "name": "<script>"}]}, "must be 1-40 letters"),
    ({"engine": [{"command": "sh", "options": {"a": [1]}}]}, "option 'a' must be"),
    ({"max_engine_processes": 0}, "max_engine_processes must be a number from 1 to 64"),
])
def test_settings_mistakes_are_named(data: dict[str, Any], why: str) -> None:
    with pytest.raises(SettingsError, match=why):
        read_settings(data)


def test_default_names_do_not_clash() -> None:
    got = settings({"command": "sh -c 'exit 0'"}, {"command": "sh"})
    assert [c.name for c in got.engines] == ["damier", "sh", "sh-2"]


def test_serve_passes_the_engines(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr("damier.web.app.run", lambda **kw: seen.update(kw))
    path = tmp_path / "engines.toml"
    path.write_text(f'engine_idle_seconds = 30\n[[engine]]\ncommand = "{dame_command()}"\n')
    assert main(["serve", "--db", str(tmp_path / "g.sqlite3"), "--settings", str(path),
                 "--engine", dame_command(), "--engine-proto", "hub1", "--engine-name", "d1",
                 "--engine-variant", "frisian", "--engine-variant", "international",
                 "--engine-option", "book=false"]) == 0
    got = seen["engines"]
    assert [(c.name, c.protocol, c.variants) for c in got.engines] == [
        ("damier", "builtin", None), ("dame", "hub", ("international",)),
        ("d1", "hub1", ("frisian", "international"))]
    assert got.engines[2].spec.options == (("book", "false"),) and got.idle_seconds == 30
    assert "engines: damier (builtin), dame (hub), d1 (hub1)" in capsys.readouterr().out


def test_serve_command_line_mistakes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--engine-dir", str(tmp_path)])
    assert "give it after --engine CMD" in capsys.readouterr().err
    assert main(["serve", "--engine", "no-such-engine-here", "--port", "0"]) == 2
    assert "command 'no-such-engine-here' not found" in capsys.readouterr().err
    bad = tmp_path / "bad.toml"
    bad.write_text("[[engine]\n")
    assert main(["serve", "--settings", str(bad)]) == 2
    assert "not a TOML file" in capsys.readouterr().err
    assert main(["serve", "--settings", str(tmp_path / "none.toml")]) == 2
    assert "cannot read settings file" in capsys.readouterr().err


# -- the API -----------------------------------------------------------------------------------


def test_engines_listed_and_checked_at_game_creation(make_client: Any) -> None:
    client = make_client(settings({"command": dame_command()},
                                  {"name": "dx", "command": "sh", "protocol": "dxp"}))
    engines = client.get("/api/engines").json()
    assert engines == [
        {"name": "damier", "builtin": True, "protocol": "builtin", "variants": None,
         "analyse": True},
        {"name": "dame", "builtin": False, "protocol": "hub", "variants": ["international"],
         "analyse": True},
        {"name": "dx", "builtin": False, "protocol": "dxp", "variants": ["international"],
         "analyse": False}]
    for body, why in (({"engine": "stockfish"}, "no engine called 'stockfish'"),
                      ({"engine": "dame", "variant": "frisian"}, "dame does not play frisian"),
                      ({"engine": 7}, "engine must be a string"),
                      ({"engine": "dx", "white": "engine", "black": "engine"}, "speaks DXP")):
        r = client.post("/api/games", json=body)
        assert r.status_code == 422 and why in r.json()["error"], r.text
    game = new_game(client, None, white="human", black="human")
    assert game["engine"] == "damier" and game["engine_failure"] is None
    assert registry(client).running() == []          # nothing started before it is needed


def test_dame_hub_plays_and_analyses_and_is_closed_with_its_game(make_client: Any) -> None:
    client = make_client(settings({"command": dame_command()}))
    reg = registry(client)
    game = new_game(client, "dame")
    assert game["engine"] == "dame" and reg.running() == []   # started lazily
    gid = game["id"]
    for _ in range(4):
        state = client.get(f"/api/games/{gid}").json()
        move = state["legal_moves"][0]["long"]
        r = client.post(f"/api/games/{gid}/moves", json={"move": move})
        assert r.status_code == 200, r.text
        state = r.json()
        assert state["turn"] == "white" and state["engine_failure"] is None
    replay_ok(state)
    assert state["ply"] == 8
    [pid] = pids(reg)                         # one process for this game, kept between moves
    with client.websocket_connect(f"{LOCAL_WS}/ws/games/{gid}") as ws:
        assert receive(ws)["type"] == "state"
        ws.send_json({"type": "analyse", "on": True})   # the game's engine by default
        lines = []
        while len(lines) < 3:
            msg = receive(ws)
            if msg["type"] == "analysis" and msg.get("depth"):
                lines.append(msg)
        ws.send_json({"type": "analyse", "on": False})
    board = replay_ok(state)
    assert all(m["engine"] == "dame" and m["ply"] == 8 for m in lines)
    assert lines[-1]["depth"] >= 2 and board.parse_move(lines[-1]["pv"][0]) in board.legal_moves
    assert eventually(lambda: len(reg.running()) == 1)   # the socket's own process is closed
    assert client.post(f"/api/games/{gid}/resign", json={}).json()["status"] == "over"
    assert eventually(lambda: gone(pid)) and reg.running() == []
    assert 'White "human"' in client.get(f"/api/games/{gid}/pdn").text
    assert 'Black "dame"' in client.get(f"/api/games/{gid}/pdn").text


def test_analysis_engine_chosen_per_socket(make_client: Any) -> None:
    client = make_client(settings({"command": dame_command()},
                                  {"name": "dx", "command": "sh", "protocol": "dxp"}))
    gid = new_game(client, None, black="human")["id"]
    with client.websocket_connect(f"{LOCAL_WS}/ws/games/{gid}") as ws:
        receive(ws)
        ws.send_json({"type": "analyse", "on": True, "engine": "dx"})
        msg = receive(ws)
        assert msg["type"] == "analysis" and "dx cannot analyse" in msg["error"]
        assert (msg["code"], msg["engine"]) == ("engine_cannot_analyse", "dx")
        ws.send_json({"type": "analyse", "on": True, "engine": "dame"})
        while not (msg := receive(ws)).get("depth"):
            pass
        assert msg["engine"] == "dame"
        ws.send_json({"type": "analyse", "on": True, "engine": "damier"})
        while not ((msg := receive(ws)).get("depth") and msg["engine"] == "damier"):
            pass
        assert eventually(lambda: registry(client).running() == [])   # dame closed at once


def test_dxp_follower_plays_a_game(make_client: Any) -> None:
    follower = {"name": "follower", "protocol": "dxp", "command": [
        sys.executable, "-m", "damier.cli", "dxp", "--listen", "127.0.0.1:{port}", "--once",
        "--level", "1", "--name", "Follower"]}
    client = make_client(settings(follower))
    game = new_game(client, "follower", white="engine", black="human", wait=True)
    assert game["ply"] == 1 and game["engine_failure"] is None, game
    gid = game["id"]
    for _ in range(3):
        move = client.get(f"/api/games/{gid}").json()["legal_moves"][0]["long"]
        state = client.post(f"/api/games/{gid}/moves", json={"move": move}).json()
        assert state["engine_failure"] is None and state["turn"] == "black", state
    replay_ok(state)


# -- failures ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("mode", "why"), [
    ("crash", r"ended while damier waited for done \(exit status 139; stderr: fake engine: "
              r"segmentation fault\)"),
    ("hang", r"did not send done within 5.15 s"),
    ("garbage", r"sent an unreadable line instead of done"),
    ("error", r"answered an error instead of done: bad position"),
    ("illegal", r"played '11-15'"),
])
def test_a_failing_engine_hands_over_to_damier(make_client: Any, mode: str, why: str) -> None:
    client = make_client(settings(fake_entry(mode)))
    reg = registry(client)
    gid = new_game(client, "fake")["id"]
    started = time.monotonic()
    r = client.post(f"/api/games/{gid}/moves", json={"move": "32-28"})
    assert r.status_code == 200 and time.monotonic() - started < 25  # 5.15 s, and room for load
    state = r.json()
    assert state["ply"] == 2 and state["turn"] == "white"      # damier's engine answered
    failure = state["engine_failure"]
    assert (failure["code"], failure["engine"]) == ("engine_failed", "fake")
    assert re.search(why, failure["reason"]), failure
    assert failure["message"] == (f"engine fake failed: {failure['reason']}; damier's engine "
                                  "plays on in its place")
    assert reg.running() == []                                  # the process is closed
    r = client.post(f"/api/games/{gid}/moves", json={"move": state["legal_moves"][0]["long"]})
    assert r.json()["ply"] == 4 and r.json()["engine_failure"] == failure
    replay_ok(r.json())


def test_resigning_while_the_engine_thinks_closes_it_without_a_failure(make_client: Any) -> None:
    client = make_client(settings(fake_entry("hang")))
    reg = registry(client)
    gid = new_game(client, "fake")["id"]
    client.post(f"/api/games/{gid}/moves", json={"move": "32-28", "wait": False})
    assert eventually(lambda: len(pids(reg)) == 1)
    [pid] = pids(reg)
    state = client.post(f"/api/games/{gid}/resign", json={}).json()
    assert state["status"] == "over" and state["reason"] == "white resigned"
    assert eventually(lambda: gone(pid)) and eventually(lambda: reg.running() == [])
    time.sleep(0.5)
    state = client.get(f"/api/games/{gid}").json()
    assert state["engine_failure"] is None and state["ply"] == 1 and not state["thinking"]


def test_failure_is_pushed_to_the_player(make_client: Any) -> None:
    client = make_client(settings(fake_entry("crash")))
    gid = new_game(client, "fake")["id"]
    with client.websocket_connect(f"{LOCAL_WS}/ws/games/{gid}") as ws:
        receive(ws)
        client.post(f"/api/games/{gid}/moves", json={"move": "32-28", "wait": False})
        while "message" not in (msg := receive(ws)):
            pass
        assert msg["message"].startswith("engine fake failed: ")
        assert msg["message_code"] == "engine_failed" and msg["message_args"] == {"engine": "fake"}
        assert msg["game"]["engine_failure"]["message"] == msg["message"]


def test_analysis_failure_and_a_hanging_analysis(make_client: Any) -> None:
    client = make_client(settings(fake_entry("crash"), fake_entry("hang", "sleepy")))
    reg = registry(client)
    gid = new_game(client, None, black="human")["id"]
    with client.websocket_connect(f"{LOCAL_WS}/ws/games/{gid}") as ws:
        receive(ws)
        ws.send_json({"type": "analyse", "on": True, "engine": "fake"})
        while "error" not in (msg := receive(ws)):
            pass
        assert msg["engine"] == "fake" and "exit status 139" in msg["error"]
        assert msg["code"] == "engine_failed" and "exit status 139" in msg["reason"]
        ws.send_json({"type": "analyse", "on": True, "engine": "sleepy"})
        assert eventually(lambda: len(reg.running()) == 1)
        [pid] = pids(reg)
        started = time.monotonic()
        assert client.get("/api/engines").status_code == 200   # the server is not blocked
        ws.send_json({"type": "analyse", "on": False})          # the engine ignores stop
        ws.send_json({"type": "ping"})
        while receive(ws)["type"] != "pong":
            pass
        assert time.monotonic() - started < 25   # killed after 2 s, not 30 (room for a loaded CI machine)
        assert eventually(lambda: gone(pid))


# -- lifetimes ---------------------------------------------------------------------------------


def test_processes_closed_when_idle_over_the_limit_deleted_and_at_shutdown(
        make_client: Any, db_path: Path) -> None:
    client = make_client(settings({"command": dame_command()}, max_engine_processes=2,
                                  engine_idle_seconds=60))
    reg = registry(client)
    games = [new_game(client, "dame", white="engine", black="human", wait=True)["id"]
             for _ in range(3)]
    # three games, at most two processes: the least recently used idle one was closed
    assert len(reg.running()) == 2
    first, second, third = games
    assert client.post(f"/api/games/{first}/moves",
                       json={"move": client.get(f"/api/games/{first}").json()["legal_moves"][0]
                             ["long"]}).json()["ply"] == 3   # it starts again when needed
    assert len(reg.running()) == 2
    before = set(pids(reg))
    assert client.delete(f"/api/games/{first}").status_code == 200
    assert eventually(lambda: len(reg.running()) == 1)
    [left] = pids(reg)
    assert eventually(lambda: all(gone(p) for p in before - {left}))
    assert reg.reap(time.monotonic() + 61) == 1 and reg.running() == []
    assert eventually(lambda: gone(left))
    # a server that stops closes what it has open
    new_game(client, "dame", white="engine", black="human", wait=True)
    [pid] = pids(reg)
    client.__exit__(None, None, None)
    assert eventually(lambda: gone(pid)) and reg.running() == []


def test_engine_no_longer_offered_after_a_restart(make_client: Any) -> None:
    client = make_client(settings({"command": dame_command()}))
    gid = new_game(client, "dame", white="human", black="engine")["id"]
    client.__exit__(None, None, None)
    again = make_client(EngineSettings())
    state = again.post(f"/api/games/{gid}/moves", json={"move": "32-28"}).json()
    assert state["ply"] == 2 and state["engine"] == "dame"
    failure = state["engine_failure"]
    assert (failure["code"], failure["engine"]) == ("engine_not_offered", "dame")
    assert "no engine called 'dame'" in failure["reason"]


def test_old_database_gets_the_engine_column(db_path: Path) -> None:
    with sqlite3.connect(db_path) as db:
        db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, variant TEXT NOT "
                   "NULL, start_fen TEXT NOT NULL, white TEXT NOT NULL, black TEXT NOT NULL, "
                   "level INTEGER NOT NULL, time_control TEXT, clock_white INTEGER, clock_black "
                   "INTEGER, turn_started REAL, ending TEXT, draw_offer INTEGER, tags TEXT NOT "
                   "NULL DEFAULT '{}', result TEXT, reason TEXT, ply INTEGER NOT NULL DEFAULT 0, "
                   "created REAL NOT NULL, updated REAL NOT NULL)")
        db.execute("INSERT INTO games (variant, start_fen, white, black, level, created, "
                   "updated) VALUES ('international', ?, 'human', 'engine', 3, 1, 1)",
                   (Board().fen(),))
    store = Store(db_path)
    row = store.get_game(1)
    assert row is not None and row.engine is None and row.black == "engine"
    row.engine = "dame"
    store.save(row)
    again = store.get_game(1)
    assert again is not None and again.engine == "dame"
    store.close()


def test_managed_engine_is_engine_like() -> None:
    from damier.engine import EngineLike, Limit

    reg = EngineRegistry(settings({"command": dame_command()}))
    engine = reg.open("dame", "international")
    try:
        assert isinstance(engine, ManagedEngine) and isinstance(engine, EngineLike)
        assert not engine.running
        board = Board()
        assert engine.play(board, Limit(time=0.05)).move in board.legal_moves
        assert engine.running
        engine.quit()
        assert not engine.running
        assert engine.play(board, Limit(time=0.05)).move in board.legal_moves   # restarts
    finally:
        reg.close()
