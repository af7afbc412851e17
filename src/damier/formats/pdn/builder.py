"""Building one game from its tokens: tags, variant, start position, and the move tree,
every move replayed on a board and checked (the second step of :mod:`reader`).

The builder owns the forgiving rules of reading: each problem becomes a
:class:`~damier.formats.pdn.model.PdnIssue` of the game, an illegal move ends only its own
line of play, and the repairs that real files need are made with a warning (a man on its
crowning row in a problem FEN, a multi-capture written as separate jumps, an ambiguous
short capture resolved by the next move, a bracket missing before a tag).

It must not read files (it is handed tokens) and must not write PDN.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from damier.core.board import Board
from damier.core.errors import (
    EXCERPT_CHARS,
    AmbiguousMoveError,
    DamierError,
    FenError,
    IllegalMoveError,
    excerpt,
)
from damier.core.fen import parse_fen
from damier.core.move import Move
from damier.core.movegen import generator
from damier.core.notation import make_move
from damier.core.position import Position, start_position
from damier.core.rules import Rules
from damier.core.variants import get_variant
from damier.formats.gametype import rules_for_gametype
from damier.formats.pdn.lexer import IDENTIFIER, MOVE_PARTS, TAG_PARTS, Chunk, unescape
from damier.formats.pdn.model import Game, Node, PdnIssue

Token = tuple[str, str, int, Chunk]
"""``(kind, text, position in chunk, chunk)``."""

HEADER_KINDS = frozenset({"tag", "tagx", "lbr", "badtag"})
MAX_NAG = 9999
"""Largest numeric annotation glyph read (PGN stops at ``$255``, but real PDN files use
higher numbers such as ``$902``; a number of five digits or more is an error)."""
MAX_MESSAGE_CHARS = 400
"""Longest issue message: a quoted token is cut to an excerpt (:func:`excerpt`)."""

_LEADING_ZERO = re.compile(r"(?<![\d])0\d")
_PLAIN = re.compile(r"([a-zA-Z]?\d{1,3})([-x:])([a-zA-Z]?\d{1,3})\Z")
_SPLIT = re.compile(r"\s*[-x:]\s*")
_ALGEBRAIC = re.compile(r"(?<![A-Za-wyz])([a-l])(\d{1,2})")


def _parse_fen(text: str, rules: Rules, warn: Callable[[str], None]) -> Position:
    """``parse_fen``, repairing a man on its own crowning row (read as a king, with a warning),
    as found in published problem collections."""
    try:
        return parse_fen(text, rules)
    except FenError as e:
        if "crowning row" not in str(e):
            raise
    white_row, black_row = rules.promotion_rows
    mask = rules.geometry.mask
    names = rules.names
    sections = text.strip().rstrip(".").split(":")
    fixed: list[str] = []
    for section in sections:
        colour = section[:1]
        row = white_row if colour == "W" else black_row if colour == "B" else 0
        items = []
        for item in section[1:].split(",") if row else []:
            item = item.strip()
            try:
                crowned = bool(mask[names.parse(item)] & row)
            except ValueError:
                crowned = False
            items.append("K" + item if crowned else item)
        fixed.append(colour + ",".join(items) if row else section)
    position = parse_fen(":".join(fixed), rules)
    warn(f"FEN {excerpt(text)}: men on their own crowning row read as kings")
    return position


class _Line:
    """The state of one line of play (the main line or an open variation)."""

    __slots__ = ("node", "dead", "before", "anchor", "fresh")

    def __init__(self, node: Node, live: bool, anchor: Node | None) -> None:
        self.node = node
        self.dead = not live
        self.before: list[str] = []
        self.anchor = anchor  # the node this variation is an alternative to
        self.fresh = True  # no move or setup in this line yet


class Builder:
    """Builds one :class:`Game` from its tokens (see the module docstring).

    ``default``: the caller's variant; ``force``: use it whatever the GameType says;
    ``replay=False``: read tags and structure only; ``strict``: an ambiguous short capture
    is an error; ``rotate``: read algebraic squares from the first player's side."""

    def __init__(self, tokens: list[Token], default: Rules | None, force: bool,
                 replay: bool, strict: bool = False, rotate: bool = False) -> None:
        self.tokens = tokens
        self.rotate = rotate
        self.skip: set[int] = set()
        self.strict = strict
        self.index = 0
        self.default = default
        self.force = force
        self.replay = replay
        self.game = Game.__new__(Game)  # filled in here; the root is made by start_body
        g = self.game
        g.tags, g.terminator, g.errors, g.warnings = {}, "*", [], []
        g.line, g.offset = 0, None
        self.stack: list[_Line] = []
        self.cr_warned = False
        self.tag_tokens: dict[str, Token] = {}
        self.game_comments: list[str] = []

    def issue(self, tok: Token, code: str, message: str, severity: str = "error",
              **args: str) -> None:
        """Record a problem at ``tok``: its ``code`` and ``args`` name it (for translations),
        ``message`` says it in English."""
        if len(message) > MAX_MESSAGE_CHARS:  # a safety net: quotes are cut where they are made
            message = message[:MAX_MESSAGE_CHARS] + "..."
        line, col, _ = tok[3].locate(tok[2])
        target = self.game.errors if severity == "error" else self.game.warnings
        target.append(PdnIssue(line, col, message, severity, code, args))

    def illegal(self, tok: Token, text: str, error: IllegalMoveError) -> None:
        """Record a move that cannot be played, with the core's reason for it."""
        self.issue(tok, "illegal_move", f"move {_cut(text)}: {_reason(error, text)}",
                   move=_cut(text), reason=error.reason, **error.details)

    # -- header and start position -------------------------------------------------------------

    def choose_rules(self, first: Token) -> Rules:
        default = self.default or get_variant("international")
        value = self.game.tags.get("GameType", "").strip()
        if self.force or not value:
            return default
        try:
            return rules_for_gametype(value, self.default)
        except DamierError as e:
            self.issue(self.tag_tokens.get("GameType", first), "unknown_gametype",
                       f"{e}; reading the game as {default.title}", gametype=_cut(value),
                       variant=default.name)
            return default

    def start_body(self, tok: Token) -> _Line:
        game = self.game
        rules = game.rules = self.rules = self.choose_rules(tok)
        self.gen = generator(rules)
        self.mask = rules.geometry.mask
        self.labels = _labels(rules)
        fen = game.tags.get("FEN", "").strip()
        live = self.replay
        if fen:
            tok = self.tag_tokens.get("FEN", tok)
            try:
                text = fen
                if text[:1] == "?":
                    text = ("B" if rules.first_player else "W") + text[1:]
                    self.issue(tok, "fen_unknown_turn", "FEN: unknown side to move '?'; "
                                    "assuming the first player", "warning")
                position = _parse_fen(self.rotated(text), rules,
                                      lambda m: self.issue(tok, "fen_crowned", m, "warning"))
            except DamierError as e:
                self.issue(tok, "fen_invalid", f"{e}; the moves of this game cannot be replayed",
                           detail=str(e))
                position = start_position(rules)
                live = False
        else:
            position = start_position(rules)
        game.root = Node(None, rules, position)
        game.root.comments_after.extend(self.game_comments)
        return _Line(game.root, live, None)

    def tag(self, tok: Token) -> None:
        kind, text = tok[0], tok[1]
        if kind == "badtag":
            text = "[" + text
            self.issue(tok, "tag_no_bracket", f"tag without its opening '[': "
                       f"{_cut(tok[1].strip())}", "warning", tag=_cut(tok[1].strip()))
        m = TAG_PARTS.match(text)
        if m is None:  # pragma: no cover - the token expression guarantees the shape
            self.issue(tok, "tag_unreadable", f"unreadable tag {excerpt(text)}", tag=excerpt(text))
            return
        name, value = m.group(1), unescape(m.group(2))
        if not IDENTIFIER.match(name):
            self.issue(tok, "tag_bad_name", f"invalid tag name {excerpt(name)} (a tag name is "
                       "a capital letter followed by letters, digits and '_')", name=excerpt(name))
        if name in self.game.tags:
            self.issue(tok, "tag_twice", f"tag {_cut(name)} appears twice; the last value is "
                       "kept", "warning", name=_cut(name))
        self.game.tags[name] = value
        self.tag_tokens[name] = tok

    # -- movetext ------------------------------------------------------------------------------

    def move(self, tok: Token, line: _Line) -> None:
        if line.dead and tok[1][-1] != "*":
            return
        m = MOVE_PARTS.match(tok[1])
        assert m is not None
        text, strength, star = m.group(1), m.group(2), m.group(3)
        if star:
            strength += "*"
            self.issue(tok, "star_strength", f"'*' after move {_cut(text)} read as a strength "
                       "sign (forced move)", "warning", move=_cut(text))
        if line.dead:
            return
        if self.rotate:
            text = self.rotated(text)
        before = line.node.position
        mv = self.fast(text, before)
        if mv is None:
            board = Board(self.rules, position=before)
            try:
                mv = board.parse_move(text)
            except AmbiguousMoveError as e:
                found = self.resolve(tok, text, board, e)
                if found is None:
                    line.dead = True
                    return
                mv = found
            except IllegalMoveError as e:
                joined = self.join_jumps(tok, text, board)
                if joined is None:
                    self.illegal(tok, text, e)
                    line.dead = True
                    return
                mv = joined
        if _LEADING_ZERO.search(text):
            self.issue(tok, "leading_zero", f"leading zero in {excerpt(text)}", "warning",
                       move=excerpt(text))
        if mv.is_capture == ("-" in text and "x" not in text and ":" not in text) and \
                "," not in text and not (len(text) == 4 and text[0].isalpha()):
            what = "'-' for a capture" if mv.is_capture else "a capture sign for a quiet move"
            code = "dash_for_capture" if mv.is_capture else "capture_sign_for_quiet"
            self.issue(tok, code, f"{_cut(text)}: {what}", "warning", move=_cut(text))
        node = Node(line.node, self.rules, self.gen.apply(before, mv.fast), mv)
        node.strength = strength
        if line.before:
            node.comments_before, line.before = line.before, []
        line.node.variations.append(node)
        line.node = node
        line.fresh = False

    def fast(self, text: str, position: Position) -> Move | None:
        """The move of a plain ``a-b`` / ``axb`` text when exactly one legal move has those
        squares (the common case, without building every legal move); else ``None`` and
        the core's notation reader decides (long forms, ambiguity, errors)."""
        m = _PLAIN.match(text)
        if m is None:
            return None
        labels = self.labels
        a, b = labels.get(m.group(1)), labels.get(m.group(3))
        if a is None or b is None:
            return None
        frm, to = self.mask[a], self.mask[b]
        found = None
        for fm in self.gen.legal(position):
            if fm[0] == frm and fm[1] == to:
                if found is not None:
                    return None
                found = fm
        if found is None or found[5]:
            return None
        return make_move(self.rules, self.gen, found)

    def rotated(self, text: str) -> str:
        """``text`` with algebraic squares turned 180° (read from the first player's side)."""
        if not self.rotate:
            return text
        size = self.rules.size

        def turn(m: re.Match[str]) -> str:
            return chr(ord("a") + size - 1 - (ord(m.group(1)) - ord("a"))) + \
                str(size + 1 - int(m.group(2)))

        return _ALGEBRAIC.sub(turn, text)

    def join_jumps(self, tok: Token, text: str, board: Board) -> Move | None:
        """A multi-capture written as separate jumps (``e1xc3 58. c3xe5``, as PlayStrategy
        exports): join the following capture tokens that continue it, with a warning."""
        if "x" not in text and ":" not in text:
            return None
        squares = _SPLIT.split(text)
        j = self.index + 1
        while j < len(self.tokens) and len(squares) < 30:
            kind, later = self.tokens[j][0], self.tokens[j][1]
            j += 1
            if kind in ("movenum", "ellipsis"):
                continue
            if kind != "move":
                return None
            nxt = _SPLIT.split(self.rotated(MOVE_PARTS.match(later).group(1)))  # type: ignore[union-attr]
            if len(nxt) < 2 or nxt[0] != squares[-1]:
                return None
            squares += nxt[1:]
            try:
                mv = board.parse_move("x".join(squares))
            except IllegalMoveError:
                continue
            self.skip.update(range(self.index + 1, j))
            self.issue(tok, "jumps_joined", f"capture written as separate jumps, read as "
                       f"{mv.long()}", "warning", move=mv.long())
            return mv
        return None

    def following_moves(self, limit: int = 30) -> list[str]:
        """The texts of the next moves of the current line (variations skipped)."""
        out: list[str] = []
        depth = 0
        for kind, later, *_ in self.tokens[self.index + 1:]:
            if kind == "lpar":
                depth += 1
            elif kind == "rpar":
                if depth == 0:
                    break
                depth -= 1
            elif kind in ("result", "split", "setup", "unknown"):
                break
            elif kind == "move" and depth == 0:
                out.append(self.rotated(MOVE_PARTS.match(later).group(1)))  # type: ignore[union-attr]
                if len(out) == limit:
                    break
        return out

    def resolve(self, tok: Token, text: str, board: Board, error: AmbiguousMoveError) -> Move | None:
        """An ambiguous move: the candidate after which the rest of the line replays
        furthest; on a tie (not strict) the first candidate; always with a warning."""
        candidates = [mv for mv in board.legal_moves if mv.long() in error.candidates]
        following = self.following_moves()
        reach: list[int] = []
        for mv in candidates:
            trial = Board(self.rules, position=board.position)
            trial.push(mv)
            count = 0
            for later in following:
                try:
                    trial.push(later)
                except IllegalMoveError:
                    break
                count += 1
            reach.append(count)
        best = max(reach, default=0)
        fits = [mv for mv, count in zip(candidates, reach, strict=True) if count == best]
        if len(fits) == 1:
            self.issue(tok, "ambiguous_resolved", f"{error}; the moves that follow show it is "
                       f"{fits[0].long()}", "warning", move=_cut(text), read=fits[0].long())
            return fits[0]
        if self.strict or not fits:
            self.issue(tok, "ambiguous_move", f"move {_cut(text)}: {_reason(error, text)}",
                       move=_cut(text))
            return None
        self.issue(tok, "ambiguous_guessed", f"{error}; read as {fits[0].long()}", "warning",
                   move=_cut(text), read=fits[0].long())
        return fits[0]

    def open_variation(self, tok: Token, line: _Line) -> _Line:
        self.stack.append(line)
        current = line.node
        if line.dead:
            return _Line(current, False, current)
        parent = current.parent
        if parent is None:
            self.issue(tok, "variation_first", "a variation must follow a move")
            return _Line(current, False, current)
        return _Line(parent, self.replay, current)

    def close_variation(self, tok: Token, line: _Line) -> _Line:
        if not self.stack:
            self.issue(tok, "unmatched_paren", "')' without a matching '('")
            return line
        if line.before and not line.dead:
            line.node.comments_after.extend(line.before)
        return self.stack.pop()

    def comment(self, text: str, tok: Token, line: _Line | None) -> None:
        if "{" in text[1:]:
            self.issue(tok, "nested_comment", "'{' inside a comment (comments do not nest)")
        body = text[1:-1] if text.startswith("{") else text[1:]
        if line is None:
            self.game_comments.append(body)
        elif line.dead:
            return
        elif line.anchor is not None and line.fresh:
            line.before.append(body)
        else:
            line.node.comments_after.append(body)

    def nag(self, tok: Token, line: _Line) -> None:
        digits = tok[1][1:]
        if len(digits) > len(str(MAX_NAG)) or int(digits) > MAX_NAG:
            self.issue(tok, "nag_range", f"NAG ${_cut(digits)} out of range ($0 to "
                       f"${MAX_NAG})", nag=_cut(digits), max=str(MAX_NAG))
        elif not line.dead:
            line.node.nags.append(int(digits))

    def setup(self, tok: Token, line: _Line) -> None:
        m = re.match(r'/\s*FEN\s+"([^"]*)"\s*/$', tok[1])
        if m is None:
            self.issue(tok, "setup_unknown", f"unknown setup command {excerpt(tok[1])}",
                       text=excerpt(tok[1]))
            return
        try:
            position = _parse_fen(self.rotated(m.group(1)), self.rules,
                                  lambda w: self.issue(tok, "fen_crowned", w, "warning"))
        except DamierError as e:
            self.issue(tok, "setup_invalid", str(e), detail=str(e))
            line.dead = True
            return
        node = line.node
        if node.parent is None and not node.variations and node.setup is None:
            node.position = position
            node.setup = m.group(1)
        else:
            child = Node(node, self.rules, position, setup=m.group(1))
            node.variations.append(child)
            line.node = child
        line.fresh = False
        line.dead = not self.replay

    def build(self) -> Game:
        game = self.game
        first = self.tokens[0]
        game.line, col, offset = first[3].locate(first[2])
        game.offset = (offset, col - 1)
        line: _Line | None = None
        for index, tok in enumerate(self.tokens):
            self.index = index
            if index in self.skip:
                continue
            kind = tok[0]
            if kind in HEADER_KINDS:
                if kind in ("tag", "badtag"):
                    self.tag(tok)
                elif kind == "tagx":
                    self.issue(tok, "not_a_tag", f"{_cut(tok[1])} is not a tag (a tag is "
                               "[Name \"value\"])", text=_cut(tok[1]))
                else:
                    self.issue(tok, "bracket_without_tag", "'[' without a tag")
                continue
            if kind in ("comment", "lcomment", "ucomment"):
                if kind == "ucomment":
                    self.issue(tok, "comment_unclosed", "comment not closed with '}'")
                self.comment(tok[1] + ("}" if kind == "ucomment" else ""), tok, line)
                continue
            if kind == "cr":
                if not self.cr_warned:
                    self.cr_warned = True
                    self.issue(tok, "literal_cr", "literal '\\r' in the text (broken line-end "
                               "conversion)", "warning")
                continue
            if kind in ("escape", "eof"):
                continue
            if kind == "result":
                game.terminator = tok[1]
                break
            if kind == "split":
                self.issue(tok, "no_terminator", "no game terminator before the next game's "
                           "tags", "warning")
                break
            if line is None:
                line = self.start_body(tok)
            if kind == "move":
                self.move(tok, line)
            elif kind == "movenum":
                continue
            elif kind == "nag":
                self.nag(tok, line)
            elif kind == "strength":
                if line.node.parent is not None and not line.dead:
                    line.node.strength += tok[1]
                self.issue(tok, "strength_space", f"space before the strength sign "
                           f"{_cut(tok[1])}", "warning", sign=_cut(tok[1]))
            elif kind == "lpar":
                line = self.open_variation(tok, line)
            elif kind == "rpar":
                line = self.close_variation(tok, line)
            elif kind == "setup":
                self.setup(tok, line)
            elif kind == "ellipsis":
                continue
            elif kind == "unknown":
                self.issue(tok, "unknown_move", f"unknown move {excerpt(tok[1])} cannot be "
                           "replayed", move=excerpt(tok[1]))
                line.dead = True
            else:
                self.issue(tok, "unexpected", f"unexpected {excerpt(tok[1])}",
                           text=excerpt(tok[1]))
        if line is None:
            line = self.start_body(first)
        if self.stack:
            self.issue(self.tokens[-1], "variation_unclosed", f"{len(self.stack)} variation(s) "
                       "not closed with ')'", count=str(len(self.stack)))
        _check_move_numbers(self.tokens, self)
        return game


