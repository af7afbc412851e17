"""The web app (apps layer): play and analyse in the browser, games saved in SQLite.

* :mod:`damier.web.app` — the Starlette app (:func:`create_app`) and :func:`run`;
* :mod:`damier.web.api` — JSON routes; :mod:`damier.web.ws` — the WebSocket per game;
* :mod:`damier.web.games` — the game service, composing the modules below it:
  :mod:`~damier.web.actions` (move, huff, undo, resign), :mod:`~damier.web.draws`,
  :mod:`~damier.web.engine_turns`, :mod:`~damier.web.watchers` (WebSocket pushes),
  :mod:`~damier.web.pdn_games`, :mod:`~damier.web.clock`, :mod:`~damier.web.session`
  (one live game and its JSON);
* :mod:`damier.web.state` — JSON of variants, positions, moves; :mod:`damier.web.store` —
  SQLite; :mod:`damier.web.errors` — :class:`~damier.web.errors.WebError`;
* :mod:`damier.web.pdn_io` — PDN export/import; :mod:`damier.web.engine_bridge` — engine;
* :mod:`damier.web.pdn_games` (PDN in and out), :mod:`damier.web.records` (variations,
  comments, continuing as a new game; routes in :mod:`damier.web.records_api`) and
  :mod:`damier.web.gametree` (the annotated tree of a game) — games kept whole;
* :mod:`damier.web.review` (routes in :mod:`damier.web.review_api`) — engine reviews of
  games, run in a worker thread and stored;
* :mod:`damier.web.explorer` (routes in :mod:`damier.web.explorer_api`) — the opening
  explorer's database, the default games imported in the background;
* :mod:`damier.web.puzzles` (routes in :mod:`damier.web.puzzles_api`) — puzzles: moves
  judged against the solution and by the engine, hints, scores;
* ``static/`` — the page: plain JavaScript ES modules and SVG, no build step.

Imports inside the package point one way (``tests/web/test_structure.py``); the order is
drawn in ``docs/web.md``.

The server is the only source of legal moves; the page draws what it is sent. Needs the
``web`` extra (Starlette, uvicorn). See ``docs/web.md``.
"""

from __future__ import annotations
