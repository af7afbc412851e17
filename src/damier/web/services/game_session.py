"""One live game (:class:`Session`): its board, its stored row, its lock and its watchers.

A session is rebuilt from the store by replaying the saved moves (:func:`replay`), found by
identity (from, to, captured squares, huff) rather than by parsing their text. Every change
to a session happens under its :class:`asyncio.Lock` and ends with :func:`save`, which
bumps ``version`` and commits the row (and the moves added or dropped) to the store at once.
:func:`game_state` is the JSON of a session as the API and the WebSocket send it. A session
also holds the game's annotated tree (variations, comments; :mod:`damier.web.services.gametree`),
read from the store with the moves.

A change the store refuses (a full disk, a database another server also writes) is undone
in memory: :func:`save` reads the game back from the store into the same session and
raises a 503 (``storage_failed``) or 409 (``game_changed_elsewhere``) naming the game, so
that memory never runs ahead of the database. A stored move that does not replay (a
database damaged before this was so) ends the replay there, with a warning in the log; the
game stays readable and the next change drops the moves that did not replay.

A game ends on the board, by a manual ending replayed from the row (resignation,
agreement, claim, flag) or by a ``recorded`` ending: the result a game record carries
(:func:`recorded_outcome`), which stands even where the board would say otherwise, so a
record keeps its own wording (``1-0`` or ``2-0``).

This module must not know about HTTP, clocks running, the engine's turns or PDN; it only
holds and serializes a game.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from damier.core.board import Board
from damier.core.colors import BLACK, WHITE, color_name, opponent
from damier.core.draws import Outcome
from damier.core.errors import DamierError
from damier.core.move import Move
from damier.core.rules import Rules
from damier.formats.pdn import Game
from damier.web.errors import WebError
from damier.web.services import gametree
from damier.web.services.json_views import history_entry, move_json, pieces_string, reason_code
from damier.web.storage.game_store import UNCHANGED, GameRow, MoveRow, Store

if TYPE_CHECKING:
    from damier.web.services.engine_bridge import Thinker

PLAYERS = ("human", "engine")
"""Who plays a side (of a game made with the games API)."""
ONLINE = "online"
"""The player of a side of a game between people: a person acting through a seat
(:mod:`damier.web.services.online_service`), never through the games API."""
_WINNER = {"2-0": WHITE, "1-0": WHITE, "0-2": BLACK, "0-1": BLACK}
_DRAWN = ("1-1", "1/2-1/2", "0-0")
log = logging.getLogger("damier.web")


@dataclass(frozen=True, slots=True)
class PlyRecord:
    """One move of a live game as its session keeps it, beside ``board.move_stack``."""

    entry: dict[str, Any]
    """The move's JSON as the page gets it in ``moves`` (:func:`history_entry`)."""
    pieces: str
    """The position after the move (:func:`pieces_string`)."""


@dataclass
class Session:
    """One live game (see the module docstring).

    ``plies`` holds one :class:`PlyRecord` per move of ``board.move_stack``; :meth:`play` and
    :meth:`take_back` are the only ways they change, so the two never fall out of step.
    """

    row: GameRow
    board: Board
    start_pieces: str
    """The start position (:func:`pieces_string`)."""
    plies: list[PlyRecord] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    version: int = 0
    thinking: bool = False
    time_outcome: Outcome | None = None
    engine_task: asyncio.Task[None] | None = None
    thinker: Thinker | None = None
    engine_failure: dict[str, str] | None = None
    """Why the game's external engine was replaced by damier's (``code``, ``engine``,
    ``reason``, ``message``; kept while the game is live)."""
    listeners: set[asyncio.Queue[dict[str, Any]]] = field(default_factory=set)
    tree: Game | None = None
    """The annotated tree (``None``: nothing beyond the moves yet), see :func:`tree_of`."""
    unreplayed_from: int | None = None
    """The ply of the first stored move that did not replay (dropped at the next save)."""
    stale: bool = False
    """A change was refused by the store, which could not be read back either: the game
    service reads the game again on its next use."""

    def player(self, color: int) -> str:
        return self.row.white if color == WHITE else self.row.black

    def outcome(self) -> Outcome | None:
        return self.time_outcome or self.board.outcome()

    def humans(self) -> list[int]:
        return [c for c in (WHITE, BLACK) if self.player(c) == "human"]

    def play(self, move: Move, text: str) -> None:
        """Push the legal ``move``, written ``text``, and keep its record."""
        entry = history_entry(self.board, move, text)
        self.board.push(move)
        self.plies.append(PlyRecord(entry, pieces_string(self.board)))

    def take_back(self) -> None:
        """Pop the last move and its record."""
        self.board.pop()
        self.plies.pop()

    def positions(self) -> list[str]:
        """The pieces of every position of the game, the start first."""
        return [self.start_pieces, *(p.pieces for p in self.plies)]


