"""Writing PDN 3.0 in the strict form (docs/pdn.md, "The format").

The writer owns the text layout: the seven standard tags in roster order (unknown values
``?``, ``????.??.??``, ``*``), ``GameType`` for every game, ``FEN`` only for a start
position that is not the initial one (canonical form), then the other tags in their order;
movetext in short notation with the long form only for ambiguous captures (the core's
``pdn`` notation), the variant's square names and capture separator, ``N.`` before the
first player's moves and ``N...`` before the other player's move where it does not directly
follow, comments, NAGs, strength signs, setups and variations preserved, lines wrapped at
``line_length`` characters; every game ends with its game termination marker, the result
of its ``Result`` tag (``*`` when the tag holds no result: unknown or unfinished; PDN 3.0
wants the two to agree, docs/pdn.md "Files and games"). Czech-traditional huff moves are
single tokens ``h13,21-17``.

It must not read PDN text.

>>> from damier.formats.pdn.reader import parse_game
>>> print(write_game(parse_game('1.32-28 19-23 2.28:19 13x24 $1 { a note } 3.33-29 *')))
[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[GameType "20"]
<BLANKLINE>
1.32-28 19-23 2.28x19 13x24 $1 { a note } 3.33-29 *
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import IO, Protocol

from damier.core.board import Board
from damier.core.fen import parse_fen, write_fen
from damier.core.move import Move
from damier.core.position import Position, start_position
from damier.core.rules import Rules
from damier.formats.gametype import gametype_tag

SEVEN_TAGS = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
"""The Seven Tag Roster, in writing order."""

TAG_DEFAULTS = {"Date": "????.??.??", "Result": "*"}
"""The value a roster tag is written with when unknown (``?`` for the others)."""


class Node(Protocol):
    """What the writer reads of a node of a game tree
    (:class:`damier.formats.pdn.model.Node`; this module does not import the model, which
    writes itself through it)."""

    @property
    def parent(self) -> Node | None: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def position(self) -> Position: ...
    @property
    def move(self) -> Move | None: ...
    @property
    def setup(self) -> str | None: ...
    @property
    def variations(self) -> Sequence[Node]: ...
    @property
    def comments_before(self) -> Sequence[str]: ...
    @property
    def comments_after(self) -> Sequence[str]: ...
    @property
    def nags(self) -> Sequence[int]: ...
    @property
    def strength(self) -> str: ...


class Game(Protocol):
    """What the writer reads of a game (:class:`damier.formats.pdn.model.Game`)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def root(self) -> Node: ...
    @property
    def tags(self) -> Mapping[str, str]: ...
    @property
    def result(self) -> str: ...

_NOT_IDENT = re.compile(r"[^A-Za-z0-9_]")


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _tag_name(name: str) -> str:
    clean = _NOT_IDENT.sub("_", name.strip())
    if not clean or not clean[0].isalpha():
        clean = "X" + clean
    return clean[0].upper() + clean[1:]


RESULTS = frozenset(("1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*"))
"""The game termination markers of PDN 3.0 (those the reader ends a game at)."""


def terminator(game: Game) -> str:
    """The game termination marker that agrees with ``game``'s ``Result`` tag: the result
    itself, or ``*`` for a value that is not a PDN result.

    >>> from damier.formats.pdn.reader import parse_game
    >>> terminator(parse_game('[Result "2-0"] 1.32-28 *')), terminator(parse_game('1.32-28 0-2'))
    ('2-0', '0-2')
    >>> terminator(parse_game('[Result "?"] 1.32-28 *'))
    '*'
    """
    result = game.result
    return result if result in RESULTS else "*"


def header(game: Game) -> dict[str, str]:
    """The tags a written game carries, in writing order (see the module docstring)."""
    rules = game.rules
    root = game.root
    fen = None
    if root.setup is None:
        if root.position != start_position(rules):
            fen = write_fen(root.position, rules)
    elif game.tags.get("FEN"):
        with contextlib.suppress(ValueError):
            fen = write_fen(parse_fen(game.tags["FEN"], rules), rules)
    return _header(game.tags, game.result, rules, fen)


