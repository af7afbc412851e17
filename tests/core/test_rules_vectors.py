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
  ``W``, ``B`` or ``null``), ``outcome``, ``huffs`` and ``huffable`` checked on the new board.

Keys written with algebraic square names, which read the same whatever a variant's
numbering (on a turned board they are the physical names):

* ``first_player`` — who moves first, for the variants that let the players choose;
  ``board_refused`` — building the board (``fen``, ``first_player``) fails with this fragment;
* ``paths`` — the exact set of legal moves as paths (``c3xe5xg7`` for captures, ``a1-b2``
  otherwise); ``paths_include`` — paths that must be legal; ``count`` — how many legal moves;
* ``choice_captures`` — the exact set of captures the choice rules allow (in a huffing
  variant every physically possible move is legal; these are the ones that escape the huff);
* ``huffable`` — the squares of the pieces that may be huffed; ``captured_at`` — move ->
  captured squares in jump order; ``promotes`` — moves that crown;
* ``size``, ``men`` (``white``/``black`` -> count), ``numbers`` (square number -> name),
  ``not_playing`` (names of squares that are not playing squares);
* ``gametype`` — the PDN GameType the rules write; it and its number read back as them.
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
from damier.core.move import Move
from damier.core.pure_movegen import make_move
from damier.formats.gametype import gametype_tag, rules_for_gametype

VECTORS = Path(__file__).resolve().parents[1] / "data" / "vectors"
BOOKS = ["brazilian", "canadian", "ceylonese", "czech", "czech-traditional", "english",
         "frisian", "german", "international", "international-goals", "italian", "malaysian",
         "old-french", "pool", "portuguese", "russian", "spanish", "thai", "turkish"]
"""The vector files that must exist (a missing file fails, it is not skipped)."""

KEYS = {"id", "cites", "source", "note", "variant", "fen", "play", "turn", "fen_is", "legal",
        "legal_long", "includes", "no_captures", "max_captured", "long", "captured", "same",
        "refused", "huffs", "outcome", "push", "after",
        "first_player", "board_refused", "paths", "paths_include", "count", "choice_captures",
        "huffable", "captured_at", "promotes", "size", "men", "numbers", "not_playing",
        "gametype"}
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


def _path(move: Move) -> str:
    """``c3xe5xg7`` for a capture (start and landing squares), ``a1-b2`` otherwise."""
    names = move.rules.names
    if not move.is_capture:
        return f"{names.algebraic(move.start)}-{names.algebraic(move.end)}"
    return "x".join([names.algebraic(move.start), *map(names.algebraic, move.path_indices)])


def _huffable(board: Board) -> set[str]:
    names = board.rules.names
    return {names.algebraic(m.huff_index) for m in board.legal_moves if m.huff_index is not None}


def _check_algebraic(board: Board, v: dict[str, Any]) -> None:
    """The keys written with algebraic square names."""
    names = board.rules.names
    paths = {_path(m) for m in board.legal_moves}
    if "paths" in v:
        assert paths == set(v["paths"])
    assert set(v.get("paths_include", [])) <= paths
    if "count" in v:
        assert len(board.legal_moves) == v["count"]
    if "choice_captures" in v:
        allowed = board.gen.captures(board.position)
        assert {_path(make_move(board.rules, board.gen, fm)) for fm in allowed} == set(
            v["choice_captures"])
    if "huffable" in v:
        assert _huffable(board) == set(v["huffable"])
    for text, squares in v.get("captured_at", {}).items():
        assert [names.algebraic(i) for i in board.parse_move(text).captured_indices] == squares
    for text in v.get("promotes", []):
        assert board.parse_move(text).promotes, text
    if "size" in v:
        assert board.rules.size == v["size"]
    for color, count in v.get("men", {}).items():
        assert getattr(board.position, color).bit_count() == count, color
    for number, name in v.get("numbers", {}).items():
        assert names.algebraic(names.index_of_number(int(number))) == name, number
    for name in v.get("not_playing", []):
        with pytest.raises(ValueError, match="not a playing square"):
            names.index_of_algebraic(name)
    if "gametype" in v:
        assert board.rules.gametype == v["gametype"]
        number = v["gametype"].split(",")[0]
        assert gametype_tag(board.rules) == number
        assert rules_for_gametype(number) is board.rules
        assert rules_for_gametype(v["gametype"]) is board.rules


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
    _check_algebraic(board, v)


def _board(vector: dict[str, Any]) -> Board:
    first = vector.get("first_player")
    return Board(vector["variant"], vector.get("fen"),
                 first_player=None if first is None else COLORS[first])


@pytest.mark.parametrize("vector", [v for _, v in ALL], ids=[name for name, _ in ALL])
def test_vector(vector: dict[str, Any]) -> None:
    if "board_refused" in vector:
        with pytest.raises(DamierError, match=re.escape(vector["board_refused"])):
            _board(vector)
        return
    board = _board(vector)
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
        if "huffable" in after:
            assert _huffable(board) == set(after["huffable"])
        if "outcome" in after:
            _check_outcome(board, after["outcome"])
