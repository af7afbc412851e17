"""Review, puzzles and the opening explorer in headless Chromium: a game reviewed on the
server with its graph (clicked), marks and better move, and the stored review shown again
after a reload; a puzzle failed, hinted and solved, then the board given back to the game;
a puzzle given up, its solution written out and played on the board;
the explorer's moves played from the board's position and an example game opened, and the
panels in another language. The live server of this module has no default puzzles or
explorer games (the tests import small collections of their own, so the answers are
known). Screenshots go to ``test-artifacts/web/`` (``80-*.png`` ...). All waits are
explicit, with generous timeouts (the review and the puzzle's engine check run on the
server, whose speed depends on the machine's load).
"""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from damier.analysis import explorer as explorer_module
from damier.analysis import puzzledb
from tests.analysis.test_explorer import GAMES
from tests.analysis.test_puzzles import COLLECTION
from tests.analysis.test_review import SHOT
from tests.web.conftest import LiveServer
from tests.web.test_browser import api, click, js, open_game, piece_on, shot, wait
from tests.web.test_page_i18n import set_language

SLOW = 120  # seconds: the server's engine works under whatever load the machine has


def post_text(server: LiveServer, path: str, text: str) -> None:
    req = urllib.request.Request(server.url + path, data=text.encode(), method="POST",
                                 headers={"Content-Type": "application/x-pdn"})
    with urllib.request.urlopen(req, timeout=30) as r:
        assert r.status in (200, 201)


@pytest.fixture(scope="module")
def study_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(explorer_module, "DEFAULT_GAMES", Path("/nonexistent"))
        mp.setattr(puzzledb, "DEFAULT_PUZZLES", Path("/nonexistent"))
        server = LiveServer(tmp_path_factory.mktemp("study") / "live.sqlite3")
        server.start()
        post_text(server, "/api/explorer/import?name=club", GAMES)
        post_text(server, "/api/puzzles/import?name=shots", COLLECTION)
        yield server
        server.stop()


def shown(drv: Any, element_id: str) -> bool:
    return bool(drv.find_element(By.ID, element_id).is_displayed())


def text_of(drv: Any, element_id: str) -> str:
    return str(drv.find_element(By.ID, element_id).text)


def test_review_graph_marks_and_stored(browser: Any, study_server: LiveServer) -> None:
    g = api(study_server, "POST", "/api/games", {"fen": SHOT})
    gid = g["id"]
    api(study_server, "POST", f"/api/games/{gid}/moves", {"move": "50-45"})  # the blunder
    for _ in range(2):
        state = api(study_server, "GET", f"/api/games/{gid}")
        api(study_server, "POST", f"/api/games/{gid}/moves",
            {"move": state["legal_moves"][0]["long"]})
    open_game(browser, study_server, gid)
    browser.find_element(By.ID, "btn-review").click()
    wait(browser, lambda d: shown(d, "review-start"))
    assert "not reviewed" in text_of(browser, "review-status").lower()
    browser.execute_script("document.getElementById('review-depth').value = '6';")
    browser.find_element(By.ID, "review-start").click()
    wait(browser, lambda d: shown(d, "review-graph"), SLOW)
    assert not shown(browser, "review-cancel") and not shown(browser, "review-progress")
    hits = browser.find_elements(By.CSS_SELECTOR, "#review-graph rect.hit")
    assert [h.get_attribute("data-ply") for h in hits] == ["1", "2", "3"]
    marks = text_of(browser, "review-marks")
    assert "1. 50-45 ??" in marks and "blunder" in marks and "better 35-30" in marks, marks
    summary = text_of(browser, "review-summary")
    assert "White 1" in summary.replace("\n", " "), summary
    first = browser.find_element(By.CSS_SELECTOR, '#moves button.mv[data-ply="1"]')
    assert "mark-blunder" in first.get_attribute("class") and "??" in first.text
    ActionChains(browser).move_to_element(hits[1]).click().perform()
    wait(browser, lambda d: js(d, "window.damier.viewPly") == 2)
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#review-graph line.now"))
    shot(browser, "80-review")
    # a marked move in the list goes to it as well
    browser.find_element(By.CSS_SELECTOR, '#review-marks button[data-ply="1"]').click()
    wait(browser, lambda d: js(d, "window.damier.viewPly") == 1)
    # the stored review comes back at once after a reload, without asking again
    browser.refresh()
    wait(browser, lambda d: js(d, "window.damier && window.damier.game && window.damier.game.id")
         == gid)
    browser.find_element(By.ID, "btn-review").click()
    wait(browser, lambda d: shown(d, "review-graph"))
    assert not shown(browser, "review-start")
    browser.find_element(By.ID, "btn-review").click()
    wait(browser, lambda d: not shown(d, "review"))


