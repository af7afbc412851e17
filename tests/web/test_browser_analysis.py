"""The analysis board, review, puzzles and explorer in headless Chromium: an imported game
with its variations and result, a move made while browsing becomes a variation (promoted,
deleted), a finished game continued as a new one, multi-PV lines with clickable moves, the
review with its graph and marks, a puzzle solved and failed, the explorer's moves and games,
and the same in another language. Screenshots go to ``test-artifacts/web/``
(``70-*.png`` ...). All waits are explicit.
"""

from __future__ import annotations

from typing import Any

from selenium.webdriver.common.by import By

from tests.analysis.test_review import SHOT
from tests.web.conftest import LiveServer
from tests.web.test_browser import api, click, js, move_texts, open_game, piece_on, shot, wait
from tests.web.test_page_i18n import set_language
from tests.web.test_records import ANNOTATED


def import_text(server: LiveServer, text: str) -> Any:
    import json
    import urllib.request

    req = urllib.request.Request(server.url + "/api/games/import", data=text.encode(),
                                 method="POST", headers={"Content-Type": "application/x-pdn"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def node_buttons(drv: Any) -> list[str]:
    return list(js(drv, "[...document.querySelectorAll('#moves button.mv.var')]"
                        ".map((b) => b.dataset.node)"))


def test_imported_record_variations_and_continue(browser: Any, live_server: LiveServer) -> None:
    gid = import_text(live_server, ANNOTATED)["ids"][0]
    open_game(browser, live_server, gid)
    banner = browser.find_element(By.ID, "banner")
    wait(browser, lambda d: banner.is_displayed() and "1/2-1/2" in banner.text)
    assert browser.find_element(By.ID, "btn-continue").is_displayed()
    texts = browser.find_element(By.ID, "moves").text
    for piece in ("A quiet game.", "the usual reply", "32-28 !", "2... 13x24", "3. 33-29"):
        assert piece in texts, piece
    assert node_buttons(browser) == ["4:1/4", "4:1/5", "4:1,5:1/5", "4:1,5:1/6", "4:1/6"]
    shot(browser, "70-record-with-variations")
    # the board shows a variation's position; the game is untouched
    browser.find_element(By.CSS_SELECTOR, '#moves button.mv[data-node="4:1,5:1/6"]').click()
    wait(browser, lambda d: piece_on(d, 33) == "b")
    assert "variation" in browser.find_element(By.ID, "status").text.lower()
    # a move made while browsing the game (after ply 4) becomes a side variation
    browser.find_element(By.CSS_SELECTOR, '#moves button.mv[data-ply="4"]').click()
    wait(browser, lambda d: js(d, "window.damier.browse && window.damier.browse.moves.length") > 2)
    click(browser, 33)
    wait(browser, lambda d: js(d, "window.damier.picker.from") == 33)
    click(browser, 28)
    wait(browser, lambda d: js(d, "window.damier.viewNode") == "5:1/5")
    assert piece_on(browser, 28) == "w" and piece_on(browser, 33) is None
    assert len(move_texts(browser)) == 7 + 6  # the game's moves and the variations' moves
    assert js(browser, "window.damier.game.ply") == 7  # the game is untouched
    shot(browser, "71-move-added-as-variation")
    # inside the first variation, 3.33-29 becomes its main line; the new variation goes
    browser.find_element(
        By.CSS_SELECTOR, 'button[data-tree-action="promote"][data-node="4:1,5:1/5"]').click()
    wait(browser, lambda d: js(
        d, "window.damier.game.tree.main[3].alternatives[0][1].notation") == "33-29")
    browser.find_element(By.CSS_SELECTOR, 'button[data-tree-action="delete"][data-node="5:1/5"]'
                         ).click()
    wait(browser, lambda d: "5:1/5" not in node_buttons(d) and len(node_buttons(d)) == 5)
    # at the end of the finished record: read-only; continue from here as a new game
    browser.find_element(By.ID, "nav-last").click()
    wait(browser, lambda d: js(d, "window.damier.viewPly") == 7)
    assert not js(browser, "window.damier.picker.movable().size")
    browser.find_element(By.ID, "btn-continue").click()
    wait(browser, lambda d: js(d, "window.damier.game.id") != gid)
    wait(browser, lambda d: js(d, "window.damier.game.status") == "playing")
    assert js(browser, "window.damier.game.ply") == 7 and browser.find_element(
        By.ID, "banner").get_attribute("hidden") is not None
    shot(browser, "72-continued")
    assert api(live_server, "GET", f"/api/games/{gid}")["ply"] == 7  # the record is kept


def test_finished_record_shows_the_banner_in_another_language(browser: Any,
                                                             live_server: LiveServer) -> None:
    gid = import_text(live_server, ANNOTATED)["ids"][0]
    open_game(browser, live_server, gid)
    try:
        set_language(browser, "cs")
        banner = browser.find_element(By.ID, "banner")
        wait(browser, lambda d: banner.is_displayed() and "výsledek zapsaný v partii" in banner.text)
        wait(browser, lambda d: "Pokračovat odsud" in d.find_element(By.ID, "btn-continue").text)
        shot(browser, "73-record-cs")
    finally:
        set_language(browser, "en")


def test_multipv_lines_and_clickable_moves(browser: Any, live_server: LiveServer) -> None:
    g = api(live_server, "POST", "/api/games", {"fen": SHOT})
    open_game(browser, live_server, g["id"])
    browser.find_element(By.ID, "btn-analysis").click()
    browser.execute_script("const s = document.getElementById('an-lines'); s.value = '3';"
                           "s.dispatchEvent(new Event('change'));")
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#an-pv .pv-line")) == 3)
    first_line = "document.querySelector('#an-pv .pv-line')"
    wait(browser, lambda d: "35-30" in js(d, f"{first_line}.textContent"))
    wait(browser, lambda d: js(d, "window.damier.lines.get(1).depth") >= 4)
    assert js(browser, f"{first_line}.querySelector('.pv-number').textContent") == "1."
    shot(browser, "74-multipv")
    # a move of a line shows its position; Escape goes back to the game's
    js(browser, "document.querySelector('#an-pv button.pv-move[data-line=\"1\"]"
                "[data-index=\"2\"]').click()")
    wait(browser, lambda d: piece_on(d, 12) == "w" and piece_on(d, 34) is None)
    assert "engine" in browser.find_element(By.ID, "status").text.lower()
    shot(browser, "75-line-move-shown")
    browser.find_element(By.TAG_NAME, "body").send_keys("\ue00c")  # Escape
    wait(browser, lambda d: piece_on(d, 34) == "w" and piece_on(d, 12) is None)
    browser.find_element(By.ID, "btn-analysis").click()
