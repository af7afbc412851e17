"""Writing finished engine games (DXP and matches) as PDN.

One function, :func:`game_pdn`, turns a start position, the moves and the tags into PDN
text; it uses ``damier.formats.pdn``'s writer when that package offers one and otherwise
writes minimal mainline PDN itself (the seven-tag roster, ``GameType``, ``FEN`` when the
game did not start from the initial position, numbered movetext and the result), so that
switching writers touches only this function. :func:`append_pdn` appends to a file.

This module must not play moves it was not given or talk to peers.
"""

from __future__ import annotations

import datetime
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path

from damier.core.board import Board
from damier.core.variants import get_variant
from damier.formats.gametype import gametype_tag

ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")


def game_pdn(
    variant: str, start_fen: str | None, moves: Sequence[str], result: str,
    tags: Mapping[str, str] | None = None,
) -> str:
    """A PDN game: the tags, then the moves (any notation the board reads) and the result."""
    rules = get_variant(variant)
    board = Board(rules, start_fen)
    all_tags: dict[str, str] = {
        "Event": "?", "Site": "?",
        "Date": datetime.datetime.now(datetime.UTC).strftime("%Y.%m.%d"),
        "Round": "?", "White": "?", "Black": "?", "Result": result,
    }
    all_tags.update(tags or {})
    all_tags["Result"] = result
    all_tags["GameType"] = gametype_tag(rules)
    if start_fen is not None:
        all_tags["FEN"] = board.fen()
    tokens: list[str] = []
    number = 1
    for i, text in enumerate(moves):
        move = board.parse_move(text)
        written = board.notation(move, "pdn")
        if board.turn == rules.first_player:
            tokens.append(f"{number}.")
        elif i == 0:
            tokens.append(f"{number}...")
        if board.turn != rules.first_player:
            number += 1
        tokens.append(written)
        board.push(move)
    tokens.append(result)
    order = [t for t in ROSTER] + [t for t in all_tags if t not in ROSTER]
    head = "\n".join(f'[{name} "{_escape(all_tags[name])}"]' for name in order)
    body = textwrap.fill(" ".join(tokens), width=79, break_on_hyphens=False)
    return f"{head}\n\n{body}\n"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def append_pdn(path: str | Path, text: str) -> None:
    """Append a game to a PDN file (a blank line between games)."""
    p = Path(path)
    sep = "\n" if p.exists() and p.stat().st_size else ""
    with p.open("a", encoding="utf-8") as f:
        f.write(sep + text)
