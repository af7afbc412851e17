"""Perft with the kernel, deeper than tests/core/test_perft.py goes, against the published
counts (docs/perft.md, as bench/movegen.py lists them), and the kernel's perft of the stateful
variants against playing every move."""

from __future__ import annotations

import pytest

from damier import Board
from damier.core.movegen import MoveGenerator, generator
from damier.core.native_movegen import NativeMoveGenerator
from damier.core.position import start_position
from damier.core.variants import get_variant

PUBLISHED = {
    "international": [9, 81, 658, 4265, 27117, 167140, 1049442, 6483961],
    "english": [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680],
    "russian": [7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586],
    "brazilian": [7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766],
    "pool": [7, 49, 302, 1469, 7482, 37986, 190146, 929896, 4570534],
    "czech": [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671],
    "italian": [7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875],
    "spanish": [7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860866],
    "frisian": [9, 81, 658, 3874, 21265, 102431, 540126, 2825779],
    "canadian": [11, 121, 1222, 10053, 79049, 584100, 4369366],
}
WOLDOUBY = ("W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26",
            [6, 12, 30, 73, 215, 590, 1944, 6269])


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_published_counts(name: str) -> None:
    rules = get_variant(name)
    gen = generator(rules)
    assert isinstance(gen, NativeMoveGenerator)
    pos = start_position(rules)
    assert [gen.perft(pos, d) for d in range(1, len(PUBLISHED[name]) + 1)] == PUBLISHED[name]


def test_woldouby() -> None:
    board = Board(fen=WOLDOUBY[0])
    assert [board.gen.perft(board.position, d) for d in range(1, 9)] == WOLDOUBY[1]


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
