"""Where damier keeps a user's own files: the games, explorer and puzzle databases, built
opening books and endgame tables.

Every such file lives under ``$XDG_DATA_HOME/damier`` (``~/.local/share/damier`` when the
variable is unset), unless an environment variable names the file itself. The web app, the
CLI and the engine all ask here, so the rule is written once.

This module computes paths only: it must not create, read or write anything.

>>> import os
>>> saved = os.environ.get("XDG_DATA_HOME")
>>> os.environ["XDG_DATA_HOME"] = "/data"
>>> user_path("book").as_posix()
'/data/damier/book'
>>> os.environ["DAMIER_EXAMPLE_DB"] = "/tmp/mine.sqlite3"
>>> user_path("games.sqlite3", env="DAMIER_EXAMPLE_DB").as_posix()
'/tmp/mine.sqlite3'
>>> del os.environ["DAMIER_EXAMPLE_DB"]
>>> user_path("games.sqlite3", env="DAMIER_EXAMPLE_DB").as_posix()
'/data/damier/games.sqlite3'
>>> if saved is None:
...     del os.environ["XDG_DATA_HOME"]
... else:
...     os.environ["XDG_DATA_HOME"] = saved
"""

from __future__ import annotations

import os
from pathlib import Path


def user_path(name: str, env: str | None = None) -> Path:
    """``$env`` when that variable is set and not empty, else ``name`` in damier's folder of
    the user's data directory (``$XDG_DATA_HOME/damier``, default ``~/.local/share/damier``)."""
    if env:
        chosen = os.environ.get(env)
        if chosen:
            return Path(chosen)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "damier" / name
