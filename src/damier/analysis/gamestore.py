"""The game database's storage: one SQLite file in the documented, versioned layout of
docs/database.md (format ``damier-games`` version 1), and the position index's segments.

Games live in the ``games`` table (players and events by id, the date as a number, the
moves as one byte each: the move's index in the legal list). The position index is a list
of *segments*, each one row of ``segments``: the postings of a run of consecutive games,
sorted by key, stored in rows of :data:`BLOCK` postings (``blocks``: ``keys`` 8 bytes,
``vals`` 4 bytes: see :data:`GAME_SHIFT`, ``moves`` 1 byte: the index of the move played from there, 255 at
the game's end), the first key of every block in ``fences`` for the search, four bytes of
facts per game (result, year, mean rating) and a ``summary`` of the keys met by at least
:data:`SUMMARY_MIN` postings (moves with counts, and the best-rated games), so that a
position of a million games is answered without reading a million postings.

:class:`Segment` reads one segment (blob reads; the fences and the summary stay in memory);
:func:`build_segment` makes one from unsorted postings (the kernel sorts them). This module
owns the bytes; it must not parse PDN or replay moves.
"""

from __future__ import annotations

import sqlite3
import struct
import sys
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from dataclasses import dataclass

from damier.core import kernel
from damier.core.errors import DamierError

FORMAT = "damier-games"
VERSION = 1
BLOCK = 4096
"""Postings per stored block: a lookup reads one block (32 KiB of keys) per segment; the
blocks are rows of their own, found by their id, so that no read walks a long blob."""
BLOCK_SHIFT = 24
"""A block's row id: segment id << 24 | block number."""
SUMMARY_MIN = 16
"""Postings of one key in a segment from which its moves are summarised at import."""
TOP_GAMES = 8
"""Best-rated games kept per summarised key and segment."""
PLY_BITS = 10
MAX_PLY = (1 << PLY_BITS) - 1
"""Positions after this ply are not indexed (no real game is that long)."""
GAME_SHIFT = 12
"""A posting's value: game index << 12 | turns << 10 | ply. ``turns`` is 0 for a position;
for a material balance, bit 0 / bit 1: met with White / Black to move."""
MAX_SEGMENT_GAMES = 1 << 20
NO_MOVE = 255
RESULTS = {"2-0": 1, "1-0": 1, "1-1": 2, "1/2-1/2": 2, "0-2": 3, "0-1": 3}
"""Result codes: 0 unknown or unfinished, 1 White won, 2 draw, 3 Black won."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sources (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, sha256 TEXT NOT NULL UNIQUE,
    games INTEGER NOT NULL, read INTEGER NOT NULL, complete INTEGER NOT NULL,
    added REAL NOT NULL, resume TEXT);
CREATE TABLE IF NOT EXISTS names (
    id INTEGER PRIMARY KEY, kind INTEGER NOT NULL, name TEXT NOT NULL, UNIQUE (kind, name));
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY, source INTEGER NOT NULL, variant TEXT NOT NULL,
    white INTEGER NOT NULL, black INTEGER NOT NULL, event INTEGER NOT NULL,
    site TEXT NOT NULL, round TEXT NOT NULL, date INTEGER NOT NULL, result INTEGER NOT NULL,
    white_elo INTEGER, black_elo INTEGER, plies INTEGER NOT NULL, start_fen TEXT,
    moves BLOB NOT NULL);
CREATE INDEX IF NOT EXISTS games_white ON games (white, date);
CREATE INDEX IF NOT EXISTS games_black ON games (black, date);
CREATE INDEX IF NOT EXISTS games_event ON games (event, date);
CREATE INDEX IF NOT EXISTS games_date ON games (date);
CREATE TABLE IF NOT EXISTS segments (
    id INTEGER PRIMARY KEY, first_game INTEGER NOT NULL, games INTEGER NOT NULL,
    postings INTEGER NOT NULL, fences BLOB NOT NULL, facts BLOB NOT NULL,
    summary BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS blocks (
    id INTEGER PRIMARY KEY, keys BLOB NOT NULL, vals BLOB NOT NULL, moves BLOB NOT NULL);
"""
"""``names.kind``: 0 a player, 1 an event, 2 a variant. ``games.date``: yyyymmdd, unknown
parts 0. ``sources.read``: games read so far; ``sources.resume``: ``line:offset:column`` where
the next part starts (NULL once ``complete``)."""

