"""Piece sets (issue 26), in Chromium: the set chosen in the board options redraws the board
(men and kings distinct in every set), the editor's palette and the /online page, is
remembered by the browser, and leaves axe-core at 0 serious or critical violations; the main
page's header links to /online in every language.

Screenshots of each set and of the options dialog in en, cs, hu and sr-Cyrl go to
``test-artifacts/web/pieces-*.png``.
"""

from __future__ import annotations

import http.cookiejar
import json
import urllib.request
from typing import Any

from selenium.webdriver.common.by import By

from tests.web.conftest import LiveServer
from tests.web.test_browser import api, js, open_game, shot, wait
from tests.web.test_i18n import I18N, read_catalog
from tests.web.test_page_i18n import set_language
from tests.web.test_player_home import LANGUAGES, axe_violations

SETS = ["flat", "classic", "contrast"]
# men and kings of both colours: White men 31, 32, king 46; Black men 19, 20, king 5
FEN = "W:W31,32,K46:B19,20,K5"


def choose_set(drv: Any, name: str) -> None:
    """Pick the set in the options dialog, as a player does (the dialog stays open)."""
    if not js(drv, "document.getElementById('dlg-options').open"):
        drv.execute_script("document.getElementById('btn-options').click()")
    drv.execute_script("const s = document.getElementById('opt-pieces'); s.value = arguments[0];"
                       "s.dispatchEvent(new Event('change'));", name)
    wait(drv, lambda d: js(d, "document.getElementById('board').dataset.pieces") == name)


def drawn(drv: Any, square: int) -> str:
    """The markup of the piece on ``square``, with its coordinates left out (the shapes)."""
    return str(js(drv, f"document.querySelector('#board g.square[data-square=\"{square}\"] g.piece')"
                       ".innerHTML.replace(/ (cx|cy|d)=\"[^\"]*\"/g, '')"))


def board_pieces(drv: Any) -> dict[str, int]:
    return dict(js(drv, "Object.fromEntries(['piece', 'king', 'set-flat', 'set-classic', "
                        "'set-contrast'].map((c) => [c, document.querySelectorAll("
                        "'#board g.piece.' + c).length]))"))


def test_piece_sets_redraw_the_board_and_are_remembered(browser: Any,
                                                        live_server: LiveServer) -> None:
    drv = browser
    drv.set_script_timeout(60)
    g = api(live_server, "POST", "/api/games", {"white": "human", "black": "human", "fen": FEN})
    open_game(drv, live_server, g["id"])
    assert js(drv, "document.getElementById('board').dataset.pieces") == "flat"
    man_shapes, king_shapes = {}, {}
    for name in SETS:
        choose_set(drv, name)
        counts = board_pieces(drv)
        assert counts["piece"] == 6 and counts["king"] == 2 and counts[f"set-{name}"] == 6, counts
        man_shapes[name], king_shapes[name] = drawn(drv, 31), drawn(drv, 46)
        # a king is told from a man by its shape, not by colour alone: it carries a crown
        assert "crown" in king_shapes[name] and "crown" not in man_shapes[name]
        preview = js(drv, "[...document.querySelectorAll('#opt-pieces-preview g.piece')]"
                          ".map((p) => p.getAttribute('class'))")
        assert len(preview) == 4 and all(f"set-{name}" in c for c in preview), preview
        shot(drv, f"pieces-{name}-en")
        drv.execute_script("document.getElementById('dlg-options').close()")
        assert axe_violations(drv) == [], name
    assert len(set(man_shapes.values())) == 3 and len(set(king_shapes.values())) == 3
    assert king_shapes["classic"].count('class="body"') == 2   # two discs stacked
    # the editor's palette shows the pieces of the chosen set
    drv.execute_script("document.getElementById('btn-editor').click()")
    wait(drv, lambda d: js(d, "document.querySelectorAll('#palette g.piece.set-contrast').length")
         == 4)
    drv.execute_script("document.getElementById('editor-done').click()")
    # remembered by the browser: a new visit draws the contrast set
    open_game(drv, live_server, g["id"])
    wait(drv, lambda d: board_pieces(d)["set-contrast"] == 6)
    # the options dialog in four languages (its names are translated: no English left)
    for code in ["en", "cs", "hu", "sr-Cyrl"]:
        set_language(drv, code)
        choose_set(drv, "classic")
        names = js(drv, "[...document.querySelectorAll('#opt-pieces option')].map((o) => o.text)")
        catalog = read_catalog(I18N / f"{code}.js")
        assert names == [catalog[f"pieces.{s}"] for s in SETS]
        shot(drv, f"pieces-options-{code}")
        drv.execute_script("document.getElementById('dlg-options').close()")
    set_language(drv, "en")


def test_online_page_draws_the_chosen_set_and_the_header_links_to_it(
        browser: Any, live_server: LiveServer) -> None:
    drv = browser
    gid = online_game(live_server)
    drv.get(f"{live_server.url}/")
    wait(drv, lambda d: js(d, "document.getElementById('nav-online').getAttribute('aria-label')"))
    # the header's link to play a friend (an icon, named in every language as the /online
    # page names its own button) and the new-game dialog's link beside it
    for code in LANGUAGES:
        set_language(drv, code)
        catalog = read_catalog(I18N / f"{code}.js")
        link = drv.find_element(By.ID, "nav-online")
        assert link.get_attribute("href") == f"{live_server.url}/online" and link.is_displayed()
        assert link.get_attribute("aria-label") == catalog["online.nav.play"] == catalog["nav.online"]
        assert link.get_attribute("title") == catalog["nav.online"]
        assert js(drv, "document.getElementById('new-online').textContent") == catalog["new.online"]
    set_language(drv, "en")
    drv.execute_script("localStorage.setItem('damier.options', JSON.stringify({pieces: 'contrast'}))")
    drv.find_element(By.ID, "nav-online").click()
    wait(drv, lambda d: d.current_url.endswith("/online"))
    drv.get(f"{live_server.url}/online#g={gid}")
    wait(drv, lambda d: js(d, "document.querySelectorAll('#board g.piece.set-contrast').length")
         == 40)
    shot(drv, "pieces-online-contrast")
    drv.execute_script("localStorage.removeItem('damier.options')")


def online_game(server: LiveServer) -> int:
    """A game between two people, made through the API by two cookie jars."""
    def person() -> Any:
        return urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def call(opener: Any, path: str, body: dict[str, Any]) -> Any:
        req = urllib.request.Request(server.url + path, data=json.dumps(body).encode(),
                                     method="POST", headers={"Content-Type": "application/json",
                                                             "Origin": server.url})
        with opener.open(req, timeout=30) as r:
            return json.loads(r.read())

    ann, bob = person(), person()
    challenge = call(ann, "/api/online/challenges", {"name": "Ann", "color": "white"})
    return int(call(bob, f"/api/online/challenges/{challenge['challenge']['id']}/accept",
                    {"name": "Bob"})["game"])
