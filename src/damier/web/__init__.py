"""The web app (apps layer): play and analyse in the browser, games saved in SQLite.

The package has three floors, and imports point down only (``tests/web/test_structure.py``):

* :mod:`damier.web.routes` — the HTTP and WebSocket handlers: they read and bound a request,
  call a service and answer JSON (:mod:`~damier.web.routes.games_api`,
  :mod:`~damier.web.routes.game_socket`, the routes of records, reviews, puzzles and the
  explorer, the OpenAPI description, the request bounds);
* :mod:`damier.web.services` — what the app does: live games and their sessions, player
  actions, draws, clocks, the engine's turns and the engines a server offers, PDN in and
  out, game trees and records, reviews, puzzles, the opening explorer, live analysis;
* :mod:`damier.web.storage` — the SQLite file of saved games (rows, no rules, no HTTP).

Beside them: :mod:`damier.web.app` (the Starlette app, :func:`create_app` and :func:`run`,
which wires the three together), :mod:`damier.web.guard` (the middleware that checks Host,
Origin, token and Content-Type) and :mod:`damier.web.errors` (:class:`WebError`, the one
error a client can cause, imported by every floor). ``static/`` is the page: plain
JavaScript ES modules and SVG, no build step.

The server is the only source of legal moves; the page draws what it is sent. Needs the
``web`` extra (Starlette, uvicorn). See ``docs/web.md``.
"""

from __future__ import annotations
