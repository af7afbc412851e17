"""Game search in a game database: by tags (player, event, dates, result, variant), by a
position reached (exactly, or the same material with the same side to move), and by the
opening's first moves; paged, newest first, each game with the ply where it matches.

Tags are answered by SQLite's indexes. A position is answered by the position index: its
key's postings in every segment give the games and the plies; the games of the page are
then *verified* (replayed to that ply and compared), so that a hash collision can never show
a wrong game. The material search uses the index of material balances (each game's first
ply with that material, and with which sides to move it was met); the opening search is the
position after the opening at exactly that ply, with the moves themselves checked.

This module must not write the database and must not know about HTTP.

>>> from damier.analysis.explorer import Explorer
>>> ex = Explorer(":memory:")
>>> _ = ex.import_text('[White "Ann"][Date "2001.05.01"]\\n1. 32-28 19-23 2. 28x19 14x23 2-0\\n'
...                    '[White "Bob"]\\n1. 33-28 19-23 2. 28x19 14x23 0-2', "two")
>>> found = search(ex, GameQuery(opening=["32-28", "19-23"]))
>>> found["total"], [(g["white"], g["ply"]) for g in found["games"]]
(1, [('Ann', 2)])
>>> [g["white"] for g in search(ex, GameQuery(player="bo"))["games"]]
['Bob']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from damier.analysis.gamedb import VARIANT, GameDatabase
from damier.analysis.gamekeys import material, material_key, position_key, replay_indices
from damier.analysis.gamerows import COLUMNS, JOINS, as_dict
from damier.analysis.gamestore import EVENT, PLAYER, date_number
from damier.core.board import Board
from damier.core.errors import DamierError
from damier.core.fen import parse_fen
from damier.core.position import start_position
from damier.core.variants import get_variant

MAX_PER_PAGE = 100
MAX_NAMES = 500
"""Names a name filter may match (a longer list asks for a more precise name)."""
_CHUNK = 500
_RESULTS = {"white": 1, "2-0": 1, "1-0": 1, "draw": 2, "1-1": 2, "1/2-1/2": 2, "black": 3,
            "0-2": 3, "0-1": 3, "unknown": 0, "*": 0}


class SearchError(DamierError):
    """A query that cannot be answered as asked (what is wrong is in the message)."""


@dataclass
class GameQuery:
    """A game search (every field optional; see the module docstring). Dates are
    ``yyyy``, ``yyyy.mm`` or ``yyyy.mm.dd``; ``result`` is ``white``, ``draw``, ``black``,
    ``unknown`` or a PDN result; ``fen`` with ``material=True`` matches the same material
    with the same side to move; ``opening`` is move texts from the variant's start."""

    player: str | None = None
    white: str | None = None
    black: str | None = None
    event: str | None = None
    date_from: str | None = None
    date_to: str | None = None
    result: str | None = None
    variant: str | None = None
    fen: str | None = None
    material: bool = False
    opening: list[str] = field(default_factory=list)
    page: int = 1
    per_page: int = 20


@dataclass
class _Target:
    """What the position part of a query looks for."""

    variant: str
    key: int
    kind: str  # "position", "material" or "opening"
    turn: int = 0
    ply: int = 0
    prefix: bytes = b""


def _date_bound(text: str | None, end: bool) -> int | None:
    if not text:
        return None
    parts = text.strip().replace("-", ".").split(".")
    n = date_number(".".join(parts + ["??"] * (3 - len(parts))))
    if not n:
        raise SearchError(f"not a date: {text[:40]!r} (yyyy, yyyy.mm or yyyy.mm.dd)")
    if end:
        n += (1231 if n % 10000 == 0 else 31 if n % 100 == 0 else 0)
    return n


def _names(db: GameDatabase, kind: int, text: str) -> list[int]:
    like = "%" + text.strip().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    rows = db.reader.execute("SELECT id FROM names WHERE kind = ? AND name LIKE ? ESCAPE '\\'"
                             " LIMIT ?", (kind, like, MAX_NAMES + 1)).fetchall()
    if len(rows) > MAX_NAMES:
        raise SearchError(f"{text[:40]!r} matches more than {MAX_NAMES} names: say more")
    return [int(r[0]) for r in rows]


