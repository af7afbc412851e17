"""PDN 3.0 games (docs/pdn.md): the game model, a forgiving streaming reader, a standard writer
and an index of game offsets for random access.

Entry points: :func:`read_games` (a file, game by game), :func:`visit_games` (the same walk
handed to a :class:`GameVisitor` that keeps only what it needs), :func:`parse_games` (a string),
:func:`write_game` / :func:`write_games`, :class:`PdnIndex`, :class:`Game`, :class:`Node`.
This package imports only :mod:`damier.core`; it must not import the engine or the apps.

>>> game = parse_game('[GameType "20"]\\n1.32-28 19-23 2.28x19 14x23 *')
>>> print(write_game(game, tags=False))
1.32-28 19-23 2.28x19 14x23 *
"""

from damier.formats.pdn.index import PdnIndex, index_games
from damier.formats.pdn.lexer import MAX_LINE, LineTooLong
from damier.formats.pdn.model import Game, Node, PdnIssue
from damier.formats.pdn.reader import (
    MAX_GAME,
    build_game,
    parse_game,
    parse_games,
    read_game,
    read_games,
    visit_games,
)
from damier.formats.pdn.visitor import SKIP, GameVisitor, ReadContext, TagsOnly
from damier.formats.pdn.writer import SEVEN_TAGS, write_game, write_games, write_mainline

__all__ = [
    "MAX_GAME",
    "MAX_LINE",
    "LineTooLong",
    "SEVEN_TAGS",
    "Game",
    "Node",
    "PdnIndex",
    "PdnIssue",
    "SKIP",
    "GameVisitor",
    "ReadContext",
    "TagsOnly",
    "build_game",
    "index_games",
    "parse_game",
    "parse_games",
    "read_game",
    "read_games",
    "visit_games",
    "write_game",
    "write_games",
    "write_mainline",
]
