"""Perft counts against the published numbers of tests/data/perft.json (sources in
docs/perft.md; duplicates removed, Decision 1).

Each position is checked to its ``check_depth``, chosen to run in a few seconds; ``make
bench`` goes deeper.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from damier import Board
from damier.cli import main

DATA = Path(__file__).resolve().parents[1] / "data" / "perft.json"
DOC = Path(__file__).resolve().parents[2] / "docs" / "perft.md"
PUBLISHED: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))["positions"]
RANDOM178 = next(p for p in PUBLISHED if p["name"] == "Random178")

# No published counts: these agree between the fast generator and the slow reference one
# (bench/variant_perft.py, table in docs/core.md), to the depth the reference reached in 60 s.
TWO_GENERATORS = {
    "thai": [7, 49, 392, 3136, 26592, 218695],
    "malaysian": [11, 121, 1431, 19247],
    "old-french": [7, 49, 379, 3483, 40717],
    "german": [7, 49, 302, 1469, 7482, 37986, 190146],
}


def perft(variant: str, fen: str | None, depth: int) -> int:
    board = Board(variant, fen)
    return board.gen.perft(board.position, depth)


@pytest.mark.parametrize("entry", PUBLISHED, ids=[p["name"] for p in PUBLISHED])
def test_published_counts(entry: dict[str, Any]) -> None:
    depth = entry["check_depth"]
    counts = [perft(entry["variant"], entry["fen"], d) for d in range(1, depth + 1)]
    assert counts == entry["counts"][:depth]


def test_every_variant_with_published_counts_is_checked() -> None:
    checked = {p["variant"] for p in PUBLISHED}
    assert checked >= {"international", "english", "russian", "brazilian", "pool", "czech",
                       "italian", "spanish", "frisian", "canadian", "antidraughts", "breakthrough",
                       "portuguese", "thai", "ceylonese"}


def test_the_perft_page_lists_every_count() -> None:
    """docs/perft.md shows the data of tests/data/perft.json (numbers with thousands commas)."""
    page = DOC.read_text(encoding="utf-8")
    numbers = set(re.findall(r"\d{1,3}(?:,\d{3})*", page))
    for entry in PUBLISHED:
        if entry["sources"] == ["International start"]:
            continue
        for count in entry["counts"] + entry.get("keep_dup", [])[:6]:
            assert f"{count:,}" in numbers, f"{entry['name']}: {count:,} not in docs/perft.md"


def test_canadian_starts_with_30_men() -> None:
    board = Board("canadian")
    assert board.position.white.bit_count() == board.position.black.bit_count() == 30


def test_perft_without_bulk_counting_agrees() -> None:
    """Bulk counting changes the speed, not the count: count leaves by playing them."""
    board = Board(fen=RANDOM178["fen"])
    gen, pos = board.gen, board.position

    def slow(p: object, depth: int) -> int:
        if depth == 0:
            return 1
        return sum(slow(gen.apply(p, m), depth - 1) for m in gen.legal(p))  # type: ignore[arg-type]

    assert slow(pos, 3) == RANDOM178["counts"][2]


def test_cli_perft_and_divide(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "--depth", "3"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == "658"
    assert main(["perft", "--depth", "2", "--divide", "--variant", "russian"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1] == "49"
    assert len(lines) == 8 and sum(int(line.split()[1]) for line in lines[:-1]) == 49


@pytest.mark.parametrize(
    ("variant", "fen", "depth"),
    [("czech-traditional", None, 4), ("czech-traditional", "B:W18,19,30,K32:B14,15,1,K4", 3),
     ("frisian", "W:WK46,K47,30,35:BK5,K4,20,16", 4), ("frysk", None, 4)],
)
def test_stateful_perft_equals_playing_every_move(variant: str, fen: str | None, depth: int) -> None:
    """Variants with state in Position.aux have their own perft; it must count exactly what
    playing every legal move with ``apply`` counts."""
    board = Board(variant, fen)
    gen = board.gen

    def slow(p: object, d: int) -> int:
        if d == 0:
            return 1
        return sum(slow(gen.apply(p, m), d - 1) for m in gen.legal(p))  # type: ignore[arg-type]

    assert gen.perft(board.position, depth) == slow(board.position, depth)


@pytest.mark.parametrize("plies", [2, 4, 5, 6])
def test_frisian_perft_near_the_king_move_limit(plies: int) -> None:
    """The Frisian perft counts a subtree with the stateless rules only while no king can
    reach the three-move limit in it; positions with one king 1-3 moves into its run."""
    board = Board("frisian", "W:WK46,50:B1,2")
    for move in ["46-41", "1-6", "41-37", "6-11", "37-32", "2-7"][:plies]:
        board.push(move)
    gen = board.gen

    def slow(p: object, d: int) -> int:
        if d == 0:
            return 1
        return sum(slow(gen.apply(p, m), d - 1) for m in gen.legal(p))  # type: ignore[arg-type]

    assert gen.perft(board.position, 5) == slow(board.position, 5)
