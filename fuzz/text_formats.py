"""Fuzz harnesses of the text formats, in process: FEN, move text and PDN.

* ``fen``: any text given to ``Board(fen=...)`` builds a board or raises a ``DamierError``
  with a short message; a board read back from its own FEN is the same.
* ``moves``: any text pushed on a board of a random game is a legal move or a
  ``DamierError``; a refused push leaves the board exactly as it was.
* ``pdn``: the PDN reader never raises on any text and every issue message is short.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from damier import Board
from damier.core.errors import DamierError
from damier.core.variants import variant_names
from damier.formats.pdn import parse_games
from fuzz.common import MAX_MESSAGE, Report, explore, noisy_text

VARIANTS = [v for v in variant_names() if "@" not in v]
FEN_PARTS = ["W", "B", ":", ":W", ":B", ",", "-", "K", "31-50", "1-20", "a1", "c3", ".", '"',
             "H0", "F1", " ", "?"]
MOVE_PARTS = ["32-28", "28x19", "x", "-", ":", "h14,", "c3", "d4", "!", "?", "12.", "...",
              "*", " ", "(", "×"]
PDN_PARTS = ['[Event "x"]\n', '[GameType "', '[FEN "', '"]\n', "1.", "32-28", "19-23", "28x19",
             "{", "}", "(", ")", "$", ";", "\n", "*", "1-0", "2-0", "0-2", "1/2-1/2", "%",
             "/FEN \"", "/", "[", "]", "\\r", "\ufeff", "h14,", "?"]


def fen(examples: int) -> Report:
    def check(case: tuple[str, str]) -> None:
        variant, text = case
        board = Board(variant, text)
        again = Board(variant, board.fen())
        assert again.fen() == board.fen(), "FEN does not read back"

    strategy = st.tuples(st.sampled_from(VARIANTS), noisy_text("WBK0123456789:,-. ", FEN_PARTS))
    return explore(Report("fen"), strategy, examples, check, (DamierError,))


def _random_board(variant: str, seed: int) -> Board:
    rnd = random.Random(seed)
    board = Board(variant)
    for _ in range(rnd.randrange(40)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rnd.choice(moves))
    return board


def moves(examples: int) -> Report:
    def check(case: tuple[str, int, str]) -> None:
        variant, seed, text = case
        board = _random_board(variant, seed)
        before = (board.fen(), board.ply)
        try:
            board.push(text)
        except DamierError:
            assert (board.fen(), board.ply) == before, "a refused move changed the board"
            raise
        assert board.ply == before[1] + 1

    strategy = st.tuples(st.sampled_from(VARIANTS), st.integers(0, 10**6),
                         noisy_text("0123456789x-:hc ", MOVE_PARTS, 12))
    return explore(Report("moves"), strategy, examples, check, (DamierError,))


def pdn(examples: int) -> Report:
    def check(text: str) -> None:
        for game in parse_games(text):
            for issue in game.issues:
                assert len(issue.message) <= MAX_MESSAGE, "issue message too long"

    return explore(Report("pdn"), noisy_text("0123456789-x ", PDN_PARTS, 80), examples, check)
