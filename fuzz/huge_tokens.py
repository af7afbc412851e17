"""Fuzz harness of huge single tokens: one enormous tag, comment, move, FEN or word.

A reader that keeps state per character of a token, or copies it a few times, turns one big
token into a memory spike (issue 24: a 4 MiB PDN tag cost 747 MB). Each input is a text with
one token of 1 KB to 3 MB somewhere in it; the PDN reader, FEN reader and move reader must
answer (a game, an issue or a ``DamierError``) with a peak of memory within :data:`FACTOR`
times the text's size (plus :data:`BASE`).
"""

from __future__ import annotations

import contextlib
import tracemalloc

from hypothesis import strategies as st

from damier import Board
from damier.core.errors import DamierError
from damier.formats.pdn import LineTooLong, parse_games
from fuzz.common import Report, explore

FACTOR = 12
BASE = 64 << 20
"""(A file of empty lines costs some 150 bytes a line in the 64 KiB chunk being read.)"""

SHAPES = {
    "tag": '[Event "{}"]\n1. 32-28 *\n',
    "comment": "1. 32-28 {{{}}} 19-23 *\n",
    "unclosed comment": "1. 32-28 {{{}\n",
    "move": "1. 32-28 {} *\n",
    "fen tag": '[FEN "W:W{}:B1"]\n1. 32-28 *\n',
    "setup": '1. 32-28 /FEN "{}"/ *\n',
    "line comment": "1. 32-28 ;{}\n*\n",
}
FILLERS = ["x", "1", "1-", "\\", '\\"', " ", "{", "(", "12,", "\u00e9", "\n"]


def _huge(case: tuple[str, str, int]) -> str:
    shape, filler, size = case
    return SHAPES[shape].format(filler * max(1, size // len(filler)))


def check(case: tuple[str, str, int]) -> None:
    text = _huge(case)
    tracemalloc.start()
    try:
        with contextlib.suppress(LineTooLong):
            parse_games(text)
        for attempt in (lambda: Board(fen=text[:case[2]]), lambda: Board().push(text[:case[2]])):
            with contextlib.suppress(DamierError):
                attempt()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < FACTOR * len(text) + BASE, f"{peak:,} bytes for {len(text):,} characters"


def huge(examples: int) -> Report:
    strategy = st.tuples(st.sampled_from(sorted(SHAPES)), st.sampled_from(FILLERS),
                         st.integers(1_000, 3_000_000))
    return explore(Report("huge-tokens"), strategy, examples, check, (DamierError,))
