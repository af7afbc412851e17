"""Perft with the kernel, deeper than tests/core/test_perft.py goes, against the published
counts of tests/data/perft.json (sources in docs/perft.md), and the kernel's perft of the
stateful variants and the new variants against the pure generator's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from damier import Board
from damier.core.movegen import MoveGenerator
from damier.core.native_movegen import NativeMoveGenerator

DATA = Path(__file__).resolve().parents[1] / "data" / "perft.json"
LEAVES = 5_000_000  # as deep as the counts stay below this (a fraction of a second in C)


def published() -> list[dict[str, object]]:
    """The positions of tests/data/perft.json."""
    positions: list[dict[str, object]] = json.loads(DATA.read_text(encoding="utf-8"))["positions"]
    return positions


def deep_counts(entry: dict[str, object]) -> list[int]:
    """The published counts of a position up to LEAVES."""
    counts = entry["counts"]
    assert isinstance(counts, list)
    return [n for n in counts if n <= LEAVES]


@pytest.mark.parametrize("entry", published(), ids=lambda e: str(e["name"]))
def test_published_counts(entry: dict[str, object]) -> None:
    board = Board(str(entry["variant"]), entry["fen"])  # type: ignore[arg-type]
    assert isinstance(board.gen, NativeMoveGenerator)
    counts = deep_counts(entry)
    assert len(counts) >= 5
    assert [board.gen.perft(board.position, d) for d in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize(
    ("name", "fen", "depth"),
    [("czech-traditional", None, 5), ("czech-traditional", "B:W18,19,30,K32:B14,15,1,K4", 4),
     ("frisian", "W:WK46,K47,30,35:BK5,K4,20,16", 5), ("frysk", None, 6), ("turkish", None, 5),
     ("antidraughts", None, 6), ("breakthrough", None, 6), ("thai", None, 6), ("german", None, 6),
     ("portuguese", None, 6), ("ceylonese", None, 5), ("malaysian", None, 4), ("old-french", None, 5)],
)
def test_kernel_perft_equals_the_pure_perft(name: str, fen: str | None, depth: int) -> None:
    board = Board(name, fen)
    assert isinstance(board.gen, NativeMoveGenerator)
    assert board.gen.perft(board.position, depth) == MoveGenerator(board.rules).perft(board.position, depth)
