"""Visiting a PDN game: the reader walks one game's tokens and hands each part to a visitor,
which keeps what it needs and may skip what it does not (as python-chess's PGN visitors do).

:func:`visit_game` owns the walk and the *syntax* of a game: tags are split into name and
value (escapes resolved), comments, NAGs, setups and variations are recognised, and the
problems of form (a tag without its ``[``, a comment not closed, a stray ``)``, a move
number without a move …) are reported to :meth:`GameVisitor.issue` with their line and
column. What the moves *mean* is the visitor's business: the tree builder
(:class:`~damier.formats.pdn.builder.Builder`) replays every move on a board; a game
database keeps only the tags and the main line's move texts and replays them in bulk.

A visitor returns :data:`SKIP` from :meth:`~GameVisitor.end_tags` to skip the movetext
(headers only), or from :meth:`~GameVisitor.begin_variation` to skip a variation; the
reader still finds the game's end. :meth:`~GameVisitor.end_game` returns what
:func:`~damier.formats.pdn.reader.visit_games` yields for the game (``read_games`` is
``visit_games`` with the tree builder).

This module must not replay moves, and must not read files (it is handed tokens).

>>> from damier.formats.pdn.reader import visit_games
>>> class MainLine(GameVisitor[list[str]]):
...     def begin_game(self, context: ReadContext) -> None:
...         self.moves: list[str] = []
...     def move(self, text: str, strength: str) -> None:
...         self.moves.append(text)
...     def begin_variation(self) -> object:
...         return SKIP
...     def end_game(self, terminator: str) -> list[str]:
...         return self.moves + [terminator]
>>> import io
>>> list(visit_games(io.StringIO('1.32-28 (1.33-28 18-23) 19-23! {good} 2-0'), MainLine))
[['32-28', '19-23', '2-0']]
"""

from __future__ import annotations

import re
from typing import Generic, TypeVar

from damier.core.errors import EXCERPT_CHARS, excerpt
from damier.formats.pdn.lexer import IDENTIFIER, MOVE_PARTS, TAG_PARTS, Chunk, unescape
from damier.formats.pdn.model import PdnIssue

Token = tuple[str, str, int, Chunk]
"""``(kind, text, position in chunk, chunk)``."""

HEADER_KINDS = frozenset({"tag", "tagx", "lbr", "badtag"})
MAX_NAG = 9999
"""Largest numeric annotation glyph read (PGN stops at ``$255``, but real PDN files use
higher numbers such as ``$902``; a number of five digits or more is an error)."""
MAX_MESSAGE_CHARS = 400
"""Longest issue message: a quoted token is cut to an excerpt (:func:`excerpt`)."""

SKIP = object()
"""Returned by :meth:`GameVisitor.end_tags` or :meth:`GameVisitor.begin_variation`: do not
read what follows (the movetext, or the variation)."""

_SETUP = re.compile(r'/\s*FEN\s+"([^"]*)"\s*/$')
_IGNORED = frozenset({"escape", "eof"})
_NUMBERS = frozenset({"movenum", "ellipsis"})
_SIGNS = frozenset("!?)*")

T = TypeVar("T")


class ReadContext:
    """Where the reader is in one game: the game's tokens, the index of the token being
    visited, and tokens a visitor asks to skip (a repair that consumed them). Visitors that
    only collect never need it; the tree builder looks ahead with it."""

    __slots__ = ("tokens", "index", "skip")

    def __init__(self, tokens: list[Token]) -> None:
        self.tokens = tokens
        self.index = 0
        self.skip: set[int] = set()

    @property
    def token(self) -> Token:
        """The token being visited."""
        return self.tokens[self.index]

    def where(self, tok: Token | None = None) -> tuple[int, int]:
        """``(line, column)`` of ``tok`` (default: the token being visited)."""
        t = self.token if tok is None else tok
        line, col, _ = t[3].locate(t[2])
        return line, col

    def make_issue(self, code: str, message: str, severity: str = "error",
                   tok: Token | None = None, args: dict[str, str] | None = None) -> PdnIssue:
        """An issue at ``tok`` (default: the token being visited), its message bounded
        (``code`` and ``args``: see :class:`~damier.formats.pdn.model.PdnIssue`)."""
        if len(message) > MAX_MESSAGE_CHARS:  # a safety net: quotes are cut where made
            message = message[:MAX_MESSAGE_CHARS] + "..."
        line, col = self.where(tok)
        return PdnIssue(line, col, message, severity, code, args or {})


