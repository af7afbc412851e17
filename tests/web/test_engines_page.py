"""External engines in the page (headless Chromium): the new-game dialog offers the server's
engines for the chosen variant, a game against dame-rs' ``dame hub`` is played by clicking,
the players line names the engine, the analysis panel analyses with it, and an engine that
crashes is replaced by damier's with a note that says so, in the page's language.
Screenshots ``40-*`` in ``test-artifacts/web/``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from tests.web.conftest import LiveServer
from tests.web.test_browser import api, click, js, open_game, ply, shot, wait
from tests.web.test_engines import dame_command, fake_entry, settings


@pytest.fixture(scope="module")
def engine_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    engines = settings({"command": dame_command()}, fake_entry("crash", "broken"),
                       {"name": "frisian-only", "command": dame_command(),
                        "variants": ["frisian"]})
    server = LiveServer(tmp_path_factory.mktemp("engines") / "live.sqlite3", engines)
    server.start()
    yield server
    server.stop()


def text(drv: Any, element_id: str) -> str:
    return str(drv.find_element(By.ID, element_id).text)


def test_new_game_against_dame_and_analysis_with_it(browser: Any,
                                                    engine_server: LiveServer) -> None:
    g = api(engine_server, "POST", "/api/games", {"white": "human", "black": "human"})
    open_game(browser, engine_server, g["id"])
    browser.execute_script("localStorage.setItem('damier.lang', 'en');")
    browser.find_element(By.ID, "btn-new").click()
    wait(browser, lambda d: d.find_element(By.ID, "new-engine-row").is_displayed())
    engine = Select(browser.find_element(By.ID, "new-engine"))
    assert [o.get_attribute("value") for o in engine.options] == ["damier", "dame", "broken"]
    assert engine.options[0].text == "damier (built-in)"
    Select(browser.find_element(By.ID, "new-variant")).select_by_value("frisian")
    assert [o.get_attribute("value") for o in engine.options] == ["damier", "frisian-only"]
    Select(browser.find_element(By.ID, "new-variant")).select_by_value("international")
    engine.select_by_value("dame")
    Select(browser.find_element(By.ID, "new-color")).select_by_value("white")
    level = browser.find_element(By.ID, "new-level")
    level.clear()
    level.send_keys("1")
    shot(browser, "40-new-game-engine")
    browser.find_element(By.ID, "new-ok").click()
    wait(browser, lambda d: js(d, "window.damier.game.id") != g["id"])
    assert js(browser, "window.damier.game.engine") == "dame"
    click(browser, 32)
    click(browser, 28)
    wait(browser, lambda d: ply(d) == 2)
    assert "dame (level 1)" in text(browser, "player-top")
    assert not browser.find_element(By.ID, "engine-note").is_displayed()
    browser.find_element(By.ID, "btn-analysis").click()
    wait(browser, lambda d: d.find_element(By.ID, "an-engine-row").is_displayed())
    assert Select(browser.find_element(By.ID, "an-engine")).first_selected_option \
        .get_attribute("value") == "dame"
    analysing = [o.get_attribute("value")
                 for o in Select(browser.find_element(By.ID, "an-engine")).options]
    assert analysing == ["damier", "dame", "broken"]
    wait(browser, lambda d: text(d, "an-depth").startswith("depth"))
    shot(browser, "41-analysis-dame")
    Select(browser.find_element(By.ID, "an-engine")).select_by_value("broken")
    wait(browser, lambda d: text(d, "an-score") == "broken failed: choose another engine")
    assert "exit status 139" in browser.find_element(By.ID, "an-score").get_attribute("title")
    browser.find_element(By.ID, "btn-analysis").click()


def test_a_crashing_engine_is_replaced_with_a_note(browser: Any,
                                                   engine_server: LiveServer) -> None:
    g = api(engine_server, "POST", "/api/games", {"white": "human", "black": "engine",
                                                  "level": 1, "engine": "broken"})
    open_game(browser, engine_server, g["id"])
    assert "broken (level 1)" in text(browser, "player-top")
    click(browser, 32)
    click(browser, 28)
    wait(browser, lambda d: ply(d) == 2 and d.find_element(By.ID, "engine-note").is_displayed())
    assert text(browser, "engine-note-text") == \
        "broken failed; damier's engine plays on in its place."
    assert "exit status 139" in text(browser, "engine-note-reason")
    assert "engine (level 1)" in text(browser, "player-top")
    shot(browser, "42-engine-failed")
    browser.execute_script("localStorage.setItem('damier.lang', 'cs');")
    browser.refresh()
    wait(browser, lambda d: js(d, "document.documentElement.lang") == "cs"
         and d.find_element(By.ID, "engine-note").is_displayed())
    assert text(browser, "engine-note-text") == \
        "broken selhal; místo něj dál hraje program damier."
    shot(browser, "43-engine-failed-cs")
    browser.execute_script("localStorage.setItem('damier.lang', 'en');")


def test_the_engine_row_is_hidden_when_damier_is_alone(browser: Any,
                                                       live_server: LiveServer,
                                                       tmp_path: Path) -> None:
    g = api(live_server, "POST", "/api/games", {"white": "human", "black": "human"})
    open_game(browser, live_server, g["id"])
    browser.find_element(By.ID, "btn-new").click()
    wait(browser, lambda d: d.find_element(By.ID, "dlg-new").is_displayed())
    assert not browser.find_element(By.ID, "new-engine-row").is_displayed()
    browser.find_element(By.ID, "new-cancel").click()