PLAYER, EVENT = 0, 1
_LITTLE = sys.byteorder == "little"


class StoreError(DamierError):
    """A file that is not a game database of a format this version reads."""


def check_format(db: sqlite3.Connection) -> None:
    """Stamp a new database with its format, or refuse one of another format or version."""
    rows = dict(db.execute("SELECT name, value FROM meta").fetchall())
    if not rows:
        db.executemany("INSERT INTO meta VALUES (?, ?)", [
            ("format", FORMAT), ("version", str(VERSION)), ("byteorder", "little")])
        return
    if rows.get("format") != FORMAT or rows.get("version") != str(VERSION):
        raise StoreError(f"not a damier game database of version {VERSION} "
                         f"(format {rows.get('format')!r}, version {rows.get('version')!r})")
    if not _LITTLE:  # pragma: no cover - every platform damier is built on is little-endian
        raise StoreError("the game database's blobs are little-endian; this machine is not")


def date_number(text: str) -> int:
    """``2013.11.16`` -> 20131116; unknown parts (``??``) are 0; 0 when there is no year.

    >>> date_number("2013.11.16"), date_number("1999.??.??"), date_number("????.??.??")
    (20131116, 19990000, 0)
    """
    parts = text.strip().replace("-", ".").replace("/", ".").split(".")
    if not parts or not parts[0].isdigit() or len(parts[0]) != 4:
        return 0
    out = int(parts[0]) * 10000
    if len(parts) > 1 and parts[1].isdigit() and 1 <= int(parts[1]) <= 12:
        out += int(parts[1]) * 100
        if len(parts) > 2 and parts[2].isdigit() and 1 <= int(parts[2]) <= 31:
            out += int(parts[2])
    return out


def rating(text: str | None) -> int | None:
    """A ``WhiteElo``/``BlackElo`` value as an int, or None (missing, not a number, absurd)."""
    if not text:
        return None
    t = text.strip()
    return int(t) if t.isdigit() and 0 < int(t) < 4000 else None


def facts(result: int, date: int, white_elo: int | None, black_elo: int | None) -> bytes:
    """A game's four bytes of facts: result code, year - 1800 (0 unknown), mean rating."""
    year = date // 10000
    elos = [e for e in (white_elo, black_elo) if e is not None]
    mean = sum(elos) // len(elos) if elos else 0
    return bytes((result, year - 1800 if 1800 < year < 2055 else 0)) + mean.to_bytes(2, "little")


@dataclass
class MoveStats:
    """One move's counts from a position: games, White wins, draws, Black wins, and the sum
    and number of mean ratings (games with at least one rating)."""

    games: int = 0
    white: int = 0
    draws: int = 0
    black: int = 0
    rated: int = 0
    rating_sum: int = 0

    def add(self, result: int, mean_rating: int) -> None:
        self.games += 1
        if result == 1:
            self.white += 1
        elif result == 2:
            self.draws += 1
        elif result == 3:
            self.black += 1
        if mean_rating:
            self.rated += 1
            self.rating_sum += mean_rating

    def merge(self, other: MoveStats) -> None:
        self.games += other.games
        self.white += other.white
        self.draws += other.draws
        self.black += other.black
        self.rated += other.rated
        self.rating_sum += other.rating_sum


_STATS = struct.Struct("<BIIIIIQ")


def _encode_summary(entries: list[tuple[int, dict[int, MoveStats], list[int]]]) -> bytes:
    """keys (u64 each), then offsets (u32 each, one more than keys), then the records:
    u8 moves, per move ``<BIIIIIQ`` (move, games, white, draws, black, rated, rating sum),
    u8 top games, per top game its index in the segment (u32)."""
    keys = array("Q", (e[0] for e in entries))
    body = bytearray()
    offsets = array("I")
    for _key, moves, top in entries:
        offsets.append(len(body))
        body.append(len(moves))
        for move, s in sorted(moves.items()):
            body += _STATS.pack(move, s.games, s.white, s.draws, s.black, s.rated, s.rating_sum)
        body.append(len(top))
        body += array("I", top).tobytes()
    offsets.append(len(body))
    head = struct.pack("<I", len(entries))
    return head + keys.tobytes() + offsets.tobytes() + bytes(body)


