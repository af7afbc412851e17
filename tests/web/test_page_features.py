"""Moves you can see, and the board as you like it (issue 16 items 2 and 4), in Chromium.

Animations along the whole route with the taken pieces fading as they are jumped (checked
by pausing the animation at each leg), prefers-reduced-motion, sounds and the remembered
mute switch, the last move marked, a huff said and marked, a capture clicked square by
square, the route choice beside the board, stale errors cleared, the evaluation bar's score
in full, board options (coordinates, numbers, themes, dark mode) and the flip of each game
remembered. Screenshots ``40-*``.
"""

from __future__ import annotations

from typing import Any

import pytest
from selenium.webdriver.common.by import By

from tests.web.conftest import LiveServer
from tests.web.test_browser import api, click, js, open_game, piece_on, ply, shot, wait

LEG_MS = 170  # board.js LEG_MS


@pytest.fixture
def clean_storage(browser: Any, live_server: LiveServer) -> Any:
    """Options, flips and mute start from the defaults and are reset afterwards."""
    browser.get(live_server.url + "/static/style.css")
    browser.execute_script("localStorage.clear()")
    yield browser
    browser.execute_script("localStorage.clear()")
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    browser.execute_cdp_cmd("Animation.setPlaybackRate", {"playbackRate": 1})


def two_players(server: LiveServer, **body: Any) -> dict[str, Any]:
    data: dict[str, Any] = api(server, "POST", "/api/games",
                               {"white": "human", "black": "human", **body})
    return data


def centre(drv: Any, selector: str) -> tuple[float, float]:
    r = js(drv, f"document.querySelector('{selector}').getBoundingClientRect()")
    return r["x"] + r["width"] / 2, r["y"] + r["height"] / 2


def square_centre(drv: Any, n: int) -> tuple[float, float]:
    return centre(drv, f'#board g.square[data-square="{n}"] rect')


def test_capture_animated_along_its_route(clean_storage: Any, live_server: LiveServer) -> None:
    drv = clean_storage
    g = two_players(live_server, fen="W:W37,48:B32,22,21,11,1")
    open_game(drv, live_server, g["id"])
    drv.execute_cdp_cmd("Animation.enable", {})
    drv.execute_cdp_cmd("Animation.setPlaybackRate", {"playbackRate": 0.02})
    click(drv, 37)
    click(drv, 26)  # the final square at once: one route
    wait(drv, lambda d: ply(d) == 1 and d.find_elements(By.CSS_SELECTOR, "#board g.anim"))
    # the board drawn again 0.6 s later (as when a second copy of the state comes in): the
    # animation goes on where it was on the (slowed) animation timeline, it does not end
    drv.execute_script("const t = performance.now(); while (performance.now() - t < 600) {}"
                       "document.getElementById('btn-flip').click();"
                       "document.getElementById('btn-flip').click();")
    assert drv.find_elements(By.CSS_SELECTOR, "#board g.anim"), "the redraw ended the animation"
    drv.execute_script("document.getAnimations().forEach((a) => a.pause())")
    assert js(drv, "document.getElementById('board').dataset.animating") == "1"
    ghosts = drv.find_elements(By.CSS_SELECTOR, "#board g.anim g.piece.taken")
    assert len(ghosts) == 3
    runner = "#board g.anim g.piece:not(.taken)"
    final = '#board g.square[data-square="26"] g.piece'
    assert js(drv, f"getComputedStyle(document.querySelector('{final}')).opacity") == "0"
    for leg, square in enumerate([37, 28, 17, 26]):
        drv.execute_script(
            "document.getAnimations().forEach((a) => { a.currentTime = arguments[0]; })",
            leg * LEG_MS)
        x, y = centre(drv, runner + " circle.body")
        sx, sy = square_centre(drv, square)
        assert abs(x - sx) < 3 and abs(y - sy) < 3, f"leg {leg}: not on square {square}"
    opacity = "[...document.querySelectorAll('#board g.anim g.piece.taken')]" \
              ".map((g) => Number(getComputedStyle(g).opacity))"
    drv.execute_script("document.getAnimations().forEach((a) => { a.currentTime = arguments[0]; })",
                       int(1.2 * LEG_MS))
    first, second, third = js(drv, opacity)
    assert first == 0 and second == 1 and third == 1  # 32 is jumped on the first leg
    drv.execute_script("document.getAnimations().forEach((a) => a.finish())")
    wait(drv, lambda d: not d.find_elements(By.CSS_SELECTOR, "#board g.anim"))
    assert js(drv, f"getComputedStyle(document.querySelector('{final}')).opacity") == "1"
    assert piece_on(drv, 26) == "w"


