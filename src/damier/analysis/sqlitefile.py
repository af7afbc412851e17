"""How the analysis databases (the explorer's and the puzzles') open their SQLite file.

Owns the connection settings both share (the games database of the web app uses
:func:`private_file` too): the folder made on first use, readable by its owner only (0700),
the file made so too (0600: games, players' names and puzzle ratings are nobody else's
business; SQLite gives its ``-wal`` and ``-shm`` files the same mode), rows by column name,
write-ahead logging for a file (so that readers see the last commit while a writer works),
``synchronous=NORMAL`` and a busy timeout. It must not know any table: each database runs
its own schema.

>>> db = connect(":memory:")
>>> db.execute("SELECT 1 AS one").fetchone()["one"]
1
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

MEMORY = ":memory:"


def private_file(path: str | os.PathLike[str]) -> None:
    """Make the folder of ``path`` (0700) and the file itself (empty, 0600) if they do not
    exist yet; existing ones keep their mode (a folder or file the user chose to share)."""
    file = Path(path)
    folder = file.parent
    if not folder.exists():
        folder.mkdir(parents=True, exist_ok=True)
        folder.chmod(0o700)  # mkdir's mode is masked by the umask
    if not file.exists():
        os.close(os.open(file, os.O_CREAT | os.O_WRONLY, 0o600))
        file.chmod(0o600)


def connect(path: str | os.PathLike[str]) -> sqlite3.Connection:
    """A connection to ``path`` usable from any thread (the caller holds its own lock), in
    autocommit mode (the caller opens its transactions)."""
    name = str(path)
    if name != MEMORY:
        private_file(name)
    db = sqlite3.connect(name, check_same_thread=False, isolation_level=None)
    db.row_factory = sqlite3.Row
    if name != MEMORY:
        db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA busy_timeout=5000")
    return db
