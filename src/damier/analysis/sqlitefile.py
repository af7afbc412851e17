"""How the analysis databases (the explorer's and the puzzles') open their SQLite file.

Owns the connection settings both share: the folder made on first use, rows by column name,
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


def connect(path: str | os.PathLike[str]) -> sqlite3.Connection:
    """A connection to ``path`` usable from any thread (the caller holds its own lock), in
    autocommit mode (the caller opens its transactions)."""
    name = str(path)
    if name != MEMORY:
        Path(name).parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(name, check_same_thread=False, isolation_level=None)
    db.row_factory = sqlite3.Row
    if name != MEMORY:
        db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA busy_timeout=5000")
    return db
