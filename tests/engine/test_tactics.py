"""Tactical positions ("shots") that the engine must solve at a fixed depth.

How the set was built and verified: ``bench/find_tactics.py`` placed a few men a side at
random (or played semi-random games, for the fourth International position) and kept the
quiet positions where exactly one move is a sacrifice (the opponent must capture after it)
that wins at least two men or crowns a man by force, within 3 quiet plies plus all forced
captures — and stays the only winning move at 4 and 5 quiet plies — according to the
material-only minimax of ``tests/engine/verify.py``, a separate program from the engine.
``test_verifier_confirms_the_shot`` re-checks that here at 3 plies. Every key move is a
sacrifice, so a search that only counts material at its horizon would miss it; the
breakthrough positions are wins by reaching the crown row first (a king ends the game).

Each position is ``(variant, FEN, key move in long notation)``; the engine must pick the
key move at depth 4 (the shot's three quiet plies plus one).
"""

from __future__ import annotations

import pytest

from damier import Board
from damier.engine import Engine, Limit

from .verify import material, winning_moves

SHOTS: list[tuple[str, str, str]] = [
    ("international", "W:W24,28,34,35,40,50:B5,13,15,18,19,20", "35-30"),
    ("international", "W:W27,31,35,38,40,42,48:B3,8,10,15,16,17,19", "27-22"),
    ("international", "W:W23,30,36,38,43,47:B1,6,10,12,18,20", "30-25"),
    ("international", "B:W27,31,32,34,37,38,39,41,42,44,45,46,47,48,49,50"
     ":B1,2,3,4,5,6,7,10,11,12,15,16,17,18,21,23", "23-28"),
    ("english", "B:W15,19,21,24,25,27:B4,6,9,10,12,14", "12-16"),
    ("english", "B:W13,18,22,24,25,27,30:B2,5,9,10,11,12,20", "10-14"),
    ("russian", "W:Wc1,e1,c3,d4,h4,a5,g5:Bc5,b6,h6,a7,c7,e7,g7", "g5-f6"),
    ("russian", "W:Wa3,h4,c5,e5,g5:Bb6,a7,c7,e7,h8", "e5-f6"),
    ("brazilian", "W:Wa1,c1,b2,e3,g3,e5,g5:Bb4,f4,h4,a5,d6,c7,b8", "e5-f6"),
    ("brazilian", "W:Wb2,d2,f2,c3,f4,c5:Be5,d6,f6,c7,e7,b8", "f2-g3"),
    ("czech", "W:Wa1,c1,g1,h2,e5,g5:Bd6,f6,c7,e7,g7,d8", "g5-h6"),
    ("czech", "W:Wg1,f2,c3,e3,g3,d4,h4:Be5,b6,d6,f6,a7,e7,b8", "h4-g5"),
    ("italian", "W:W13,14,25,29,31,32:B3,5,6,7,10,11", "13-9"),
    ("pool", "B:W13,15,28:B1,5,6", "6-9"),
    ("pool", "B:W18,20,21,26,27,28,29:B2,3,4,8,9,11,13", "11-16"),
    ("spanish", "W:W1,2,4,8,19,20:B22,23,26,27,28,30", "20-24"),
    ("spanish", "W:W1,4,15,19:B20,24,26,27", "19-23"),
    ("canadian", "W:W31,33,43,54,56,60,67:B3,13,20,22,23,25,29", "33-26"),
    ("canadian", "W:W37,41,48,51,64,71:B5,10,13,25,30,36", "37-31"),
    ("frisian", "W:W32,33,38,39,44,47,48:B2,10,11,12,19,20,26", "32-27"),
    ("frisian", "W:W22,32,42,43,44,46:B3,4,5,7,13,16", "22-18"),
    ("turkish", "W:We1,g1,d2,h2,h3,c4,h4:Bf4,g5,d6,e6,f6,a8,h8", "h4-g4"),
    ("turkish", "W:Wa1,d1,e1,h1,d2,c5,d5:Bb4,c6,e6,g6,c7,g7,h7", "d5-d6"),
    ("breakthrough", "W:W23,29,39,42,44,45:B12,13,21,22,25,27", "23-19"),
    ("breakthrough", "W:W21,22,33,41:B4,7,14,26", "33-28"),
]

DEPTH = 4


@pytest.mark.parametrize(("variant", "fen", "key"), SHOTS)
def test_engine_finds_the_shot(variant: str, fen: str, key: str) -> None:
    board = Board(variant, fen)
    infos = Engine(variant).analyse(board, Limit(depth=DEPTH))
    assert infos and infos[0].depth == DEPTH
    best = infos[0]
    assert best.pv[0].long() == key, f"{variant} {fen}: {best}"
    assert best.score > 25  # the engine sees that it gains something


@pytest.mark.parametrize(("variant", "fen", "key"), SHOTS)
def test_verifier_confirms_the_shot(variant: str, fen: str, key: str) -> None:
    board = Board(variant, fen)
    brk = board.rules.goal == "breakthrough"
    wins, other = winning_moves(board.gen, board.position, 3, 2, brk)
    legal = list(board.legal_moves)
    assert [legal[i].long() for i in wins] == [key]
    assert other <= material(board.position, brk)
    # a sacrifice: after the key move the opponent must capture
    assert board.gen.has_capture(board.gen.apply(board.position, legal[wins[0]].fast))


def test_every_shot_variant_is_registered() -> None:
    from damier import variant_names

    names = set(variant_names())
    assert {v for v, _f, _k in SHOTS} <= names
