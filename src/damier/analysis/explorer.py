"""The opening explorer: for a position of a game database, the moves played from it with
how often and how they scored, the players' average rating, and games that went through it.

:class:`Explorer` is a :class:`~damier.analysis.gamedb.GameDatabase` (one SQLite file) that
answers :meth:`~Explorer.lookup`: every position of every stored game is in the position
index, keyed by :func:`~damier.analysis.gamekeys.position_key` (pieces by square and side to
move: transpositions meet). Without filters a position met in many games is answered from
the segments' summaries; with filters (years, mean rating) from its postings. A position met
twice in one game counts once; a result that names no winner (``*``) counts as a game but
in none of the three columns. ``bench/gamedb.py`` measures it on a million games.

This module must not know about HTTP.

>>> ex = Explorer(":memory:")
>>> report = ex.import_text('[Result "2-0"][WhiteElo "2400"]\\n1. 32-28 19-23 2. 28x19 14x23 2-0\\n'
...                         '[Result "1-1"]\\n1. 32-28 18-23 1-1\\n'
...                         '[Result "0-2"]\\n1. 33-28 18-23 0-2', "three games")
>>> report.games
3
>>> [(m["move"], m["games"], m["white"], m["draws"], m["black"], m["rating"])
...  for m in ex.lookup("international", None)["moves"]]
[('32-28', 2, 1, 1, 0, 2400), ('33-28', 1, 0, 0, 1, None)]
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from damier.analysis.gamedb import GameDatabase, ImportReport
from damier.analysis.gamekeys import position_key
from damier.analysis.gamerows import game_rows, stored_game
from damier.analysis.gamestore import NO_MOVE, Bounds, MoveStats, count_postings
from damier.core.board import Board
from damier.core.variants import get_variant

DEFAULT_GAMES = Path(__file__).parent / "data" / "games"
"""The default game files (copies of the project's real game files; see their SOURCES.md):
one folder per variant, ``other`` for files whose games name their variant."""

EXAMPLES = 8
"""Example games returned with a position (the newest, and the best-rated)."""


def default_files() -> list[tuple[Path, str | None]]:
    """The default game files with the variant of their untagged games."""
    return [(p, None if p.parent.name == "other" else p.parent.name)
            for p in sorted(DEFAULT_GAMES.glob("*/*.pdn"))]


@dataclass(frozen=True)
class Filters:
    """Which games an explorer answer counts: years (inclusive) and the mean rating of the
    two players (inclusive; a game without ratings is left out when one is set)."""

    since: int | None = None
    until: int | None = None
    min_rating: int | None = None
    max_rating: int | None = None

    def any(self) -> bool:
        return any(v is not None for v in (self.since, self.until, self.min_rating,
                                           self.max_rating))

    def bounds(self) -> Bounds:
        """The filters as :func:`~damier.analysis.gamestore.count_postings` takes them."""
        return tuple(-1 if v is None else max(0, min(v, 1 << 30))  # type: ignore[return-value]
                     for v in (self.since, self.until, self.min_rating, self.max_rating))


class Explorer(GameDatabase):
    """An opening explorer over one game database (see the module docstring)."""

    def import_file(self, path: str | Path, variant: str | None = None) -> ImportReport:
        """Import the games of a PDN file (once: a file already imported is skipped)."""
        return self.import_files([path], variant)[0]

    def missing_default(self) -> list[tuple[Path, str | None]]:
        """The default game files not imported yet."""
        return [(path, variant) for path, variant in default_files()
                if not self.has_source(hashlib.sha256(path.read_bytes()).hexdigest())]

    def import_default(self, progress: Callable[[int, int], None] | None = None
                       ) -> list[ImportReport]:
        """Import the default game files (each once); ``progress(files done, files)``."""
        files = default_files()
        return self.import_files(
            files, progress=None if progress is None else lambda g, done, n: progress(done, n))

    # -- asking --------------------------------------------------------------------------------

    def lookup(self, variant: str, fen: str | None, examples: int = EXAMPLES,
               filters: Filters | None = None) -> dict[str, Any]:
        """The moves played from a position (most played first), the games through it,
        the newest and the best-rated of them.

        Raises :class:`~damier.core.errors.DamierError` for an unknown variant or a bad FEN.
        """
        rules = get_variant(variant)
        board = Board(rules, fen)
        key = position_key(rules, board.position)
        filters = filters or Filters()
        stats: dict[int, MoveStats] = {}
        rated: list[tuple[int, int]] = []  # (mean rating, game id)
        newest: list[int] = []
        segments = self.segments()
        for seg in reversed(segments):  # the newest first: they give the newest games
            summary = None if filters.any() else seg.summary(key)
            if summary is not None:
                moves, top = summary
                for move, s in moves.items():
                    stats.setdefault(move, MoveStats()).merge(s)
                rated += [(seg.game_facts(seg.first_game + g)[2], seg.first_game + g)
                          for g in top]
                if len(newest) < examples:  # the last postings are the newest games'
                    newest += sorted({g for g, *_ in seg.postings_of(key, examples - len(newest))},
                                     reverse=True)
                continue
            vals, played = seg.posting_bytes(key)
            counted, best, recent = count_postings(vals, played, seg.facts, filters.bounds(),
                                                   examples, examples - len(newest))
            for move, *counts in counted:
                stats.setdefault(move, MoveStats()).merge(MoveStats(*counts))
            rated += [(mean, seg.first_game + g) for mean, g in best]
            newest += [seg.first_game + g for g in recent]
        rated.sort(key=lambda r: (-r[0], -r[1]))
        legal = list(board.legal_moves)
        out: list[dict[str, Any]] = []
        for index, s in stats.items():
            if index == NO_MOVE or index >= len(legal):
                continue
            out.append({"move": board.notation(legal[index]), "games": s.games,
                        "white": s.white, "draws": s.draws, "black": s.black,
                        "rating": s.rating_sum // s.rated if s.rated else None})
        out.sort(key=lambda m: (-int(m["games"]), str(m["move"])))
        with self.read_lock:
            games = game_rows(self.reader, newest)
            top_games = game_rows(self.reader, [g for _, g in rated[:examples]])
        total = sum(s.games for s in stats.values())
        return {"variant": rules.name, "fen": board.fen(), "games_total": total,
                "moves": out, "games": games, "top_games": top_games}

    def game(self, gid: int) -> dict[str, Any] | None:
        """One game of the database (its main line as text), or ``None``."""
        with self.read_lock:
            return stored_game(self.reader, gid)


__all__ = ["DEFAULT_GAMES", "EXAMPLES", "Explorer", "Filters", "ImportReport", "default_files",
           "position_key"]