def sort_postings(keys: bytes, vals: bytes, moves: bytes,
                  threshold: int) -> tuple[bytes, bytes, bytes, list[tuple[int, int]]]:
    """Postings sorted by (key, value) and the runs ``(start, count)`` of one key with at
    least ``threshold`` postings: on the kernel, else here (the same answer)."""
    module = kernel.native_module()
    if module is not None and hasattr(module, "sort_postings"):
        answer: tuple[bytes, bytes, bytes, list[tuple[int, int]]] = module.sort_postings(
            keys, vals, moves, threshold)
        return answer
    k, v = memoryview(keys).cast("Q"), memoryview(vals).cast("I")
    order = sorted(range(len(moves)), key=lambda i: (k[i], v[i]))
    sk = array("Q", (k[i] for i in order))
    runs: list[tuple[int, int]] = []
    start = 0
    for i in range(1, len(order) + 1):
        if i == len(order) or sk[i] != sk[start]:
            if i - start >= threshold:
                runs.append((start, i - start))
            start = i
    return (sk.tobytes(), array("I", (v[i] for i in order)).tobytes(),
            bytes(moves[i] for i in order), runs)


Bounds = tuple[int, int, int, int]
"""An explorer's filters for :func:`count_postings`: first year, last year, lowest and
highest mean rating, inclusive; -1 where there is no bound."""

Counted = tuple[list[tuple[int, int, int, int, int, int, int]], list[tuple[int, int]], list[int]]
""":func:`count_postings`' answer: the moves, the best-rated games, the newest games."""


def count_postings(vals: bytes, moves: bytes, facts: bytes, bounds: Bounds, top: int,
                   newest: int) -> Counted:
    """One key's postings in one segment (its ``vals`` and ``moves``, in stored order),
    counted over the games whose facts pass ``bounds``: per move played (at the game's
    earliest ply there) ``(move, games, White wins, draws, Black wins, rated games, rating
    sum)``, then the ``top`` best-rated games as ``(mean rating, game index)`` (the newer
    first among equals), then the indices of the ``newest`` newest games. On the kernel,
    else here (the same answer). A game counts once however often it passes the key.

    >>> facts_ = bytes((1, 200, 0xD0, 0x07)) + bytes((2, 0, 0, 0))  # 2000 rated 2000; undated
    >>> count_postings(bytes(4) + (1 << GAME_SHIFT).to_bytes(4, "little"), bytes((5, 5)),
    ...                facts_, (-1, -1, -1, -1), 8, 8)
    ([(5, 2, 1, 1, 0, 1, 2000)], [(2000, 0)], [1, 0])
    >>> count_postings(bytes(4) + (1 << GAME_SHIFT).to_bytes(4, "little"), bytes((5, 5)),
    ...                facts_, (1990, -1, -1, -1), 8, 8)[0]
    [(5, 1, 1, 0, 0, 1, 2000)]
    """
    module = kernel.native_module()
    if module is not None and hasattr(module, "count_postings"):
        answer: Counted = module.count_postings(vals, moves, facts, bounds, GAME_SHIFT, top,
                                                newest)
        return answer
    since, until, low, high = bounds
    stats: dict[int, MoveStats] = {}
    rated: list[tuple[int, int]] = []
    passed: list[int] = []
    last = -1
    for val, move in zip(memoryview(vals).cast("I"), moves, strict=True):
        game = val >> GAME_SHIFT
        if game == last:  # the same game at a later ply
            continue
        last = game
        result, code, mean = facts[4 * game], facts[4 * game + 1], \
            facts[4 * game + 2] | facts[4 * game + 3] << 8
        year = code + 1800 if code else 0
        if (since >= 0 and (not year or year < since)) or (until >= 0 and (not year or year > until)) \
                or (low >= 0 and (not mean or mean < low)) or (high >= 0 and (not mean or mean > high)):
            continue
        stats.setdefault(move, MoveStats()).add(result, mean)
        if mean:
            rated.append((mean, game))
        passed.append(game)
    rated.sort(reverse=True)
    return ([(m, s.games, s.white, s.draws, s.black, s.rated, s.rating_sum)
             for m, s in sorted(stats.items())], rated[:top], passed[::-1][:newest])


