"""Two real browsers play a game through an invite link while a third watches; the server is
restarted in the middle of the timed game (every connection cut, then restored); the game
ends in a draw agreed with the buttons, and the rematch starts with the colours swapped.

Each browser is its own Chromium profile, so each holds its own player key. All waits are
explicit. Screenshots go to ``test-artifacts/web/online-*.png``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from damier.web.app import create_app, ws_protocol
from tests.web.conftest import ARTIFACTS, free_port, launch_browser

TIMEOUT = 60


class Server:
    """uvicorn in a thread on a fixed port, so that it can be stopped and started again."""

    def __init__(self, db: Path, port: int) -> None:
        import uvicorn

        self.url = f"http://127.0.0.1:{port}"
        config = uvicorn.Config(create_app(db), host="127.0.0.1", port=port,
                                log_level="warning", ws=ws_protocol())
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "no server"
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(15)


@pytest.fixture
def browsers() -> Iterator[list[Any]]:
    with launch_browser() as a, launch_browser() as b, launch_browser() as c:
        yield [a, b, c]


def wait(drv: Any, cond: Any) -> Any:
    return WebDriverWait(drv, TIMEOUT, poll_frequency=0.05).until(cond)


def game(drv: Any) -> Any:
    return drv.execute_script("return window.damierOnline && window.damierOnline.game;")


def ply(drv: Any) -> int:
    g = game(drv)
    return int(g["ply"]) if g else -1


def click_square(drv: Any, n: int) -> None:
    for attempt in range(5):
        try:
            rect = drv.find_element(By.CSS_SELECTOR, f'#board g.square[data-square="{n}"] rect')
            ActionChains(drv).move_to_element(rect).click().perform()
            return
        except StaleElementReferenceException:
            if attempt == 4:
                raise


def move(drv: Any, squares: list[int], watchers: list[Any]) -> None:
    """Click ``squares`` on ``drv``'s board; wait until every browser shows the move (or
    more: a premove may answer at once)."""
    before = ply(drv)
    for n in squares:
        click_square(drv, n)
    for d in watchers:
        wait(d, lambda d: ply(d) > before)


def act(drv: Any, action: str) -> None:
    wait(drv, lambda d: d.find_elements(By.CSS_SELECTOR, f'#table-actions [data-action="{action}"]'))
    drv.find_element(By.CSS_SELECTOR, f'#table-actions [data-action="{action}"]').click()


def test_invite_play_watch_restart_draw_and_rematch(tmp_path: Path, browsers: list[Any]) -> None:
    ann, bob, eve = browsers
    db, port = tmp_path / "games.sqlite3", free_port()
    server = Server(db, port)
    try:
        ann.get(f"{server.url}/online")
        wait(ann, lambda d: d.find_element(By.ID, "cf-variant").find_elements(By.TAG_NAME, "option"))
        ann.find_element(By.ID, "cf-name").send_keys("Ann")
        Select(ann.find_element(By.ID, "cf-color")).select_by_value("white")
        ann.find_element(By.ID, "cf-rated").click()
        ann.find_element(By.ID, "cf-submit").click()
        invite = wait(ann, lambda d: d.find_element(By.ID, "invite-link").get_attribute("value"))
        assert "/online#c=" in invite

        bob.get(invite)
        wait(bob, lambda d: "Ann" in d.find_element(By.ID, "challenge-terms").text)
        bob.find_element(By.ID, "af-name").send_keys("Bob")
        bob.find_element(By.ID, "af-accept").click()
        for d in (ann, bob):   # Ann's page follows by itself when Bob accepts
            wait(d, lambda d: ply(d) == 0)
        gid = int(game(bob)["id"])
        eve.get(f"{server.url}/online#g={gid}")
        wait(eve, lambda d: ply(d) == 0)
        everyone = [ann, bob, eve]
        assert eve.find_elements(By.CSS_SELECTOR, "#table-actions button") == []

        move(ann, [32, 28], everyone)
        click_square(eve, 19)   # a spectator's clicks do nothing
        click_square(eve, 23)
        move(bob, [19, 23], everyone)
        click_square(bob, 13)   # a premove while Ann is to move: 13x24 once she has taken
        click_square(bob, 24)
        wait(bob, lambda d: d.execute_script("return window.damierOnline && "
                                             "document.querySelectorAll('#board .premove').length >= 2"))
        ann.save_screenshot(str(ARTIFACTS / "online-ann.png"))
        bob.save_screenshot(str(ARTIFACTS / "online-premove.png"))
        eve.save_screenshot(str(ARTIFACTS / "online-spectator.png"))

        server.stop()   # every connection is cut; the pages retry
        wait(ann, lambda d: not d.find_element(By.ID, "table-connection").get_attribute("hidden"))
        server = Server(db, port)   # (that the downtime is not charged: test_online_clock)
        move(ann, [28], everyone)   # 28x19, the only capture: one click plays it
        for d in everyone:   # and Bob's premove answers by itself
            wait(d, lambda d: ply(d) == 4)
        assert [m["notation"] for m in game(eve)["moves"]][2:] == ["28x19", "13x24"]
        assert game(eve)["clocks"]["running"] == "white"

        act(bob, "draw_offer")
        act(ann, "draw_accept")
        for d in everyone:
            wait(d, lambda d: (game(d) or {}).get("status") == "over")
        assert game(eve)["result"] == "1-1"
        assert "1-1" in eve.find_element(By.ID, "table-status").text

        act(ann, "rematch_offer")
        act(bob, "rematch_accept")
        for d in (ann, bob):
            wait(d, lambda d: (game(d) or {}).get("id") not in (None, gid))
        again = game(ann)["id"]
        assert game(bob)["id"] == again
        you = bob.execute_script("return window.damierOnline.online.you;")
        assert you == ["white"]   # colours swapped
        bob.save_screenshot(str(ARTIFACTS / "online-rematch.png"))
        for d in everyone:
            severe = [e for e in d.get_log("browser") if e["level"] == "SEVERE"
                      and "WebSocket connection" not in e["message"]]   # the restart
            assert not severe, severe
    finally:
        server.stop()


def test_every_language_on_the_online_page(tmp_path: Path) -> None:
    """The home, invitation and game views, and a finished game's, in every language: no
    English message left where the language has its own."""
    import json
    import urllib.request

    from tests.web.test_i18n import I18N
    from tests.web.test_page_i18n import english_left, set_language

    codes = sorted(p.stem for p in I18N.glob("*.js"))
    server = Server(tmp_path / "games.sqlite3", free_port())

    def post(path: str, body: dict[str, Any], key: str | None = None) -> tuple[Any, str | None]:
        headers = {"Content-Type": "application/json"}
        if key:
            headers["Cookie"] = f"damier_player={key}"
        req = urllib.request.Request(server.url + path, data=json.dumps(body).encode(),
                                     method="POST", headers=headers)
        with urllib.request.urlopen(req, timeout=30) as r:
            cookie = r.headers.get("set-cookie") or ""
            given = cookie.split(";")[0].partition("=")[2] or key
            return json.loads(r.read()), given

    def check_all(drv: Any, view: str) -> None:
        for code in codes:
            set_language(drv, code)
            left = english_left(drv, code) if code != "en" else []
            assert not left, f"{view} in {code}: English left {left}"

    try:
        with launch_browser() as drv:
            drv.get(f"{server.url}/online")
            wait(drv, lambda d: d.find_element(By.ID, "cf-variant").find_elements(By.TAG_NAME, "option"))
            check_all(drv, "home")
            drv.find_element(By.ID, "cf-name").send_keys("Ann")
            drv.find_element(By.ID, "cf-submit").click()
            invite = wait(drv, lambda d: d.find_element(By.ID, "invite-link").get_attribute("value"))
            check_all(drv, "invitation")
            accepted, bob = post(f"/api/online/challenges/{invite.rsplit('=', 1)[1]}/accept", {"name": "Bob"})
            wait(drv, lambda d: ply(d) == 0)
            drv.find_element(By.ID, "table-links").click()
            check_all(drv, "game")
            post(f"/api/online/games/{accepted['game']}/act", {"action": "resign"}, bob)
            wait(drv, lambda d: (game(d) or {}).get("status") == "over")
            check_all(drv, "finished game")
    finally:
        server.stop()
