"""The board never freezes against the engine, whatever order answers arrive in.

Issue 16: the answer to the player's own move (version N) could arrive after the WebSocket
update carrying the engine's reply (version N+1); the page dropped the older answer and never
refilled the set of clickable moves. ``test_late_answer_to_a_move`` forces that order by
holding back the HTTP answer to every move in the page's ``fetch``; ``test_thirty_clicked_moves``
plays 30 moves by clicking against the engine and checks after every reply that exactly the
pieces with a legal move are clickable.
"""

from __future__ import annotations

import random
from typing import Any

from selenium.webdriver.common.by import By

from tests.web.conftest import LiveServer
from tests.web.test_browser import api, click, js, open_game, ply, shot, wait

HOLD_MOVE_ANSWERS = """
// hold the answer to a move back until the page has a newer state from the WebSocket
window.__held = 0;
window.__released = 0;
const realFetch = window.fetch;
window.fetch = async (url, opts) => {
  const res = await realFetch(url, opts);
  if (opts && opts.method === "POST" && /\\/(moves|huff)$/.test(String(url))) {
    window.__held += 1;
    const answer = await res.clone().json();
    const deadline = performance.now() + 60000;  // generous: the engine may be slow under load
    while (window.damier.game.version <= answer.version && performance.now() < deadline) {
      await new Promise((done) => setTimeout(done, 20));
    }
    window.__released += 1;
  }
  return res;
};
"""


def movable_squares(drv: Any) -> set[int]:
    found = js(drv, "[...document.querySelectorAll('#board g.piece.movable')]"
                    ".map((p) => Number(p.closest('g.square').dataset.square))")
    return set(found)


def legal_from(drv: Any) -> set[int]:
    return set(js(drv, "window.damier.game.legal_moves.map((m) => m.from)"))


def wait_for_turn(drv: Any, n: int) -> None:
    """Until the game is at ply ``n`` with the human to move and the page quiet."""
    wait(drv, lambda d: js(d, "(() => { const a = window.damier, g = a.game;"
                              f" return g.ply === {n} && !a.pending && !g.thinking"
                              " && (g.status !== 'playing' || g[g.turn] === 'human'); })()"))


def play_by_clicks(drv: Any, move: dict[str, Any]) -> None:
    """Click the move's piece, then its landing squares (choosing the route if asked)."""
    before = ply(drv)
    played = f"window.damier.game.ply > {before} || window.damier.pending"
    click(drv, move["from"])
    path = move["path"]
    for i, landing in enumerate(path):
        if js(drv, played):
            return
        wait(drv, lambda d, n=landing: d.find_elements(
            By.CSS_SELECTOR, f'#board g.square[data-square="{n}"] circle.target'))
        click(drv, landing)
        if i == len(path) - 1 and not js(drv, played):
            if drv.find_element(By.ID, "route-box").is_displayed():
                for b in drv.find_elements(By.CSS_SELECTOR, "#route-list button.route"):
                    if b.text.startswith(move["long"] + " "):
                        b.click()
                        break
            elif not js(drv, played):
                click(drv, landing)  # a route that others continue: close it with a click
    wait(drv, lambda d: js(d, played))


def test_late_answer_to_a_move(browser: Any, live_server: LiveServer) -> None:
    g = api(live_server, "POST", "/api/games", {"white": "human", "black": "engine", "level": 1})
    open_game(browser, live_server, g["id"])
    browser.execute_script(HOLD_MOVE_ANSWERS)
    click(browser, 32)
    click(browser, 28)
    # the engine's reply comes over the WebSocket while the answer to 32-28 is held back
    wait(browser, lambda d: js(d, "window.__held") == 1)
    wait(browser, lambda d: js(d, "window.__released") == 1)
    assert ply(browser) == 2, "the engine's reply came after the answer to the move"
    wait(browser, lambda d: not js(d, "window.damier.pending"))
    assert js(browser, "window.damier.game.ply") == 2
    assert movable_squares(browser) == legal_from(browser) != set()
    shot(browser, "20-late-answer")
    move = js(browser, "window.damier.game.legal_moves[0]")
    play_by_clicks(browser, move)
    wait(browser, lambda d: ply(d) >= 3)


def test_thirty_clicked_moves(browser: Any, live_server: LiveServer) -> None:
    rng = random.Random(16)
    played = 0
    while played < 30:
        g = api(live_server, "POST", "/api/games",
                {"white": "human", "black": "engine", "level": 1})
        open_game(browser, live_server, g["id"])
        n = 0
        wait_for_turn(browser, n)
        while played < 30 and js(browser, "window.damier.game.status") == "playing":
            legal = js(browser, "window.damier.game.legal_moves")
            assert movable_squares(browser) == {m["from"] for m in legal}, \
                f"move {played + 1}: the clickable pieces are not the legal ones"
            play_by_clicks(browser, rng.choice(legal))
            played += 1
            n += 2
            wait(browser, lambda d, k=n: ply(d) >= k - 1
                 and js(d, "window.damier.game.status") == "over" or ply(d) == k)
            if js(browser, "window.damier.game.status") == "over":
                break
            wait_for_turn(browser, n)
    shot(browser, "21-thirty-moves")