@dataclass
class BuiltSegment:
    """A segment ready to store (see :func:`build_segment`)."""

    games: int
    postings: int
    keys: bytes
    vals: bytes
    moves: bytes
    fences: bytes
    facts: bytes
    summary: bytes


def build_segment(games: int, keys: bytes, vals: bytes, moves: bytes, game_facts: bytes,
                  ratings: list[int]) -> BuiltSegment:
    """A segment of ``games`` games from unsorted postings, the games' facts and their mean
    ratings (for the best-rated games of the summary)."""
    if games > MAX_SEGMENT_GAMES:
        raise ValueError(f"a segment holds at most {MAX_SEGMENT_GAMES} games")
    keys, vals, moves, runs = sort_postings(keys, vals, moves, SUMMARY_MIN)
    k, v = memoryview(keys).cast("Q"), memoryview(vals).cast("I")
    entries = []
    for start, count in runs:
        stats: dict[int, MoveStats] = {}
        seen: set[int] = set()
        for i in range(start, start + count):
            game = v[i] >> GAME_SHIFT
            if game in seen:  # a position met twice in one game counts once
                continue
            seen.add(game)
            move = moves[i]
            s = stats.get(move)
            if s is None:
                s = stats[move] = MoveStats()
            s.add(game_facts[4 * game], ratings[game])
        if set(stats) == {NO_MOVE}:  # a material balance, or the end of games only
            continue
        top = sorted((g for g in seen if ratings[g]), key=lambda g: (-ratings[g], g))
        entries.append((k[start], stats, top[:TOP_GAMES]))
    fences = array("Q", k[::BLOCK]).tobytes() if len(k) else b""
    return BuiltSegment(games, len(moves), keys, vals, moves, fences, game_facts,
                        _encode_summary(entries))


