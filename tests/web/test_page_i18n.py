"""The page in other languages: chosen from the browser, switched and remembered, and no
English left on screen; server errors, variant names and game-end reasons translated.
Screenshots ``30-*`` in English, Czech, Hungarian and Serbian Cyrillic.
"""

from __future__ import annotations

from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tests.web.conftest import LiveServer, launch_browser
from tests.web.test_browser import api, click, js, move_texts, open_game, resign_by_clicks, shot, wait
from tests.web.test_i18n import I18N, read_catalog

SCREENSHOT_LANGUAGES = ("en", "cs", "hu", "sr-Cyrl")

# every element's own text, and the texts of its title/placeholder/aria-label attributes
VISIBLE_TEXTS = """
const out = [];
const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
for (const el of document.querySelectorAll("body *")) {
  if (el.closest("script,style,svg") || !visible(el)) continue;
  let own = "";
  for (const node of el.childNodes) if (node.nodeType === 3) own += node.textContent;
  if (own.trim()) out.push(own.trim());
  for (const a of ["title", "placeholder", "aria-label"]) {
    if (el.getAttribute(a)) out.push(el.getAttribute(a));
  }
  if (el.tagName === "OPTION") out.push(el.textContent.trim());
}
return out;
"""


def set_language(drv: Any, code: str) -> None:
    drv.execute_script("const s = document.getElementById('lang-select'); s.value = arguments[0];"
                       "s.dispatchEvent(new Event('change'));", code)
    wait(drv, lambda d: js(d, "document.documentElement.lang") == code)


def english_left(drv: Any, code: str) -> list[str]:
    """Texts on screen that are English messages with a different translation in ``code``."""
    english = read_catalog(I18N / "en.js")
    other = read_catalog(I18N / f"{code}.js")
    foreign = {text for text in english.values() if "{" not in text} - set(other.values())
    return sorted({text for text in drv.execute_script(VISIBLE_TEXTS) if text in foreign})


def test_pick_language_from_the_browser_list(browser: Any, live_server: LiveServer) -> None:
    browser.get(live_server.url + "/")
    wait(browser, lambda d: js(d, "window.damier && window.damier.game"))
    cases = {
        "[null, ['cs-CZ', 'en']]": "cs", "[null, ['sr-RS']]": "sr-Cyrl",
        "[null, ['sr-Latn-RS', 'sr']]": "sr-Latn", "[null, ['pt-BR']]": "pt",
        "[null, ['de-DE', 'hu']]": "hu", "[null, ['de-DE', 'ja']]": "en",
        "['fr', ['cs']]": "fr", "['xx', ['nl-BE']]": "nl", "[null, []]": "en",
    }
    for args, want in cases.items():
        got = browser.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"import('/static/i18n.js').then((m) => done(m.pickLanguage(...{args})));")
        assert got == want, f"pickLanguage{args} = {got!r}, expected {want!r}"


def test_accept_language_of_the_browser_chooses_the_page_language(
        live_server: LiveServer) -> None:
    with launch_browser("hu,en") as drv:
        drv.get(live_server.url + "/")
        wait(drv, lambda d: js(d, "window.damier && window.damier.game"))
        assert js(drv, "navigator.languages[0]").startswith("hu")
        wait(drv, lambda d: js(d, "document.documentElement.lang") == "hu")
        assert drv.find_element(By.ID, "btn-new").text == "Új játszma"
        assert drv.find_element(By.ID, "lang-select").get_attribute("value") == "hu"


def test_switcher_is_remembered(browser: Any, live_server: LiveServer) -> None:
    g = api(live_server, "POST", "/api/games", {"white": "human", "black": "human"})
    open_game(browser, live_server, g["id"])
    try:
        set_language(browser, "cs")
        assert browser.find_element(By.ID, "btn-new").text == "Nová hra"
        assert "Na tahu je bílý" in browser.find_element(By.ID, "status").text
        browser.refresh()
        wait(browser, lambda d: js(d, "window.damier && window.damier.game"))
        wait(browser, lambda d: js(d, "document.documentElement.lang") == "cs")
        assert browser.find_element(By.ID, "btn-games").text == "Uložené partie"
    finally:
        set_language(browser, "en")


