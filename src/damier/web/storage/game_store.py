"""SQLite storage of saved games (apps layer): one row per game, one row per move.

The store owns the database file and nothing else: it knows no rules and no HTTP. It uses
the standard library's :mod:`sqlite3` in WAL mode with ``synchronous=NORMAL``, so every
commit survives a crash of the server process (the game service commits each move as it is
made) while readers never block the writer. One connection is shared by all callers and
guarded by a lock: every statement is short, so this is both simpler and faster than a pool.

A game's variations, comments and NAGs (imported or added on the analysis board) are one
JSON document in ``game_trees`` (see :mod:`damier.web.services.gametree`); most games have none.
The last engine review of a game is one JSON document in ``reviews``
(:mod:`damier.web.services.review_service`).

A move is stored by its identity (from, to, captured squares, huffed square) plus its text,
so that replaying a game never depends on how notation is parsed.

Entry points: :class:`Store`, :class:`GameRow`, :class:`MoveRow`, :func:`default_db_path`.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from damier.analysis.sqlitefile import private_file
from damier.core.userdata import user_path
from damier.web.storable import without_lone_surrogates

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    variant TEXT NOT NULL,
    start_fen TEXT NOT NULL,
    white TEXT NOT NULL,
    black TEXT NOT NULL,
    level INTEGER NOT NULL,
    time_control TEXT,
    clock_white INTEGER,
    clock_black INTEGER,
    turn_started REAL,
    ending TEXT,
    draw_offer INTEGER,
    tags TEXT NOT NULL DEFAULT '{}',
    result TEXT,
    reason TEXT,
    ply INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    engine TEXT
);
CREATE TABLE IF NOT EXISTS moves (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply INTEGER NOT NULL,
    from_sq INTEGER NOT NULL,
    to_sq INTEGER NOT NULL,
    captured TEXT NOT NULL,
    huff INTEGER,
    notation TEXT NOT NULL,
    clock INTEGER,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, ply)
);
CREATE INDEX IF NOT EXISTS games_updated ON games(updated DESC);
CREATE TABLE IF NOT EXISTS game_trees (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    tree TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS reviews (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    review TEXT NOT NULL
);
"""

UNCHANGED: Any = object()
"""The ``tree`` of :meth:`Store.save` when the stored tree stays as it is."""

ADDED_COLUMNS = (("engine", "TEXT"),)
"""Columns of ``games`` added after the first release, with their types (old files get them)."""

GAME_FIELDS = (
    "variant", "start_fen", "white", "black", "level", "time_control", "clock_white",
    "clock_black", "turn_started", "ending", "draw_offer", "tags", "result", "reason", "ply",
    "engine",
)


def default_db_path() -> Path:
    """``$DAMIER_DB``, else ``damier/games.sqlite3`` in the user's data directory."""
    return user_path("games.sqlite3", env="DAMIER_DB")


@dataclass
class MoveRow:
    """One stored move: identity (square numbers), its text, the mover's clock after it (ms)."""

    ply: int
    from_sq: int
    to_sq: int
    captured: list[int]
    huff: int | None
    notation: str
    clock: int | None = None
    at: float = 0.0


@dataclass
class GameRow:
    """One stored game (without its moves)."""

    id: int
    variant: str
    start_fen: str
    white: str
    black: str
    level: int
    time_control: dict[str, Any] | None
    clock_white: int | None
    clock_black: int | None
    turn_started: float | None
    ending: dict[str, Any] | None
    draw_offer: int | None
    tags: dict[str, str] = field(default_factory=dict)
    result: str | None = None
    reason: str | None = None
    ply: int = 0
    created: float = 0.0
    updated: float = 0.0
    engine: str | None = None
    """The external engine that plays the engine side(s) (``None``: damier's own)."""


def _row_to_game(r: sqlite3.Row) -> GameRow:
    return GameRow(
        id=r["id"], variant=r["variant"], start_fen=r["start_fen"], white=r["white"],
        black=r["black"], level=r["level"],
        time_control=json.loads(r["time_control"]) if r["time_control"] else None,
        clock_white=r["clock_white"], clock_black=r["clock_black"],
        turn_started=r["turn_started"],
        ending=json.loads(r["ending"]) if r["ending"] else None,
        draw_offer=r["draw_offer"], tags=without_lone_surrogates(json.loads(r["tags"] or "{}")),
        result=r["result"], reason=r["reason"], ply=r["ply"],
        created=r["created"], updated=r["updated"], engine=r["engine"],
    )


