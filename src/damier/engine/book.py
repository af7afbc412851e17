"""Opening books: moves worth playing in the first positions of a game, per variant.

A book maps positions (their FEN, side to move included) to candidate moves. Each candidate
carries what was learnt about it: how often it was played in real games and in self-play,
the points it scored there, and the score of a deeper search of the position after it (from
the mover's point of view, centi-men). The builder (:mod:`damier.engine.book_build`) makes
books from PDN game files and self-play; the package ships one per variant it has games for
(``engine/data/book/<variant>.json``, with the command and sources that made it).

The engine plays from the book (:meth:`OpeningBook.choose`) only moves whose searched score
is within :attr:`OpeningBook.margin` of the best candidate's and not below
:attr:`OpeningBook.lost` (a position it knows is lost, by search or by the endgame tables,
is never entered), picking among them in proportion to how often they were played (one
more for each, so that the engine's own finds get played too).

>>> from damier import Board
>>> book = OpeningBook("international")
>>> board = Board()
>>> _ = book.add(board, "32-28", games=10, points=6.0, score=5)
>>> _ = book.add(board, "33-28", games=3, points=1.0, score=-60)
>>> [m.short() for m in book.playable(board)]
['32-28']
>>> book.choose(board, random.Random(1)).short()
'32-28'

This module must not search; the builder does.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from damier.core.board import Board
from damier.core.errors import DamierError
from damier.core.move import Move
from damier.core.rules import Rules
from damier.core.userdata import env, user_path
from damier.core.variants import get_variant

DATA = Path(__file__).resolve().parent / "data" / "book"
"""The books shipped with the package."""

FORMAT = "damier-book 1"


class BookError(DamierError):
    """A book file that cannot be read."""


@dataclass
class BookMove:
    """What the book knows of one move of one position."""

    move: str
    """The move in the variant's notation."""
    games: int = 0
    """Times it was played in the games the book was built from."""
    points: float = 0.0
    """Points it scored there for the side that played it (1 a win, 0.5 a draw)."""
    score: int | None = None
    """A deeper search's score of the position after it, for the side that played it
    (centi-men; ``None``: not searched)."""


