"""SVG pictures: parsed as XML, pieces and squares checked, every variant drawn."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from damier import Board, variant_names
from damier.core import diagram as svg

NS = {"svg": "http://www.w3.org/2000/svg"}


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def by_class(root: ET.Element, prefix: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("class", "").startswith(prefix)]


@pytest.mark.parametrize("variant", variant_names())
def test_every_variant(variant: str) -> None:
    board = Board(variant)
    root = parse(svg.board(board))
    squares = by_class(root, "square")
    assert len(squares) == board.rules.geometry.squares
    pieces = by_class(root, "piece")
    white = sum(1 for p in pieces if "white" in p.get("class", ""))
    assert white == board.position.white.bit_count()
    assert len(pieces) == (board.position.white | board.position.black).bit_count()


def test_kings_marks_arrows_last_move() -> None:
    board = Board(fen="W:WK50,33:B28,10")
    board.push("33x22")
    root = parse(svg.board(board, marks=[14, "19"], arrows=[(50, 45), board.move_stack[0]]))
    kings = [p for p in by_class(root, "piece") if "king" in p.get("class", "")]
    assert [k.get("data-square") for k in kings] == ["50"]
    assert len(by_class(root, "crown")) == 1
    assert len(by_class(root, "mark")) == 2
    assert len(by_class(root, "arrow")) == 2
    highlighted = {s.get("data-square") for s in by_class(root, "square")
                   if s.get("fill") == svg.COLORS["last"]}
    assert highlighted == {"33", "22"}


def test_flip_and_labels() -> None:
    plain = parse(svg.board(Board(), size=200))
    flipped = parse(svg.board(Board(), size=200, flip=True))

    def where(root: ET.Element, label: str) -> tuple[str | None, str | None]:
        (sq,) = [s for s in by_class(root, "square") if s.get("data-square") == label]
        return sq.get("x"), sq.get("y")

    assert where(plain, "1") == ("20.00", "0.00")
    assert where(flipped, "1") == ("160.00", "180.00")
    texts = [t.text for t in plain.iter("{http://www.w3.org/2000/svg}text")]
    assert "50" in texts and "a" not in texts
    czech = parse(svg.board(Board("czech")))
    letters = [t.text for t in czech.iter("{http://www.w3.org/2000/svg}text")]
    assert "a" in letters and "h" in letters and "8" in letters


def test_position_and_fen_inputs() -> None:
    a = svg.board("W:W31-50:B1-20")
    b = svg.board(Board().position)
    assert a == b
    c = svg.board("W:Wa1:Bh8", rules="czech")
    assert len(by_class(parse(c), "piece")) == 2


def test_a_board_draws_itself_in_a_notebook() -> None:
    """``Board._repr_svg_`` (what notebooks call) is the core's diagram, last move included."""
    from damier.core.diagram import board as diagram

    b = Board()
    b.push("32-28")
    assert b._repr_svg_() == diagram(b)
    assert 'class="square" data-square="28"' in b._repr_svg_() and "#cdd26a" in b._repr_svg_()