def _header(tags: Mapping[str, str], result: str, rules: Rules,
            fen: str | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for name in SEVEN_TAGS:
        value = tags.get(name, "").strip()
        out[name] = value or TAG_DEFAULTS.get(name, "?")
    out["Result"] = result
    out["GameType"] = gametype_tag(rules)
    if fen:
        out["FEN"] = fen
    for name, value in tags.items():
        if name in out or name in ("GameType", "FEN"):
            continue
        clean = _tag_name(name)
        if clean not in out:
            out[clean] = value
    return out


class _Numbering:
    __slots__ = ("number", "prev")

    def __init__(self, number: int = 1, prev: int | None = None) -> None:
        self.number = number
        self.prev = prev

    def copy(self) -> _Numbering:
        return _Numbering(self.number, self.prev)


class _Movetext:
    def __init__(self, game: Game, capture_sign: str | None = None) -> None:
        self.first = game.rules.first_player
        self.out: list[str] = []
        self.own_sign = game.rules.capture_separator
        self.capture_sign = capture_sign or self.own_sign

    def comments(self, texts: Sequence[str]) -> bool:
        for text in texts:
            # braces cannot be written inside a comment (comments do not nest)
            text = text.replace("{", "(").replace("}", ")").replace("\r\n", "\n")
            self.out.append("{" + text + "}")
        return bool(texts)

    def node(self, node: Node, num: _Numbering, force: bool) -> bool:
        """Write one node; returns whether the next move needs its number."""
        force = self.comments(node.comments_before) or force
        if node.move is None:
            self.out.append(f'/FEN "{node.setup}"/')
            return True
        assert node.parent is not None
        mover = node.parent.position.turn
        san = Board(node.rules, position=node.parent.position).notation(node.move)
        if node.move.is_capture and self.capture_sign != self.own_sign:
            san = san.replace(self.own_sign, self.capture_sign)
        san += node.strength
        if mover == self.first:
            if num.prev is not None:
                num.number += 1
            self.out.append(f"{num.number}.{san}")
        else:
            if num.prev == mover:
                num.number += 1
            if force or num.prev != self.first:
                self.out.append(f"{num.number}...{san}")
            else:
                self.out.append(san)
        num.prev = mover
        force = False
        for nag in node.nags:
            self.out.append(f"${nag}")
            force = True
        return self.comments(node.comments_after) or force

    def line(self, node: Node, num: _Numbering, force: bool) -> None:
        """Write the continuations of ``node``: main line, alternatives in parentheses."""
        while node.variations:
            main = node.variations[0]
            before = num.copy()
            force = self.node(main, num, force)
            for alt in node.variations[1:]:
                self.out.append("(")
                alt_num = before.copy()
                alt_force = self.node(alt, alt_num, True)
                self.line(alt, alt_num, alt_force)
                self.out.append(")")
                force = True
            node = main

    def game(self, game: Game) -> list[str]:
        root = game.root
        force = False
        if root.setup is not None:
            self.out.append(f'/FEN "{root.setup}"/')
            force = True
        force = self.comments(root.comments_after) or force
        for nag in root.nags:
            self.out.append(f"${nag}")
        self.line(root, _Numbering(), force or bool(root.nags))
        self.out.append(terminator(game))
        return self.out


def _wrap(tokens: list[str], width: int) -> str:
    """Join tokens with spaces, ``(`` glued to the next and ``)`` to the previous token,
    breaking lines before a token that would pass ``width`` (0: never)."""
    words: list[str] = []
    glue = False
    for tok in tokens:
        if tok == ")" and words or glue:
            words[-1] += tok
        else:
            words.append(tok)
        glue = tok == "("
    lines: list[str] = []
    current = ""
    for word in words:
        candidate = f"{current} {word}" if current else word
        if width and current and len(candidate.rsplit("\n", 1)[-1]) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return "\n".join(lines)


def write_game(game: Game, *, line_length: int = 80, tags: bool = True,
               capture_sign: str | None = None) -> str:
    """The PDN text of ``game`` (no trailing newline); ``line_length=0`` disables wrapping;
    ``capture_sign`` (``"x"`` or ``":"``) replaces the variant's own between the squares of a
    capture (Russian and Brazilian write ``:``; lidraughts and pydraughts write ``x``).

    >>> from damier.formats.pdn import parse_game
    >>> game = parse_game('[GameType "25"]\\n1. c3-d4 f6-e5 2. d4:f6 *')
    >>> write_game(game, tags=False), write_game(game, tags=False, capture_sign="x")
    ('1.c3-d4 f6-e5 2.d4:f6 *', '1.c3-d4 f6-e5 2.d4xf6 *')
    """
    if capture_sign not in (None, "x", ":"):
        raise ValueError(f"capture_sign is 'x' or ':', not {capture_sign!r}")
    body = _wrap(_Movetext(game, capture_sign).game(game), line_length)
    if not tags:
        return body
    head = "\n".join(f'[{name} "{_escape(value)}"]' for name, value in header(game).items())
    return f"{head}\n\n{body}"


def write_mainline(tags: Mapping[str, str], moves: Sequence[str], rules: Rules, *,
                   fen: str | None = None, line_length: int = 80) -> str:
    """The PDN text of a game given as its tags and the texts of its main-line moves (in the
    variant's notation, as :meth:`~damier.core.board.Board.notation` writes them), without
    building a game tree: the game databases' export and the benchmark corpora. ``fen`` is
    the start position when it is not the initial one (written in canonical form). The
    header and the layout are those of :func:`write_game`.

    >>> from damier.core.variants import get_variant
    >>> print(write_mainline({"White": 'Tom "T"', "Result": "2-0"}, ["32-28", "19-23"],
    ...                      get_variant("international")))
    [Event "?"]
    [Site "?"]
    [Date "????.??.??"]
    [Round "?"]
    [White "Tom \\"T\\""]
    [Black "?"]
    [Result "2-0"]
    [GameType "20"]
    <BLANKLINE>
    1.32-28 19-23 2-0
    """
    start = parse_fen(fen, rules) if fen else start_position(rules)
    canonical = write_fen(start, rules) if fen else None
    result = tags.get("Result", "").strip() or "*"
    head = _header(tags, result, rules, canonical if start != start_position(rules) else None)
    first = rules.first_player
    turn = start.turn
    number = 1
    out: list[str] = []
    for n, text in enumerate(moves):
        if turn == first:
            out.append(f"{number}.{text}")
        else:
            out.append(f"{number}...{text}" if n == 0 else text)
            number += 1
        turn = 1 - turn
    out.append(result if result in RESULTS else "*")
    lines = "\n".join(f'[{name} "{_escape(value)}"]' for name, value in head.items())
    return f"{lines}\n\n{_wrap(out, line_length)}"


def write_games(games: Iterable[Game], out: IO[str] | None = None, *,
                line_length: int = 80, capture_sign: str | None = None) -> str | None:
    """Write games separated by blank lines: to ``out`` if given, else return the text."""
    if out is None:
        return "".join(write_game(g, line_length=line_length, capture_sign=capture_sign) + "\n\n"
                       for g in games)
    for g in games:
        out.write(write_game(g, line_length=line_length, capture_sign=capture_sign))
        out.write("\n\n")
    return None
