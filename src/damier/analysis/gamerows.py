"""Stored games read back: the rows of the game database's ``games`` table as dicts (names,
result and date as text), one game with its moves as text, and a game as PDN.

The moves are stored as their indices in the legal list; :func:`stored_game` replays them
on a board to write them in the variant's notation. This module must not write the database.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from damier.core.board import Board
from damier.core.colors import BLACK, WHITE
from damier.core.fen import parse_fen
from damier.core.position import start_position
from damier.core.variants import get_variant
from damier.formats.pdn import write_mainline

_WINNERS = {1: WHITE, 2: None, 3: BLACK}

COLUMNS = """g.id, g.date, g.result, g.white_elo, g.black_elo, g.plies, g.site, g.round,
    g.start_fen, w.name AS white, b.name AS black, e.name AS event, v.name AS variant"""
JOINS = """JOIN names w ON w.id = g.white JOIN names b ON b.id = g.black
    JOIN names e ON e.id = g.event JOIN names v ON v.id = g.variant"""


def date_text(date: int) -> str:
    """20131116 -> ``2013.11.16``; unknown parts as ``??``; ``""`` for no date.

    >>> date_text(20131100), date_text(0)
    ('2013.11.??', '')
    """
    if not date:
        return ""
    y, m, d = date // 10000, date // 100 % 100, date % 100
    return f"{y:04d}." + (f"{m:02d}" if m else "??") + "." + (f"{d:02d}" if d else "??")


def result_text(variant: str, code: int) -> str:
    """A result code as the variant writes it (``*`` for 0)."""
    if code not in _WINNERS:
        return "*"
    return get_variant(variant).result_text(_WINNERS[code])


def as_dict(row: sqlite3.Row) -> dict[str, Any]:
    """One row of :data:`COLUMNS` for an answer."""
    return {"id": row["id"], "variant": row["variant"], "white": row["white"],
            "black": row["black"], "result": result_text(row["variant"], row["result"]),
            "event": row["event"], "site": row["site"], "round": row["round"],
            "date": date_text(row["date"]), "white_elo": row["white_elo"],
            "black_elo": row["black_elo"], "plies": row["plies"]}


def game_rows(db: sqlite3.Connection, ids: list[int]) -> list[dict[str, Any]]:
    """The games ``ids`` as dicts, in the order of ``ids`` (unknown ids left out)."""
    if not ids:
        return []
    marks = ",".join("?" * len(ids))
    rows = {r["id"]: r for r in db.execute(
        f"SELECT {COLUMNS} FROM games g {JOINS} WHERE g.id IN ({marks})", ids).fetchall()}
    return [as_dict(rows[i]) for i in ids if i in rows]


def stored_game(db: sqlite3.Connection, gid: int) -> dict[str, Any] | None:
    """One game with its main line as text (``moves``) and its start (``start_fen``), or None."""
    row = db.execute(f"SELECT {COLUMNS}, g.moves FROM games g {JOINS} WHERE g.id = ?",
                     (gid,)).fetchone()
    if row is None:
        return None
    out = as_dict(row)
    rules = get_variant(row["variant"])
    start = parse_fen(row["start_fen"], rules) if row["start_fen"] else start_position(rules)
    board = Board(rules, position=start)
    texts = []
    for index in bytes(row["moves"]):
        move = list(board.legal_moves)[index]
        texts.append(board.notation(move))
        board.push(move)
    out["start_fen"] = row["start_fen"]
    out["moves"] = " ".join(texts)
    return out


def game_pdn(game: dict[str, Any]) -> str:
    """A game of :func:`stored_game` as PDN (through the PDN writer: its escaping, its layout)."""
    tags = {"Event": game["event"], "Site": game["site"], "Date": game["date"],
            "Round": game["round"], "White": game["white"], "Black": game["black"],
            "Result": game["result"]}
    if game.get("white_elo"):
        tags["WhiteElo"] = str(game["white_elo"])
    if game.get("black_elo"):
        tags["BlackElo"] = str(game["black_elo"])
    moves = game["moves"].split() if game["moves"] else []
    return write_mainline({k: v for k, v in tags.items() if v}, moves,
                          get_variant(game["variant"]), fen=game.get("start_fen")) + "\n"