def first_player_of(rules: Rules, value: Any, fen: str | None) -> int | None:
    """The side chosen to move first (``"white"``/``"black"``; ``None``: the rules' default).

    422 unless the rules let the players choose (Thai, Malaysian, Old French) or the choice is
    the rules' own first player, and unless there is no FEN (a FEN says who is to move).
    """
    if value is None:
        return None
    if value not in ("white", "black"):
        raise WebError(422, f"first_player is 'white' or 'black', not {value!r}",
                       "bad_first_player")
    color = WHITE if value == "white" else BLACK
    if fen is not None:
        raise WebError(422, "first_player and fen exclude each other: the FEN says who moves",
                       "first_player_with_fen")
    if color != rules.first_player and not rules.first_player_choice:
        raise WebError(422, f"in {rules.name} {color_name(rules.first_player)} moves first",
                       "first_player_fixed", first=color_name(rules.first_player))
    return color


def check_players(white: Any, black: Any, level: Any) -> None:
    """422 unless both players are ``human`` or ``engine`` and the level is 1-10."""
    for who in (white, black):
        if who not in PLAYERS:
            raise WebError(422, f"players are 'human' or 'engine', not {who!r}", "bad_player")
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= 10:
        raise WebError(422, "level must be an integer from 1 to 10", "bad_level")


def recorded_outcome(rules: Rules, result: str) -> Outcome | None:
    """The outcome of a recorded result; ``None`` for ``*`` or anything unknown.

    >>> from damier.core.variants import get_variant
    >>> str(recorded_outcome(get_variant("international"), "1/2-1/2"))
    'draw (result recorded in the game): 1/2-1/2'
    >>> recorded_outcome(get_variant("russian"), "0-1").winner
    1
    """
    result = result.strip()
    if result in _WINNER:
        return Outcome(_WINNER[result], "result recorded in the game", result)
    if result in _DRAWN:
        return Outcome(None, "result recorded in the game", result)
    return None


def replay(row: GameRow, moves: list[MoveRow], tree: Any = None) -> Session:
    """The session of a stored game: its start position and its saved moves replayed
    (``tree``: its stored annotated tree, if any)."""
    board = Board(row.variant, row.start_fen)
    s = Session(row, board, pieces_string(board))
    for m in moves:
        try:
            move = find_move(board, m)
        except DamierError as e:
            s.unreplayed_from = m.ply
            log.warning("game %d: stored move %d (%s) does not replay: %s; the game is shown "
                        "up to the move before, and the next change drops the moves from there",
                        row.id, m.ply, m.notation[:40], str(e)[:200])
            break
        s.play(move, m.notation)
    if tree is not None:
        s.tree = gametree.from_storage(board.rules, board.start_position, tree,
                                       board.move_stack)
    apply_ending(s)
    return s


def from_board(row: GameRow, board: Board, notations: list[str]) -> Session:
    """The session of a game already played out on ``board`` (an imported game)."""
    replayed = Board(board.rules, position=board.start_position)
    s = Session(row, replayed, pieces_string(replayed))
    for mv, text in zip(board.move_stack, notations, strict=True):
        s.play(mv, text)
    s.board = board  # the same game: keep the caller's board, which it may hold on to
    return s


def find_move(board: Board, m: MoveRow) -> Move:
    """The legal move of ``board`` stored as ``m`` (by identity; by its text as a fallback)."""
    found = board.find_move(m.from_sq, m.to_sq, m.captured, m.huff)
    return found if found is not None else board.parse_move(m.notation)


def save(store: Store, s: Session, add: list[MoveRow] | None = None,
         drop_from: int | None = None) -> None:
    """A change of ``s`` is done: bump its version and commit it (moves added or dropped).

    Moves dropped cut the game's tree in the same commit: the stored tree holds no main-line
    moves of its own (:mod:`~damier.web.services.gametree`), so it must never outlive them.
    """
    s.version += 1
    if s.unreplayed_from is not None:
        drop_from = min(s.unreplayed_from, drop_from if drop_from is not None else s.unreplayed_from)
    tree = UNCHANGED
    if drop_from is not None and s.tree is not None:
        tree = stored_tree(tree_of(s))
    try:
        store.save(s.row, add=add, drop_from=drop_from, tree=tree)
    except sqlite3.Error as e:
        restore(store, s)
        raise storage_error(s.row.id, e) from None
    s.unreplayed_from = None


def storage_error(gid: int, e: sqlite3.Error) -> WebError:
    """What to answer when the store refused a change of game ``gid`` (logged too): 409 when
    the database holds a change this server did not make (another server writes the same
    file), else 503 (a full disk, a read-only or locked file)."""
    reason = str(e)[:200]
    log.warning("game %d: the change was not saved (%s) and is undone", gid, reason)
    if isinstance(e, sqlite3.IntegrityError):
        return WebError(409, f"game {gid} was changed by another server writing the same "
                             "database: it is shown as stored; try again", "game_changed_elsewhere",
                        game=gid)
    return WebError(503, f"game {gid} could not be saved ({reason}): the change is undone",
                    "storage_failed", game=gid, reason=reason)