class Segment:
    """One stored segment, read through blob reads (see the module docstring)."""

    def __init__(self, db: sqlite3.Connection, row: sqlite3.Row) -> None:
        self.db = db
        self.id = int(row["id"])
        self.first_game = int(row["first_game"])
        self.games = int(row["games"])
        self.postings = int(row["postings"])
        self.fences = memoryview(bytes(row["fences"])).cast("Q")
        self.facts = bytes(row["facts"])
        summary = bytes(row["summary"])
        n = struct.unpack_from("<I", summary)[0]
        self.summary_keys = memoryview(summary[4:4 + 8 * n]).cast("Q")
        self.summary_offsets = memoryview(summary[4 + 8 * n:4 + 12 * n + 4]).cast("I")
        self.summary_body = summary[4 + 12 * n + 4:]

    def _read(self, columns: str, first_block: int, last_block: int) -> list[bytes]:
        """The columns of blocks ``first_block`` to ``last_block``, each joined."""
        base = self.id << BLOCK_SHIFT
        rows = self.db.execute(f"SELECT {columns} FROM blocks WHERE id BETWEEN ? AND ?"
                               " ORDER BY id", (base + first_block, base + last_block)).fetchall()
        return [b"".join(bytes(r[i]) for r in rows) for i in range(columns.count(",") + 1)]

    def summary(self, key: int) -> tuple[dict[int, MoveStats], list[int]] | None:
        """The summarised moves and best-rated games (indices) of ``key``, if summarised."""
        i = bisect_left(self.summary_keys, key)
        if i == len(self.summary_keys) or self.summary_keys[i] != key:
            return None
        body, pos = self.summary_body, self.summary_offsets[i]
        moves: dict[int, MoveStats] = {}
        for _ in range(body[pos]):
            move, *counts = _STATS.unpack_from(body, pos + 1)
            moves[move] = MoveStats(*counts)
            pos += _STATS.size
        pos += 1
        top = list(memoryview(body[pos + 1:pos + 1 + 4 * body[pos]]).cast("I"))
        return moves, top

    def find(self, key: int) -> tuple[int, int]:
        """``(first index, count)`` of the postings of ``key``."""
        fences = self.fences
        if not len(fences):
            return 0, 0
        lo = max(bisect_left(fences, key) - 1, 0)
        hi = max(bisect_right(fences, key) - 1, 0)
        [data] = self._read("keys", lo, hi)
        keys = memoryview(data).cast("Q")
        first = bisect_left(keys, key)
        last = bisect_right(keys, key, first)
        return lo * BLOCK + first, last - first

    def postings_of(self, key: int, newest: int | None = None, skip: int = 0
                    ) -> Iterator[tuple[int, int, int, int]]:
        """``(game id, ply, move index, turns)`` of every posting of ``key`` in this segment
        (only ``newest`` of them, the newest games after the ``skip`` newest)."""
        vals, moves = self.posting_bytes(key, newest, skip)
        first = self.first_game
        for v, m in zip(memoryview(vals).cast("I"), moves, strict=True):
            yield first + (v >> GAME_SHIFT), v & MAX_PLY, m, (v >> PLY_BITS) & 3

    def posting_bytes(self, key: int, newest: int | None = None, skip: int = 0
                      ) -> tuple[bytes, bytes]:
        """The values and moves of the postings of ``key`` (as :meth:`postings_of`), as
        stored."""
        start, count = self.find(key)
        count = max(0, count - skip)
        if newest is not None and count > newest:
            start, count = start + count - newest, newest
        if not count:
            return b"", b""
        lo, hi = start // BLOCK, (start + count - 1) // BLOCK
        vals, moves = self._read("vals, moves", lo, hi)
        at = start - lo * BLOCK
        return vals[4 * at:4 * (at + count)], moves[at:at + count]

    def all_postings(self) -> tuple[bytes, bytes, bytes]:
        """The segment's keys, values and moves, whole (to merge segments)."""
        if not self.postings:
            return b"", b"", b""
        keys, vals, moves = self._read("keys, vals, moves", 0, (self.postings - 1) // BLOCK)
        return keys, vals, moves

    def count(self, key: int) -> int:
        """How many postings ``key`` has here."""
        return self.find(key)[1]

    def game_facts(self, game_id: int) -> tuple[int, int, int]:
        """``(result code, year, mean rating)`` of a game of this segment."""
        i = 4 * (game_id - self.first_game)
        f = self.facts
        return f[i], f[i + 1] + 1800 if f[i + 1] else 0, f[i + 2] | f[i + 3] << 8


def store_segment(db: sqlite3.Connection, first_game: int, seg: BuiltSegment) -> int:
    """Insert a built segment (inside the caller's transaction); its id."""
    cur = db.execute(
        "INSERT INTO segments (first_game, games, postings, fences, facts, summary)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (first_game, seg.games, seg.postings, seg.fences, seg.facts, seg.summary))
    ident = int(cur.lastrowid or 0)
    if ident >= 1 << (63 - BLOCK_SHIFT):  # pragma: no cover - 500 billion segments
        raise StoreError("too many segments")
    base = ident << BLOCK_SHIFT
    db.executemany("INSERT INTO blocks (id, keys, vals, moves) VALUES (?, ?, ?, ?)",
                   [(base + b, seg.keys[8 * i:8 * (i + BLOCK)], seg.vals[4 * i:4 * (i + BLOCK)],
                     seg.moves[i:i + BLOCK]) for b, i in enumerate(range(0, seg.postings, BLOCK))])
    return ident


def delete_segment(db: sqlite3.Connection, ident: int) -> None:
    """Remove a segment and its blocks (inside the caller's transaction)."""
    db.execute("DELETE FROM segments WHERE id = ?", (ident,))
    db.execute("DELETE FROM blocks WHERE id BETWEEN ? AND ?",
               (ident << BLOCK_SHIFT, ((ident + 1) << BLOCK_SHIFT) - 1))


def load_segments(db: sqlite3.Connection) -> list[Segment]:
    """Every segment, oldest first (the fences and summaries read, the postings not)."""
    rows = db.execute("SELECT id, first_game, games, postings, fences, facts, summary"
                      " FROM segments ORDER BY first_game").fetchall()
    return [Segment(db, r) for r in rows]
