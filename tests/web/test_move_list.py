"""The move list: numbered rows, a column per side headed by its colour in the order the
sides play, correct when Black moves first (Czech traditional) and from a FEN with the
second player to move ("…" in the first column), in the variant's notation.
"""

from __future__ import annotations

from typing import Any

from selenium.webdriver.common.by import By

from tests.web.conftest import LiveServer
from tests.web.test_browser import api, js, open_game, shot, wait

ROWS = ("[...document.querySelectorAll('#moves tbody tr')]"
        ".map((tr) => [...tr.children].map((c) => c.textContent.trim()))")
HEADERS = "[...document.querySelectorAll('#moves thead th')].map((th) => th.textContent.trim())"


def play(server: LiveServer, gid: int, *moves: str) -> None:
    for m in moves:
        api(server, "POST", f"/api/games/{gid}/moves", {"move": m})


def test_white_first_from_the_start(browser: Any, live_server: LiveServer) -> None:
    g = api(live_server, "POST", "/api/games", {})
    play(live_server, g["id"], "32-28", "19-23", "28x19")
    open_game(browser, live_server, g["id"])
    wait(browser, lambda d: len(js(d, ROWS)) == 2)
    assert js(browser, HEADERS) == ["No.", "White", "Black"]
    assert js(browser, ROWS) == [["1.", "32-28", "19-23"], ["2.", "28x19"]]
    # the FEN below, wrapped after commas only (<wbr>), reads and copies as the game's FEN
    assert js(browser, "document.getElementById('fen').textContent") == \
        js(browser, "window.damier.game.fen")


def test_black_first_variant(browser: Any, live_server: LiveServer) -> None:
    g = api(live_server, "POST", "/api/games", {"variant": "czech-traditional"})
    assert g["turn"] == "black"
    first, = [m["notation"] for m in g["legal_moves"]][:1]
    play(live_server, g["id"], first)
    reply = api(live_server, "GET", f"/api/games/{g['id']}")["legal_moves"][0]["notation"]
    play(live_server, g["id"], reply)
    open_game(browser, live_server, g["id"])
    wait(browser, lambda d: len(js(d, ROWS)) == 1 and len(js(d, ROWS)[0]) == 3)
    assert js(browser, HEADERS) == ["No.", "Black", "White"]
    assert js(browser, ROWS) == [["1.", first, reply]]
    shot(browser, "32-move-list-black-first")


def test_from_a_fen_with_the_second_player_to_move(browser: Any, live_server: LiveServer) -> None:
    g = api(live_server, "POST", "/api/games",
            {"fen": "B:W31,32,33,34,35:B16,17,18,19,20"})
    play(live_server, g["id"], "19-23", "34-30", "23-29")
    open_game(browser, live_server, g["id"])
    wait(browser, lambda d: len(js(d, ROWS)) == 2)
    assert js(browser, HEADERS) == ["No.", "White", "Black"]
    assert js(browser, ROWS) == [["1.", "…", "19-23"], ["2.", "34-30", "23-29"]]


def test_algebraic_notation_of_russian(browser: Any, live_server: LiveServer) -> None:
    g = api(live_server, "POST", "/api/games", {"variant": "russian"})
    play(live_server, g["id"], "c3-d4")
    open_game(browser, live_server, g["id"])
    wait(browser, lambda d: len(js(d, ROWS)) == 1)
    assert js(browser, ROWS) == [["1.", "c3-d4"]]


def test_first_player_chosen_in_the_new_game_dialog(browser: Any, live_server: LiveServer) -> None:
    """Thai draughts lets the players choose who starts (Black by default): the dialog offers
    the choice (not for International, nor with a FEN), and the move list starts with the
    side that was chosen."""
    g = api(live_server, "POST", "/api/games", {})
    open_game(browser, live_server, g["id"])
    choose = ("(name, value) => { const s = document.getElementById(name); s.value = value;"
              " s.dispatchEvent(new Event('change')); }")
    browser.find_element(By.ID, "btn-new").click()
    row = browser.find_element(By.ID, "new-first-row")
    wait(browser, lambda d: d.find_element(By.ID, "dlg-new").is_displayed())
    assert not row.is_displayed()  # International: White starts, no choice
    browser.execute_script(f"({choose})('new-variant', 'thai')")
    assert row.is_displayed()
    assert js(browser, "document.getElementById('new-first').value") == "black"
    browser.find_element(By.ID, "new-fen").send_keys("W:W21:B5")
    assert not row.is_displayed()  # the FEN says who moves
    browser.find_element(By.ID, "new-fen").clear()
    browser.execute_script("document.getElementById('new-fen')"
                           ".dispatchEvent(new Event('input'))")
    assert row.is_displayed()
    browser.execute_script(f"({choose})('new-first', 'white')")
    browser.execute_script(f"({choose})('new-color', 'both')")
    shot(browser, "33-new-game-first-player")
    browser.find_element(By.ID, "new-ok").click()
    wait(browser, lambda d: js(d, "window.damier.game.variant") == "thai")
    assert js(browser, "window.damier.game.turn") == "white"
    wait(browser, lambda d: js(d, HEADERS) == ["No.", "White", "Black"])
