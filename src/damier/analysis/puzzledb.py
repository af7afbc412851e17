"""The puzzle database: puzzles in SQLite, imported from PDN, served one after another, and
each player's score and streak.

:class:`PuzzleStore` owns one SQLite file. :meth:`PuzzleStore.import_games` takes a PDN
problem collection (or mined puzzles written by :func:`damier.analysis.mining.puzzles_pdn`):
every game with a start position and a main line is a puzzle — solver to move, the main
line its solution. A problem whose solution does not replay (an illegal or unreadable move,
a ``/FEN/`` setup in the line) or that has no solution is **reported, not stored**; the same
position with the same solution is stored once. The default puzzles that ship with damier
(:data:`DEFAULT_PUZZLES`, made by ``damier puzzles mine``, see ``docs/analysis.md``) are
imported by :meth:`PuzzleStore.import_default`, each file once.

A player (any short name; the web page uses one per browser) gets puzzles it has not met yet,
the nearest to its rating first (see :mod:`damier.analysis.puzzle_ratings`: a Glicko-2
rating for each player and each puzzle). The first result of a player on a puzzle counts:
solved without a hint adds one point and one to the streak and wins the rating game; a wrong
move ends the streak and loses it; a puzzle solved with a hint counts as solved, without a
point, and draws it. Meeting the puzzle again changes nothing.

This module must not know about HTTP.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from damier.analysis import puzzle_ratings as ratings
from damier.analysis.puzzle import Puzzle
from damier.analysis.sqlitefile import connect
from damier.core.board import Board
from damier.core.errors import DamierError
from damier.formats.gametype import base_rules
from damier.formats.pdn import Game, parse_games, read_games

DEFAULT_PUZZLES = Path(__file__).parent / "data" / "puzzles"
"""The default puzzle files (one PDN file per variant, mined by ``damier puzzles mine``)."""

MAX_PLAYER = 40
"""Longest player name kept."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS puzzles (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    variant TEXT NOT NULL,
    fen TEXT NOT NULL,
    solution TEXT NOT NULL,
    title TEXT NOT NULL,
    source TEXT NOT NULL,
    kind TEXT NOT NULL,
    digest TEXT NOT NULL UNIQUE,
    added REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS puzzles_variant ON puzzles(variant, id);
