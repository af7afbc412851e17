"""The engine's time in web games (issue 18 item 4): a timed game hands both clocks and the
increment to the engine, whose own time manager shares them out; an untimed game keeps the
level's time per move; an external Hub engine gets the clock its protocol carries. No
assertion here depends on the machine's speed: the limits are read from given clock states
(a fake wall clock), and a real timed game only has to keep its clocks positive."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import damier.engine as engine_package
import damier.web.services.game_clock as clock
from damier import Board
from damier.engine.api import BuiltinEngine
from damier.engine.engine import PlayResult
from damier.engine.timecontrol import Limit, allocate
from damier.web.app import create_app
from damier.web.services.engine_bridge import LEVEL_SECONDS, move_limit
from damier.web.services.engine_settings import read_settings
from tests.protocol.helpers import eventually
from tests.web.conftest import LOCAL
from tests.web.test_api import FakeTime, move, new_game

FAKE = Path(__file__).resolve().parents[1] / "protocol" / "fake_hub_engine.py"


class Recording(BuiltinEngine):
    """damier's engine, recording the limit of every move it is asked for (and answering
    with a depth-1 search, so that the wall clock does not matter)."""

    limits: list[Limit | None] = []

    def play(self, board: Board, limit: Limit | None = None) -> PlayResult:
        Recording.limits.append(limit)
        return super().play(board, Limit(depth=1))


@pytest.fixture
def recording(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Limit | None]]:
    Recording.limits = []
    monkeypatch.setattr(engine_package, "BuiltinEngine", Recording)
    yield Recording.limits


def test_the_limit_from_given_clock_states() -> None:
    for level, seconds in enumerate(LEVEL_SECONDS, 1):
        assert move_limit(level) == Limit(time=seconds)
    limit = move_limit(10, (300_000, 245_250), 3.0)
    assert limit == Limit(white_clock=300.0, black_clock=245.25, increment=3.0)
    assert move_limit(4, (-150, 1_000)) == Limit(white_clock=0.0, black_clock=1.0)
    # the engine, not the web app, shares the clock out: a long clock buys more than the
    # level's fixed time, a short one much less, and never more than 40% of what is left
    long = allocate(move_limit(10, (300_000, 300_000), 3.0), 0)
    assert long.soft > LEVEL_SECONDS[-1] and long.hard <= 0.4 * 300
    short = allocate(move_limit(10, (2_000, 60_000)), 0)
    assert short.soft < 0.1 and short.hard <= 0.4 * 2


def test_a_timed_game_hands_both_clocks_to_the_engine(
        client: TestClient, recording: list[Limit | None], monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeTime()
    monkeypatch.setattr(clock, "time", fake)
    game = new_game(client, white="engine", black="human", level=10, wait=True,
                    time_control={"initial": 300, "increment": 3})
    assert game["ply"] == 1
    assert recording == [Limit(white_clock=300.0, black_clock=300.0, increment=3.0)]
    fake.now += 7
    state = move(client, game["id"], game["legal_moves"][0]["long"]).json()
    assert state["ply"] == 3
    # Black's clock: 300 s - 7 s + the 3 s increment; White's first move had no increment
    assert recording[1] == Limit(white_clock=300.0, black_clock=296.0, increment=3.0)


def test_an_untimed_game_keeps_the_levels_time(
        client: TestClient, recording: list[Limit | None]) -> None:
    game = new_game(client, white="engine", black="human", level=4, wait=True)
    assert game["ply"] == 1 and recording == [Limit(time=LEVEL_SECONDS[3])]


def test_a_timed_engine_game_keeps_its_clocks_positive(client: TestClient) -> None:
    """damier's own engine at full strength on both sides with 3 s each: every move leaves
    the mover time (the time manager never spends more than 40% of what is left)."""
    gid = new_game(client, white="engine", black="engine", level=10,
                   time_control={"initial": 3, "increment": 0})["id"]

    def played() -> bool:
        return bool(client.get(f"/api/games/{gid}").json()["ply"] >= 6)

    assert eventually(played, 60.0)
    state = client.get(f"/api/games/{gid}").json()
    client.delete(f"/api/games/{gid}")          # the engines stop playing it
    assert state["status"] == "playing", state["reason"]
    assert state["clocks"]["white"] > 0 and state["clocks"]["black"] > 0, state["clocks"]


def test_an_external_hub_engine_gets_the_clock_of_its_protocol(
        db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeTime()
    monkeypatch.setattr(clock, "time", fake)
    log = tmp_path / "hub.log"
    engines = read_settings({"engine": [
        {"name": "fake", "command": [sys.executable, str(FAKE), "record", str(log)]}]})
    with TestClient(create_app(db_path, engines=engines), base_url=LOCAL) as client:
        # level 1: damier's engine, which plays on after the fake's illegal move, is quick
        timed = new_game(client, white="human", black="engine", engine="fake", level=1,
                         time_control={"initial": 120, "increment": 2})
        fake.now += 5
        move(client, timed["id"], "32-28")
        untimed = new_game(client, white="human", black="engine", engine="fake", level=2)
        move(client, untimed["id"], "32-28")
    levels = [line.split() for line in log.read_text().splitlines() if line.startswith("level")]
    # White moved after 5 s: Black, the engine, still has its 120 s and is told so
    assert any(_fields(words) == {"time": "120", "inc": "2"} for words in levels), levels
    assert any(_fields(words) == {"move-time": str(LEVEL_SECONDS[1])} for words in levels), levels


def _fields(words: list[str]) -> dict[str, Any]:
    return dict(w.split("=", 1) for w in words[1:] if "=" in w)
