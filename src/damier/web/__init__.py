"""The web app (apps layer): play and analyse in the browser, games saved in SQLite.

* :mod:`damier.web.app` — the Starlette app (:func:`create_app`) and :func:`run`;
* :mod:`damier.web.api` — JSON routes; :mod:`damier.web.ws` — the WebSocket per game;
* :mod:`damier.web.games` — the game service (locks, engine turns, clocks);
* :mod:`damier.web.state` — JSON views; :mod:`damier.web.store` — SQLite;
* :mod:`damier.web.pdn_io` — PDN export/import; :mod:`damier.web.engine_bridge` — engine;
* ``static/`` — the page: plain JavaScript and SVG, no build step.

The server is the only source of legal moves; the page draws what it is sent. Needs the
``web`` extra (Starlette, uvicorn). See ``docs/web.md``.
"""

from __future__ import annotations
