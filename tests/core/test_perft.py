"""Perft counts against the published numbers of PERFT.md (duplicates removed, §2.8).

Depths are chosen to run in a few seconds; ``make bench`` goes deeper.
"""

from __future__ import annotations

import pytest

from damier import Board
from damier.cli import main

INTERNATIONAL = [9, 81, 658, 4265, 27117, 167140]
RANDOM178 = ("B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24",
             [14, 55, 1168, 5432, 87195])
WOLDOUBY = ("W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26",
            [6, 12, 30, 73, 215, 590, 1944, 6269])

EIGHT_BY_EIGHT = {
    "english": [7, 49, 302, 1469, 7361, 36768, 179740],
    "russian": [7, 49, 302, 1469, 7482, 37986, 190146],
    "brazilian": [7, 49, 302, 1469, 7473, 37628, 187302],
    "pool": [7, 49, 302, 1469, 7482, 37986, 190146],
    "czech": [7, 49, 302, 1469, 7361, 36768, 179740],
    "italian": [7, 49, 302, 1469, 7361, 36473, 177532],
    "spanish": [7, 49, 302, 1469, 7361, 36473, 177532],
}
FRISIAN = [9, 81, 658, 3874, 21265, 102431]
CANADIAN = [11, 121, 1222, 10053, 79049]


def perft(variant: str, fen: str | None, depth: int) -> int:
    board = Board(variant, fen)
    return board.gen.perft(board.position, depth)


@pytest.mark.parametrize("depth", range(1, len(INTERNATIONAL) + 1))
def test_international_start(depth: int) -> None:
    assert perft("international", None, depth) == INTERNATIONAL[depth - 1]


@pytest.mark.parametrize(("fen", "counts"), [RANDOM178, WOLDOUBY], ids=["random178", "woldouby"])
def test_international_positions(fen: str, counts: list[int]) -> None:
    assert [perft("international", fen, d) for d in range(1, 6)] == counts[:5]


@pytest.mark.parametrize("variant", sorted(EIGHT_BY_EIGHT))
def test_eight_by_eight_variants(variant: str) -> None:
    counts = EIGHT_BY_EIGHT[variant]
    assert [perft(variant, None, d) for d in range(1, len(counts) + 1)] == counts


def test_frisian() -> None:
    assert [perft("frisian", None, d) for d in range(1, len(FRISIAN) + 1)] == FRISIAN


def test_canadian_from_30_men() -> None:
    board = Board("canadian")
    assert board.position.white.bit_count() == board.position.black.bit_count() == 30
    assert [perft("canadian", None, d) for d in range(1, len(CANADIAN) + 1)] == CANADIAN


@pytest.mark.parametrize("variant", ["antidraughts", "breakthrough"])
def test_international_move_rules_variants(variant: str) -> None:
    # PERFT.md: identical to International from the start
    assert [perft(variant, None, d) for d in range(1, 5)] == INTERNATIONAL[:4]


def test_perft_without_bulk_counting_agrees() -> None:
    """Bulk counting changes the speed, not the count: count leaves by playing them."""
    board = Board(fen=RANDOM178[0])
    gen, pos = board.gen, board.position

    def slow(p: object, depth: int) -> int:
        if depth == 0:
            return 1
        return sum(slow(gen.apply(p, m), depth - 1) for m in gen.legal(p))  # type: ignore[arg-type]

    assert slow(pos, 3) == RANDOM178[1][2]


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