def test_reduced_motion_and_the_animation_option(clean_storage: Any,
                                                 live_server: LiveServer) -> None:
    drv = clean_storage
    drv.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    g = two_players(live_server)
    open_game(drv, live_server, g["id"])
    drv.execute_cdp_cmd("Animation.enable", {})
    drv.execute_cdp_cmd("Animation.setPlaybackRate", {"playbackRate": 0.02})
    click(drv, 32)
    click(drv, 28)
    wait(drv, lambda d: ply(d) == 1)
    assert not drv.find_elements(By.CSS_SELECTOR, "#board g.anim")
    drv.find_element(By.ID, "btn-options").click()
    assert drv.find_element(By.ID, "opt-reduced").is_displayed()
    drv.find_element(By.ID, "options-close").click()
    drv.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    drv.find_element(By.ID, "btn-options").click()
    assert not drv.find_element(By.ID, "opt-reduced").is_displayed()
    drv.find_element(By.ID, "opt-animate").click()  # off
    drv.find_element(By.ID, "options-close").click()
    click(drv, 19)
    click(drv, 23)
    wait(drv, lambda d: ply(d) == 2)
    assert not drv.find_elements(By.CSS_SELECTOR, "#board g.anim")
    drv.find_element(By.ID, "btn-options").click()
    drv.find_element(By.ID, "opt-animate").click()  # on again
    drv.find_element(By.ID, "options-close").click()
    click(drv, 28)  # 28x19, the only move: plays at once
    wait(drv, lambda d: ply(d) == 3 and d.find_elements(By.CSS_SELECTOR, "#board g.anim"))


SOUND_LOG = ("(() => { const done = arguments[arguments.length - 1];"
             " import('/static/sound.js').then((m) => done([...m.log])); })()")


def test_sounds_and_the_remembered_mute(clean_storage: Any, live_server: LiveServer) -> None:
    drv = clean_storage
    g = two_players(live_server)
    open_game(drv, live_server, g["id"])
    button = drv.find_element(By.ID, "btn-sound")
    assert button.get_attribute("aria-pressed") == "true"
    click(drv, 32)
    click(drv, 28)
    wait(drv, lambda d: ply(d) == 1)
    click(drv, 19)
    click(drv, 23)
    wait(drv, lambda d: ply(d) == 2)
    click(drv, 28)
    wait(drv, lambda d: ply(d) == 3)
    wait(drv, lambda d: d.execute_async_script(SOUND_LOG)[-3:] == ["move", "move", "capture"])
    button.click()
    assert button.get_attribute("aria-pressed") == "false"
    drv.refresh()
    wait(drv, lambda d: js(d, "window.damier && window.damier.game"))
    assert drv.find_element(By.ID, "btn-sound").get_attribute("aria-pressed") == "false"
    assert drv.execute_async_script(SOUND_LOG) == []
    click(drv, 14)
    click(drv, 23)
    wait(drv, lambda d: ply(d) == 4)
    assert drv.execute_async_script(SOUND_LOG) == []  # muted: nothing played
    drv.find_element(By.ID, "btn-sound").click()


def test_last_move_and_its_captures_marked(clean_storage: Any, live_server: LiveServer) -> None:
    drv = clean_storage
    g = two_players(live_server)
    for m in ("32-28", "19-23"):
        api(live_server, "POST", f"/api/games/{g['id']}/moves", {"move": m})
    open_game(drv, live_server, g["id"])
    last = "[...document.querySelectorAll('#board rect.sq.last')]" \
           ".map((r) => Number(r.closest('g.square').dataset.square)).sort((a, b) => a - b)"
    assert js(drv, last) == [19, 23]
    click(drv, 28)  # 28x19
    wait(drv, lambda d: ply(d) == 3)
    assert js(drv, last) == [19, 28]
    assert drv.find_elements(By.CSS_SELECTOR, '#board g.square[data-square="23"] path.last-taken')


def test_huff_said_and_marked(clean_storage: Any, live_server: LiveServer) -> None:
    drv = clean_storage
    # Black's 19 could take 24 (19x28); Black plays 16-20 instead. White's man on 24 is then
    # blocked by 19 and 20, so White's only legal move, at any level, is to huff 19 and step
    # there (h19,24-19): the engine cannot choose not to huff.
    g = api(live_server, "POST", "/api/games", {
        "variant": "czech-traditional", "fen": "B:W24:B5,15,16,19", "white": "engine",
        "black": "human", "level": 1})
    open_game(drv, live_server, g["id"])
    click(drv, 16)
    click(drv, 20)
    wait(drv, lambda d: ply(d) == 2)
    move = js(drv, "window.damier.game.moves[1]")
    assert (move["huff"], move["from"], move["to"]) == (19, 24, 19), move
    message = drv.find_element(By.ID, "message")
    wait(drv, lambda d: message.text == "White huffed your piece on 19: it had to capture.")
    assert drv.find_elements(By.CSS_SELECTOR, '#board g.square[data-square="19"] path.huffed')
    shot(drv, "40-huffed")


