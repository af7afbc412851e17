"""The game service: live games in memory, every change saved to the store at once.

:class:`GameService` is what the API and the WebSocket hold. It keeps the live games
(:class:`~damier.web.services.game_session.Session`, rebuilt from the store on first use, at most
:data:`CACHE_SIZE` idle ones kept), creates and lists games, and runs each change in the
same order: the action under the game's lock (:mod:`~damier.web.services.actions`,
:mod:`~damier.web.services.draw_offers`), then the watchers told
(:mod:`~damier.web.services.watchers`), then the
engine started if it is to move (:mod:`~damier.web.services.engine_turns`). Clocks are
:mod:`~damier.web.services.game_clock`'s, PDN :mod:`~damier.web.services.pdn_games`'.

Rules come only from the core; errors a client can cause are
:class:`~damier.web.errors.WebError`. This module must not know about HTTP requests or JSON
parsing, and holds no rule of its own: it composes the modules above.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from damier.core.board import Board
from damier.core.errors import DamierError
from damier.core.variants import get_variant
from damier.web.errors import WebError, reasons
from damier.web.services import actions, draw_offers, game_clock, pdn_games, records, watchers
from damier.web.services.engine_registry import EngineRegistry
from damier.web.services.engine_turns import EngineTurns
from damier.web.services.game_session import (
    PLAYERS,
    Session,
    check_local,
    check_players,
    first_player_of,
    replay,
    save,
    set_result,
)
from damier.web.services.json_views import pieces_string, summary
from damier.web.storage.game_store import GameRow, Store

CACHE_SIZE = 512
__all__ = ["CACHE_SIZE", "PLAYERS", "GameService"]


class GameService:
    """Creates, loads, changes and lists games (see the module docstring)."""

    def __init__(self, store: Store, engine_threads: int = 2,
                 engines: EngineRegistry | None = None) -> None:
        self.store = store
        self.sessions: OrderedDict[int, Session] = OrderedDict()
        self.engines = engines or EngineRegistry()
        """The engines offered (:mod:`~damier.web.services.engine_registry`); analysis uses it too."""
        self.engine = EngineTurns(store, engine_threads, self.engines)

    def close(self) -> None:
        for s in self.sessions.values():
            if s.thinker is not None:
                s.thinker.stop()
        self.engine.close()
        self.engines.close()

    # -- loading ---------------------------------------------------------------------------

    def _load(self, gid: int) -> Session:
        s = self.sessions.get(gid)
        if s is not None and not s.stale:
            self.sessions.move_to_end(gid)
            return s
        row = self.store.get_game(gid)
        if row is None:
            raise WebError(404, f"no game with id {gid}", "game_not_found")
        s = replay(row, self.store.moves(gid), self.store.get_tree(gid))
        self._remember(s)
        return s

    def _remember(self, s: Session) -> None:
        self.sessions[s.row.id] = s
        while len(self.sessions) > CACHE_SIZE:
            old_id, old = next(iter(self.sessions.items()))
            if old.lock.locked() or old.listeners or old.thinking:
                break
            del self.sessions[old_id]

    async def get(self, gid: int) -> Session:
        """The live game ``gid`` (404 if unknown); a running clock that fell ends the game."""
        s = self._load(gid)
        if game_clock.check_flag(s):
            async with s.lock:
                save(self.store, s)
            await self.notify(s)
        self.schedule_engine(s)  # e.g. the server stopped while the engine was thinking
        return s

    def state(self, s: Session) -> dict[str, Any]:
        """The JSON state of a game (see :func:`damier.web.services.game_session.game_state`)."""
        return watchers.full_state(s)

    def list_games(self, limit: int = 100, offset: int = 0) -> list[dict[str, Any]]:
        return [summary(r) for r in self.store.list_games(limit, offset)]

    # -- creating --------------------------------------------------------------------------

    async def create(
        self,
        variant: str = "international",
        fen: str | None = None,
        white: str = "human",
        black: str = "human",
        level: int = 3,
        time_control: Any = None,
        tags: dict[str, str] | None = None,
        engine: str | None = None,
        first_player: Any = None,
    ) -> Session:
        """A new game; ``first_player`` (``"white"``/``"black"``) where the rules let the
        players choose who starts (:func:`~damier.web.services.game_session.first_player_of`)."""
        check_players(white, black, level)
        try:
            rules = get_variant(variant)
        except DamierError as e:
            raise WebError(422, str(e), "unknown_variant") from None
        first = first_player_of(rules, first_player, fen)
        try:
            board = Board(rules, fen, first_player=first)
        except DamierError as e:
            raise WebError(422, str(e), "bad_fen", **reasons(e)) from None
        choice = self.engines.choice(engine, rules.name)
        if choice.protocol == "dxp" and white == black == "engine":
            raise WebError(422, f"engine {choice.name} speaks DXP, which plays one side of a "
                                "game: choose a human side", "engine_dxp_one_side",
                           engine=choice.name)
        tc = game_clock.parse_time_control(time_control)
        ms = int(tc["initial"] * 1000) if tc else None
        row = GameRow(
            id=0, variant=rules.name, start_fen=board.fen(), white=white, black=black,
            level=level, time_control=tc, clock_white=ms, clock_black=ms, turn_started=None,
            ending=None, draw_offer=None, tags=dict(tags or {}),
            engine=None if choice.builtin else choice.name,
        )
        set_result(row, board.outcome())
        self.store.create_game(row)
        s = Session(row, board, pieces_string(board))
        self.sessions[row.id] = s
        self.schedule_engine(s)
        return s

    # -- changing --------------------------------------------------------------------------

    async def play(self, s: Session, text: str, wait: bool = False) -> None:
        """Play the move ``text`` for the side to move (a human); the engine answers."""
        check_local(s)
        await actions.play(self.store, s, text)
        await self.notify(s)
        self.schedule_engine(s)
        if wait:
            await self.wait_engine(s)

    async def undo(self, s: Session) -> None:
        """Take back the last move; against the engine, back to the human's previous turn."""
        check_local(s)
        await actions.undo(self.store, s)
        await self.notify(s)
        self.schedule_engine(s)

    async def resign(self, s: Session, color: str | None) -> None:
        check_local(s)
        await actions.resign(self.store, s, color)
        await self.notify(s)

    async def draw(self, s: Session, action: str, color: str | None) -> draw_offers.Note:
        """``offer``, ``accept``, ``decline`` or ``claim`` a draw; returns what happened."""
        check_local(s)
        note = await draw_offers.draw(self.store, s, action, color)
        await self.notify(s, note.text, note.code)
        return note

    async def huff(self, s: Session, square: Any, text: str | None, wait: bool = False) -> None:
        """Czech traditional: huff the piece on ``square``, then play ``text``."""
        await self.play(s, actions.huff_move(s, square, text), wait=wait)

    # -- engine and watchers ---------------------------------------------------------------

    def schedule_engine(self, s: Session) -> None:
        """Start the engine's turn if it is to move and not already thinking."""
        self.engine.schedule(s)

    async def wait_engine(self, s: Session) -> None:
        await self.engine.wait(s)

    async def notify(self, s: Session, message: str = "", code: str = "") -> None:
        """Send the game's state (and a note for the player) to every client watching it."""
        await watchers.notify(s, message, code)

    # -- PDN -------------------------------------------------------------------------------

    def export_pdn(self, s: Session) -> str:
        return pdn_games.export_pdn(s, self.store.moves(s.row.id))

    async def import_pdn(self, text: str, variant: str | None = None
                         ) -> tuple[list[int], list[dict[str, Any]]]:
        """Store every game of ``text`` (in a worker thread: a big file takes seconds);
        returns their ids and the per-game problems. Nothing is kept in memory."""
        return await asyncio.to_thread(pdn_games.import_pdn, self.store, text, variant)

    # -- records: variations, continuing ---------------------------------------------------

    async def edit_tree(self, s: Session, action: str, node: str, move: str | None = None,
                        text: str | None = None) -> str:
        """Edit the game's side variations or comments (:func:`records.edit_tree`);
        returns the id of the node to show (a game between people: once it is over)."""
        check_local(s, while_playing_only=True)
        target = await records.edit_tree(self.store, s, action, node, move, text)
        await self.notify(s)
        return target

    async def continue_game(self, s: Session, node: str | None,
                            players: dict[str, Any]) -> Session:
        """A new game from a node of ``s`` (:func:`records.continue_game`)."""
        return await self.get(await records.continue_game(self.store, s, node, players))
