"""A tour of the page in English, Czech, Hungarian and Serbian Cyrillic, with screenshots
``60-<language>-*`` in ``test-artifacts/web/`` to look at: a game against the engine with
analysis, a capture clicked square by square, the route choice, a huff, the board options
in dark mode, a Black-first move list with the rules, and a phone. On every screen no
English message is left (the texts of the catalogs, see test_page_i18n).
"""

from __future__ import annotations

from typing import Any

import pytest
from selenium.webdriver.common.by import By

from tests.web.conftest import LiveServer
from tests.web.test_browser import api, click, js, open_game, ply, shot, wait
from tests.web.test_never_freeze import play_by_clicks
from tests.web.test_page_i18n import english_left, set_language


def screen(drv: Any, code: str, name: str) -> None:
    wait(drv, lambda d: not js(d, "document.getElementById('board').dataset.animating"))
    if code != "en":
        assert not english_left(drv, code), f"{name} in {code}"
    shot(drv, f"60-{code}-{name}")


@pytest.mark.parametrize("code", ["en", "cs", "hu", "sr-Cyrl"])
def test_tour(browser: Any, live_server: LiveServer, code: str) -> None:
    drv = browser
    g = api(live_server, "POST", "/api/games", {"white": "human", "black": "engine", "level": 1,
                                                 "time_control": "5+3"})
    open_game(drv, live_server, g["id"])
    try:
        set_language(drv, code)
        drv.find_element(By.ID, "btn-analysis").click()
        for n, (a, b) in enumerate([(32, 28), (37, 32), (31, 27)]):
            wait(drv, lambda d, k=2 * n: ply(d) == k and not js(d, "window.damier.game.thinking"))
            legal = js(drv, "window.damier.game.legal_moves")
            move = next((m for m in legal if (m["from"], m["to"]) == (a, b)), legal[0])
            play_by_clicks(drv, move)
        wait(drv, lambda d: ply(d) == 6)
        wait(drv, lambda d: d.find_element(By.ID, "an-score").text not in ("", "…"))
        screen(drv, code, "game")
        drv.find_element(By.ID, "btn-analysis").click()

        g = api(live_server, "POST", "/api/games", {"fen": "W:W37,48:B32,22,21,11,1"})
        open_game(drv, live_server, g["id"])
        click(drv, 37)
        click(drv, 28)
        wait(drv, lambda d: d.find_elements(By.CSS_SELECTOR, "#board circle.landed"))
        screen(drv, code, "capture-midway")

        g = api(live_server, "POST", "/api/games", {"fen": "W:WK47:B14,19,29,31,42,3"})
        open_game(drv, live_server, g["id"])
        click(drv, 47)
        click(drv, 36)
        wait(drv, lambda d: d.find_element(By.ID, "route-box").is_displayed())
        screen(drv, code, "route")

        g = api(live_server, "POST", "/api/games", {
            "variant": "czech-traditional", "fen": "B:W24:B5,15,16,19", "white": "engine",
            "black": "human", "level": 1})
        open_game(drv, live_server, g["id"])
        click(drv, 16)
        click(drv, 20)  # 19 could take 24: White's only move is to huff it (test_page_features)
        wait(drv, lambda d: ply(d) == 2 and d.find_element(By.ID, "message").text)
        screen(drv, code, "huff")

        g = api(live_server, "POST", "/api/games", {"variant": "czech-traditional"})
        for _ in range(3):
            state = api(live_server, "GET", f"/api/games/{g['id']}")
            api(live_server, "POST", f"/api/games/{g['id']}/moves",
                {"move": state["legal_moves"][0]["notation"]})
        open_game(drv, live_server, g["id"])
        drv.find_element(By.ID, "btn-rules").click()
        wait(drv, lambda d: d.find_elements(By.CSS_SELECTOR, "#rules-body p"))
        screen(drv, code, "black-first-rules")
        drv.find_element(By.ID, "btn-rules").click()

        drv.find_element(By.ID, "btn-options").click()
        drv.find_element(By.CSS_SELECTOR, '#opt-dark option[value="on"]').click()
        drv.find_element(By.CSS_SELECTOR, '#opt-theme option[value="green"]').click()
        screen(drv, code, "options-dark")
        drv.find_element(By.CSS_SELECTOR, '#opt-dark option[value="auto"]').click()
        drv.find_element(By.CSS_SELECTOR, '#opt-theme option[value="wood"]').click()
        drv.find_element(By.ID, "options-close").click()

        drv.set_window_size(390, 844)
        try:
            g = api(live_server, "POST", "/api/games", {"variant": "russian"})
            open_game(drv, live_server, g["id"])
            screen(drv, code, "phone")
        finally:
            drv.set_window_size(1280, 900)
    finally:
        set_language(drv, "en")
