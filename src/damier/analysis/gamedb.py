"""A game database: one SQLite file (:mod:`~damier.analysis.gamestore`'s layout), imports
that run in parallel over files and resume where they stopped, and the index read back.

:class:`GameDatabase` owns the file. :meth:`~GameDatabase.import_files` reads PDN files in
parts of :data:`PART_GAMES` games on an executor (a process pool, Dask, or inline: any
:class:`concurrent.futures.Executor`; at most one part of a file at a time, several files at
once) and commits each part in one transaction: its games, its index segment, and how far
the file has been read. A file is known by its SHA-256: a file imported whole is skipped, a
file whose import was stopped resumes after its last committed part. Reads go through a
connection of their own and see the last commit, so the database answers while it grows.
Small segments (uploads, the default games) are merged as they come.

This module must not parse PDN itself (:mod:`~damier.analysis.gameimport` does, in workers)
and must not know about HTTP.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import threading
import time
from array import array
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass, field
from pathlib import Path

from damier.analysis.gameimport import Part, PartTask, Place, read_part
from damier.analysis.gamestore import (
    EVENT,
    GAME_SHIFT,
    MAX_PLY,
    PLAYER,
    SCHEMA,
    Segment,
    StoreError,
    build_segment,
    check_format,
    delete_segment,
    load_segments,
    store_segment,
)
from damier.analysis.sqlitefile import connect

PART_GAMES = 20_000
"""Games per part of a file: one transaction and one index segment (about 25 MB of memory
in the worker at most, whatever the file's size)."""
SMALL_SEGMENT = 4_096
"""Segments of fewer games are merged with the one before them."""
VARIANT = 2
"""``names.kind`` of a variant name."""

Progress = Callable[[int, int, int], None]
"""``progress(games imported, files done, files)``."""


@dataclass
class ImportReport:
    """What an import of one source did: games stored, games without moves skipped,
    whether it was there already, and the problems met (at most a few dozen)."""

    name: str
    games: int = 0
    skipped: int = 0
    already: bool = False
    errors: list[str] = field(default_factory=list)


@dataclass
class _Source:
    """A source being imported: its row, where the next part starts, its report."""

    id: int
    task: PartTask
    report: ImportReport
    read: int
    done: bool = False


def _file_sha256(path: str | os.PathLike[str]) -> str:
    """The SHA-256 of a file, read in pieces (memory stays bounded)."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


class GameDatabase:
    """A game database in one SQLite file (see the module docstring; thread-safe)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = str(path)
        self._lock = threading.RLock()
        try:
            self._db = connect(self.path)
        except sqlite3.Error as e:
            raise StoreError(f"{self.path}: cannot open the game database: {e}") from None
        try:
            self._db.execute("PRAGMA cache_size=-65536")
            self._db.execute("BEGIN IMMEDIATE")
            for statement in SCHEMA.split(";"):  # in this transaction (executescript commits)
                if statement.strip():
                    self._db.execute(statement)
        except sqlite3.DatabaseError as e:
            self._db.close()
            raise StoreError(f"{self.path}: not a game database ({e})") from None
        try:
            check_format(self._db)
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            self._db.close()
            raise
        self.memory = self.path == ":memory:"
        self.reader = self._db if self.memory else sqlite3.connect(
            self.path, check_same_thread=False, isolation_level=None)
        self.reader.row_factory = sqlite3.Row
        self.read_lock: threading.RLock = self._lock if self.memory else threading.RLock()
        self._names: dict[tuple[int, str], int] = {}
        self._segments: list[Segment] | None = None
        self._generation = 0

    def close(self) -> None:
        with self._lock, self.read_lock:
            if self.reader is not self._db:
                self.reader.close()
            self._db.close()

    # -- reading --------------------------------------------------------------------------------

    def segments(self) -> list[Segment]:
        """The index segments as last committed (cached until the next commit)."""
        with self.read_lock:
            if self._segments is None:
                self._segments = load_segments(self.reader)
            return self._segments

    def has_source(self, sha: str) -> bool:
        """Whether a file or text with this SHA-256 was imported whole."""
        with self.read_lock:
            return self.reader.execute("SELECT 1 FROM sources WHERE sha256 = ? AND complete",
                                       (sha,)).fetchone() is not None

    def sources(self) -> list[dict[str, object]]:
        """The files and texts imported or being imported, oldest first."""
        with self.read_lock:
            rows = self.reader.execute("SELECT name, games, complete, added FROM sources"
                                       " ORDER BY id").fetchall()
        return [{"name": r["name"], "games": r["games"], "complete": bool(r["complete"]),
                 "added": r["added"]} for r in rows]

    def count_games(self, variant: str | None = None) -> int:
        """Games in the database (of one variant)."""
        with self.read_lock:
            if variant is None:
                row = self.reader.execute("SELECT COUNT(*) FROM games").fetchone()
            else:
                row = self.reader.execute(
                    "SELECT COUNT(*) FROM games g JOIN names n ON n.id = g.variant"
                    " WHERE n.kind = ? AND n.name = ?", (VARIANT, variant)).fetchone()
        return int(row[0])

    # -- importing ------------------------------------------------------------------------------

    def import_files(self, paths: Iterable[str | os.PathLike[str]
                                           | tuple[str | os.PathLike[str], str | None]],
                     variant: str | None = None,
                     executor: Executor | None = None, jobs: int = 1,
                     progress: Progress | None = None, part_games: int = PART_GAMES,
                     merge: bool = True) -> list[ImportReport]:
        """Import PDN files (see the module docstring); one report per file, in order. An
        item may be ``(path, variant)``: the variant of that file's untagged games.
        Without an executor the parts are read here, one after the other; with one, ``jobs``
        parts (of different files) are read at once. ``merge=False`` leaves small segments
        for a later import to merge (a series of small files imported one by one)."""
        sources = []
        for item in paths:
            path, default = item if isinstance(item, tuple) else (item, variant)
            sha = _file_sha256(path)
            task = PartTask(os.fspath(path), None, default, None, part_games)
            sources.append(self._open_source(Path(path).name, sha, task))
        return self._run(sources, executor, jobs, progress, merge)

    def import_text(self, text: str, name: str, variant: str | None = None) -> ImportReport:
        """Import the games of a PDN text (once: a text is known by its SHA-256)."""
        sha = hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()
        task = PartTask(None, text, variant, None, 1 << 30)
        return self._run([self._open_source(name, sha, task)], None, 1, None, True)[0]

    def _open_source(self, name: str, sha: str, task: PartTask) -> _Source:
        with self._lock:
            row = self._db.execute("SELECT id, games, read, complete, resume FROM sources"
                                   " WHERE sha256 = ?", (sha,)).fetchone()
            if row is None:
                cur = self._db.execute(
                    "INSERT INTO sources (name, sha256, games, read, complete, added, resume)"
                    " VALUES (?, ?, 0, 0, 0, ?, NULL)", (name, sha, time.time()))
                return _Source(int(cur.lastrowid or 0), task, ImportReport(name), 0)
        report = ImportReport(name, already=bool(row["complete"]))
        if row["resume"]:
            line, offset, column = (int(x) for x in row["resume"].split(":"))
            task.start = (line, offset, column)
        task.first_number = int(row["read"])
        return _Source(int(row["id"]), task, report, int(row["read"]), bool(row["complete"]))

    def _run(self, sources: list[_Source], executor: Executor | None, jobs: int,
             progress: Progress | None, merge: bool) -> list[ImportReport]:
        waiting = [s for s in sources if not s.done]
        done_files = len(sources) - len(waiting)
        imported = 0

        def finish(source: _Source, part: Part) -> None:
            nonlocal imported, done_files
            self._commit(source, part)
            imported += len(part.records)
            if part.next_place is None:
                done_files += 1
            else:
                waiting.insert(0, source)
            if progress is not None:
                progress(imported, done_files, len(sources))

        if executor is None:
            while waiting:
                source = waiting.pop(0)
                finish(source, read_part(source.task))
        else:
            pending: dict[Future[Part], _Source] = {}
            try:
                while waiting or pending:
                    while waiting and len(pending) < max(1, jobs):
                        source = waiting.pop(0)
                        pending[executor.submit(read_part, source.task)] = source
                    finished, _ = wait(list(pending), return_when=FIRST_COMPLETED)
                    for future in finished:
                        finish(pending.pop(future), future.result())
            finally:
                for future in pending:
                    future.cancel()
        if merge:
            self._merge_small()
        return [s.report for s in sources]

    def _name_ids(self, kind: int, names: Iterable[str]) -> dict[str, int]:
        """Ids of names of one kind, added when new (inside the caller's transaction)."""
        out: dict[str, int] = {}
        for name in names:
            key = (kind, name)
            ident = self._names.get(key)
            if ident is None:
                row = self._db.execute("SELECT id FROM names WHERE kind = ? AND name = ?",
                                       key).fetchone()
                ident = int(row[0]) if row else int(self._db.execute(
                    "INSERT INTO names (kind, name) VALUES (?, ?)", key).lastrowid or 0)
                self._names[key] = ident
            out[name] = ident
        return out

    def _commit(self, source: _Source, part: Part) -> None:
        """One part in one transaction: games, segment, how far the source was read."""
        recs = part.records
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                players = self._name_ids(PLAYER, {r.white for r in recs} | {r.black for r in recs})
                events = self._name_ids(EVENT, {r.event for r in recs})
                variants = self._name_ids(VARIANT, {r.variant for r in recs})
                row = self._db.execute("SELECT COALESCE(MAX(id), 0) FROM games").fetchone()
                first = int(row[0]) + 1
                self._db.executemany(
                    "INSERT INTO games (id, source, variant, white, black, event, site, round,"
                    " date, result, white_elo, black_elo, plies, start_fen, moves)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [(first + i, source.id, variants[r.variant], players[r.white],
                      players[r.black], events[r.event], r.site, r.round, r.date, r.result,
                      r.white_elo, r.black_elo, r.plies, r.start_fen, r.moves)
                     for i, r in enumerate(recs)])
                if recs:
                    store_segment(self._db, first, part.segment)
                source.read += part.read
                resume = None if part.next_place is None else ":".join(map(str, part.next_place))
                self._db.execute(
                    "UPDATE sources SET games = games + ?, read = ?, complete = ?, resume = ?"
                    " WHERE id = ?", (len(recs), source.read, int(part.next_place is None),
                                      resume, source.id))
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:  # SQLite rolls back by itself on a full disk
                    self._db.execute("ROLLBACK")
                self._names.clear()
                raise
            self._invalidate()
        report = source.report
        report.games += len(recs)
        report.skipped += part.skipped
        report.errors.extend(part.problems[:max(0, 50 - len(report.errors))])
        if part.next_place is not None:
            source.task.start = part.next_place
            source.task.first_number = source.read

    def _invalidate(self) -> None:
        with self.read_lock:
            self._segments = None
            self._generation += 1

    @property
    def generation(self) -> int:
        """A number that changes at every commit (for caches of answers)."""
        return self._generation

    def _merge_small(self) -> None:
        """Merge each small segment into the one before it (uploads and small files)."""
        with self._lock:
            rows = self._db.execute("SELECT id, first_game, games FROM segments"
                                    " ORDER BY first_game").fetchall()
            run: list[sqlite3.Row] = []
            for row in rows:
                if run and row["games"] < SMALL_SEGMENT and \
                        sum(r["games"] for r in run) + row["games"] <= 16 * SMALL_SEGMENT:
                    run.append(row)
                    continue
                if len(run) > 1:
                    self._merge([int(r["id"]) for r in run])
                run = [row]
            if len(run) > 1:
                self._merge([int(r["id"]) for r in run])

    def _merge(self, ids: list[int]) -> None:
        """Replace consecutive segments by one (their games are consecutive ids)."""
        parts = [s for s in load_segments(self._db) if s.id in ids]
        first = parts[0].first_game
        keys, vals, moves, facts = bytearray(), bytearray(), bytearray(), bytearray()
        for p in parts:
            k, v, m = p.all_postings()
            keys += k
            shift = (p.first_game - first) << GAME_SHIFT
            vals += array("I", (x + shift for x in array("I", v))).tobytes()
            moves += m
            facts += p.facts
        games = sum(p.games for p in parts)
        ratings = [facts[i + 2] | facts[i + 3] << 8 for i in range(0, len(facts), 4)]
        merged = build_segment(games, bytes(keys), bytes(vals), bytes(moves), bytes(facts),
                               ratings)
        self._db.execute("BEGIN IMMEDIATE")
        try:
            for ident in ids:
                delete_segment(self._db, ident)
            store_segment(self._db, first, merged)
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise
        self._invalidate()


__all__ = ["GameDatabase", "ImportReport", "MAX_PLY", "PART_GAMES", "Place"]
