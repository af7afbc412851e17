"""Where damier keeps a user's own files (the games, explorer and puzzle databases, built
opening books and endgame tables), and the environment variables that change it.

Every such file lives under ``$XDG_DATA_HOME/damier`` (``~/.local/share/damier`` when the
variable is unset), unless an environment variable names the file itself. The web app, the
CLI and the engine all ask here, so the rule is written once. Every environment variable
damier reads is listed in :data:`ENVIRONMENT` and read through :func:`env`.

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

ENVIRONMENT = {
    "XDG_DATA_HOME": "the user's data directory; damier's files go in its damier/ folder",
    "DAMIER_PURE": "1: the pure-Python path even where the native kernel is built",
    "DAMIER_DB": "the web app's games database (a file)",
    "DAMIER_EXPLORER_DB": "the opening explorer's database (default: beside the games database)",
    "DAMIER_PUZZLES_DB": "the puzzle database (default: beside the games database)",
    "DAMIER_BOOK": "off: no opening book; else folders (separated by ':') searched first",
    "DAMIER_EGDB": "folders (separated by os.pathsep) searched for endgame tables",
    "TERM": "dumb: damier play draws without colours",
    "NO_COLOR": "not empty: damier play draws without colours (no-color.org)",
}
"""Every environment variable damier reads (beside the build's DAMIER_PORTABLE, setup.py)."""


def env(name: str) -> str:
    """The value of the environment variable ``name`` of :data:`ENVIRONMENT` ('' when unset).

    >>> env("DAMIER_NOT_A_SETTING")
    Traceback (most recent call last):
    ...
    KeyError: 'DAMIER_NOT_A_SETTING is not one of the environment variables damier reads'
    """
    if name not in ENVIRONMENT:
        raise KeyError(f"{name} is not one of the environment variables damier reads")
    return os.environ.get(name, "")


def user_path(name: str, env: str | None = None) -> Path:
    """``$env`` when that variable is set and not empty, else ``name`` in damier's folder of
    the user's data directory (``$XDG_DATA_HOME/damier``, default ``~/.local/share/damier``)."""
    if env:
        chosen = os.environ.get(env)
        if chosen:
            return Path(chosen)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "damier" / name


def beside(path: str | os.PathLike[str], name: str, variable: str) -> str:
    """The file ``$variable`` names, else the file ``name`` in the folder of ``path`` (a
    database kept beside another; ``:memory:`` stays in memory).

    >>> os.environ.get("DAMIER_PUZZLES_DB") or beside("/srv/games.sqlite3", "puzzles.sqlite3",
    ...                                                 "DAMIER_PUZZLES_DB")
    '/srv/puzzles.sqlite3'
    """
    chosen = env(variable)
    if chosen:
        return chosen
    if str(path) == ":memory:":
        return ":memory:"
    return str(Path(path).parent / name)
