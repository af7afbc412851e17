"""What the web app does, below its routes: live games (:mod:`~damier.web.services.game_service`
over :mod:`~damier.web.services.game_session`), the actions, draws and clocks of a game, the
engine's turns and the engines a server offers, PDN in and out with each game's tree, records,
reviews, puzzles, the opening explorer and live analysis.

These modules know no HTTP: they raise :class:`~damier.web.errors.WebError` and return plain
data. They may import :mod:`damier.web.storage`, never :mod:`damier.web.routes`.
"""
