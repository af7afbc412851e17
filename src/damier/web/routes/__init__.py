"""The web app's HTTP and WebSocket handlers: each reads a bounded request, calls a service of
:mod:`damier.web.services` and answers JSON (or pushes it on the game's WebSocket).

These modules hold no game logic. The routes of one area are one module (``*_api``);
:mod:`~damier.web.routes.requests` is what they share, :mod:`~damier.web.routes.request_limits`
the bounds a client must respect, :mod:`~damier.web.routes.openapi` the description of them
all. Nothing below this package imports it.
"""
