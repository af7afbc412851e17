"""Opening sets for matches: read from a file or taken from the sets shipped with damier.

File format (one opening per line, UTF-8): blank lines and ``#`` comments are skipped; a line
is either a FEN (``W:W31-50:B1-20``: it starts with the side to move and a colon) or moves
from the variant's initial position separated by blanks (``32-28 19-23``, or Russian
``c3-d4 f6-e5 d4:f6`` with its colon captures), optionally followed by `` | name``. Every opening is replayed
when the file is read, so a bad line is reported with its line number.

Shipped sets (``damier/protocol/data``), named on the command line by their short name:

* ``2move`` — every first move of White with every reply of Black from the initial
  International position (9 x 9 = 81 openings). Like the FMJD two-move ballot it starts
  play from a variety of standard positions; none of them loses material.
* ``3move`` — a balanced selection of three-ply openings (White, Black, White), chosen as
  those that damier's engine scores within ±0.3 men at depth 4 (see ``docs/protocols.md``
  for how it was made); a substitute for the FMJD three-move ballot, whose official list
  we do not ship.

This module must not play games.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from damier.core.board import Board
from damier.core.errors import DamierError, excerpt
from damier.protocol.errors import MatchError

SHIPPED = {"2move": "openings-2move.txt", "3move": "openings-3move.txt"}


@dataclass(frozen=True)
class Opening:
    """A start for a pair of games: an optional FEN and moves played from it."""

    name: str
    fen: str | None = None
    moves: tuple[str, ...] = field(default_factory=tuple)

    def board(self, variant: str) -> Board:
        """The board after the opening (raises if the opening does not fit the variant)."""
        board = Board(variant, self.fen)
        for mv in self.moves:
            board.push(mv)
        return board


START = Opening("start")
"""The variant's initial position."""


def parse_openings(text: str, variant: str = "international", source: str = "openings") -> list[Opening]:
    """Read and check an opening list (see the module docstring)."""
    out: list[Opening] = []
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        body, _, name = line.partition("|")
        body, name = body.strip(), name.strip()
        if body[:2].upper() in ("W:", "B:"):  # a capture's colon (Russian d4:f6) is no FEN
            opening = Opening(name or body, body, ())
        else:
            moves = tuple(body.split())
            opening = Opening(name or " ".join(moves), None, moves)
        try:
            board = opening.board(variant)
        except DamierError as e:
            raise MatchError(f"{source}, line {lineno}: {e}") from None
        if board.outcome() is not None:
            raise MatchError(f"{source}, line {lineno}: the game is already over")
        out.append(opening)
    if not out:
        raise MatchError(f"{source}: no openings")
    return out


def load_openings(spec: str, variant: str = "international") -> list[Opening]:
    """The openings of a shipped set (``2move``, ``3move``), of a file, or ``start``."""
    if spec == "start":
        return [START]
    if spec in SHIPPED:
        text = resources.files("damier.protocol").joinpath("data", SHIPPED[spec]).read_text("utf-8")
        return parse_openings(text, variant, f"opening set {spec}")
    path = Path(spec)
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        known = ", ".join(SHIPPED)
        why = e.strerror if isinstance(e, OSError) else "not UTF-8 text"
        raise MatchError(f"cannot read openings {excerpt(spec)}: {why} "
                         f"(shipped sets: {known}, start)") from None
    return parse_openings(text, variant, str(path))


def two_move_openings(variant: str = "international") -> list[Opening]:
    """Every first move with every reply (how ``openings-2move.txt`` was made)."""
    board = Board(variant)
    out = []
    for first in sorted(board.legal_moves, key=str):
        board.push(first)
        for reply in sorted(board.legal_moves, key=str):
            out.append(Opening(f"{first} {reply}", None, (str(first), str(reply))))
        board.pop()
    return out


def balanced_three_move_openings(
    variant: str = "international", depth: int = 4, margin: int = 30
) -> list[Opening]:
    """How ``openings-3move.txt`` was made: every White-Black-White start whose position
    damier's engine scores within ``margin`` centi-men at ``depth`` (in the order of the
    moves' notation)."""
    from damier.engine import Engine, Limit

    engine = Engine(variant, level=10)
    out = []
    for two in two_move_openings(variant):
        board = two.board(variant)
        for third in sorted(board.legal_moves, key=str):
            board.push(third)
            infos = engine.analyse(board, Limit(depth=depth))
            board.pop()
            if infos and infos[0].win_in is None and abs(infos[0].score) <= margin:
                moves = (*two.moves, str(third))
                out.append(Opening(" ".join(moves), None, moves))
    return out