@dataclass
class OpeningBook:
    """The book of one variant: positions (by FEN) and their candidate moves."""

    variant: str
    positions: dict[str, list[BookMove]] = field(default_factory=dict)
    margin: int = 25
    """Centi-men below the best candidate's score a move may be and still be played."""
    lost: int = -60
    """A move whose searched score is below this is never played."""
    record: dict[str, object] = field(default_factory=dict)
    """How the book was made: command, sources, seeds, counts."""

    def __post_init__(self) -> None:
        self.rules: Rules = get_variant(self.variant)
        self.variant = self.rules.name

    # -- building and reading ----------------------------------------------------------

    def add(self, board: Board, move: str, games: int = 0, points: float = 0.0,
            score: int | None = None) -> BookMove:
        """Add to (or create) the candidate ``move`` of ``board``'s position."""
        notation = board.notation(board.parse_move(move))
        entry = self.positions.setdefault(board.fen(), [])
        for bm in entry:
            if bm.move == notation:
                bm.games += games
                bm.points += points
                if score is not None:
                    bm.score = score
                return bm
        bm = BookMove(notation, games, points, score)
        entry.append(bm)
        return bm

    def moves(self, board: Board) -> list[BookMove]:
        """The candidates of ``board``'s position (none when it is not in the book)."""
        return self.positions.get(board.fen(), []) if board.rules is self.rules else []

    def playable(self, board: Board) -> list[Move]:
        """The candidates the engine may play (see the module docstring), best first."""
        scored = [bm for bm in self.moves(board) if bm.score is not None]
        if not scored:
            return []
        best = max(bm.score for bm in scored if bm.score is not None)
        floor = max(best - self.margin, self.lost)
        keep = [bm for bm in scored if bm.score is not None and bm.score >= floor]
        keep.sort(key=lambda bm: (-(bm.score or 0), -bm.games))
        out = []
        for bm in keep:
            try:
                out.append(board.parse_move(bm.move))
            except DamierError:
                continue   # a book of another rule reading: skip the move
        return out

    def choose(self, board: Board, rng: random.Random) -> Move | None:
        """A book move for ``board``, or ``None`` when the book has none to play."""
        moves = self.playable(board)
        if not moves:
            return None
        by_move = {bm.move: bm for bm in self.moves(board)}
        weights = [by_move[board.notation(m)].games + 1 for m in moves]
        return rng.choices(moves, weights=weights)[0]

    def __len__(self) -> int:
        return len(self.positions)

    # -- files ---------------------------------------------------------------------------

    def to_json(self) -> str:
        """The book as JSON: a header object whose ``positions`` map each FEN (sorted, one a
        line, so that a rebuilt book's diff is readable) to its candidates as
        ``[move, games, points, score]``."""
        head = {"format": FORMAT, "variant": self.variant, "margin": self.margin, "lost": self.lost,
                "record": self.record}
        lines = [f"{json.dumps(fen)}: "
                 + json.dumps([[bm.move, bm.games, round(bm.points, 2), bm.score] for bm in moves])
                 for fen, moves in sorted(self.positions.items())]
        return json.dumps(head, ensure_ascii=False)[:-1] + ', "positions": {\n' + ",\n".join(lines) + "\n}}\n"

    def save(self, path: Path) -> None:
        """Write the book to ``path`` (whole: a temporary file renamed)."""
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(self.to_json(), encoding="utf-8")
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> OpeningBook:
        """Read a book file; :class:`BookError` says what is wrong with it."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as e:
            raise BookError(f"{path}: {e}") from None
        try:
            return cls.from_json(text)
        except BookError as e:
            raise BookError(f"{path}: {e}") from None

    @classmethod
    def from_json(cls, text: str) -> OpeningBook:
        """A book from its JSON (:meth:`to_json`); :class:`BookError` if it is not one."""
        try:
            data = json.loads(text)
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise BookError(f"not a {FORMAT} file")
            book = cls(data["variant"], margin=int(data.get("margin", 25)), lost=int(data.get("lost", -60)),
                       record=dict(data.get("record", {})))
            for fen, moves in data["positions"].items():
                book.positions[str(fen)] = [BookMove(str(move), int(games), float(points),
                                                     None if score is None else int(score))
                                            for move, games, points, score in moves]
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            raise BookError(f"a damaged book ({type(e).__name__}: {e})") from None
        return book

    @classmethod
    def shipped(cls, variant: str | Rules) -> OpeningBook | None:
        """The book the package ships for ``variant``, if any."""
        rules = get_variant(variant)
        path = DATA / f"{rules.name}.json"
        return _cached(path, path.stat().st_mtime_ns) if path.exists() else None

    @classmethod
    def default(cls, variant: str | Rules) -> OpeningBook | None:
        """The book the engine plays for ``variant``: none when ``DAMIER_BOOK`` is ``off``;
        else the first ``<variant>.json`` in the folders ``DAMIER_BOOK`` names (``:``
        between them), the user's (``$XDG_DATA_HOME/damier/book``, where ``damier book
        build`` writes) and the package's.

        >>> import os
        >>> os.environ["DAMIER_BOOK"] = "off"
        >>> OpeningBook.default("international") is None
        True
        >>> del os.environ["DAMIER_BOOK"]
        """
        rules = get_variant(variant)
        setting = env("DAMIER_BOOK")
        if setting.strip().lower() in ("off", "0", "no", "false"):
            return None
        for folder in [*(Path(f) for f in setting.split(":") if f), user_dir(), DATA]:
            path = folder / f"{rules.name}.json"
            if path.is_file():
                return _cached(path, path.stat().st_mtime_ns)
        return None


def user_dir() -> Path:
    """The user's folder of books (``damier book build`` writes there by default)."""
    return user_path("book")


@lru_cache(maxsize=16)
def _cached(path: Path, mtime_ns: int) -> OpeningBook:
    """A book file read once per version (engines are made for every game; the book is
    only read by them)."""
    return OpeningBook.load(path)


__all__ = ["DATA", "BookError", "BookMove", "OpeningBook", "user_dir"]