def test_step_by_step_capture_moves_the_piece(clean_storage: Any,
                                               live_server: LiveServer) -> None:
    drv = clean_storage
    g = two_players(live_server, fen="W:W37,48:B32,22,21,11,1")
    open_game(drv, live_server, g["id"])
    click(drv, 37)
    click(drv, 28)
    wait(drv, lambda d: piece_on(d, 28) == "w")
    assert piece_on(drv, 37) is None
    assert drv.find_elements(By.CSS_SELECTOR, '#board g.square[data-square="37"] rect.origin')
    landed = "[...document.querySelectorAll('#board circle.landed')].length"
    assert js(drv, landed) == 1
    dimmed = '#board g.square[data-square="32"] g.piece.captured'
    assert drv.find_elements(By.CSS_SELECTOR, dimmed)
    click(drv, 17)
    wait(drv, lambda d: piece_on(d, 17) == "w" and piece_on(d, 28) is None)
    assert js(drv, landed) == 2
    assert drv.find_elements(By.CSS_SELECTOR, '#board g.square[data-square="22"] g.piece.captured')
    click(drv, 26)
    wait(drv, lambda d: ply(d) == 1)
    assert js(drv, landed) == 0


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (a["right"] <= b["left"] or b["right"] <= a["left"]
                or a["bottom"] <= b["top"] or b["bottom"] <= a["top"])


@pytest.mark.parametrize("size", [(1280, 900), (390, 844)])
def test_route_choice_never_covers_the_board(clean_storage: Any, live_server: LiveServer,
                                             size: tuple[int, int]) -> None:
    drv = clean_storage
    drv.set_window_size(*size)
    try:
        g = two_players(live_server, fen="W:WK47:B14,19,29,31,42,3")
        open_game(drv, live_server, g["id"])
        click(drv, 47)
        click(drv, 36)
        wait(drv, lambda d: d.find_element(By.ID, "route-box").is_displayed())
        box = js(drv, "document.getElementById('route-box').getBoundingClientRect().toJSON()")
        board = js(drv, "document.getElementById('board').getBoundingClientRect().toJSON()")
        assert not overlap(box, board)
        line = drv.find_element(By.CSS_SELECTOR, "#board polyline.route-line")
        assert len(line.get_attribute("points").split()) == 5  # 47 and four landing squares
        marks = drv.find_elements(By.CSS_SELECTOR, "#board circle.route-mark")
        assert len(marks) == 4
        shot(drv, f"40-route-box-{size[0]}")
        drv.find_element(By.ID, "route-cancel").click()
        wait(drv, lambda d: not d.find_element(By.ID, "route-box").is_displayed())
        assert not drv.find_elements(By.CSS_SELECTOR, "#board polyline.route-line")
    finally:
        drv.set_window_size(1280, 900)


def test_stale_error_cleared(clean_storage: Any, live_server: LiveServer) -> None:
    drv = clean_storage
    g = two_players(live_server)
    open_game(drv, live_server, g["id"])
    message = drv.find_element(By.ID, "message")
    click(drv, 46)  # a white man that cannot move
    wait(drv, lambda d: message.text == "that piece cannot move")
    click(drv, 19)  # an opponent's piece: the old error goes
    wait(drv, lambda d: message.text == "")
    click(drv, 46)
    wait(drv, lambda d: message.text == "that piece cannot move")
    click(drv, 32)
    click(drv, 28)
    wait(drv, lambda d: ply(d) == 1)
    assert message.text == ""


@pytest.mark.parametrize(("score", "text"), [(4, "+0.04"), (-1250, "-12.50"), (0, "+0.00")])
def test_evaluation_bar_shows_the_whole_score(clean_storage: Any, live_server: LiveServer,
                                              score: int, text: str) -> None:
    drv = clean_storage
    g = two_players(live_server)
    open_game(drv, live_server, g["id"])
    drv.find_element(By.ID, "btn-analysis").click()
    wait(drv, lambda d: d.find_element(By.ID, "evalbar").is_displayed())
    # the engine's own analysis stops reaching the page; then a score of our choosing is shown
    drv.execute_script("window.damier.ws.onmessage = null;")
    drv.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "import('/static/analysis.js').then((m) => { m.showAnalysis({ply: 0, depth: 9,"
        " score: arguments[0], score_white: arguments[0], win_in: null, pv: ['32-28']});"
        " done(); });", score)
    label = drv.find_element(By.ID, "evalbar-text")
    wait(drv, lambda d: label.text == text)
    fits = js(drv, "(() => { const e = document.getElementById('evalbar-text');"
                   " const bar = document.getElementById('evalbar').getBoundingClientRect();"
                   " const r = e.getBoundingClientRect();"
                   " return e.scrollWidth <= e.clientWidth && r.left >= bar.left - 0.5"
                   " && r.right <= bar.right + 0.5; })()")
    assert fits, f"{text} does not fit in the evaluation bar"
    drv.find_element(By.ID, "btn-analysis").click()


