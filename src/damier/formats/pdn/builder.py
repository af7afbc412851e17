"""Building one game from its tokens: tags, variant, start position, and the move tree,
every move replayed on a board and checked (the second step of :mod:`reader`): the
:class:`Builder` is the reader's default visitor (:mod:`~damier.formats.pdn.visitor`).

The builder owns the forgiving rules of reading: each problem becomes a
:class:`~damier.formats.pdn.model.PdnIssue` of the game, an illegal move ends only its own
line of play, and the repairs that real files need are made with a warning (a man on its
crowning row in a problem FEN, a multi-capture written as separate jumps, an ambiguous
short capture resolved by the next move, a bracket missing before a tag).

It must not read files (it is handed a game's parts by the walk) and must not write PDN.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from damier.core.board import Board
from damier.core.errors import (
    AmbiguousMoveError,
    DamierError,
    FenError,
    IllegalMoveError,
    excerpt,
)
from damier.core.fen import parse_fen
from damier.core.move import Move
from damier.core.movegen import generator
from damier.core.position import Position, start_position
from damier.core.pure_movegen import make_move
from damier.core.rules import Rules
from damier.core.variants import get_variant
from damier.formats.gametype import rules_for_gametype
from damier.formats.pdn.lexer import MOVE_PARTS
from damier.formats.pdn.model import Game, Node, PdnIssue
from damier.formats.pdn.visitor import GameVisitor, ReadContext, Token, brief

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


class Builder(GameVisitor[Game]):
    """Builds one :class:`Game` (see the module docstring).

    ``default``: the caller's variant; ``force``: use it whatever the GameType says;
    ``replay=False``: read tags and structure only; ``strict``: an ambiguous short capture
    is an error; ``rotate``: read algebraic squares from the first player's side."""

    def __init__(self, default: Rules | None, force: bool, replay: bool, strict: bool = False,
                 rotate: bool = False) -> None:
        self.rotate = rotate
        self.strict = strict
        self.default = default
        self.force = force
        self.replay = replay
        self.game = Game.__new__(Game)  # filled in here; the root is made by end_tags
        g = self.game
        g.tags, g.terminator, g.errors, g.warnings = {}, "*", [], []
        g.line, g.offset = 0, None
        self.stack: list[_Line] = []
        self.tag_tokens: dict[str, Token] = {}
        self.game_comments: list[str] = []
        self.line: _Line | None = None
        self.ctx = ReadContext([])

    def issue(self, issue: PdnIssue) -> None:
        (self.game.errors if issue.severity == "error" else self.game.warnings).append(issue)

    def report(self, code: str, message: str, severity: str = "error", tok: Token | None = None,
               **args: str) -> None:
        """An issue at ``tok`` (default: the token being read): ``code`` and ``args`` name it
        (for translations), ``message`` says it in English."""
        self.issue(self.ctx.make_issue(code, message, severity, tok, args))

    def illegal(self, text: str, error: IllegalMoveError) -> None:
        """Record a move that cannot be played, with the core's reason for it."""
        args = {"move": brief(text), "reason": error.reason, **error.details}
        self.issue(self.ctx.make_issue("illegal_move", f"move {brief(text)}: "
                                       f"{_reason(error, text)}", "error", None, args))

    # -- header and start position -------------------------------------------------------------

    def begin_game(self, context: ReadContext) -> None:
        self.ctx = context
        first = context.tokens[0]
        self.game.line, col, offset = first[3].locate(first[2])
        self.game.offset = (offset, col - 1)

    def tag(self, name: str, value: str) -> None:
        self.game.tags[name] = value
        self.tag_tokens[name] = self.ctx.token

    def choose_rules(self, tok: Token) -> Rules:
        default = self.default or get_variant("international")
        value = self.game.tags.get("GameType", "").strip()
        if self.force or not value:
            return default
        try:
            return rules_for_gametype(value, self.default)
        except DamierError as e:
            self.report("unknown_gametype", f"{e}; reading the game as {default.title}",
                        "error", self.tag_tokens.get("GameType", tok), gametype=brief(value),
                        variant=default.name)
            return default

    def end_tags(self) -> object:
        self.line = self.start_body(self.ctx.token)
        return None

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
                    self.report("fen_unknown_turn", "FEN: unknown side to move '?'; "
                                "assuming the first player", "warning", tok)
                position = _parse_fen(self.rotated(text), rules,
                                      lambda m: self.report("fen_crowned", m, "warning", tok))
            except DamierError as e:
                self.report("fen_invalid", f"{e}; the moves of this game cannot be replayed",
                            "error", tok, detail=str(e))
                position = start_position(rules)
                live = False
        else:
            position = start_position(rules)
        game.root = Node(None, rules, position)
        game.root.comments_after.extend(self.game_comments)
        return _Line(game.root, live, None)

    # -- movetext ------------------------------------------------------------------------------

    def move(self, text: str, strength: str) -> None:
        line = self.line
        assert line is not None
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
                found = self.resolve(text, board, e)
                if found is None:
                    line.dead = True
                    return
                mv = found
            except IllegalMoveError as e:
                joined = self.join_jumps(text, board)
                if joined is None:
                    self.illegal(text, e)
                    line.dead = True
                    return
                mv = joined
        if _LEADING_ZERO.search(text):
            self.report("leading_zero", f"leading zero in {excerpt(text)}", "warning",
                        move=excerpt(text))
        if mv.is_capture == ("-" in text and "x" not in text and ":" not in text) and \
                "," not in text and not (len(text) == 4 and text[0].isalpha()):
            what = "'-' for a capture" if mv.is_capture else "a capture sign for a quiet move"
            code = "dash_for_capture" if mv.is_capture else "capture_sign_for_quiet"
            self.report(code, f"{brief(text)}: {what}", "warning", move=brief(text))
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

    def join_jumps(self, text: str, board: Board) -> Move | None:
        """A multi-capture written as separate jumps (``e1xc3 58. c3xe5``, as PlayStrategy
        exports): join the following capture tokens that continue it, with a warning."""
        if "x" not in text and ":" not in text:
            return None
        squares = _SPLIT.split(text)
        tokens, index = self.ctx.tokens, self.ctx.index
        j = index + 1
        while j < len(tokens) and len(squares) < 30:
            kind, later = tokens[j][0], tokens[j][1]
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
            self.ctx.skip.update(range(index + 1, j))
            self.report("jumps_joined", f"capture written as separate jumps, read as "
                        f"{mv.long()}", "warning", move=mv.long())
            return mv
        return None

    def following_moves(self, limit: int = 30) -> list[str]:
        """The texts of the next moves of the current line (variations skipped)."""
        out: list[str] = []
        depth = 0
        for kind, later, *_ in self.ctx.tokens[self.ctx.index + 1:]:
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

    def resolve(self, text: str, board: Board, error: AmbiguousMoveError) -> Move | None:
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
            self.report("ambiguous_resolved", f"{error}; the moves that follow show it is "
                        f"{fits[0].long()}", "warning", move=brief(text), read=fits[0].long())
            return fits[0]
        if self.strict or not fits:
            self.report("ambiguous_move", f"move {brief(text)}: {_reason(error, text)}",
                        move=brief(text))
            return None
        self.report("ambiguous_guessed", f"{error}; read as {fits[0].long()}", "warning",
                    move=brief(text), read=fits[0].long())
        return fits[0]

    def unknown_move(self) -> None:
        assert self.line is not None
        self.line.dead = True

    def strength(self, sign: str) -> None:
        line = self.line
        assert line is not None
        if line.node.parent is not None and not line.dead:
            line.node.strength += sign

    def begin_variation(self) -> object:
        line = self.line
        assert line is not None
        self.stack.append(line)
        current = line.node
        if line.dead:
            self.line = _Line(current, False, current)
            return None
        parent = current.parent
        if parent is None:
            self.report("variation_first", "a variation must follow a move")
            self.line = _Line(current, False, current)
            return None
        self.line = _Line(parent, self.replay, current)
        return None

    def end_variation(self) -> None:
        line = self.line
        assert line is not None
        if line.before and not line.dead:
            line.node.comments_after.extend(line.before)
        self.line = self.stack.pop()

    def comment(self, text: str) -> None:
        line = self.line
        if line is None:
            self.game_comments.append(text)
        elif line.dead:
            return
        elif line.anchor is not None and line.fresh:
            line.before.append(text)
        else:
            line.node.comments_after.append(text)

    def nag(self, value: int) -> None:
        assert self.line is not None
        if not self.line.dead:
            self.line.node.nags.append(value)

    def setup(self, fen: str) -> None:
        line = self.line
        assert line is not None
        try:
            position = _parse_fen(self.rotated(fen), self.rules,
                                  lambda w: self.report("fen_crowned", w, "warning"))
        except DamierError as e:
            self.report("setup_invalid", str(e), detail=str(e))
            line.dead = True
            return
        node = line.node
        if node.parent is None and not node.variations and node.setup is None:
            node.position = position
            node.setup = fen
        else:
            child = Node(node, self.rules, position, setup=fen)
            node.variations.append(child)
            line.node = child
        line.fresh = False
        line.dead = not self.replay

    def end_game(self, terminator: str) -> Game:
        self.game.terminator = terminator
        return self.game


@cache
def _labels(rules: Rules) -> dict[str, int]:
    """Square names a plain move may use (numbers and algebraic names) -> index."""
    names = rules.names
    out = {names.algebraic(i): i for i in range(rules.geometry.squares)}
    out.update({str(names.number(i)): i for i in range(rules.geometry.squares)})
    return out


def _reason(error: IllegalMoveError, text: str) -> str:
    message = str(error)
    for prefix in (f"{text}: ", f"{text.strip()}: ", f"'{text}' "):
        if message.startswith(prefix):
            return message[len(prefix):] if prefix.endswith(": ") else message
    return message