class GameVisitor(Generic[T]):
    """What the reader tells about one game, in the order of the text. Every method but
    :meth:`end_game` does nothing by default; override what you need. A visitor object
    reads one game (the reader makes one per game from the class or factory it is given).
    """

    def begin_game(self, context: ReadContext) -> None:
        """A game starts; ``context`` says where (see :class:`ReadContext`)."""

    def tag(self, name: str, value: str) -> None:
        """A tag, its value unescaped (a later tag of the same name comes again)."""

    def end_tags(self) -> object:
        """The movetext starts (or the game ends without one); :data:`SKIP` to skip it."""
        return None

    def move(self, text: str, strength: str) -> None:
        """A move as written (``32-28``, ``c3:e5``, ``28x17x8``), its strength sign apart."""

    def unknown_move(self) -> None:
        """A move written as ``- -`` (unknown): what follows on its line cannot be replayed."""

    def strength(self, sign: str) -> None:
        """A strength sign standing apart from its move (``32-28 !``)."""

    def comment(self, text: str) -> None:
        """A comment (braces or ``;`` removed); before :meth:`end_tags`: a game comment."""

    def nag(self, value: int) -> None:
        """A numeric annotation glyph ``$n``."""

    def setup(self, fen: str) -> None:
        """A setup command ``/FEN "…"/``: the position is replaced."""

    def begin_variation(self) -> object:
        """``(``: an alternative to the last move starts; :data:`SKIP` to skip it."""
        return None

    def end_variation(self) -> None:
        """``)``: the variation ends (never called for a skipped one)."""

    def issue(self, issue: PdnIssue) -> None:
        """A problem of form met by the reader (errors and warnings)."""

    def end_game(self, terminator: str) -> T:
        """The game ends with ``terminator`` (``*`` when the text has none); the value
        returned is what the reader yields."""
        raise NotImplementedError


def brief(text: str) -> str:
    """``text`` as it is when short, else a quoted excerpt (messages stay short)."""
    return text if len(text) <= EXCERPT_CHARS else excerpt(text)


def _skip_to_close(tokens: list[Token], index: int) -> int:
    """The index of the ``)`` closing the variation opened at ``index`` (or past the end)."""
    depth = 0
    for j in range(index, len(tokens)):
        kind = tokens[j][0]
        if kind == "lpar":
            depth += 1
        elif kind == "rpar":
            depth -= 1
            if depth == 0:
                return j
        elif kind in ("result", "split"):
            return j - 1
    return len(tokens)


