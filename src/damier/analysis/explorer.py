"""The opening explorer: game databases in SQLite, and for a position the moves played from
it with how often and how they scored, and a few games that went through it.

:class:`Explorer` owns one SQLite file. :meth:`Explorer.import_games` reads PDN games (a file
is imported once: it is known by its SHA-256) and, for every position of every game's main
line up to :data:`MAX_PLY` plies, adds the move played to the position's counts. Positions
are keyed by :func:`position_key` — a 64-bit hash of the pieces on each square number and
the side to move, independent of the engine's internal layouts — so transpositions meet.
:meth:`Explorer.lookup` answers a position with two indexed reads (a few milliseconds on
10,000 games: ``bench/explorer.py``).

Tables: ``sources`` (one row per file or text imported), ``games`` (players, result, event,
date and main line of each game), ``moves`` (per variant, position and move: games, White
wins, draws, Black wins), ``seen`` (the games through each position, for examples). A
result that names no winner (``*``) counts as a game but in none of the three columns.

This module must not know about HTTP; it reads PDN through :mod:`damier.formats.pdn`.

>>> ex = Explorer(":memory:")
>>> report = ex.import_text('[Result "2-0"]\\n1. 32-28 19-23 2. 28x19 14x23 2-0\\n'
...                         '[Result "1-1"]\\n1. 32-28 18-23 1-1\\n'
...                         '[Result "0-2"]\\n1. 33-28 18-23 0-2', "three games")
>>> report.games
3
>>> [(m["move"], m["games"], m["white"], m["draws"], m["black"])
...  for m in ex.lookup("international", None)["moves"]]
[('32-28', 2, 1, 1, 0), ('33-28', 1, 0, 0, 1)]
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from damier.analysis.sqlitefile import connect
from damier.core.board import Board
from damier.core.errors import DamierError
from damier.core.fen import square_chars
from damier.core.position import Position
from damier.core.rules import Rules
from damier.core.variants import get_variant
from damier.formats.gametype import base_rules
from damier.formats.pdn import Game, parse_games, read_games

DEFAULT_GAMES = Path(__file__).parent / "data" / "games"
"""The default game files (copies of the project's real game files; see their SOURCES.md):
one folder per variant, ``other`` for files whose games name their variant."""

MAX_PLY = 60
"""Plies of each game indexed (an opening explorer: deeper positions rarely recur)."""
EXAMPLES = 8
"""Example games returned with a position."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS sources (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    sha256 TEXT NOT NULL UNIQUE,
    games INTEGER NOT NULL,
    added REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    source INTEGER NOT NULL REFERENCES sources(id),
    variant TEXT NOT NULL,
    white TEXT NOT NULL,
    black TEXT NOT NULL,
    result TEXT NOT NULL,
    event TEXT NOT NULL,
    date TEXT NOT NULL,
    start_fen TEXT,
    plies INTEGER NOT NULL,
    moves TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    variant TEXT NOT NULL,
    pos INTEGER NOT NULL,
    move TEXT NOT NULL,
    games INTEGER NOT NULL,
    white INTEGER NOT NULL,
    draws INTEGER NOT NULL,
    black INTEGER NOT NULL,
    PRIMARY KEY (variant, pos, move)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS seen (
    variant TEXT NOT NULL,
    pos INTEGER NOT NULL,
    game INTEGER NOT NULL,
    PRIMARY KEY (variant, pos, game)
) WITHOUT ROWID;
"""

_WHITE_WINS = ("2-0", "1-0")
_BLACK_WINS = ("0-2", "0-1")
_DRAWS = ("1-1", "1/2-1/2")


def position_key(rules: Rules, position: Position) -> int:
    """A 64-bit key of a position: its pieces by square number and the side to move.

    >>> b = Board()
    >>> position_key(b.rules, b.position) == position_key(b.rules, Board().position)
    True
    """
    text = square_chars(position, rules, empty=".") + "wb"[position.turn]
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def result_columns(result: str) -> tuple[int, int, int]:
    """``(white, draws, black)`` counts of one game's result."""
    r = result.strip()
    return (int(r in _WHITE_WINS), int(r in _DRAWS), int(r in _BLACK_WINS))


def default_files() -> list[tuple[Path, str | None]]:
    """The default game files with the variant of their untagged games."""
    return [(p, None if p.parent.name == "other" else p.parent.name)
            for p in sorted(DEFAULT_GAMES.glob("*/*.pdn"))]


@dataclass
class ImportReport:
    """What an import did: games stored, games without moves skipped, problems met."""

    name: str
    games: int = 0
    skipped: int = 0
    already: bool = False
    errors: list[str] = field(default_factory=list)


class Explorer:
    """An opening explorer over one SQLite file (thread-safe; see the module docstring)."""

    def __init__(self, path: str | os.PathLike[str], max_ply: int = MAX_PLY) -> None:
        self.path = str(path)
        self.max_ply = max_ply
        self._lock = threading.Lock()
        self._db = connect(self.path)
        self._db.executescript(SCHEMA)
        # Reads go through a connection of their own, so that a long import (one
        # transaction per file) never holds up a lookup: WAL lets them read the last commit.
        self._read_lock = threading.Lock()
        self._reader = self._db if self.path == ":memory:" else sqlite3.connect(
            self.path, check_same_thread=False, isolation_level=None)
        self._reader.row_factory = sqlite3.Row
        if self._reader is self._db:
            self._read_lock = self._lock

    def close(self) -> None:
        with self._lock, self._read_lock:
            if self._reader is not self._db:
                self._reader.close()
            self._db.close()

    # -- importing ---------------------------------------------------------------------------

    def import_file(self, path: str | os.PathLike[str], variant: str | None = None,
                    progress: Callable[[int], None] | None = None) -> ImportReport:
        """Import the games of a PDN file (once: a file already imported is skipped)."""
        data = Path(path).read_bytes()
        return self._import(read_games(Path(path), variant), Path(path).name,
                            hashlib.sha256(data).hexdigest(), progress)

    def import_text(self, text: str, name: str, variant: str | None = None,
                    progress: Callable[[int], None] | None = None) -> ImportReport:
        """Import the games of a PDN text (once, like a file)."""
        sha = hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()
        return self._import(parse_games(text, variant), name, sha, progress)

    def missing_default(self) -> list[tuple[Path, str | None]]:
        """The default game files not imported yet."""
        return [(path, variant) for path, variant in default_files()
                if not self.has_source(hashlib.sha256(path.read_bytes()).hexdigest())]

    def import_default(self, progress: Callable[[int, int], None] | None = None
                       ) -> list[ImportReport]:
        """Import the default game files (each once); ``progress(files done, files)``."""
        files = default_files()
        reports = []
        for n, (path, variant) in enumerate(files, 1):
            reports.append(self.import_file(path, variant))
            if progress is not None:
                progress(n, len(files))
        return reports

    def import_games(self, games: Iterable[Game], name: str, sha: str | None = None,
                     progress: Callable[[int], None] | None = None) -> ImportReport:
        """Import games already read (``sha``: what makes them known as imported; by
        default nothing, so they are always added)."""
        return self._import(games, name, sha or f"{name}:{time.time_ns()}", progress)

    def has_source(self, sha: str) -> bool:
        """Whether a file or text with this SHA-256 was imported."""
        with self._read_lock:
            return self._reader.execute("SELECT 1 FROM sources WHERE sha256 = ?",
                                    (sha,)).fetchone() is not None

    def _import(self, games: Iterable[Game], name: str, sha: str,
                progress: Callable[[int], None] | None) -> ImportReport:
        report = ImportReport(name)
        if self.has_source(sha):
            report.already = True
            return report
        with self._lock:
            self._db.execute("BEGIN")
            try:
                cur = self._db.execute(
                    "INSERT INTO sources (name, sha256, games, added) VALUES (?, ?, 0, ?)",
                    (name, sha, time.time()))
                source = int(cur.lastrowid or 0)
                for n, game in enumerate(games, 1):
                    report.errors.extend(f"game {n}: {e}" for e in game.errors)
                    if self._add_game(source, game):
                        report.games += 1
                    else:
                        report.skipped += 1
                    if progress is not None:
                        progress(n)
                self._db.execute("UPDATE sources SET games = ? WHERE id = ?",
                                 (report.games, source))
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:  # SQLite rolls back by itself on a full disk
                    self._db.execute("ROLLBACK")
                raise
        return report

    def _add_game(self, source: int, game: Game) -> bool:
        """Index one game (under the lock, inside the import's transaction)."""
        try:
            rules = base_rules(game.rules)
        except DamierError:
            return False
        nodes = [n for n in game.root.mainline()]
        cut = next((i for i, n in enumerate(nodes) if n.move is None), len(nodes))
        nodes = nodes[:cut]
        if not nodes:
            return False
        tags = game.tags
        result = game.result
        white, draws, black = result_columns(result)
        texts: list[str] = []
        rows: list[tuple[int, str]] = []
        seen: set[int] = set()
        position = game.root.position
        board = Board(rules, position=position)
        for node in nodes:
            assert node.move is not None
            ident = node.move.key()
            move = next((m for m in board.legal_moves if m.key() == ident), None)
            if move is None:  # cannot happen: the reader replayed it (same squares)
                break
            text = board.notation(move)
            texts.append(text)
            if len(rows) < self.max_ply:
                rows.append((position_key(rules, board.position), text))
            board.push(move)
        start = None if game.root.position == Board(rules).position else \
            Board(rules, position=game.root.position).fen()
        cur = self._db.execute(
            "INSERT INTO games (source, variant, white, black, result, event, date, start_fen,"
            " plies, moves) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (source, rules.name, tags.get("White", "?").strip() or "?",
             tags.get("Black", "?").strip() or "?", result, tags.get("Event", "").strip(),
             tags.get("Date", "").strip(), start, len(texts), " ".join(texts)))
        gid = int(cur.lastrowid or 0)
        counted: list[tuple[str, int, str, int, int, int]] = []
        for key, text in rows:
            if key in seen:  # a position met twice in one game counts once
                continue
            seen.add(key)
            counted.append((rules.name, key, text, white, draws, black))
        self._db.executemany(
            "INSERT INTO moves (variant, pos, move, games, white, draws, black)"
            " VALUES (?, ?, ?, 1, ?, ?, ?) ON CONFLICT (variant, pos, move) DO UPDATE SET"
            " games = games + 1, white = white + excluded.white,"
            " draws = draws + excluded.draws, black = black + excluded.black", counted)
        self._db.executemany("INSERT OR IGNORE INTO seen (variant, pos, game) VALUES (?, ?, ?)",
                             [(rules.name, key, gid) for key in seen])
        return True

    # -- asking --------------------------------------------------------------------------------

    def lookup(self, variant: str, fen: str | None, examples: int = EXAMPLES) -> dict[str, Any]:
        """The moves played from a position (most played first) and a few of its games.

        Raises :class:`~damier.core.errors.DamierError` for an unknown variant or a bad FEN.
        """
        rules = get_variant(variant)
        board = Board(rules, fen)
        key = position_key(rules, board.position)
        with self._read_lock:
            moves = self._reader.execute(
                "SELECT move, games, white, draws, black FROM moves WHERE variant = ? AND pos = ?"
                " ORDER BY games DESC, move", (rules.name, key)).fetchall()
            games = self._reader.execute(
                "SELECT g.id, g.white, g.black, g.result, g.event, g.date, g.plies FROM seen s"
                " JOIN games g ON g.id = s.game WHERE s.variant = ? AND s.pos = ?"
                " ORDER BY s.game DESC LIMIT ?", (rules.name, key, examples)).fetchall()
        return {"variant": rules.name, "fen": board.fen(),
                "moves": [dict(r) for r in moves], "games": [dict(r) for r in games]}

    def game(self, gid: int) -> dict[str, Any] | None:
        """One game of the database (its main line as text), or ``None``."""
        with self._read_lock:
            r = self._reader.execute("SELECT * FROM games WHERE id = ?", (gid,)).fetchone()
        return dict(r) if r else None

    def sources(self) -> list[dict[str, Any]]:
        """The files and texts imported, oldest first."""
        with self._read_lock:
            rows = self._reader.execute("SELECT name, games, added FROM sources ORDER BY id")
            return [dict(r) for r in rows.fetchall()]

    def count_games(self, variant: str | None = None) -> int:
        """Games in the database (of one variant)."""
        with self._read_lock:
            if variant is None:
                return int(self._reader.execute("SELECT COUNT(*) FROM games").fetchone()[0])
            return int(self._reader.execute("SELECT COUNT(*) FROM games WHERE variant = ?",
                                            (variant,)).fetchone()[0])


__all__ = ["DEFAULT_GAMES", "EXAMPLES", "MAX_PLY", "Explorer", "ImportReport", "default_files",
           "position_key", "result_columns"]
