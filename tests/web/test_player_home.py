"""The page as a player's home (issue 26), in Chromium: a board usable without a mouse (named
squares, arrow keys, Enter, announcements), axe-core with no serious or critical violation on
any panel or dialog, premoves against the engine, a header on one row at 1366 px in every
language and a phone without sideways scroll.

axe-core is the unmodified minified build vendored in ``tests/web/vendor/axe-core`` (MPL-2.0,
see its README); it is injected into the page under test, the app never loads it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from damier.web.services.engine_settings import read_settings
from tests.web.conftest import LiveServer
from tests.web.test_browser import api, click, js, move_texts, open_game, ply, shot, square, wait
from tests.web.test_import_report import LIDRAUGHTS
from tests.web.test_page_i18n import set_language

AXE = Path(__file__).with_name("vendor") / "axe-core" / "axe.min.js"
FAKE = Path(__file__).resolve().parents[1] / "protocol" / "fake_hub_engine.py"
LANGUAGES = ["en", "cs", "hu", "sr-Latn", "sr-Cyrl", "nl", "fr", "ru", "pl", "pt"]


@pytest.fixture(scope="module")
def slow_server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A server whose engine "slow" never answers: after its 4 s time-out damier's engine
    plays in its place, which leaves the player 4 s to choose a premove."""
    engines = read_settings({"engine": [{"name": "slow", "timeout": 4,
                                         "command": [sys.executable, str(FAKE), "hang"]}]})
    server = LiveServer(tmp_path_factory.mktemp("web") / "slow.sqlite3", engines=engines)
    server.start()
    yield server
    server.stop()