@pytest.mark.parametrize("code", ["cs", "hu", "sr-Latn", "sr-Cyrl", "nl", "fr", "ru", "pl", "pt"])
def test_no_english_left_on_screen(browser: Any, live_server: LiveServer, code: str) -> None:
    g = api(live_server, "POST", "/api/games", {"white": "human", "black": "engine", "level": 1,
                                                 "time_control": "5+3"})
    open_game(browser, live_server, g["id"])
    try:
        set_language(browser, code)
        assert not english_left(browser, code), "main page"
        browser.find_element(By.ID, "btn-analysis").click()
        wait(browser, lambda d: d.find_element(By.ID, "analysis").is_displayed())
        assert not english_left(browser, code), "analysis"
        browser.find_element(By.ID, "btn-analysis").click()
        for button, dialog, close in (("btn-new", "dlg-new", "new-cancel"),
                                      ("btn-games", "dlg-games", "games-close"),
                                      ("btn-import", "dlg-import", "import-cancel")):
            browser.find_element(By.ID, button).click()
            wait(browser, lambda d, n=dialog: d.find_element(By.ID, n).is_displayed())
            assert not english_left(browser, code), dialog
            if dialog == "dlg-new" and code in SCREENSHOT_LANGUAGES:
                shot(browser, f"30-new-game-{code}")
            browser.find_element(By.ID, close).click()
        browser.find_element(By.ID, "btn-editor").click()
        wait(browser, lambda d: d.find_element(By.ID, "editor").is_displayed())
        assert not english_left(browser, code), "editor"
        browser.find_element(By.ID, "editor-done").click()
    finally:
        set_language(browser, "en")


@pytest.mark.parametrize("code", SCREENSHOT_LANGUAGES)
def test_errors_variants_and_reasons_translated(browser: Any, live_server: LiveServer,
                                                code: str) -> None:
    messages = read_catalog(I18N / f"{code}.js")
    g = api(live_server, "POST", "/api/games", {"variant": "czech", "white": "human",
                                                 "black": "human"})
    open_game(browser, live_server, g["id"])
    try:
        set_language(browser, code)
        box = browser.find_element(By.ID, "move-input")
        box.send_keys("c5-d6", Keys.ENTER)  # c5 is empty at the start: the reason says so
        want = messages["illegal.no_piece"].replace("{move}", "c5-d6").replace("{square}", "c5")
        wait(browser, lambda d: d.find_element(By.ID, "message").text == want)
        box.clear()
        mv = g["legal_moves"][0]
        click(browser, mv["from"])
        click(browser, mv["to"])
        wait(browser, lambda d: len(move_texts(d)) == 1)
        browser.find_element(By.ID, "btn-new").click()
        wait(browser, lambda d: d.find_element(By.ID, "dlg-new").is_displayed())
        names = js(browser, "[...document.querySelectorAll('#new-variant option')]"
                            ".map((o) => o.textContent)")
        assert messages["variant.czech-traditional"] in names
        assert messages["variant.international"] in names
        browser.find_element(By.ID, "new-cancel").click()
        wait(browser, lambda d: not d.find_element(By.ID, "dlg-new").is_displayed())
        resign_by_clicks(browser)
        banner = browser.find_element(By.ID, "banner").text
        assert messages["reason.resigned_black"] in banner  # Black to move resigned
        assert messages["banner.win.white"] in banner
        shot(browser, f"31-resigned-{code}")
    finally:
        set_language(browser, "en")


def test_message_follows_the_language_and_goes_with_the_game(browser: Any,
                                                             live_server: LiveServer) -> None:
    g = api(live_server, "POST", "/api/games", {})
    other = api(live_server, "POST", "/api/games", {})
    open_game(browser, live_server, g["id"])
    message = browser.find_element(By.ID, "message")
    try:
        browser.find_element(By.ID, "move-input").send_keys("32-29", Keys.ENTER)
        wait(browser, lambda d: message.text == "32-29: no legal move goes from 32 to 29")
        set_language(browser, "hu")
        assert message.text == "32-29: nincs szabályos lépés 32 mezőről 29 mezőre"
        open_game(browser, live_server, other["id"])
        wait(browser, lambda d: message.text == "")
    finally:
        set_language(browser, "en")
