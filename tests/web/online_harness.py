"""Helpers of the online tests: players with their own browser key over one TestClient.

A :class:`Player` sends its own ``damier_player`` cookie with every request and keeps the
key the server gives it, so that several people share one app without sharing a cookie jar.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from starlette.testclient import TestClient

from damier.web.services.seats import KEY_COOKIE

LOCAL_WS = "ws://127.0.0.1:8000"


class Player:
    """One browser: its key (``None`` until the server gives one) and its requests."""

    def __init__(self, client: TestClient, name: str, key: str | None = None) -> None:
        self.client = client
        self.name = name
        self.key = key

    def headers(self) -> dict[str, str]:
        return {"cookie": f"{KEY_COOKIE}={self.key}"} if self.key else {}

    def call(self, method: str, url: str, body: Any = None, expect: int | None = 200) -> Any:
        self.client.cookies.clear()
        if body is None and method == "POST":
            body = {}   # the server takes a POST only with a JSON body, as the page sends
        r = self.client.request(method, url, json=body, headers=self.headers())
        given = r.cookies.get(KEY_COOKIE)
        if given:
            self.key = given
        self.client.cookies.clear()
        if expect is not None:
            assert r.status_code == expect, (r.status_code, r.text)
        return r.json() if r.content else None

    def challenge(self, **terms: Any) -> str:
        body = {"name": self.name, **terms}
        return str(self.call("POST", "/api/online/challenges", body, 201)["challenge"]["id"])

    def accept(self, cid: str) -> int:
        return int(self.call("POST", f"/api/online/challenges/{cid}/accept", {"name": self.name})["game"])

    def act(self, gid: int, action: str, expect: int | None = 200, **extra: Any) -> Any:
        return self.call("POST", f"/api/online/games/{gid}/act", {"action": action, **extra}, expect)

    def view(self, gid: int) -> dict[str, Any]:
        result: dict[str, Any] = self.call("GET", f"/api/online/games/{gid}")
        return result

    @contextmanager
    def socket(self, gid: int) -> Iterator[Any]:
        self.client.cookies.clear()
        with self.client.websocket_connect(f"{LOCAL_WS}/ws/online/{gid}",
                                           headers=self.headers()) as ws:
            yield ws


def start_game(white: Player, black: Player, **terms: Any) -> int:
    """A game between ``white`` and ``black`` (a challenge by white, accepted by black)."""
    cid = white.challenge(color="white", **terms)
    return black.accept(cid)


def receive_until(ws: Any, test: Any, limit: int = 50) -> dict[str, Any]:
    """The first message of ``ws`` that passes ``test`` (at most ``limit`` read)."""
    for _ in range(limit):
        msg: dict[str, Any] = ws.receive_json()
        if test(msg):
            return msg
    raise AssertionError("no such message came")
