"""The web app's SQLite storage of saved games (:mod:`~damier.web.storage.game_store`).

It knows no rules, no HTTP and no service: it imports nothing else of :mod:`damier.web`.
"""
