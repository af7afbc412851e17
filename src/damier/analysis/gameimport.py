"""Reading PDN into the game database: a part of a file read, replayed and indexed, ready to
commit (this runs in worker processes; :mod:`damier.analysis.gamedb` commits).

:func:`read_part` reads up to ``limit`` games of a file (or text) from a place in it, with
:class:`MainLineVisitor`: the reader hands over each game's tags and main-line move texts
and skips comments and variations, which the database does not store. The moves are
replayed in bulk (:func:`~damier.analysis.gamekeys.replay_texts`: the kernel, then the
Python path); a game whose main line stops early is read again by the forgiving tree
builder (ambiguous short captures resolved by the moves that follow, jumps joined …) and
the longer reading is kept. The part's postings (every position's key, and the first
position of every material balance) become one index segment
(:func:`~damier.analysis.gamestore.build_segment`). :class:`Part` says where the next part
starts, so a file is read in parts of bounded size and an import resumes where it stopped.

This module must not write the database.
"""

from __future__ import annotations

import io
from array import array
from dataclasses import dataclass, field

from damier.analysis.gamekeys import (
    Replay,
    material_key,
    replay_indices,
    replay_texts,
)
from damier.analysis.gamestore import (
    GAME_SHIFT,
    MAX_PLY,
    NO_MOVE,
    PLY_BITS,
    RESULTS,
    BuiltSegment,
    build_segment,
    date_number,
    facts,
    rating,
)
from damier.core.errors import DamierError
from damier.core.fen import parse_fen, write_fen
from damier.core.movegen import generator
from damier.core.position import Position, start_position
from damier.core.rules import Rules
from damier.core.variants import get_variant
from damier.formats.gametype import base_rules, rules_for_gametype
from damier.formats.pdn import SKIP, GameVisitor, PdnIssue, ReadContext
from damier.formats.pdn.lexer import chunks, lines_of
from damier.formats.pdn.reader import build_game, split_games
from damier.formats.pdn.visitor import visit_game

MAX_PROBLEMS = 50
"""Problems kept per part (the report stays small whatever the file)."""

Place = tuple[int, int, int]
"""Where a game starts: ``(line, byte offset of the line, column)``."""


@dataclass
class ParsedGame:
    """What :class:`MainLineVisitor` keeps of a game."""

    tags: dict[str, str]
    texts: list[str]
    fen: str | None
    place: Place
    errors: list[str]


class MainLineVisitor(GameVisitor[ParsedGame]):
    """Tags and the main line's move texts; variations and comments are skipped. The main
    line ends at an unknown move or a setup after the first move (the database stores a
    game as moves from one start position)."""

    def begin_game(self, context: ReadContext) -> None:
        first = context.tokens[0]
        line, col, offset = first[3].locate(first[2])
        self.place = (line, offset, col - 1)
        self.tags: dict[str, str] = {}
        self.texts: list[str] = []
        self.fen: str | None = None
        self.open = True
        self.errors: list[str] = []

    def tag(self, name: str, value: str) -> None:
        self.tags[name] = value

    def move(self, text: str, strength: str) -> None:
        if self.open:
            self.texts.append(text)

    def unknown_move(self) -> None:
        self.open = False

    def setup(self, fen: str) -> None:
        if self.texts:
            self.open = False
        else:
            self.fen = fen

    def begin_variation(self) -> object:
        return SKIP

    def issue(self, issue: PdnIssue) -> None:
        if issue.severity == "error" and len(self.errors) < 3:
            self.errors.append(str(issue))

    def end_game(self, terminator: str) -> ParsedGame:
        if terminator != "*" and not self.tags.get("Result", "").strip():
            self.tags["Result"] = terminator
        return ParsedGame(self.tags, self.texts, self.fen or self.tags.get("FEN"), self.place,
                          self.errors)


@dataclass
class GameRecord:
    """One game as the database stores it (names not yet turned into ids)."""

    variant: str
    white: str
    black: str
    event: str
    site: str
    round: str
    date: int
    result: int
    white_elo: int | None
    black_elo: int | None
    plies: int
    start_fen: str | None
    moves: bytes


@dataclass
class Part:
    """A part of a file read: its games, their index segment, what went wrong, how many
    games were read (``read``: with those skipped for having no moves) and where the next
    part starts (``None``: the file is done)."""

    records: list[GameRecord]
    segment: BuiltSegment
    read: int
    skipped: int
    next_place: Place | None
    problems: list[str] = field(default_factory=list)


@dataclass
class PartTask:
    """What :func:`read_part` is asked: a file ``path`` or a ``text``, its default variant,
    where to start (``None``: the beginning), how many games at most, and how many games
    of the source were read before (for the problems' numbering)."""

    path: str | None
    text: str | None
    variant: str | None
    start: Place | None
    limit: int
    first_number: int = 0


def _rules(tags: dict[str, str], default: Rules) -> Rules:
    value = tags.get("GameType", "").strip()
    if not value:
        return default
    try:
        return rules_for_gametype(value, default)
    except DamierError:
        return default


def _start(rules: Rules, fen: str | None) -> Position | None:
    if not fen or not fen.strip():
        return start_position(rules)
    try:
        return parse_fen(fen.strip(), rules)
    except DamierError:
        return None


