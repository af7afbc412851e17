"""Reading PDN: a forgiving, streaming reader that replays and checks every move.

Reading happens in two steps. :func:`split_games` cuts the token stream of a file into the
token lists of single games (a result or ``*`` ends a game; so does a tag after movetext,
with a warning, and the end of the file); it reads the file in bounded chunks, so a file of
any size is read in constant memory. :func:`build_game` turns one token list into a
:class:`~damier.formats.pdn.model.Game`: tags, variant (GameType tag or the caller's),
start position, and the move tree, replaying every move on a board. Nothing stops the
reader: a problem becomes a :class:`~damier.formats.pdn.model.PdnIssue` of the game (line,
column, what was wrong); after an illegal move the rest of *that line of play* is skipped,
and the next game is read as usual. Only a line longer than
:data:`~damier.formats.pdn.lexer.MAX_LINE` (4 MiB: a binary file, or a huge file without
line ends) stops a file: :class:`~damier.formats.pdn.lexer.LineTooLong` says where, after
the games before it.

This module must not write PDN and must not print.

>>> games = parse_games('[GameType "20"]\\n1.32-28 19-23 2.28x19 (2.28-22 17x28) 14x23 *\\n'
...                     '1.32-28 18-22 2.31-26 99-1 *')
>>> [len(g.mainline_moves()) for g in games], games[1].errors[0].message[:20]
([4, 3], 'move 99-1: square 99')
>>> str(games[1].errors[0])[:25]
'line 3, column 23: error:'
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterable, Iterator
from typing import IO, TypeVar

from damier.core.colors import WHITE
from damier.core.rules import Rules
from damier.core.variants import get_variant
from damier.formats.gametype import base_rules
from damier.formats.pdn.builder import Builder
from damier.formats.pdn.lexer import (
    MAX_LINE,
    TOKEN,
    Chunk,
    LineTooLong,
    chunks,
    join,
    lines_of,
    rest_of,
)
from damier.formats.pdn.model import Game, PdnIssue
from damier.formats.pdn.visitor import HEADER_KINDS, GameVisitor, Token, visit_game

Source = str | os.PathLike[str] | IO[bytes] | IO[str] | Iterable[str]
"""A path, a binary or text file object, or an iterable of lines."""

T = TypeVar("T")

_SILENT = frozenset({"escape", "cr", "eof"})
_CARRY = frozenset({"ucomment", "lbr"})
_MAX_CARRY = 1 << 20
MAX_GAME = 1 << 20
"""Characters of one game's text at most (1 MiB; the longest of 18,000 real games, an engine's
annotated game, has 7,855): a longer game is not read (a ``game_too_long`` error), so that
the memory a game takes stays bounded (a 7.5 MB game took 250 MB)."""
MAX_GAME_TOKENS = 1 << 16
"""Tokens (moves, numbers, comments, signs …) of one game at most (65,536; real games have
at most a few hundred): a game of a million one-character tokens takes 70 MB in tokens."""


# -- step 1: split the token stream into games --------------------------------------------------

def _tokens(chunk_iter: Iterator[Chunk]) -> Iterator[Token]:
    """All tokens of the input; a comment or tag cut by a chunk boundary is joined first."""
    carry: Chunk | None = None
    pending = next(chunk_iter, None)
    while pending is not None:
        chunk = pending if carry is None else join(carry, pending)
        carry = None
        pending = next(chunk_iter, None)
        text = chunk.text
        for m in TOKEN.finditer(text):
            kind = m.lastgroup
            assert kind is not None
            start = m.start(kind)
            if kind in _CARRY and pending is not None and len(text) - start < _MAX_CARRY and (
                    m.end() == len(text) if kind == "ucomment" else "\n" not in text[start:-1]):
                carry = rest_of(chunk, start)
                break
            if kind == "eof":
                if pending is None:
                    yield kind, "", start, chunk
                break
            yield kind, m.group(kind), start, chunk


def _grown(game: list[Token], tok: Token, size: int) -> list[Token]:
    """``game`` with ``tok`` added; past :data:`MAX_GAME` characters (``size``, with the
    token) or :data:`MAX_GAME_TOKENS` tokens, a single ``oversize`` token where the game
    starts, which keeps no more."""
    if game and game[0][0] == "oversize":
        return game
    if size > MAX_GAME or len(game) >= MAX_GAME_TOKENS:
        first = game[0] if game else tok
        return [("oversize", str(MAX_GAME), first[2], first[3])]
    game.append(tok)
    return game


def split_games(chunk_iter: Iterator[Chunk]) -> Iterator[list[Token]]:
    """The token lists of the games of the input (see the module docstring); a game longer
    than :data:`MAX_GAME` characters or :data:`MAX_GAME_TOKENS` tokens is one ``oversize``
    token (memory stays bounded)."""
    game: list[Token] = []
    body = False  # movetext seen
    star_move = False  # the last token was a move with a glued '*'
    size = 0  # characters of the game's tokens
    for tok in _tokens(chunk_iter):
        kind = tok[0]
        size += len(tok[1]) + 1
        if star_move and kind != "move":
            # 'move*' not followed by a move: the '*' was the game terminator
            star_move = False
            last = game[-1]
            game[-1] = (last[0], last[1][:-1], last[2], last[3])
            game.append(("result", "*", last[2] + len(last[1]) - 1, last[3]))
            yield game
            game, body, size = [], False, len(tok[1]) + 1
        star_move = False
        if kind in HEADER_KINDS:
            if body:
                game.append(("split", "", tok[2], tok[3]))
                yield game
                game, body, size = [], False, len(tok[1]) + 1
            game = _grown(game, tok, size)
        elif kind == "result":
            if any(t[0] not in _SILENT for t in game):
                game.append(tok)
                yield game
            # else: a terminator with nothing before it ('1-0 *'): not a game
            game, body, size = [], False, 0
        elif kind == "eof":
            if any(t[0] not in _SILENT for t in game):
                yield game
            game, size = [], 0
        else:
            if kind not in ("comment", "escape", "cr", "lcomment"):
                body = True
            game = _grown(game, tok, size)
            if kind == "move" and tok[1].endswith("*") and game[-1] is tok:
                star_move = True
    if any(t[0] not in _SILENT for t in game):
        yield game


# -- step 2: build a game from its tokens -------------------------------------------------------

def _quality(game: Game) -> tuple[int, int]:
    """How well a reading went: more moves replayed first, then fewer errors."""
    return sum(1 for _ in game.walk()), -len(game.errors)


def build_game(tokens: list[Token], variant: str | Rules | None = None, *,
               force_variant: bool = False, replay: bool = True, strict: bool = False) -> Game:
    """A game from its tokens (see :func:`split_games`), replayed and checked.

    A full GameType description that the moves do not follow (``"20,W,10,10,N1,0"`` on
    games in standard numbering, as kurnik.org writes) is tried, then the standard
    numbering of that type; the better reading is kept, with a warning.
    """
    default = get_variant(variant) if variant is not None else None
    game = visit_game(tokens, Builder(default, force_variant, replay, strict))
    if not (replay and game.errors):
        return game
    rules = game.rules
    first = tokens[0]
    line, col, _ = first[3].locate(first[2])
    if "@" in rules.name:
        other = visit_game(tokens, Builder(base_rules(rules), True, replay, strict))
        if _quality(other) > _quality(game):
            other.warnings.insert(0, PdnIssue(
                line, col, f"GameType {game.tags.get('GameType')!r}: the moves follow the "
                f"standard numbering of {other.rules.title}; read with it", "warning",
                "numbering_reread", {"gametype": str(game.tags.get("GameType")),
                                     "variant": other.rules.name}))
            game = other
    if game.errors and rules.first_player != WHITE and any(
            t[0] == "move" and t[1][:1].isalpha() for t in tokens):
        other = visit_game(tokens, Builder(rules, True, replay, strict, rotate=True))
        if _quality(other) > _quality(game):
            other.warnings.insert(0, PdnIssue(
                line, col, "algebraic squares read from the first player's side (a1 at "
                "the bottom left of the side that starts, as GameType says)", "warning",
                "squares_rotated"))
            game = other
    return game


# -- public entry points ------------------------------------------------------------------------

def _open(source: Source) -> tuple[Iterable[bytes] | Iterable[str], IO[bytes] | None]:
    if isinstance(source, (str, os.PathLike)):
        f = open(source, "rb")  # noqa: SIM115 - closed by the caller
        return f, f
    return source, None


def _game_tokens(source: Source, chunk_size: int, max_line: int) -> Iterator[list[Token]]:
    """The token lists of the games of ``source`` (its file closed at the end)."""
    lines, handle = _open(source)
    stopped: list[LineTooLong] = []
    try:
        yield from split_games(chunks(lines_of(lines, max_line=max_line,  # type: ignore[arg-type]
                                               stopped=stopped), chunk_size))
        if stopped:
            raise stopped[0]
    finally:
        if handle is not None:
            handle.close()


def read_games(source: Source, variant: str | Rules | None = None, *,
               force_variant: bool = False, replay: bool = True, strict: bool = False,
               chunk_size: int = 1 << 16, max_line: int = MAX_LINE) -> Iterator[Game]:
    """Yield the games of a PDN file one by one (constant memory).

    ``source`` is a path, a binary or text file object, or an iterable of lines. ``variant``
    is used for games without a ``GameType`` tag (default International) and preferred for
    a GameType of its own number; ``force_variant`` applies it to every game. With
    ``replay=False`` the moves are not interpreted (fast scanning of headers). A short
    capture that fits several moves is resolved by the next move of its line when it can
    be, else (``strict=False``) read as the first candidate with a warning; with
    ``strict=True`` it is an error. A line of a file longer than ``max_line`` raises
    :class:`~damier.formats.pdn.lexer.LineTooLong` (memory stays bounded).
    """
    for tokens in _game_tokens(source, chunk_size, max_line):
        yield build_game(tokens, variant, force_variant=force_variant, replay=replay,
                         strict=strict)


def visit_games(source: Source, visitor: Callable[[], GameVisitor[T]], *,
                chunk_size: int = 1 << 16, max_line: int = MAX_LINE) -> Iterator[T]:
    """Walk the games of a PDN file one by one (constant memory), each with a new visitor
    from ``visitor()`` (a :class:`~damier.formats.pdn.visitor.GameVisitor` class or
    factory), and yield what each visitor's ``end_game`` returns. The visitor sees the
    tags, moves as written, comments, variations and problems of form, and keeps or skips
    what it wants; no move is replayed unless the visitor replays it. ``source`` and
    ``max_line`` are as for :func:`read_games`."""
    for tokens in _game_tokens(source, chunk_size, max_line):
        yield visit_game(tokens, visitor())


def read_game(source: Source, variant: str | Rules | None = None, **options: bool) -> Game | None:
    """The first game of ``source``, or ``None`` if there is none."""
    return next(iter(read_games(source, variant, **options)), None)


def parse_games(text: str, variant: str | Rules | None = None, *,
                force_variant: bool = False, strict: bool = False) -> list[Game]:
    """Every game of a PDN text (a string, not a file name)."""
    return list(read_games(io.StringIO(text), variant, force_variant=force_variant,
                           strict=strict))


def parse_game(text: str, variant: str | Rules | None = None) -> Game:
    """The single game of a PDN text; an empty game if the text holds none."""
    games = parse_games(text, variant)
    return games[0] if games else Game(variant or "international")
