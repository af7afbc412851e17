"""Studying games (analysis layer, beside ``protocol``: imports core, formats and engine).

* :mod:`damier.analysis.review` — a whole game reviewed by an engine: the score after every
  move, the better move, and inaccuracies, mistakes and blunders marked;
* :mod:`damier.analysis.mining` — puzzles mined from games (one decisive move, verified by a
  deeper search); :mod:`damier.analysis.puzzle` — a puzzle and its moves checked against the
  solution and the engine; :mod:`damier.analysis.puzzledb` — puzzles imported from problem
  collections, stored in SQLite with the players' scores;
* :mod:`damier.analysis.glicko2` — Glicko-2 ratings (a pure function, the one every rating uses);
* :mod:`damier.analysis.explorer` — an opening explorer: PDN game databases in SQLite, the
  moves played from a position with their results.

The engine is reached only through :class:`~damier.engine.EngineLike`, so any engine the
user names can review or mine. Nothing here knows about HTTP; the web app and the command
line build on it.
"""
