"""Bad calls into the kernel raise Python exceptions, never crash (issue 13 item 6).

Every int is checked by the binding before it reaches C: types, sizes, pieces off the board
(ghost bits of the padded layout included), a square on both sides, kings without a piece, a
bad side to move, an ``aux`` the variant cannot hold, moves off the board. Lists longer than
the kernel's capacity are answered by the pure-Python generator.
"""

from __future__ import annotations

import pytest

from damier import Board
from damier.core import kernel
from damier.core.movegen import MoveGenerator, generator
from damier.core.position import Position, start_position
from damier.core.variants import get_variant


def native(name: str) -> object:
    obj = kernel.native_object(get_variant(name))
    assert obj is not None
    return obj


@pytest.mark.parametrize("name", ["international", "canadian", "turkish"])
def test_bad_positions_raise(name: str) -> None:
    rules = get_variant(name)
    k = native(name)
    g = rules.geometry
    w, b = rules.start_bitboards
    ghost = (1 << max(g.bit_position) + 1) - 1 & ~g.all_squares  # padding bits inside the board
    assert ghost
    empty = g.all_squares & ~(w | b)
    bad: list[tuple[tuple[object, ...], type[Exception]]] = [
        ((w, b, 0, 2), ValueError),                   # turn
        ((w, b, 0, -1), (ValueError, OverflowError)),  # type: ignore[list-item]
        ((w | b, b, 0, 0), ValueError),               # a square on both sides
        ((w, b, empty & -empty, 0), ValueError),     # a king without a piece
        ((w | (ghost & -ghost), b, 0, 0), ValueError),  # a ghost bit
        ((w, b, 0, 0, 1 << 200), ValueError),          # aux beyond 128 bits
        ((-w, b, 0, 0), (ValueError, OverflowError)),  # type: ignore[list-item]
        ((1 << 300, b, 0, 0), ValueError),
        ((w, b, 0), TypeError),
        ((w, b, 0, 0, 0, 0), TypeError),
        (("1", b, 0, 0), TypeError),
        ((1.5, b, 0, 0), TypeError),
        ((w, None, 0, 0), TypeError),
    ]
    for args, error in bad:
        for method in ("legal", "count", "has_capture", "legal_strict", "count_strict"):
            with pytest.raises(error):
                getattr(k, method)(*args)
    with pytest.raises(TypeError):
        k.perft(w, b, 0, 0)  # type: ignore[attr-defined]
    with pytest.raises(ValueError):
        k.perft(w, b, 0, 0, 0, -1)  # type: ignore[attr-defined]
    with pytest.raises(ValueError):
        k.perft(w, b, 0, 5, 0, 1)  # type: ignore[attr-defined]


def test_bad_aux_of_stateful_variants() -> None:
    trad = get_variant("czech-traditional")
    w, b = trad.start_bitboards
    g = trad.geometry
    ghost = ((1 << max(g.bit_position) + 1) - 1) & ~g.all_squares
    with pytest.raises(ValueError):
        native("czech-traditional").legal(w, b, 0, 1, ghost & -ghost)  # type: ignore[attr-defined]
    fr = get_variant("frisian")
    w, b = fr.start_bitboards
    for aux in (51, 60 << 16, 1 << 45):  # a king square past square 50; too large
        with pytest.raises(ValueError):
            native("frisian").legal(w, b, 0, 0, aux)  # type: ignore[attr-defined]


def test_bad_moves_raise() -> None:
    rules = get_variant("czech-traditional")
    k = native("czech-traditional")
    pos = start_position(rules)
    good = k.legal(*pos)[0]  # type: ignore[attr-defined]
    for move in [good[:5], (3, good[1], 0, 0, (), 0), (good[0], good[1] | good[0], 0, 0, (), 0),
                 (good[0], good[1], -1, 0, (), 0), "9-13", None]:
        with pytest.raises((TypeError, ValueError, OverflowError)):
            k.apply(*pos, move)  # type: ignore[attr-defined]


def test_bad_rules_parameters_raise() -> None:
    from damier import _kernel  # type: ignore[attr-defined]

    params = dict(size=10, full_board=0, man_steps_white=(0, 1), man_steps_black=(2, 3),
                  man_captures_white=(0, 1, 2, 3), man_captures_black=(2, 3, 0, 1),
                  king_steps=(0, 1, 2, 3), king_captures=(0, 1, 2, 3), flying_kings=1, capture_rule=0,
                  king_priority=0, king_must_continue=1, promotion_in_capture=0, remove_at_end=1,
                  no_reverse_capture=0, men_capture_kings=1, man_value=100, king_value=199,
                  king_move_limit=0, huffing=0)
    _kernel.Generator(**params)
    for key, value in [("size", 14), ("size", 7), ("full_board", 2), ("capture_rule", 9),
                       ("man_steps_white", (0, 0)), ("king_steps", (8,)), ("king_captures", tuple(range(9))),
                       ("promotion_in_capture", -1), ("man_value", -5), ("king_move_limit", 300)]:
        with pytest.raises((ValueError, TypeError)):
            _kernel.Generator(**{**params, key: value})
    with pytest.raises(ValueError):
        _kernel.Generator(**{**params, "size": 12, "full_board": 1})  # 156 bits


def test_move_objects_need_the_move_class() -> None:
    """legal_moves() builds Move objects by filling their slots: bind_moves refuses a class
    without those slots, and legal_moves() refuses to run before it was bound."""
    from damier import _kernel  # type: ignore[attr-defined]
    from damier.core.kernel import parameters
    from damier.core.move import Move

    rules = get_variant("international")
    fresh = _kernel.Generator(**parameters(rules))
    with pytest.raises(RuntimeError):
        fresh.legal_moves(start_position(rules))

    class NotAMove:
        __slots__ = ("rules", "fast")

    for cls in (NotAMove, int, "Move"):
        with pytest.raises(TypeError):
            fresh.bind_moves(cls, rules)
    fresh.bind_moves(Move, rules)
    assert [str(m) for m in fresh.legal_moves(start_position(rules))] == [
        str(m) for m in Board().legal_moves]


def test_a_list_past_the_kernel_capacity_comes_from_the_pure_generator() -> None:
    """Czech traditional rules: White kings, and every black piece may be huffed, so each one
    repeats White's physically possible moves (found by a hill climb on the pure generator):
    more moves than the kernel's lists hold."""
    from damier import _kernel  # type: ignore[attr-defined]

    rules = get_variant("czech-traditional")
    pos = Position(5368717313, 2843853024, 5368717313, 0, 2843853024)
    gen = generator(rules)
    moves = gen.legal(pos)
    assert len(moves) > _kernel.MAX_MOVES
    assert native("czech-traditional").legal(*pos) is None  # type: ignore[attr-defined]
    assert moves == MoveGenerator(rules).legal(pos)
    assert gen.count(pos) == len(moves)
    assert gen.perft(pos, 2) == MoveGenerator(rules).perft(pos, 2)
    board = Board(rules, position=pos)
    assert [m.fast for m in board.legal_moves] == moves and len(board.legal_moves) == len(moves)


def test_board_rejects_what_it_always_rejected() -> None:
    from damier.core.errors import DamierError

    with pytest.raises(DamierError):
        Board(fen="W:W51:B1")