@cache
def _labels(rules: Rules) -> dict[str, int]:
    """Square names a plain move may use (numbers and algebraic names) -> index."""
    names = rules.names
    out = {names.algebraic(i): i for i in range(rules.geometry.squares)}
    out.update({str(names.number(i)): i for i in range(rules.geometry.squares)})
    return out


def _check_move_numbers(tokens: list[Token], builder: Builder) -> None:
    """Warn about a move number followed by no move (``1. 0-2``, a bare ``6.`` at the end)."""
    for i, tok in enumerate(tokens):
        if tok[0] == "movenum":
            j = i + 1
            while j < len(tokens) and tokens[j][0] in ("comment", "escape", "cr", "nag"):
                j += 1
            if j == len(tokens) or tokens[j][0] not in ("move", "ellipsis", "unknown"):
                builder.issue(tok, "number_without_move", f"move number {_cut(tok[1])} without "
                              "a move", "warning", number=_cut(tok[1]))


def _cut(text: str) -> str:
    """``text`` as it is when short, else a quoted excerpt (messages stay short)."""
    return text if len(text) <= EXCERPT_CHARS else excerpt(text)


def _reason(error: IllegalMoveError, text: str) -> str:
    message = str(error)
    for prefix in (f"{text}: ", f"{text.strip()}: ", f"'{text}' "):
        if message.startswith(prefix):
            return message[len(prefix):] if prefix.endswith(": ") else message
    return message