def test_puzzle_failed_hinted_solved(browser: Any, study_server: LiveServer) -> None:
    g = api(study_server, "POST", "/api/games", {})
    open_game(browser, study_server, g["id"])
    browser.find_element(By.ID, "btn-puzzles").click()
    wait(browser, lambda d: js(d, "[...document.querySelectorAll('#puzzle-variant option')]"
                                  ".map((o) => o.value).join()") == "international")
    browser.find_element(By.ID, "puzzle-next").click()
    wait(browser, lambda d: "White to move and win" in text_of(d, "puzzle-prompt"))
    wait(browser, lambda d: piece_on(d, 35) == "w" and piece_on(d, 20) == "b")
    assert not shown(browser, "moves") and shown(browser, "puzzle-exit")
    # a losing move is wrong; the position stays for another try
    click(browser, 50)
    wait(browser, lambda d: js(d, "window.damier.picker.from") == 50)
    click(browser, 45)
    wait(browser, lambda d: "not the winning move" in text_of(d, "puzzle-feedback"), SLOW)
    assert piece_on(browser, 50) == "w" and piece_on(browser, 45) is None
    assert "failed 1" in text_of(browser, "puzzle-stats")
    browser.find_element(By.ID, "puzzle-hint").click()
    wait(browser, lambda d: "35" in text_of(d, "puzzle-feedback")
         and "piece" in text_of(d, "puzzle-feedback"))
    click(browser, 35)
    wait(browser, lambda d: js(d, "window.damier.picker.from") == 35)
    click(browser, 30)
    wait(browser, lambda d: "right" in text_of(d, "puzzle-feedback"), SLOW)
    assert "20x29" in text_of(browser, "puzzle-feedback")
    wait(browser, lambda d: piece_on(d, 29) == "b" and piece_on(d, 24) is None)
    click(browser, 34)
    wait(browser, lambda d: js(d, "window.damier.picker.from") == 34)
    click(browser, 12)
    wait(browser, lambda d: "solved" in text_of(d, "puzzle-feedback"), SLOW)
    assert piece_on(browser, 12) == "w"
    shot(browser, "81-puzzle-solved")
    # the next one is Black's; then back to the game
    browser.find_element(By.ID, "puzzle-next").click()
    wait(browser, lambda d: "Black to move and win" in text_of(d, "puzzle-prompt"))
    assert js(browser, "window.damier.board.flipped") is True
    browser.find_element(By.ID, "puzzle-exit").click()
    wait(browser, lambda d: shown(d, "moves") and piece_on(d, 31) == "w")
    assert js(browser, "window.damier.puzzle") is None
    browser.find_element(By.ID, "btn-puzzles").click()


def test_puzzle_solution_shown(browser: Any, study_server: LiveServer) -> None:
    g = api(study_server, "POST", "/api/games", {})
    open_game(browser, study_server, g["id"])
    browser.execute_script("localStorage.setItem('damier.player', 'gives-up');")
    browser.find_element(By.ID, "btn-puzzles").click()
    wait(browser, lambda d: "failed 0" in text_of(d, "puzzle-stats"))
    browser.find_element(By.ID, "puzzle-next").click()
    wait(browser, lambda d: "White to move and win" in text_of(d, "puzzle-prompt"))
    wait(browser, lambda d: piece_on(d, 35) == "w" and piece_on(d, 12) is None)
    browser.find_element(By.ID, "puzzle-solution").click()
    wait(browser, lambda d: "Solution: 35-30 20x29 34x12" in text_of(d, "puzzle-feedback"))
    # the board plays the solution through to its end; nothing more can be played
    wait(browser, lambda d: piece_on(d, 12) == "w" and piece_on(d, 35) is None
         and piece_on(d, 24) is None and piece_on(d, 29) is None, SLOW)
    assert "failed 1" in text_of(browser, "puzzle-stats")
    assert not browser.find_element(By.ID, "puzzle-solution").is_enabled()
    assert not browser.find_element(By.ID, "puzzle-hint").is_enabled()
    assert js(browser, "window.damier.puzzle.interactive()") is False
    shot(browser, "83-puzzle-solution")
    browser.find_element(By.ID, "puzzle-exit").click()
    wait(browser, lambda d: js(d, "window.damier.puzzle") is None)
    browser.find_element(By.ID, "btn-puzzles").click()


def explorer_moves(drv: Any) -> list[str]:
    return list(js(drv, "[...document.querySelectorAll('#explorer-moves button[data-move]')]"
                        ".map((b) => b.dataset.move)"))


def test_explorer_moves_and_example_game(browser: Any, study_server: LiveServer) -> None:
    g = api(study_server, "POST", "/api/games", {})
    open_game(browser, study_server, g["id"])
    browser.find_element(By.ID, "btn-explorer").click()
    wait(browser, lambda d: explorer_moves(d) == ["32-28", "33-28"])
    first_row = text_of(browser, "explorer-moves").split("\n")[1]
    assert first_row.startswith("32-28 3"), first_row
    shot(browser, "82-explorer")
    # a move of the table is played on the board; the table follows the position
    browser.find_element(By.CSS_SELECTOR, '#explorer-moves button[data-move="32-28"]').click()
    wait(browser, lambda d: js(d, "window.damier.game.ply") == 1)
    wait(browser, lambda d: sorted(explorer_moves(d)) == ["18-23", "19-23"])
    # browsing back to the start shows its moves again
    browser.find_element(By.ID, "nav-first").click()
    wait(browser, lambda d: explorer_moves(d) == ["32-28", "33-28"])
    # in Czech, then an example game opens as a finished record
    try:
        set_language(browser, "cs")
        wait(browser, lambda d: text_of(d, "explorer-title") == "Databáze zahájení")
        shot(browser, "83-explorer-cs")
    finally:
        set_language(browser, "en")
    examples = browser.find_elements(By.CSS_SELECTOR, "#explorer-games button[data-game]")
    assert len(examples) == 4
    next(b for b in examples if b.text == "A – B 2-0").click()
    wait(browser, lambda d: js(d, "window.damier.game.id") != g["id"])
    wait(browser, lambda d: js(d, "window.damier.game.status") == "over")
    assert js(browser, "window.damier.game.result") == "2-0"
    wait(browser, lambda d: "2-0" in text_of(d, "banner"))
    browser.find_element(By.ID, "btn-explorer").click()