def axe_violations(drv: Any) -> list[str]:
    """The serious and critical axe-core violations of the page as it is now."""
    if not js(drv, "typeof window.axe === 'object'"):
        drv.execute_script(AXE.read_text(encoding="utf-8"))
    found = drv.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, { resultTypes: ['violations'] }).then((r) => done(r.violations"
        ".filter((v) => v.impact === 'serious' || v.impact === 'critical')"
        ".map((v) => v.id + ': ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', '))))"
        ".catch((e) => done(['axe failed: ' + e]));")
    return list(found)


def focused_square(drv: Any) -> Any:
    return js(drv, "document.activeElement.closest('g.square')?.dataset.square")


def test_keyboard_play_names_and_axe_on_every_panel(browser: Any, live_server: LiveServer) -> None:
    drv = browser
    drv.set_script_timeout(60)
    g = api(live_server, "POST", "/api/games", {"white": "human", "black": "engine", "level": 1})
    open_game(drv, live_server, g["id"])
    assert js(drv, "document.getElementById('board').getAttribute('role')") == "grid"
    names = js(drv, "[...document.querySelectorAll('#board [role=row] [role=gridcell]')]"
                    ".map((c) => c.getAttribute('aria-label'))")
    assert len(names) == 50 and len(js(drv, "document.querySelectorAll('#board [role=row]')")) == 10
    assert "32, white man, can move" in names and "21, empty" in names and "1, black man" in names
    # one square in the tab order; the arrows move the focus as drawn; Enter picks and drops
    assert len(js(drv, "document.querySelectorAll('#board [tabindex=\"0\"]')")) == 1
    drv.execute_script("document.querySelector('#board g.square[data-square=\"32\"]').focus()")
    active = drv.switch_to.active_element
    active.send_keys(Keys.ARROW_RIGHT)
    assert focused_square(drv) == "33"
    drv.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    assert focused_square(drv) == "32"
    drv.switch_to.active_element.send_keys(Keys.ENTER)
    wait(drv, lambda d: "picked up" in (js(d, "document.activeElement.getAttribute('aria-label')")
                                        or ""))
    drv.switch_to.active_element.send_keys(Keys.ARROW_UP)  # up-right of 32 is 28 (up-left: 27)
    assert focused_square(drv) == "28"
    assert "can go here" in js(drv, "document.activeElement.getAttribute('aria-label')")
    drv.switch_to.active_element.send_keys(Keys.SPACE)
    wait(drv, lambda d: ply(d) >= 1)
    assert move_texts(drv)[0] == "32-28"
    wait(drv, lambda d: "White: 32-28" in js(d, "document.getElementById('board-live').textContent")
         or ply(d) >= 2)
    # every control has a name, and axe finds nothing serious on any panel or dialog
    unnamed = js(drv, "[...document.querySelectorAll('button, a.button, select, input, textarea')]"
                      ".filter((e) => e.offsetParent !== null && !(e.getAttribute('aria-label') ||"
                      " e.textContent.trim() || e.labels?.length || e.title)).map((e) => e.id)")
    assert unnamed == []
    problems = {"board": axe_violations(drv)}
    for button in ["btn-analysis", "btn-rules", "btn-review", "btn-explorer", "btn-editor",
                   "btn-puzzles"]:
        drv.execute_script(f"document.getElementById('{button}').click()")
        wait(drv, lambda d, b=button: js(d, f"document.getElementById('{b}').getAttribute("
                                            "'aria-pressed')") == "true" or b == "btn-editor")
        if button == "btn-puzzles":  # a puzzle on the board, with the ratings under it
            drv.find_element(By.ID, "puzzle-next").click()
            wait(drv, lambda d: "this puzzle:" in d.find_element(By.ID, "puzzle-rating").text)
            assert drv.find_element(By.ID, "puzzle-rating").text.startswith(
                "Your puzzle rating: 1500? · this puzzle: ")
        problems[button] = axe_violations(drv)
        drv.execute_script(f"document.getElementById('{button}').click()")
    open_game(drv, live_server, g["id"])
    for button, dialog in [("btn-new", "dlg-new"), ("btn-import", "dlg-import"),
                           ("btn-games", "dlg-games"), ("btn-options", "dlg-options")]:
        drv.execute_script(f"document.getElementById('{button}').click()")
        wait(drv, lambda d, k=dialog: js(d, f"document.getElementById('{k}').open"))
        if dialog == "dlg-new":  # the level says what it plays like and how strong it is
            wait(drv, lambda d: "Against level 4: 13%" in d.find_element(By.ID, "new-level-note").text)
            assert drv.find_element(By.ID, "new-level-note").text.startswith("Level 3, casual")
        problems[dialog] = axe_violations(drv)
        drv.execute_script(f"document.getElementById('{dialog}').close()")
    assert all(not v for v in problems.values()), problems


def test_premove_played_when_the_turn_comes_and_cancelled_by_right_click(
        browser: Any, slow_server: LiveServer) -> None:
    drv = browser
    # Black's man has two moves (a forced one would not be asked of the engine), neither
    # near White's men: the premove 50-45 stays legal whatever Black plays
    g = api(slow_server, "POST", "/api/games", {"white": "human", "black": "engine", "level": 1,
                                                "engine": "slow", "fen": "W:W46,50:B7"})
    open_game(drv, slow_server, g["id"])
    click(drv, 46)
    click(drv, 41)  # the slow engine now thinks for 4 s: the time to choose a premove
    wait(drv, lambda d: ply(d) == 1)
    # a premove chosen and cancelled by a right-click
    click(drv, 50)
    click(drv, 45)
    assert js(drv, "window.damier.premove") == {"from": 50, "to": 45}
    assert len(drv.find_elements(By.CSS_SELECTOR, "#board rect.sq.premove")) == 2
    ActionChains(drv).context_click(square(drv, 14)).perform()
    assert js(drv, "window.damier.premove") is None
    assert not drv.find_elements(By.CSS_SELECTOR, "#board rect.sq.premove")
    # chosen again: played as soon as Black has moved
    click(drv, 50)
    click(drv, 45)
    assert ply(drv) == 1, "the slow engine answered before the premove was set"
    wait(drv, lambda d: ply(d) >= 3, timeout=30)
    assert move_texts(drv)[2] == "50-45"
    assert js(drv, "window.damier.premove") is None


def test_header_one_row_in_every_language_and_phone_fits(browser: Any, live_server: LiveServer) -> None:
    drv = browser
    g = api(live_server, "POST", "/api/games", {"white": "human", "black": "human"})
    try:
        drv.set_window_size(1366, 900)
        open_game(drv, live_server, g["id"])
        rows = {}
        for code in LANGUAGES:
            set_language(drv, code)
            rows[code] = js(drv, "[...document.querySelectorAll('header nav > *, header h1, "
                                 "header .header-tools > *')].filter((e) => e.offsetParent)"
                                 ".map((e) => Math.round(e.getBoundingClientRect().top))")
        # one row: no button more than a few pixels below the title (a second row is 30 lower)
        assert all(max(tops) - min(tops) < 12 for tops in rows.values()), rows
        drv.set_window_size(390, 844)
        for code in ["en", "hu", "ru", "sr-Cyrl"]:
            set_language(drv, code)
            page = js(drv, "document.documentElement.clientWidth")
            assert js(drv, "document.documentElement.scrollWidth") <= page + 1, code
            bottom = js(drv, "document.getElementById('board').getBoundingClientRect().bottom")
            assert bottom <= js(drv, "window.innerHeight"), f"{code}: board below the first screen"
            header = js(drv, "document.querySelector('header').getBoundingClientRect().height")
            assert header <= 48, f"{code}: the phone's header takes {header} px (one row: 40)"
        # the menu opens and closes from its button
        drv.find_element(By.ID, "btn-menu").click()
        assert drv.find_element(By.ID, "btn-games").is_displayed()
        assert drv.find_element(By.ID, "nav-online-menu").is_displayed()   # play a friend
        assert not drv.find_element(By.ID, "nav-online").is_displayed()
        assert js(drv, "document.getElementById('btn-menu').getAttribute('aria-expanded')") == "true"
        shot(drv, "70-phone-menu-sr-Cyrl")
        drv.find_element(By.ID, "btn-menu").click()
        assert not drv.find_element(By.ID, "btn-games").is_displayed()
    finally:
        set_language(drv, "en")
        drv.set_window_size(1280, 900)


IMPORT = LIDRAUGHTS + """
[Event "bad"]
[White "c"]
[Black "d"]

1. 32-28 19-23 2. 28-22 18-22 *

[Event "no gametype"]

1. c3-d4 f6-g5 2. b2-c3 g7-f6 *
"""


def failed_requests(drv: Any) -> list[str]:
    """Requests of the page answered with an error status (each is a line in the console)."""
    return list(js(drv, "performance.getEntriesByType('resource')"
                        ".filter((e) => e.responseStatus >= 400).map((e) => e.name)"))


def test_import_report_clock_comments_finished_games_and_a_quiet_console(
        browser: Any, live_server: LiveServer) -> None:
    drv = browser
    g = api(live_server, "POST", "/api/games", {"white": "human", "black": "human"})
    open_game(drv, live_server, g["id"])
    drv.find_element(By.ID, "btn-import").click()
    drv.execute_script("document.getElementById('import-text').value = arguments[0]", IMPORT)
    drv.find_element(By.ID, "import-ok").click()
    wait(drv, lambda d: d.find_element(By.ID, "import-report").is_displayed())
    report = drv.find_element(By.ID, "import-report-body").text
    assert "Games stored: 3. Game 1 is open." in report
    assert "Game 2: c – d" in report
    assert "line 15: 28-22: capture is compulsory: 28x19" in report
    assert "no GameType: the moves fit Russian draughts, read as such (warning)" in report
    set_language(drv, "cs")
    assert "Uložené partie: 3." in drv.find_element(By.ID, "import-report-body").text
    assert "braní je povinné: 28x19" in drv.find_element(By.ID, "import-report-body").text
    set_language(drv, "en")
    # game 1 (lidraughts): the clocks beside the moves, no comment rows but the real comment
    wait(drv, lambda d: ply(d) == 4)
    times = [e.text for e in drv.find_elements(By.CSS_SELECTOR, "#moves .mv-time")]
    assert times == ["3:00", "2:58", "2:55", "2:51"]
    rows = drv.find_elements(By.CSS_SELECTOR, "#moves tbody tr")
    notes = drv.find_elements(By.CSS_SELECTOR, "#moves tbody tr.notes")
    assert len(rows) == 3 and [n.text for n in notes] == ["a fine recapture"]
    shot(drv, "71-import-report")
    # a finished game: undo is off, "Continue from here" starts a new game
    over = api(live_server, "POST", "/api/games", {"white": "human", "black": "human"})
    api(live_server, "POST", f"/api/games/{over['id']}/moves", {"move": "32-28"})
    api(live_server, "POST", f"/api/games/{over['id']}/resign", {"color": "black"})
    open_game(drv, live_server, over["id"])
    assert not drv.find_element(By.ID, "btn-undo").is_enabled()
    drv.find_element(By.ID, "btn-continue").click()
    wait(drv, lambda d: js(d, "window.damier.game.id") != over["id"])
    assert js(drv, "window.damier.game.status") == "playing"
    # the review panel on a game never reviewed, and a typed move that is not legal: the
    # reason in words and no failed request
    drv.find_element(By.ID, "btn-review").click()
    wait(drv, lambda d: d.find_element(By.ID, "review").is_displayed())
    box = drv.find_element(By.ID, "move-input")
    example = js(drv, "window.damier.game.legal_moves[0].notation")
    assert box.get_attribute("placeholder") == f"type a move, e.g. {example}"
    box.send_keys("23-19", Keys.ENTER)
    wait(drv, lambda d: "23-19: there is no piece on 23" in d.find_element(By.ID, "message").text)
    drv.find_element(By.ID, "btn-review").click()
    assert failed_requests(drv) == []


def test_saved_games_editor_and_review_panel(browser: Any, live_server: LiveServer) -> None:
    drv = browser
    empty = api(live_server, "POST", "/api/games", {"white": "human", "black": "engine"})
    played = api(live_server, "POST", "/api/games", {"white": "human", "black": "human"})
    for mv in ("32-28", "19-23"):
        api(live_server, "POST", f"/api/games/{played['id']}/moves", {"move": mv})
    doomed = api(live_server, "POST", "/api/games", {"white": "human", "black": "human",
                                                     "tags": {"Event": "to delete"}})
    open_game(drv, live_server, played["id"])
    # the review panel: a graph that fills its box, marks in an unnumbered list
    drv.find_element(By.ID, "btn-review").click()
    drv.find_element(By.ID, "review-start").click()
    wait(drv, lambda d: d.find_element(By.ID, "review-graph").is_displayed(), timeout=60)
    assert js(drv, "document.getElementById('review-graph').getAttribute('preserveAspectRatio')") \
        == "none"
    assert js(drv, "document.getElementById('review-marks').tagName") == "UL"
    drv.find_element(By.ID, "btn-review").click()
    # saved games: no empty game listed, moves counted as players count them, delete twice
    drv.set_window_size(390, 844)
    try:
        drv.find_element(By.ID, "btn-menu").click()
        drv.find_element(By.ID, "btn-games").click()
        wait(drv, lambda d: d.find_elements(By.CSS_SELECTOR, "#games-table tbody tr"))
        ids = js(drv, "[...document.querySelectorAll('#games-table tbody tr')].map((r) => +r.dataset.id)")
        assert played["id"] in ids and doomed["id"] in ids and empty["id"] not in ids
        row = f'#games-table tr[data-id="{played["id"]}"] td'
        assert drv.find_elements(By.CSS_SELECTOR, row)[4].text == "1"
        wrap = "document.querySelector('#dlg-games .table-wrap')"
        assert js(drv, f"{wrap}.scrollWidth <= {wrap}.clientWidth + 1"), "the table scrolls sideways"
        doomed_row = f'#games-table tr[data-id="{doomed["id"]}"]'
        delete = drv.find_element(By.CSS_SELECTOR, f"{doomed_row} button.icon")
        assert delete.get_attribute("aria-label") == f"Delete game {doomed['id']}"
        delete.click()
        assert delete.get_attribute("aria-label").startswith("Really delete")
        delete.click()
        wait(drv, lambda d: not d.find_elements(By.CSS_SELECTOR, doomed_row))
        assert api_status(live_server, f"/api/games/{doomed['id']}") == 404
        drv.find_element(By.ID, "games-close").click()
    finally:
        drv.set_window_size(1280, 900)
    # the position editor crowns a man placed on its own crowning row
    drv.find_element(By.ID, "btn-editor").click()
    drv.find_element(By.CSS_SELECTOR, 'input[name="tool"][value="w"]').click()
    click(drv, 3)
    assert "a king" in drv.find_element(By.ID, "editor-msg").text
    assert js(drv, "window.damier.editor.pieces[2]") == "W"
    drv.find_element(By.ID, "editor-done").click()


def api_status(server: LiveServer, path: str) -> int:
    import urllib.error
    import urllib.request
    try:
        with urllib.request.urlopen(server.url + path, timeout=30) as r:
            return int(r.status)
    except urllib.error.HTTPError as e:
        return int(e.code)
