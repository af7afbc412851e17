"""SQLite storage of play between people: browser keys, challenges, seats, ratings.

One file beside the games database (``online.sqlite3``), opened like the analysis databases
(:func:`damier.analysis.sqlitefile.connect`: WAL, ``synchronous=NORMAL``, so every commit
survives ``kill -9`` of the server). The games themselves (board, moves, clocks) stay in the
games database (:mod:`damier.web.storage.game_store`); this file holds what only play between people has:

* ``keys`` — the browser keys the server issued (their SHA-256, never the key itself);
* ``challenges`` — open, accepted, declined or cancelled invitations;
* ``seats`` — who holds each side of a game: the SHA-256 of the holder's browser key, the
  seat's own secret (the one in the seat link, kept so that its holder can be shown the link
  again; looked up by its SHA-256), and the player's name;
* ``online_games`` — per game: rated or casual, a takeback or rematch asked, the ratings
  before and after once the game is rated;
* ``players`` and ``ratings`` — the names players chose and their Glicko-2 ratings per variant;
* ``meta`` — the server's heartbeat (when it was last alive), to resume clocks after a stop.

Browser keys are stored only as hashes; seat links are stored, so whoever can read the file
can take a seat (the server makes it readable by its own user only). Every method commits before it
returns, or rolls back and raises :class:`sqlite3.Error` (the caller answers 503 and keeps its
memory unchanged). This module must not know rules, clocks or HTTP.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from damier.analysis.sqlitefile import MEMORY, connect

SCHEMA = """
CREATE TABLE IF NOT EXISTS keys (hash TEXT PRIMARY KEY, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS challenges (
    id TEXT PRIMARY KEY, host TEXT NOT NULL, host_name TEXT NOT NULL, variant TEXT NOT NULL,
    time_control TEXT, color TEXT NOT NULL, rated INTEGER NOT NULL, public INTEGER NOT NULL,
    status TEXT NOT NULL, game_id INTEGER, guest_name TEXT, created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS challenges_open ON challenges(status, public, created);
CREATE TABLE IF NOT EXISTS seats (
    game_id INTEGER NOT NULL, color INTEGER NOT NULL, holder TEXT NOT NULL,
    secret TEXT NOT NULL UNIQUE, link TEXT NOT NULL, name TEXT NOT NULL, player TEXT NOT NULL,
    PRIMARY KEY (game_id, color)
);
CREATE INDEX IF NOT EXISTS seats_player ON seats(player, game_id);
CREATE TABLE IF NOT EXISTS online_games (
    game_id INTEGER PRIMARY KEY, challenge TEXT NOT NULL, rated INTEGER NOT NULL,
    takeback INTEGER, rematch INTEGER, rematch_game INTEGER, rated_done INTEGER NOT NULL DEFAULT 0,
    ratings TEXT, ended REAL
);
CREATE TABLE IF NOT EXISTS players (
    key TEXT PRIMARY KEY, name TEXT NOT NULL, created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS ratings (
    player TEXT NOT NULL, variant TEXT NOT NULL, rating REAL NOT NULL, deviation REAL NOT NULL,
    volatility REAL NOT NULL, games INTEGER NOT NULL, last_game REAL NOT NULL,
    PRIMARY KEY (player, variant)
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


def digest(secret: str) -> str:
    """The SHA-256 (hex) under which a secret is stored and compared.

    >>> len(digest("k")), digest("k") == digest("k")
    (64, True)
    """
    return hashlib.sha256(secret.encode("utf-8", "replace")).hexdigest()


def name_key(name: str) -> str:
    """The key that makes two spellings of a name one player (case and spaces ignored).

    >>> name_key("  Anna  Maria ") == name_key("anna maria")
    True
    """
    return " ".join(name.split()).casefold()


def online_path(games_db: str | os.PathLike[str]) -> str:
    """``online.sqlite3`` beside the games database (``:memory:`` stays in memory)."""
    name = str(games_db)
    if name == MEMORY:
        return MEMORY
    return str(Path(name).with_name("online.sqlite3"))


@dataclass
class Challenge:
    """An invitation to a game (see the module docstring); ``host`` is the creator's key hash."""

    id: str
    host: str
    host_name: str
    variant: str
    time_control: dict[str, float] | None
    color: str
    rated: bool
    public: bool
    status: str = "open"
    game_id: int | None = None
    guest_name: str | None = None
    created: float = 0.0
    updated: float = 0.0


@dataclass
class Seat:
    """One side of an online game: the holder's key hash, the seat link's secret, the name."""

    game_id: int
    color: int
    holder: str
    link: str
    name: str


@dataclass
class OnlineGame:
    """What an online game has beyond the game row (see the module docstring)."""

    game_id: int
    challenge: str
    rated: bool
    takeback: int | None = None
    rematch: int | None = None
    rematch_game: int | None = None
    rated_done: bool = False
    ratings: dict[str, Any] | None = None
    ended: float | None = None


@dataclass
class PlayerRating:
    """A player's Glicko-2 rating in one variant, with the games rated and the last one's time."""

    rating: float
    deviation: float
    volatility: float
    games: int
    last_game: float


def _challenge(r: sqlite3.Row) -> Challenge:
    return Challenge(r["id"], r["host"], r["host_name"], r["variant"],
                     json.loads(r["time_control"]) if r["time_control"] else None, r["color"],
                     bool(r["rated"]), bool(r["public"]), r["status"], r["game_id"],
                     r["guest_name"], r["created"], r["updated"])


def _seat(r: sqlite3.Row) -> Seat:
    return Seat(r["game_id"], r["color"], r["holder"], r["link"], r["name"])


def _online(r: sqlite3.Row) -> OnlineGame:
    return OnlineGame(r["game_id"], r["challenge"], bool(r["rated"]), r["takeback"], r["rematch"],
                      r["rematch_game"], bool(r["rated_done"]),
                      json.loads(r["ratings"]) if r["ratings"] else None, r["ended"])


class OnlineStore:
    """The online database (see the module docstring). Thread-safe."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = connect(self.path)
        self._db.executescript(SCHEMA)
        if self.path != MEMORY:
            os.chmod(self.path, 0o600)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise

    def _one(self, sql: str, args: tuple[Any, ...]) -> sqlite3.Row | None:
        with self._lock:
            row: sqlite3.Row | None = self._db.execute(sql, args).fetchone()
            return row

    def _all(self, sql: str, args: tuple[Any, ...]) -> list[sqlite3.Row]:
        with self._lock:
            return list(self._db.execute(sql, args).fetchall())

    # -- keys and heartbeat ----------------------------------------------------------------

    def add_key(self, key_hash: str, now: float) -> None:
        with self._transaction() as db:
            db.execute("INSERT OR IGNORE INTO keys (hash, created) VALUES (?, ?)", (key_hash, now))

    def has_key(self, key_hash: str) -> bool:
        return self._one("SELECT 1 FROM keys WHERE hash = ?", (key_hash,)) is not None

    def set_meta(self, key: str, value: str) -> None:
        with self._transaction() as db:
            db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    def meta(self, key: str) -> str | None:
        r = self._one("SELECT value FROM meta WHERE key = ?", (key,))
        return None if r is None else str(r["value"])

    # -- challenges --------------------------------------------------------------------------

    def add_challenge(self, c: Challenge) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT INTO challenges (id, host, host_name, variant, time_control, color, rated,"
                " public, status, game_id, guest_name, created, updated)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (c.id, c.host, c.host_name, c.variant,
                 json.dumps(c.time_control) if c.time_control else None, c.color, int(c.rated),
                 int(c.public), c.status, c.game_id, c.guest_name, c.created, c.updated))

    def challenge(self, cid: str) -> Challenge | None:
        r = self._one("SELECT * FROM challenges WHERE id = ?", (cid,))
        return None if r is None else _challenge(r)

    def open_challenges(self, limit: int = 100) -> list[Challenge]:
        """Open public challenges, oldest first."""
        return [_challenge(r) for r in self._all(
            "SELECT * FROM challenges WHERE status = 'open' AND public = 1 ORDER BY created LIMIT ?",
            (limit,))]

    def close_challenge(self, cid: str, status: str, now: float) -> bool:
        """Mark an open challenge declined or cancelled; whether it was open."""
        with self._transaction() as db:
            cur = db.execute("UPDATE challenges SET status = ?, updated = ? WHERE id = ? AND "
                             "status = 'open'", (status, now, cid))
        return cur.rowcount > 0

    def start_game(self, c: Challenge, seats: list[Seat], game: OnlineGame,
                   rematch_of: int | None = None) -> None:
        """In one transaction: the challenge accepted (it must still be open), the seats and
        the online game stored, and the game it is a rematch of pointed at it."""
        with self._transaction() as db:
            if c.status == "open":
                cur = db.execute(
                    "UPDATE challenges SET status = 'accepted', game_id = ?, guest_name = ?, "
                    "updated = ? WHERE id = ? AND status = 'open'",
                    (game.game_id, c.guest_name, c.updated, c.id))
                if cur.rowcount != 1:
                    raise sqlite3.IntegrityError(f"challenge {c.id} is no longer open")
            else:
                db.execute(
                    "INSERT INTO challenges (id, host, host_name, variant, time_control, color,"
                    " rated, public, status, game_id, guest_name, created, updated)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, 0, 'accepted', ?, ?, ?, ?)",
                    (c.id, c.host, c.host_name, c.variant,
                     json.dumps(c.time_control) if c.time_control else None, c.color,
                     int(c.rated), game.game_id, c.guest_name, c.created, c.updated))
            for s in seats:
                db.execute("INSERT INTO seats (game_id, color, holder, secret, link, name, player)"
                           " VALUES (?, ?, ?, ?, ?, ?, ?)",
                           (s.game_id, s.color, s.holder, digest(s.link), s.link, s.name,
                            name_key(s.name)))
            db.execute("INSERT INTO online_games (game_id, challenge, rated) VALUES (?, ?, ?)",
                       (game.game_id, game.challenge, int(game.rated)))
            if rematch_of is not None:
                db.execute("UPDATE online_games SET rematch = NULL, rematch_game = ? WHERE "
                           "game_id = ?", (game.game_id, rematch_of))

    # -- seats and online games --------------------------------------------------------------

    def seats(self, gid: int) -> list[Seat]:
        return [_seat(r) for r in self._all("SELECT * FROM seats WHERE game_id = ? ORDER BY color",
                                            (gid,))]

    def seat_by_link(self, link: str) -> Seat | None:
        """The seat whose link secret is ``link`` (looked up by its hash)."""
        r = self._one("SELECT * FROM seats WHERE secret = ?", (digest(link),))
        return None if r is None else _seat(r)

    def move_seat(self, gid: int, color: int, holder: str) -> None:
        """The seat is held from now on by the browser key ``holder`` (hash)."""
        with self._transaction() as db:
            db.execute("UPDATE seats SET holder = ? WHERE game_id = ? AND color = ?",
                       (holder, gid, color))

    def online_game(self, gid: int) -> OnlineGame | None:
        r = self._one("SELECT * FROM online_games WHERE game_id = ?", (gid,))
        return None if r is None else _online(r)

    def online_games(self, rated_done: bool | None = None) -> list[OnlineGame]:
        """Every online game (only those rated or not yet, if ``rated_done`` is given)."""
        if rated_done is None:
            return [_online(r) for r in self._all("SELECT * FROM online_games", ())]
        return [_online(r) for r in self._all(
            "SELECT * FROM online_games WHERE rated_done = ?", (int(rated_done),))]

    def set_requests(self, gid: int, takeback: int | None, rematch: int | None) -> None:
        """Store the side that asks for a takeback and for a rematch (``None``: nobody)."""
        with self._transaction() as db:
            db.execute("UPDATE online_games SET takeback = ?, rematch = ? WHERE game_id = ?",
                       (takeback, rematch, gid))

    def games_of(self, player: str, limit: int = 50) -> list[tuple[Seat, OnlineGame]]:
        """The seats a player (name key) held, newest game first, with their online games."""
        rows = self._all(
            "SELECT s.*, o.challenge, o.rated, o.takeback, o.rematch, o.rematch_game, "
            "o.rated_done, o.ratings, o.ended FROM seats s JOIN online_games o "
            "ON o.game_id = s.game_id WHERE s.player = ? "
            "ORDER BY s.game_id DESC LIMIT ?", (player, limit))
        return [(_seat(r), _online(r)) for r in rows]

    # -- players and ratings -----------------------------------------------------------------

    def add_player(self, name: str, now: float) -> None:
        with self._transaction() as db:
            db.execute("INSERT OR IGNORE INTO players (key, name, created) VALUES (?, ?, ?)",
                       (name_key(name), " ".join(name.split()), now))

    def player(self, key: str) -> tuple[str, float] | None:
        """The name as first written, and when, of the player ``key``."""
        r = self._one("SELECT name, created FROM players WHERE key = ?", (key,))
        return None if r is None else (str(r["name"]), float(r["created"]))

    def ratings(self, player: str) -> dict[str, PlayerRating]:
        """The player's ratings by variant."""
        return {r["variant"]: PlayerRating(r["rating"], r["deviation"], r["volatility"],
                                           r["games"], r["last_game"])
                for r in self._all("SELECT * FROM ratings WHERE player = ?", (player,))}

    def record_rating(self, gid: int, new: dict[str, tuple[str, PlayerRating]],
                      change: dict[str, Any], ended: float) -> bool:
        """In one transaction: game ``gid`` marked rated with ``change`` and the players'
        new ratings stored (``new``: colour name -> (player key, rating)); whether it was
        not rated yet (a second call changes nothing)."""
        with self._transaction() as db:
            cur = db.execute("UPDATE online_games SET rated_done = 1, ratings = ?, ended = ? "
                             "WHERE game_id = ? AND rated_done = 0",
                             (json.dumps(change) if change else None, ended, gid))
            if cur.rowcount != 1:
                return False
            for player, r in new.values():
                db.execute("INSERT OR REPLACE INTO ratings (player, variant, rating, deviation,"
                           " volatility, games, last_game) VALUES (?, ?, ?, ?, ?, ?, ?)",
                           (player, change["variant"], r.rating, r.deviation, r.volatility,
                            r.games, r.last_game))
        return True

    def leaders(self, variant: str, limit: int = 50) -> list[tuple[str, PlayerRating]]:
        """The best rated players of a variant (name as first written, rating)."""
        rows = self._all(
            "SELECT p.name, r.* FROM ratings r JOIN players p ON p.key = r.player "
            "WHERE r.variant = ? ORDER BY r.rating DESC LIMIT ?", (variant, limit))
        return [(r["name"], PlayerRating(r["rating"], r["deviation"], r["volatility"],
                                         r["games"], r["last_game"])) for r in rows]
