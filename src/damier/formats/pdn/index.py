"""An index of the games of a PDN file: where each game starts, for random access.

Building the index splits the file into games without replaying moves (tags are read, so
the index can also list headers cheaply); ``index[i]`` seeks to game ``i`` and reads only
that game. Entries are ``(line, byte offset of the line, column)``: games may start in the
middle of a line (``0-1[Event …`` or one game per line).

It must not write files.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "two.pdn")
>>> _ = open(path, "w").write('[Event "a"] 1.32-28 * [Event "b"]\\n1.33-29 *\\n')
>>> index = PdnIndex(path)
>>> len(index), index.entries[1], index[1].tags["Event"], index[1].mainline_moves()
(2, (1, 0, 22), 'b', [Move('33-29')])
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from damier.core.rules import Rules
from damier.formats.pdn.lexer import chunks, lines_of
from damier.formats.pdn.model import Game
from damier.formats.pdn.reader import build_game, split_games
from damier.formats.pdn.visitor import TagsOnly, visit_game


class PdnIndex:
    """Game offsets of one PDN file (see the module docstring)."""

    def __init__(self, path: str | os.PathLike[str], variant: str | Rules | None = None,
                 *, headers: bool = False) -> None:
        self.path = os.fspath(path)
        self.variant = variant
        self.entries: list[tuple[int, int, int]] = []
        self.headers: list[dict[str, str]] = []
        with open(self.path, "rb") as f:
            for tokens in split_games(chunks(lines_of(f))):
                first = tokens[0]
                line, col, offset = first[3].locate(first[2])
                self.entries.append((line, offset, col - 1))
                if headers:
                    self.headers.append(visit_game(tokens, TagsOnly()))

    def __len__(self) -> int:
        return len(self.entries)

    def __getitem__(self, i: int) -> Game:
        line, offset, column = self.entries[i]
        with open(self.path, "rb") as f:
            f.seek(offset)
            lines = lines_of(f, start_offset=offset, start_line=line)
            for tokens in split_games(chunks(lines, first_column=column)):
                return build_game(tokens, self.variant)
        raise IndexError(i)  # pragma: no cover - the file changed since indexing

    def __iter__(self) -> Iterator[Game]:
        for i in range(len(self)):
            yield self[i]


def index_games(path: str | os.PathLike[str], variant: str | Rules | None = None) -> PdnIndex:
    """Build the :class:`PdnIndex` of a file."""
    return PdnIndex(path, variant)