def _where(db: GameDatabase, q: GameQuery) -> tuple[list[str], list[Any]]:
    """The SQL conditions of the tag part of a query."""
    where: list[str] = []
    args: list[Any] = []

    def among(column: str, ids: list[int]) -> None:
        where.append(f"{column} IN ({','.join('?' * len(ids))})" if ids else "0")
        args.extend(ids)

    if q.player:
        ids = _names(db, PLAYER, q.player)
        marks = ",".join("?" * len(ids))
        where.append(f"(g.white IN ({marks}) OR g.black IN ({marks}))" if ids else "0")
        args.extend(ids + ids)
    for column, value in (("g.white", q.white), ("g.black", q.black)):
        if value:
            among(column, _names(db, PLAYER, value))
    if q.event:
        among("g.event", _names(db, EVENT, q.event))
    low, high = _date_bound(q.date_from, False), _date_bound(q.date_to, True)
    if low is not None:
        where.append("g.date >= ?")
        args.append(low)
    if high is not None:
        where.append("g.date <= ?")
        args.append(high)
    if q.result:
        if q.result.strip().lower() not in _RESULTS:
            raise SearchError(f"unknown result {q.result[:20]!r} (white, draw, black, unknown)")
        where.append("g.result = ?")
        args.append(_RESULTS[q.result.strip().lower()])
    if q.variant:
        among("g.variant", _names(db, VARIANT, get_variant(q.variant).name))
    return where, args


def _target(q: GameQuery) -> _Target | None:
    if not q.fen and not q.opening:
        return None
    rules = get_variant(q.variant or "international")
    if q.opening:
        board = Board(rules)
        prefix = bytearray()
        for text in q.opening[:200]:
            move = board.parse_move(text)
            prefix.append(list(board.legal_moves).index(move))
            board.push(move)
        return _Target(rules.name, position_key(rules, board.position), "opening",
                       ply=len(prefix), prefix=bytes(prefix))
    position = parse_fen(q.fen or "", rules)
    if q.material:
        counts = int.from_bytes(bytes(material(position)), "little")
        return _Target(rules.name, material_key(rules.name, counts), "material",
                       turn=position.turn)
    return _Target(rules.name, position_key(rules, position), "position")


def _candidates(db: GameDatabase, t: _Target) -> list[tuple[int, int]]:
    """``(game id, ply)`` of the postings of the target, one per game, newest game first."""
    best: dict[int, int] = {}
    for seg in db.segments():
        for game, ply, _move, turns in seg.postings_of(t.key):
            if t.kind == "material" and not turns >> t.turn & 1:
                continue
            if t.kind == "opening" and ply != t.ply:
                continue
            if game not in best or ply < best[game]:
                best[game] = ply
    return sorted(best.items(), reverse=True)