def restore(store: Store, s: Session) -> None:
    """Make ``s`` the game as the store holds it (after a change the store refused), in
    place: the clients and tasks holding ``s`` see the stored game."""
    try:
        row = store.get_game(s.row.id)
        stored = replay(row, store.moves(row.id), store.get_tree(row.id)) if row else None
    except sqlite3.Error:
        stored = None
    if stored is None:  # the store cannot be read either: the game service forgets s
        s.stale = True
        return
    s.row, s.board, s.start_pieces, s.plies = stored.row, stored.board, stored.start_pieces, \
        stored.plies
    s.tree, s.time_outcome = stored.tree, stored.time_outcome
    s.unreplayed_from = stored.unreplayed_from
    s.version += 1


def stored_tree(tree: Game) -> dict[str, Any] | None:
    """The JSON the store keeps of ``tree``; ``None`` when it holds nothing beyond the moves."""
    return gametree.to_storage(tree) if gametree.has_annotations(tree) else None


def apply_ending(s: Session) -> None:
    """Replay the stored ending (resignation, agreement, claim, flag, recorded result, a
    player of a game between people gone: ``absent``, ``absent_draw``)."""
    end = s.row.ending
    if end and end.get("kind") == "recorded":
        s.time_outcome = recorded_outcome(s.board.rules, str(end.get("result", "")))
        return
    if not end or s.outcome() is not None:
        return
    board = s.board
    kind = end.get("kind")
    try:
        if kind == "resign":
            board.resign(int(end["color"]))
        elif kind == "agreement":
            board.agree_draw()
        elif kind == "claim":
            board.claim_draw()
        elif kind == "time":
            loser = int(end["color"])
            winner = opponent(loser)
            s.time_outcome = Outcome(winner, f"{color_name(loser)} lost on time",
                                     board.rules.result_text(winner))
        elif kind == "absent":
            loser = int(end["color"])
            s.time_outcome = Outcome(opponent(loser), f"{color_name(loser)} left the game",
                                     board.rules.result_text(opponent(loser)))
        elif kind == "absent_draw":
            s.time_outcome = Outcome(None, "a player left the game", board.rules.result_text(None))
    except DamierError:
        pass


def check_local(s: Session, while_playing_only: bool = False) -> None:
    """409 for a game between people (its players act through their seats, see
    ``/api/online``), or only while it is in play with ``while_playing_only``."""
    if ONLINE in (s.row.white, s.row.black) and not (while_playing_only and s.outcome()):
        raise WebError(409, f"game {s.row.id} is played between people: its players act on "
                            f"its page (/online#g={s.row.id})", "online_game", game=s.row.id)


def is_record(s: Session) -> bool:
    """Whether ``s`` is a finished game record (read-only: continue it as a new game)."""
    return (s.row.ending or {}).get("kind") == "recorded"


def tree_of(s: Session) -> Game:
    """The annotated tree of ``s`` (made on first use), its main line equal to the game's
    moves (:func:`damier.web.services.gametree.reconcile`)."""
    if s.tree is None:
        s.tree = gametree.new_tree(s.board.rules, s.board.start_position)
    gametree.reconcile(s.tree, s.board.move_stack)
    return s.tree


def set_result(row: GameRow, out: Outcome | None) -> None:
    """Copy an outcome (or none) into the stored row."""
    row.result = out.result if out else None
    row.reason = out.reason if out else None


def game_state(s: Session, clocks: dict[str, Any] | None) -> dict[str, Any]:
    """The full state of a game as ``GET /api/games/{id}`` returns it."""
    board, row = s.board, s.row
    out = s.outcome()
    moves = [p.entry for p in s.plies]
    legal = [] if out is not None else [move_json(board, m) for m in board.legal_moves]
    code, args = reason_code(out.reason if out else None)
    return {
        "id": row.id,
        "variant": row.variant,
        "title": board.rules.title,
        "size": board.rules.size,
        "start_fen": row.start_fen,
        "fen": board.fen(),
        "turn": color_name(board.turn),
        "ply": board.ply,
        "white": row.white,
        "black": row.black,
        "level": row.level,
        "engine": row.engine or "damier",
        "engine_failure": s.engine_failure,
        "time_control": row.time_control,
        "legal_moves": legal,
        "moves": moves,
        "positions": s.positions(),
        "result": out.result if out else None,
        "reason": out.reason if out else None,
        "reason_code": code,
        "reason_args": args,
        "winner": (None if out.winner is None else color_name(out.winner)) if out else None,
        "outcome": str(out) if out else None,
        "status": "over" if out else "playing",
        "clocks": clocks,
        "draw_offer": None if row.draw_offer is None else color_name(row.draw_offer),
        "can_claim_draw": board.can_claim_draw() if out is None else None,
        "thinking": s.thinking,
        "huffing": board.rules.huffing,
        "tags": row.tags,
        "version": s.version,
        "created": row.created,
        "updated": row.updated,
        "tree": gametree.view(tree_of(s)) if s.tree is not None else None,
    }