def _reread(task: PartTask, place: Place, variant: Rules) -> tuple[Rules, Position, bytes] | None:
    """The forgiving builder's reading of one game: its rules, start and move indices."""
    raw = open(task.path, "rb") if task.path is not None else \
        io.BytesIO((task.text or "").encode("utf-8"))  # noqa: SIM115 - closed below
    with raw:
        line, offset, column = place
        raw.seek(offset)
        games = split_games(chunks(lines_of(raw, start_offset=offset, start_line=line),
                                   first_column=column))
        tokens = next(games, None)
        if tokens is None:
            return None
        game = build_game(tokens, variant)
    rules = game.rules
    gen = generator(rules)
    position = game.root.position
    indices = bytearray()
    for move in game.mainline_moves():
        legal = gen.legal(position)
        try:
            index = legal.index(move.fast)
        except ValueError:
            break
        indices.append(index)
        position = gen.apply(position, legal[index])
    return rules, game.root.position, bytes(indices)


def replay_game(task: PartTask, parsed: ParsedGame,
                default: Rules) -> tuple[Rules, Position, Replay] | None:
    """The game's rules, start position and replayed main line (the builder's reading when
    the bulk replay stops early and the builder gets further); None when no move can be read."""
    rules = _rules(parsed.tags, default)
    start = _start(rules, parsed.fen) if "@" not in rules.name else None
    done = replay_texts(rules, start, parsed.texts) if start is not None else None
    if done is None or done.stopped is not None or parsed.errors:
        again = _reread(task, parsed.place, default)
        if again is not None and (done is None or len(again[2]) > done.count):
            rules, start, indices = again
            done = replay_indices(rules, start, indices)
    if done is None or start is None or not done.count:
        return None
    return rules, start, done


def _record(parsed: ParsedGame, rules: Rules, start: Position, done: Replay) -> GameRecord:
    tags = parsed.tags

    def tag(name: str, default: str = "") -> str:
        return tags.get(name, "").strip()[:200] or default

    base = base_rules(rules)
    return GameRecord(
        base.name, tag("White", "?"), tag("Black", "?"), tag("Event"), tag("Site"),
        tag("Round"), date_number(tags.get("Date", "")), RESULTS.get(tag("Result"), 0),
        rating(tags.get("WhiteElo")), rating(tags.get("BlackElo")), done.count,
        None if start == start_position(rules) else write_fen(start, rules), done.indices)


class _Postings:
    """The postings of a part being read (unsorted), and its games' facts."""

    def __init__(self) -> None:
        self.keys = bytearray()
        self.vals = array("I")
        self.moves = bytearray()
        self.facts = bytearray()
        self.ratings: list[int] = []

    def add(self, game: int, record: GameRecord, start: Position, done: Replay) -> None:
        n = min(done.count, MAX_PLY) + 1  # positions indexed
        base = game << GAME_SHIFT
        self.keys += done.keys[:8 * n]
        self.vals.extend(range(base, base + n))
        self.moves += done.indices[:n]
        if n > done.count:
            self.moves.append(NO_MOVE)
        # each material balance once, at its first ply, with the sides to move it was met with
        counts = memoryview(done.material).cast("I")
        first: dict[int, int] = {}
        turns: dict[int, int] = {}
        turn = start.turn
        for ply in range(n):
            c = counts[ply]
            if c not in first:
                first[c] = ply
                turns[c] = 0
            turns[c] |= 1 << (turn ^ (ply & 1))
        for c, ply in first.items():
            self.keys += material_key(record.variant, c).to_bytes(8, "little")
            self.vals.append(base | turns[c] << PLY_BITS | ply)
            self.moves.append(NO_MOVE)
        f = facts(record.result, record.date, record.white_elo, record.black_elo)
        self.facts += f
        self.ratings.append(f[2] | f[3] << 8)


def read_part(task: PartTask) -> Part:
    """Read, replay and index up to ``task.limit`` games (see the module docstring)."""
    default = get_variant(task.variant or "international")
    source: io.BytesIO | io.BufferedReader
    source = open(task.path, "rb") if task.path is not None else \
        io.BytesIO((task.text or "").encode("utf-8"))  # noqa: SIM115 - closed below
    records: list[GameRecord] = []
    postings = _Postings()
    problems: list[str] = []
    read = skipped = 0
    next_place: Place | None = None
    with source:
        line, offset, column = task.start or (1, 0, 0)
        source.seek(offset)
        for tokens in split_games(chunks(lines_of(source, start_offset=offset,
                                                  start_line=line), first_column=column)):
            if read == task.limit:
                first = tokens[0]
                at_line, col, at_offset = first[3].locate(first[2])
                next_place = (at_line, at_offset, col - 1)
                break
            read += 1
            parsed = visit_game(tokens, MainLineVisitor())
            replayed = replay_game(task, parsed, default)
            number = task.first_number + read
            if replayed is None:
                skipped += 1
                if parsed.texts and len(problems) < MAX_PROBLEMS:
                    problems.append(f"game {number} (line {parsed.place[0]}): no move could "
                                    f"be replayed" + (f": {parsed.errors[0]}" if parsed.errors
                                                      else ""))
                continue
            rules, start, done = replayed
            if done.stopped is not None and len(problems) < MAX_PROBLEMS:
                problems.append(f"game {number} (line {parsed.place[0]}): stopped after "
                                f"{done.count} moves at {done.stopped!r}")
            record = _record(parsed, rules, start, done)
            postings.add(len(records), record, start, done)
            records.append(record)
    segment = build_segment(len(records), bytes(postings.keys), postings.vals.tobytes(),
                            bytes(postings.moves), bytes(postings.facts), postings.ratings)
    return Part(records, segment, read, skipped, next_place, problems)