def _game_values(g: GameRow) -> list[Any]:
    return [
        g.variant, g.start_fen, g.white, g.black, g.level,
        json.dumps(g.time_control) if g.time_control is not None else None,
        g.clock_white, g.clock_black, g.turn_started,
        json.dumps(g.ending) if g.ending is not None else None,
        g.draw_offer, json.dumps(g.tags), g.result, g.reason, g.ply, g.engine,
    ]


class Store:
    """The games database. Thread-safe; every method commits before it returns."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            private_file(self.path)  # 0600 in a 0700 folder when made here
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.row_factory = sqlite3.Row
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.execute("PRAGMA busy_timeout=5000")
        self._db.executescript(SCHEMA)
        self._add_missing_columns()

    def _add_missing_columns(self) -> None:
        """Bring a database made by an older damier up to date (columns added since)."""
        have = {r["name"] for r in self._db.execute("PRAGMA table_info(games)")}
        for column, kind in ADDED_COLUMNS:
            if column not in have:
                self._db.execute(f"ALTER TABLE games ADD COLUMN {column} {kind}")

    def close(self) -> None:
        """Close the connection (the WAL is checkpointed by SQLite)."""
        with self._lock:
            self._db.close()

    def journal_mode(self) -> str:
        """The journal mode in force (``"wal"``)."""
        with self._lock:
            return str(self._db.execute("PRAGMA journal_mode").fetchone()[0])

    # -- games -----------------------------------------------------------------------------

    def create_game(self, g: GameRow, moves: list[MoveRow] | None = None,
                    tree: Any = None) -> int:
        """Insert a game (and optionally its moves and tree, e.g. from an import) in one
        transaction; returns its id."""
        now = time.time()
        cols = ", ".join(GAME_FIELDS)
        marks = ", ".join("?" for _ in GAME_FIELDS)
        with self._lock:
            self._db.execute("BEGIN")
            try:
                cur = self._db.execute(
                    f"INSERT INTO games ({cols}, created, updated) VALUES ({marks}, ?, ?)",
                    [*_game_values(g), now, now],
                )
                gid = int(cur.lastrowid or 0)
                for m in moves or []:
                    self._insert_move(gid, m)
                if tree is not None:
                    self._db.execute("INSERT INTO game_trees (game_id, tree) VALUES (?, ?)",
                                     (gid, json.dumps(tree, separators=(",", ":"))))
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:  # SQLite rolls back by itself on a full disk
                    self._db.execute("ROLLBACK")
                raise
        g.id, g.created, g.updated = gid, now, now
        return gid

    def get_game(self, gid: int) -> GameRow | None:
        """The game ``gid`` or ``None``."""
        with self._lock:
            r = self._db.execute("SELECT * FROM games WHERE id = ?", (gid,)).fetchone()
        return _row_to_game(r) if r else None

    def list_games(self, limit: int = 100, offset: int = 0) -> list[GameRow]:
        """Games, most recently changed first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT * FROM games ORDER BY updated DESC, id DESC LIMIT ? OFFSET ?",
                (limit, offset),
            ).fetchall()
        return [_row_to_game(r) for r in rows]

    def count_games(self) -> int:
        """The number of stored games."""
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM games").fetchone()[0])

    def delete_game(self, gid: int) -> bool:
        """Delete a game and its moves; whether it existed."""
        with self._lock:
            self._db.execute("BEGIN")
            self._db.execute("DELETE FROM moves WHERE game_id = ?", (gid,))
            self._db.execute("DELETE FROM game_trees WHERE game_id = ?", (gid,))
            self._db.execute("DELETE FROM reviews WHERE game_id = ?", (gid,))
            cur = self._db.execute("DELETE FROM games WHERE id = ?", (gid,))
            self._db.execute("COMMIT")
        return cur.rowcount > 0

    def moves(self, gid: int) -> list[MoveRow]:
        """The moves of game ``gid`` in order."""
        with self._lock:
            rows = self._db.execute(
                "SELECT * FROM moves WHERE game_id = ? ORDER BY ply", (gid,)
            ).fetchall()
        return [
            MoveRow(
                ply=r["ply"], from_sq=r["from_sq"], to_sq=r["to_sq"],
                captured=json.loads(r["captured"]), huff=r["huff"], notation=r["notation"],
                clock=r["clock"], at=r["at"],
            )
            for r in rows
        ]

    def get_tree(self, gid: int) -> Any:
        """The stored tree (JSON) of game ``gid``, or ``None``."""
        with self._lock:
            r = self._db.execute("SELECT tree FROM game_trees WHERE game_id = ?",
                                 (gid,)).fetchone()
        return without_lone_surrogates(json.loads(r[0])) if r else None  # (older files)

    def has_tree(self, gid: int) -> bool:
        """Whether game ``gid`` has a stored tree."""
        with self._lock:
            return self._db.execute("SELECT 1 FROM game_trees WHERE game_id = ?",
                                    (gid,)).fetchone() is not None

    def set_tree(self, gid: int, tree: Any) -> None:
        """Store the tree (JSON) of game ``gid``."""
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO game_trees (game_id, tree) VALUES (?, ?)",
                             (gid, json.dumps(tree, separators=(",", ":"))))

    def delete_tree(self, gid: int) -> None:
        """Forget the tree of game ``gid``."""
        with self._lock:
            self._db.execute("DELETE FROM game_trees WHERE game_id = ?", (gid,))

    def get_review(self, gid: int) -> Any:
        """The stored review (JSON) of game ``gid``, or ``None``."""
        with self._lock:
            r = self._db.execute("SELECT review FROM reviews WHERE game_id = ?",
                                 (gid,)).fetchone()
        return json.loads(r[0]) if r else None

    def set_review(self, gid: int, review: Any) -> None:
        """Store the review (JSON) of game ``gid`` (replacing an older one); nothing if the
        game was deleted meanwhile."""
        with self._lock:
            if self._db.execute("SELECT 1 FROM games WHERE id = ?", (gid,)).fetchone():
                self._db.execute("INSERT OR REPLACE INTO reviews (game_id, review) VALUES (?, ?)",
                                 (gid, json.dumps(review, separators=(",", ":"))))

    def _insert_move(self, gid: int, m: MoveRow) -> None:
        self._db.execute(
            "INSERT INTO moves (game_id, ply, from_sq, to_sq, captured, huff, notation, clock, at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (gid, m.ply, m.from_sq, m.to_sq, json.dumps(m.captured), m.huff, m.notation,
             m.clock, m.at or time.time()),
        )

    def _update_game(self, g: GameRow) -> None:
        g.updated = time.time()
        sets = ", ".join(f"{c} = ?" for c in GAME_FIELDS)
        self._db.execute(
            f"UPDATE games SET {sets}, updated = ? WHERE id = ?",
            [*_game_values(g), g.updated, g.id],
        )

    def save(self, g: GameRow, add: list[MoveRow] | None = None, drop_from: int | None = None,
             tree: Any = UNCHANGED) -> None:
        """Atomically update the game row, delete moves with ply >= ``drop_from``, add moves,
        and store the game's ``tree`` (JSON; ``None`` forgets it; by default it is left as is)."""
        with self._lock:
            self._db.execute("BEGIN")
            try:
                if drop_from is not None:
                    self._db.execute(
                        "DELETE FROM moves WHERE game_id = ? AND ply >= ?", (g.id, drop_from)
                    )
                for m in add or []:
                    self._insert_move(g.id, m)
                if tree is None:
                    self._db.execute("DELETE FROM game_trees WHERE game_id = ?", (g.id,))
                elif tree is not UNCHANGED:
                    self._db.execute(
                        "INSERT OR REPLACE INTO game_trees (game_id, tree) VALUES (?, ?)",
                        (g.id, json.dumps(tree, separators=(",", ":"))))
                self._update_game(g)
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:  # SQLite may have rolled back already (a full disk)
                    self._db.execute("ROLLBACK")
                raise