CREATE TABLE IF NOT EXISTS sources (
    sha256 TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    added REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS results (
    player TEXT NOT NULL,
    puzzle INTEGER NOT NULL REFERENCES puzzles(id),
    solved INTEGER NOT NULL,
    hints INTEGER NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (player, puzzle)
);
CREATE TABLE IF NOT EXISTS players (
    player TEXT PRIMARY KEY,
    score INTEGER NOT NULL,
    streak INTEGER NOT NULL,
    best_streak INTEGER NOT NULL,
    solved INTEGER NOT NULL,
    failed INTEGER NOT NULL
);
"""


@dataclass
class PuzzleImport:
    """What an import did: puzzles stored, duplicates, and the problems refused (with the
    game's number and line in the file, and why)."""

    name: str
    added: int = 0
    duplicates: int = 0
    already: bool = False
    rejected: list[str] = field(default_factory=list)


def puzzle_of(game: Game) -> Puzzle:
    """The puzzle of a problem read from PDN; :class:`ValueError` with the reason when its
    solution does not replay or is missing."""
    if game.errors:
        raise ValueError(f"its solution does not replay: {game.errors[0].message}")
    rules = base_rules(game.rules)
    nodes = list(game.root.mainline())
    if not nodes:
        raise ValueError("it has no solution (no moves)")
    if any(n.move is None for n in nodes):
        raise ValueError("its solution holds a /FEN/ setup")
    board = Board(rules, position=game.root.position)
    texts = []
    for node in nodes:
        assert node.move is not None
        ident = node.move.key()
        move = next((m for m in board.legal_moves if m.key() == ident), None)
        if move is None:
            raise ValueError(f"its solution does not replay at {node.san()}")
        texts.append(move.long())
        board.push(move)
    tags = game.tags
    mined = tags.get("Event", "") == "damier puzzle"
    # a mined puzzle's White tag holds the players and the event of its game
    named = (tags.get("White", ""),) if mined else (tags.get("Event", ""), tags.get("White", ""))
    title = " ".join(v.strip() for v in named if v.strip() and v.strip() != "?")
    return Puzzle(rules.name, Board(rules, position=game.root.position).fen(), texts,
                  title=title[:200], source=tags.get("Site", "").strip()[:200],
                  kind="mined" if mined else "problem")


def digest(puzzle: Puzzle) -> str:
    """What makes two puzzles the same: the variant, the position and the solution."""
    text = "\n".join([puzzle.variant, puzzle.fen, *puzzle.solution])
    return hashlib.sha256(text.encode()).hexdigest()


class PuzzleStore:
    """Puzzles, players, scores (thread-safe; see the module docstring)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = connect(self.path)
        self._db.executescript(SCHEMA + ratings.SCHEMA)
        with self._lock:
            self._db.execute("BEGIN")
            ratings.seed_missing(self._db)  # puzzles stored before ratings existed
            self._db.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # -- importing ---------------------------------------------------------------------------

    def import_file(self, path: str | os.PathLike[str], variant: str | None = None
                    ) -> PuzzleImport:
        """Import the problems of a PDN file (each file once, known by its SHA-256)."""
        sha = hashlib.sha256(Path(path).read_bytes()).hexdigest()
        return self._import(read_games(Path(path), variant), Path(path).name, sha)

    def import_text(self, text: str, name: str, variant: str | None = None) -> PuzzleImport:
        """Import the problems of a PDN text (each text once)."""
        sha = hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()
        return self._import(parse_games(text, variant), name, sha)

    def import_default(self) -> list[PuzzleImport]:
        """Import the default puzzle files (each once)."""
        return [self.import_file(p) for p in sorted(DEFAULT_PUZZLES.glob("*.pdn"))]

    def _import(self, games: Iterable[Game], name: str, sha: str) -> PuzzleImport:
        report = PuzzleImport(name)
        with self._lock:
            if self._db.execute("SELECT 1 FROM sources WHERE sha256 = ?", (sha,)).fetchone():
                report.already = True
                return report
        puzzles: list[Puzzle] = []
        for n, game in enumerate(games, 1):
            try:
                puzzles.append(puzzle_of(game))
            except (ValueError, DamierError) as e:
                report.rejected.append(f"problem {n} (line {game.line}): {e}")
        with self._lock:
            self._db.execute("BEGIN")
            try:
                for p in puzzles:
                    cur = self._db.execute(
                        "INSERT OR IGNORE INTO puzzles (variant, fen, solution, title, source,"
                        " kind, digest, added) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        (p.variant, p.fen, " ".join(p.solution), p.title, p.source, p.kind,
                         digest(p), time.time()))
                    if cur.rowcount:
                        report.added += 1
                    else:
                        report.duplicates += 1
                self._db.execute("INSERT INTO sources (sha256, name, added) VALUES (?, ?, ?)",
                                 (sha, name, time.time()))
                ratings.seed_missing(self._db)
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:  # SQLite rolls back by itself on a full disk
                    self._db.execute("ROLLBACK")
                raise
        return report

    # -- serving -----------------------------------------------------------------------------

    def get(self, pid: int) -> Puzzle | None:
        """The puzzle ``pid``, or ``None``."""
        with self._lock:
            r = self._db.execute("SELECT * FROM puzzles WHERE id = ?", (pid,)).fetchone()
        return _puzzle(r) if r else None

    def next(self, variant: str, player: str) -> Puzzle | None:
        """The puzzle of ``variant`` that ``player`` has not met nearest to the player's
        rating (``None``: none left)."""
        name = _player(player)
        with self._lock:
            rating = ratings.player_rating(self._db, name, time.time()).rating
            r = self._db.execute(ratings.nearest_sql(), (variant, name, rating)).fetchone()
        return _puzzle(r) if r else None

    def puzzle_rating(self, pid: int) -> dict[str, Any]:
        """The rating of puzzle ``pid`` as :func:`~damier.analysis.puzzle_ratings.rating_json`
        writes it, with how many first attempts rated it (``plays``)."""
        with self._lock:
            found = ratings.puzzle_rating(self._db, pid)
            plays = self._db.execute("SELECT plays FROM puzzle_ratings WHERE puzzle = ?",
                                     (pid,)).fetchone()
        return {**ratings.rating_json(found), "plays": int(plays[0]) if plays else 0}

    def puzzles(self, variant: str | None = None, limit: int = 1000, offset: int = 0
                ) -> list[Puzzle]:
        """Puzzles in the order they were stored (of one variant)."""
        where, args = ("WHERE variant = ?", [variant]) if variant else ("", [])
        with self._lock:
            rows = self._db.execute(f"SELECT * FROM puzzles {where} ORDER BY id LIMIT ? OFFSET ?",
                                    [*args, limit, offset]).fetchall()
        return [_puzzle(r) for r in rows]

    def count(self, variant: str | None = None) -> int:
        """Puzzles stored (of one variant)."""
        with self._lock:
            if variant is None:
                return int(self._db.execute("SELECT COUNT(*) FROM puzzles").fetchone()[0])
            return int(self._db.execute("SELECT COUNT(*) FROM puzzles WHERE variant = ?",
                                        (variant,)).fetchone()[0])

    def variants(self) -> dict[str, int]:
        """Puzzles stored per variant."""
        with self._lock:
            rows = self._db.execute("SELECT variant, COUNT(*) FROM puzzles GROUP BY variant")
            return {r[0]: int(r[1]) for r in rows.fetchall()}

    # -- players -----------------------------------------------------------------------------

    def record(self, player: str, pid: int, solved: bool, hints: int = 0) -> dict[str, Any]:
        """A player's result on a puzzle (only the first one counts); returns the stats."""
        name = _player(player)
        with self._lock:
            self._db.execute("BEGIN")
            try:
                cur = self._db.execute(
                    "INSERT OR IGNORE INTO results (player, puzzle, solved, hints, at)"
                    " VALUES (?, ?, ?, ?, ?)", (name, pid, int(solved), hints, time.time()))
                if cur.rowcount:
                    self._count(name, solved, hints)
                    outcome = "failed" if not solved else "hinted" if hints else "solved"
                    ratings.rate(self._db, name, pid, outcome, time.time())
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:  # SQLite rolls back by itself on a full disk
                    self._db.execute("ROLLBACK")
                raise
        return self.stats(name)

    def _count(self, name: str, solved: bool, hints: int) -> None:
        self._db.execute("INSERT OR IGNORE INTO players VALUES (?, 0, 0, 0, 0, 0)", (name,))
        if solved and not hints:
            self._db.execute(
                "UPDATE players SET score = score + 1, streak = streak + 1, solved = solved + 1,"
                " best_streak = MAX(best_streak, streak + 1) WHERE player = ?", (name,))
        elif solved:
            self._db.execute("UPDATE players SET solved = solved + 1 WHERE player = ?", (name,))
        else:
            self._db.execute("UPDATE players SET streak = 0, failed = failed + 1"
                             " WHERE player = ?", (name,))

    def stats(self, player: str) -> dict[str, Any]:
        """``{player, score, streak, best_streak, solved, failed, rating}`` (``rating``:
        ``{rating, deviation, provisional}``)."""
        name = _player(player)
        with self._lock:
            r = self._db.execute("SELECT * FROM players WHERE player = ?", (name,)).fetchone()
            rating = ratings.rating_json(ratings.player_rating(self._db, name, time.time()))
        if r is None:
            return {"player": name, "score": 0, "streak": 0, "best_streak": 0, "solved": 0,
                    "failed": 0, "rating": rating}
        return {**dict(r), "rating": rating}

    def result(self, player: str, pid: int) -> dict[str, Any] | None:
        """The recorded result of ``player`` on puzzle ``pid``, if any."""
        with self._lock:
            r = self._db.execute("SELECT solved, hints FROM results WHERE player = ? AND"
                                 " puzzle = ?", (_player(player), pid)).fetchone()
        return dict(r) if r else None


def _player(name: str) -> str:
    return (name or "default").strip()[:MAX_PLAYER] or "default"


def _puzzle(r: sqlite3.Row) -> Puzzle:
    return Puzzle(r["variant"], r["fen"], r["solution"].split(), r["title"], r["source"],
                  r["id"], r["kind"])


__all__ = ["DEFAULT_PUZZLES", "PuzzleImport", "PuzzleStore", "digest", "puzzle_of"]
