"""Studying games (analysis layer, beside ``protocol``: imports core, formats and engine).

* :mod:`damier.analysis.review` — a whole game reviewed by an engine: the score after every
  move, the better move, and inaccuracies, mistakes and blunders marked;
* :mod:`damier.analysis.mining` — puzzles mined from games (one decisive move, verified by a
  deeper search); :mod:`damier.analysis.puzzle` — a puzzle and its moves checked against the
  solution and the engine; :mod:`damier.analysis.puzzledb` — puzzles imported from problem
  collections, stored in SQLite with the players' scores;
* :mod:`damier.analysis.glicko2` — Glicko-2 ratings (a pure function, the one every rating uses);
* the game database (docs/database.md): :mod:`~damier.analysis.gamedb` imports PDN files in
  parallel and resumably into one SQLite file (:mod:`~damier.analysis.gamestore` its layout,
  :mod:`~damier.analysis.gameimport` the reading, :mod:`~damier.analysis.gamekeys` the
  position keys and the bulk replay on the kernel); :mod:`damier.analysis.explorer` the
  opening explorer on it (moves from a position with results and ratings, filters);
  :mod:`damier.analysis.gamesearch` the game search (tags, positions, openings);
  :mod:`~damier.analysis.gamerows` stored games read back.

The engine is reached only through :class:`~damier.engine.EngineLike`, so any engine the
user names can review or mine. Nothing here knows about HTTP; the web app and the command
line build on it.
"""
