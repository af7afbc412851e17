"""The Rules panel: the short rules of the variant on the board, in the page's language (every
variant in every language; a rule missing in a language would be shown in English with a
note). Screenshots ``50-rules-*``.
"""

from __future__ import annotations

from typing import Any

import pytest
from selenium.webdriver.common.by import By

from tests.web.conftest import LiveServer
from tests.web.test_browser import api, js, open_game, shot, wait
from tests.web.test_i18n import I18N, RULES, SECTIONS, read_catalog
from tests.web.test_page_i18n import set_language

PARAGRAPHS = "[...document.querySelectorAll('#rules-body p')].map((p) => p.textContent)"


def open_rules(drv: Any) -> None:
    if drv.find_element(By.ID, "btn-rules").get_attribute("aria-pressed") != "true":
        drv.find_element(By.ID, "btn-rules").click()
    wait(drv, lambda d: d.find_element(By.ID, "rules").is_displayed()
         and len(js(d, PARAGRAPHS)) == len(SECTIONS))


@pytest.mark.parametrize(("code", "variant"), [
    ("en", "international"), ("cs", "czech"), ("hu", "international"),
    ("sr-Cyrl", "czech-traditional"), ("sr-Latn", "czech"),
    ("ru", "russian"), ("nl", "frisian"), ("pt", "brazilian")])
def test_rules_in_the_page_language(browser: Any, live_server: LiveServer, code: str,
                                    variant: str) -> None:
    rules = read_catalog(RULES / f"{code}.js")
    messages = read_catalog(I18N / f"{code}.js")
    g = api(live_server, "POST", "/api/games", {"variant": variant})
    open_game(browser, live_server, g["id"])
    try:
        set_language(browser, code)
        open_rules(browser)
        wait(browser, lambda d: js(d, PARAGRAPHS) == [rules[f"{variant}.{s}"] for s in SECTIONS])
        title = browser.find_element(By.ID, "rules-title").text
        assert title == messages["rules.title"].replace("{variant}", messages[f"variant.{variant}"])
        headings = js(browser, "[...document.querySelectorAll('#rules-body h3')]"
                               ".map((h) => h.textContent)")
        assert headings == [messages[f"rules.{s}"] for s in SECTIONS]
        assert not browser.find_element(By.ID, "rules-note").is_displayed()
        shot(browser, f"50-rules-{variant}-{code}")
    finally:
        set_language(browser, "en")
