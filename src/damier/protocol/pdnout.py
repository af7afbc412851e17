"""Writing finished engine games (DXP and matches) as PDN.

One function, :func:`game_pdn`, turns a start position, the moves and the tags into PDN
text through ``damier.formats.pdn`` (its :class:`~damier.formats.pdn.Game` and
:func:`~damier.formats.pdn.write_game`: seven-tag roster, ``GameType``, ``FEN`` when the game
did not start from the initial position, numbered movetext), so that the layout of PDN lives
in one place. :func:`append_pdn` appends a game to a file.

This module must not play moves it was not given or talk to peers.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from pathlib import Path

from damier.core.board import Board
from damier.core.variants import get_variant
from damier.formats.pdn import Game, write_game


def game_pdn(
    variant: str, start_fen: str | None, moves: Sequence[str], result: str,
    tags: Mapping[str, str] | None = None,
) -> str:
    """A PDN game: the tags, then the moves (any notation the board reads) and the result."""
    board = Board(get_variant(variant), start_fen)
    for text in moves:
        board.push(board.parse_move(text))
    all_tags = {"Date": datetime.datetime.now(datetime.UTC).strftime("%Y.%m.%d")}
    all_tags.update(tags or {})
    all_tags["Result"] = result
    return write_game(Game.from_board(board, all_tags)) + "\n"


def append_pdn(path: str | Path, text: str) -> None:
    """Append a game to a PDN file (a blank line between games)."""
    p = Path(path)
    sep = "\n" if p.exists() and p.stat().st_size else ""
    with p.open("a", encoding="utf-8") as f:
        f.write(sep + text)
