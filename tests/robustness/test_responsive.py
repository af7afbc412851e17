"""Servers stay responsive (issue 15, F7): a PDN import does not hold up the event loop.

The test is about order, not speed: while an import is under way, another request is
answered and sees some of the imported games stored but not all of them. When the import ran
on the event loop (F7) no request could be answered in the middle of it, so every answer saw
either none or all of the games. Each game's storing is slowed to 20 ms, so that the window
in which some but not all are stored lasts close to a second: on a busy machine the few
milliseconds the real writes take could pass between two polls (seen in CI at load 20).
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

import httpx2
import pytest

from damier import Board
from damier.formats.pdn import Game, write_game
from damier.web.app import create_app
from damier.web.storage.game_store import Store
from tests.web.conftest import LOCAL


def one_game_pdn(plies: int = 60, seed: int = 7) -> str:
    rnd = random.Random(seed)
    board = Board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rnd.choice(moves))
    return write_game(Game.from_board(board, {"Event": "copy"}))


def test_f7_requests_are_answered_during_an_import(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    copies = 40
    create_game = Store.create_game

    def slow_create_game(self: Store, *args: Any, **kwargs: Any) -> int:
        time.sleep(0.02)  # a slow disk: a blocking write on the loop would stall every poll
        return create_game(self, *args, **kwargs)

    monkeypatch.setattr(Store, "create_game", slow_create_game)
    text = "\n\n".join([one_game_pdn()] * copies)
    app = create_app(tmp_path / "imp.sqlite3")

    async def scenario() -> tuple[list[int], int]:
        transport = httpx2.ASGITransport(app=app)
        async with httpx2.AsyncClient(transport=transport, base_url=LOCAL, timeout=120) as c:
            importing = asyncio.create_task(c.post(
                "/api/games/import", content=text, headers={"content-type": "application/x-pdn"}))
            seen: list[int] = []
            while not importing.done():
                r = await c.get("/api/games?limit=1")
                seen.append(int(r.json()["total"]))
                await asyncio.sleep(0.005)
            answer = await importing
            assert answer.status_code == 201, answer.text
            return seen, int(answer.json()["imported"])

    seen, imported = asyncio.run(scenario())
    assert imported == copies
    assert any(0 < total < copies for total in seen), seen[-20:]