class _Walk(Generic[T]):
    """The state of one walk over a game's tokens (see :func:`visit_game`)."""

    def __init__(self, tokens: list[Token], visitor: GameVisitor[T]) -> None:
        self.ctx = ReadContext(tokens)
        self.visitor = visitor
        self.tags: set[str] = set()
        self.body = False
        self.skip_body = False
        self.depth = 0
        self.cr_warned = False

    def report(self, code: str, message: str, severity: str = "error", **args: str) -> None:
        self.visitor.issue(self.ctx.make_issue(code, message, severity, None, args))

    def tag(self, tok: Token) -> None:
        kind, text = tok[0], tok[1]
        if kind == "tagx":
            self.report("not_a_tag", f"{brief(text)} is not a tag (a tag is [Name \"value\"])",
                        text=brief(text))
            return
        if kind == "lbr":
            self.report("bracket_without_tag", "'[' without a tag")
            return
        if kind == "badtag":
            text = "[" + text
            self.report("tag_no_bracket", f"tag without its opening '[': "
                        f"{brief(tok[1].strip())}", "warning", tag=brief(tok[1].strip()))
        m = TAG_PARTS.match(text)
        if m is None:  # pragma: no cover - the token expression guarantees the shape
            self.report("tag_unreadable", f"unreadable tag {excerpt(text)}", tag=excerpt(text))
            return
        name, value = m.group(1), unescape(m.group(2))
        if not IDENTIFIER.match(name):
            self.report("tag_bad_name", f"invalid tag name {excerpt(name)} (a tag name is a "
                        "capital letter followed by letters, digits and '_')", name=excerpt(name))
        if name in self.tags:
            self.report("tag_twice", f"tag {brief(name)} appears twice; the last value is "
                        "kept", "warning", name=brief(name))
        self.tags.add(name)
        self.visitor.tag(name, value)

    def comment(self, tok: Token) -> None:
        kind, text = tok[0], tok[1]
        if kind == "ucomment":
            self.report("comment_unclosed", "comment not closed with '}'")
            text += "}"
        if "{" in text[1:]:
            self.report("nested_comment", "'{' inside a comment (comments do not nest)")
        self.visitor.comment(text[1:-1] if text.startswith("{") else text[1:])

    def start_body(self) -> None:
        self.body = True
        self.skip_body = self.visitor.end_tags() is SKIP

    def movetext(self, tok: Token) -> None:
        kind, text = tok[0], tok[1]
        v = self.visitor
        if kind == "move":
            if text[-1] not in _SIGNS:  # the common case: no strength sign, no '*'
                v.move(text, "")
                return
            m = MOVE_PARTS.match(text)
            assert m is not None
            strength = m.group(2)
            if m.group(3):
                strength += "*"
                self.report("star_strength", f"'*' after move {brief(m.group(1))} read as a "
                            "strength sign (forced move)", "warning", move=brief(m.group(1)))
            v.move(m.group(1), strength)
        elif kind == "nag":
            digits = text[1:]
            if len(digits) > len(str(MAX_NAG)) or int(digits) > MAX_NAG:
                self.report("nag_range", f"NAG ${brief(digits)} out of range ($0 to "
                            f"${MAX_NAG})", nag=brief(digits), max=str(MAX_NAG))
            else:
                v.nag(int(digits))
        elif kind == "strength":
            v.strength(text)
            self.report("strength_space", f"space before the strength sign {brief(text)}",
                        "warning", sign=brief(text))
        elif kind == "lpar":
            if v.begin_variation() is SKIP:
                self.ctx.skip.update(range(self.ctx.index + 1,
                                           _skip_to_close(self.ctx.tokens, self.ctx.index) + 1))
            else:
                self.depth += 1
        elif kind == "rpar":
            if self.depth == 0:
                self.report("unmatched_paren", "')' without a matching '('")
            else:
                self.depth -= 1
                v.end_variation()
        elif kind == "setup":
            m = _SETUP.match(text)
            if m is None:
                self.report("setup_unknown", f"unknown setup command {excerpt(text)}",
                            text=excerpt(text))
            else:
                v.setup(m.group(1))
        elif kind == "unknown":
            self.report("unknown_move", f"unknown move {excerpt(text)} cannot be replayed",
                        move=excerpt(text))
            v.unknown_move()
        else:
            self.report("unexpected", f"unexpected {excerpt(text)}", text=excerpt(text))

    def run(self) -> T:
        ctx, v = self.ctx, self.visitor
        tokens = ctx.tokens
        v.begin_game(ctx)
        terminator = "*"
        for index, tok in enumerate(tokens):
            if index in ctx.skip:
                continue
            ctx.index = index
            kind = tok[0]
            if kind == "oversize":  # split_games kept none of a game too long to read
                self.report("game_too_long", f"game longer than {int(tok[1]):,} characters "
                            "or 65,536 tokens: not read", limit=tok[1])
            elif kind in HEADER_KINDS:
                self.tag(tok)
            elif kind in ("comment", "lcomment", "ucomment"):
                if not self.skip_body:
                    self.comment(tok)
            elif kind == "cr":
                if not self.cr_warned:
                    self.cr_warned = True
                    self.report("literal_cr", "literal '\\r' in the text (broken line-end "
                                "conversion)", "warning")
            elif kind == "result":
                terminator = tok[1]
                break
            elif kind == "split":
                self.report("no_terminator", "no game terminator before the next game's tags",
                            "warning")
                break
            elif kind in _IGNORED:
                continue
            else:
                if not self.body:
                    self.start_body()
                if not self.skip_body and kind not in _NUMBERS:
                    self.movetext(tok)
        if not self.body:
            ctx.index = 0
            self.start_body()
        ctx.index = len(tokens) - 1
        if self.depth:
            self.report("variation_unclosed", f"{self.depth} variation(s) not closed with ')'",
                        count=str(self.depth))
        if not self.skip_body:
            _check_move_numbers(tokens, ctx, v)
        return v.end_game(terminator)


class TagsOnly(GameVisitor[dict[str, str]]):
    """The tags of a game, its movetext skipped (an index of headers, a quick listing).

    >>> from damier.formats.pdn.reader import visit_games
    >>> list(visit_games(['[White "A"]', '1.32-28 (1.33-28) 19-23 *'], TagsOnly))
    [{'White': 'A'}]
    """

    def begin_game(self, context: ReadContext) -> None:
        self.tags: dict[str, str] = {}

    def tag(self, name: str, value: str) -> None:
        self.tags[name] = value

    def end_tags(self) -> object:
        return SKIP

    def end_game(self, terminator: str) -> dict[str, str]:
        return self.tags


def _check_move_numbers(tokens: list[Token], ctx: ReadContext, visitor: GameVisitor[T]) -> None:
    """Warn about a move number followed by no move (``1. 0-2``, a bare ``6.`` at the end)."""
    for i, tok in enumerate(tokens):
        if tok[0] == "movenum":
            j = i + 1
            while j < len(tokens) and tokens[j][0] in ("comment", "escape", "cr", "nag"):
                j += 1
            if j == len(tokens) or tokens[j][0] not in ("move", "ellipsis", "unknown"):
                visitor.issue(ctx.make_issue(
                    "number_without_move", f"move number {brief(tok[1])} without a move",
                    "warning", tok, {"number": brief(tok[1])}))


def visit_game(tokens: list[Token], visitor: GameVisitor[T]) -> T:
    """Walk one game's tokens (see :func:`~damier.formats.pdn.reader.split_games`), telling
    ``visitor`` each part; returns what its :meth:`~GameVisitor.end_game` returns."""
    return _Walk[T](tokens, visitor).run()