def open_options(drv: Any) -> None:
    drv.find_element(By.ID, "btn-options").click()
    wait(drv, lambda d: d.find_element(By.ID, "dlg-options").is_displayed())


def test_board_options_are_remembered(clean_storage: Any, live_server: LiveServer) -> None:
    drv = clean_storage
    g = two_players(live_server, variant="russian")
    open_game(drv, live_server, g["id"])
    files = "[...document.querySelectorAll('#board .coords text')].map((t) => t.textContent)"
    assert sorted(set(js(drv, files))) == sorted([*"abcdefgh", *(str(i) for i in range(1, 9))])
    assert drv.find_elements(By.CSS_SELECTOR, "#board text.label")
    open_options(drv)
    drv.find_element(By.ID, "opt-coords").click()
    drv.find_element(By.ID, "opt-numbers").click()
    drv.find_element(By.CSS_SELECTOR, '#opt-theme option[value="green"]').click()
    drv.find_element(By.CSS_SELECTOR, '#opt-dark option[value="on"]').click()
    drv.find_element(By.ID, "options-close").click()
    assert not drv.find_elements(By.CSS_SELECTOR, "#board .coords")
    assert not drv.find_elements(By.CSS_SELECTOR, "#board text.label")
    assert js(drv, "document.documentElement.dataset.theme") == "green"
    background = "getComputedStyle(document.body).backgroundColor"
    assert js(drv, background) == "rgb(22, 25, 28)"
    dark_square = "getComputedStyle(document.querySelector('#board rect.sq.dark')).fill"
    assert js(drv, dark_square) == "rgb(107, 143, 78)"
    shot(drv, "40-options-green-dark")
    drv.refresh()
    wait(drv, lambda d: js(d, "window.damier && window.damier.game"))
    assert not drv.find_elements(By.CSS_SELECTOR, "#board .coords")
    assert js(drv, "document.documentElement.dataset.dark") == "on"
    assert js(drv, dark_square) == "rgb(107, 143, 78)"
    open_options(drv)
    assert not drv.find_element(By.ID, "opt-coords").is_selected()
    assert drv.find_element(By.ID, "opt-theme").get_attribute("value") == "green"
    drv.find_element(By.ID, "opt-coords").click()
    drv.find_element(By.CSS_SELECTOR, '#opt-theme option[value="blue"]').click()
    drv.find_element(By.CSS_SELECTOR, '#opt-dark option[value="off"]').click()
    drv.find_element(By.ID, "options-close").click()
    assert js(drv, background) == "rgb(244, 241, 234)"
    assert js(drv, dark_square) == "rgb(125, 147, 168)"
    shot(drv, "40-options-blue-coords")


def test_numbered_board_coordinates(clean_storage: Any, live_server: LiveServer) -> None:
    drv = clean_storage
    g = two_players(live_server)
    open_game(drv, live_server, g["id"])
    numbers = sorted(int(t) for t in js(
        drv, "[...document.querySelectorAll('#board .coords text')].map((t) => t.textContent)"))
    assert numbers == [1, 2, 3, 4, 5, 6, 15, 16, 25, 26, 35, 36, 45, 46, 47, 48, 49, 50]


def test_flip_remembered_per_game(clean_storage: Any, live_server: LiveServer) -> None:
    drv = clean_storage
    a = two_players(live_server)
    b = two_players(live_server)
    open_game(drv, live_server, a["id"])
    bottom = "document.getElementById('player-bottom').dataset.color"
    assert js(drv, bottom) == "white"
    drv.find_element(By.ID, "btn-flip").click()
    wait(drv, lambda d: js(d, bottom) == "black")
    open_game(drv, live_server, b["id"])
    wait(drv, lambda d: js(d, bottom) == "white")
    open_game(drv, live_server, a["id"])
    drv.refresh()
    wait(drv, lambda d: js(d, "window.damier && window.damier.game && window.damier.game.id")
         == a["id"])
    wait(drv, lambda d: js(d, bottom) == "black")
    engine_white = api(live_server, "POST", "/api/games", {"white": "engine", "black": "human",
                                                            "level": 1})
    open_game(drv, live_server, engine_white["id"])
    wait(drv, lambda d: js(d, bottom) == "black")  # you play Black: Black at the bottom