def _verified(db: GameDatabase, t: _Target, found: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The candidates whose game really reaches the target (and the ply where it does)."""
    out = []
    for chunk in _chunks(found, _CHUNK):
        ids = [g for g, _ in chunk]
        rows = {r["id"]: r for r in db.reader.execute(
            f"SELECT g.id, g.moves, g.start_fen, v.name AS variant FROM games g JOIN names v"
            f" ON v.id = g.variant WHERE g.id IN ({','.join('?' * len(ids))})", ids)}
        for game, ply in chunk:
            row = rows.get(game)
            if row is None or row["variant"] != t.variant:
                continue
            moves = bytes(row["moves"])
            if t.kind == "opening":
                out.append((game, ply))  # its moves were compared with the opening's
                continue
            rules = get_variant(t.variant)
            start = parse_fen(row["start_fen"], rules) if row["start_fen"] else \
                start_position(rules)
            played = replay_indices(rules, start, moves[:ply + 2])
            if t.kind == "position":
                if played.count >= ply and played.key_list()[ply] == t.key:
                    out.append((game, ply))
                continue
            at = ply if (start.turn ^ (ply & 1)) == t.turn else ply + 1
            if at <= played.count and played.material[4 * ply:4 * ply + 4] == \
                    played.material[4 * at:4 * at + 4]:
                out.append((game, at))
    return out


def _chunks(items: list[tuple[int, int]], size: int) -> Iterable[list[tuple[int, int]]]:
    for i in range(0, len(items), size):
        yield items[i:i + size]


def search(db: GameDatabase, q: GameQuery) -> dict[str, Any]:
    """The games of a query, page ``q.page`` (see the module docstring)."""
    per_page = max(1, min(q.per_page, MAX_PER_PAGE))
    page = max(1, q.page)
    with db.read_lock:
        where, args = _where(db, q)
        target = _target(q)
        if target is None:
            clause = " AND ".join(where) or "1"
            total = int(db.reader.execute(f"SELECT COUNT(*) FROM games g WHERE {clause}",
                                          args).fetchone()[0])
            rows = db.reader.execute(
                f"SELECT {COLUMNS} FROM games g {JOINS} WHERE {clause}"
                " ORDER BY g.date DESC, g.id DESC LIMIT ? OFFSET ?",
                [*args, per_page, (page - 1) * per_page]).fetchall()
            games = [dict(as_dict(r), ply=None) for r in rows]
        elif target.kind == "position" and not where:
            total, found = _newest_postings(db, target, (page - 1) * per_page, per_page)
            shown = _verified(db, target, found)
            games = _page_rows(db, shown)
        else:
            found = _candidates(db, target)
            if target.kind == "opening":  # the same moves, not a transposition
                where.append("substr(g.moves, 1, ?) = ?")
                args += [target.ply, target.prefix]
            if where:
                found = _filtered(db, found, where, args)
            total = len(found)
            shown = _verified(db, target, found[(page - 1) * per_page:page * per_page])
            games = _page_rows(db, shown)
    return {"total": total, "page": page, "per_page": per_page, "games": games}


def _page_rows(db: GameDatabase, shown: list[tuple[int, int]]) -> list[dict[str, Any]]:
    """The games of a page with the ply where each matches."""
    plies = dict(shown)
    ids = [g for g, _ in shown]
    marks = ",".join("?" * len(ids))
    by_id = {r["id"]: r for r in db.reader.execute(
        f"SELECT {COLUMNS} FROM games g {JOINS} WHERE g.id IN ({marks})", ids)}
    return [dict(as_dict(by_id[g]), ply=plies[g]) for g in ids if g in by_id]


def _newest_postings(db: GameDatabase, t: _Target, skip: int,
                     count: int) -> tuple[int, list[tuple[int, int]]]:
    """An exact position without tag filters: the number of games through it (counted on
    the keys alone) and the page's ``(game id, ply)``, read from the newest segments only,
    so that the start position of a million games costs a few block reads. (A game that
    passes the position twice counts twice in the total; it is shown once.)"""
    segments = db.segments()
    total = sum(seg.count(t.key) for seg in segments)
    page: dict[int, int] = {}
    for seg in reversed(segments):
        here = seg.count(t.key)
        if skip >= here:
            skip -= here
            continue
        for game, ply, _move, _turns in seg.postings_of(t.key, count - len(page), skip):
            page[game] = min(ply, page.get(game, ply))
        skip = 0
        if len(page) >= count:
            break
    return total, sorted(page.items(), reverse=True)


def _filtered(db: GameDatabase, found: list[tuple[int, int]], where: list[str],
              args: list[Any]) -> list[tuple[int, int]]:
    """The candidates whose tags pass the query's conditions (in order)."""
    keep: set[int] = set()
    clause = " AND ".join(where)
    for chunk in _chunks(found, _CHUNK):
        ids = [g for g, _ in chunk]
        keep.update(int(r[0]) for r in db.reader.execute(
            f"SELECT g.id FROM games g WHERE g.id IN ({','.join('?' * len(ids))}) AND {clause}",
            [*ids, *args]))
    return [c for c in found if c[0] in keep]
