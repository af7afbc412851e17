"""The rule book's test vectors (``tests/data/vectors/*.json``), each citing its articles.

A file holds the vectors of one book: ``variant`` (the default variant of its vectors) and
``vectors``, a list of objects with these keys (all optional but ``id`` and ``cites``):

* ``id`` — what the vector shows, in words; ``cites`` — article keys of ``docs/rules/``;
  ``source``, ``note`` — where the position comes from, why the answer is what it is;
* ``variant``, ``fen`` (default: the variant's start position), ``play`` — moves played first;
* ``turn`` (``"white"``/``"black"``), ``fen_is`` — the board must be exactly this;
* ``legal`` — the exact set of legal moves in the variant's notation (long form only where
  two moves share start and end); ``legal_long`` — the exact set in long form;
  ``includes`` — moves that must be legal; ``no_captures`` — no legal move captures;
  ``max_captured`` — no legal move captures more pieces;
* ``long`` — move -> its long form; ``captured`` — move -> captured squares in jump order;
  ``same`` — pairs of texts that must read as the same move;
  ``refused`` — move -> a fragment of the error that refuses it;
* ``huffs`` — the squares the player to move may huff (``czech-traditional``);
* ``outcome`` — the end of the game (``winner``, ``reason``, ``result``), ``null`` if not over;
* ``push`` — a move to play last, then ``after`` with ``pieces`` (square -> ``w``, ``b``,
  ``W``, ``B`` or ``null``), ``outcome`` and ``huffs`` checked on the new board.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from damier import Board
from damier.core.colors import BLACK, WHITE
from damier.core.errors import DamierError

VECTORS = Path(__file__).resolve().parents[1] / "data" / "vectors"
BOOKS = ["brazilian", "czech", "czech-traditional", "english", "frisian", "international",
         "italian", "pool", "russian", "turkish"]
"""The vector files that must exist (a missing file fails, it is not skipped)."""

KEYS = {"id", "cites", "source", "note", "variant", "fen", "play", "turn", "fen_is", "legal",
        "legal_long", "includes", "no_captures", "max_captured", "long", "captured", "same",
        "refused", "huffs", "outcome", "push", "after"}
COLORS = {"white": WHITE, "black": BLACK}


def load_vectors() -> list[tuple[str, dict[str, Any]]]:
    """Every vector of every file, with the file's variant filled in."""
    out = []
    for path in sorted(VECTORS.glob("*.json")):
        book = json.loads(path.read_text(encoding="utf-8"))
        for vector in book["vectors"]:
            out.append((f"{path.stem}:{vector['id']}", {"variant": book["variant"], **vector}))
    return out


ALL = load_vectors()


def test_every_book_has_its_vectors() -> None:
    assert sorted(p.stem for p in VECTORS.glob("*.json")) == sorted(BOOKS)
    ids = [name for name, _ in ALL]
    assert len(ids) == len(set(ids)), "vector ids must be unique within a file"
    for name, vector in ALL:
        assert vector["cites"], f"{name} cites no article"
        assert set(vector) <= KEYS, f"{name}: unknown keys {set(vector) - KEYS}"


def _square(board: Board, key: str) -> int | str:
    return int(key) if key.isdigit() else key


def _check_outcome(board: Board, expected: dict[str, Any] | None) -> None:
    outcome = board.outcome()
    if expected is None:
        assert outcome is None, outcome
        return
    assert outcome is not None
    if "winner" in expected:
        assert outcome.winner == (None if expected["winner"] is None else COLORS[expected["winner"]])
    for field in ("reason", "result"):
        if field in expected:
            assert getattr(outcome, field) == expected[field]


def _huffs(board: Board) -> list[int]:
    return sorted({m.huff for m in board.legal_moves if m.huff is not None})


def _check_position(board: Board, v: dict[str, Any]) -> None:
    if "turn" in v:
        assert board.turn == COLORS[v["turn"]]
    if "fen_is" in v:
        assert board.fen() == v["fen_is"]
    moves = list(board.legal_moves)
    if "legal" in v:
        assert sorted(board.notation(m) for m in moves) == sorted(v["legal"])
    if "legal_long" in v:
        assert sorted(m.long() for m in moves) == sorted(v["legal_long"])
    for text in v.get("includes", []):
        assert board.parse_move(text) in moves
    if v.get("no_captures"):
        assert not any(m.is_capture for m in moves)
    if "max_captured" in v:
        assert max(len(m.captured) for m in moves) == v["max_captured"]
    for text, long in v.get("long", {}).items():
        assert board.parse_move(text).long() == long
    for text, squares in v.get("captured", {}).items():
        assert board.parse_move(text).captured == squares
    for a, b in v.get("same", []):
        assert board.parse_move(a) == board.parse_move(b)
    for text, message in v.get("refused", {}).items():
        with pytest.raises(DamierError, match=re.escape(message)):
            board.parse_move(text)
    if "huffs" in v:
        assert _huffs(board) == sorted(v["huffs"])
    if "outcome" in v:
        _check_outcome(board, v["outcome"])


@pytest.mark.parametrize("vector", [v for _, v in ALL], ids=[name for name, _ in ALL])
def test_vector(vector: dict[str, Any]) -> None:
    board = Board(vector["variant"], vector.get("fen"))
    for move in vector.get("play", []):
        board.push(move)
    _check_position(board, vector)
    if "push" in vector:
        board.push(vector["push"])
        after = vector.get("after", {})
        for square, piece in after.get("pieces", {}).items():
            assert board.piece_at(_square(board, square)) == piece, square
        if "huffs" in after:
            assert _huffs(board) == sorted(after["huffs"])
        if "outcome" in after:
            _check_outcome(board, after["outcome"])
