"""Play between people: challenges accepted into games, seats acting, presence, results.

:class:`OnlineService` is what the online routes and WebSocket hold. It composes the pieces:
challenges (:mod:`~damier.web.services.challenges`) start games in the game store, seated by browser
keys (:mod:`~damier.web.services.seats`); an action of a seat (a move, an offer, a claim) runs under
the game's lock with the seat checked there (so two quick moves cannot both pass a check
made before the lock), then the watchers are told (:mod:`~damier.web.services.watchers`), then a game
that ended is recorded and, if rated, rated (:mod:`~damier.web.services.ratings`). The server's
clocks are kept by :mod:`~damier.web.services.online_clock`.

A seat is **present** while at least one WebSocket holding it is open; it is **away** from
the moment the last one closed (or from the server's start). After :data:`ABSENCE` seconds
away during its own turn, the other player may claim the win or a draw.

A storage failure while changing a game answers 503 and the game in memory is read back from
the store (what was committed is what stands). This module must not know HTTP.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections.abc import Callable
from typing import Any

from damier.core.colors import BLACK, WHITE, color_name, opponent
from damier.web.errors import WebError
from damier.web.services import actions, challenges, online_offers, ratings
from damier.web.services.draw_offers import Note
from damier.web.services.game_clock import check_flag, clocks_json
from damier.web.services.game_service import GameService
from damier.web.services.game_session import Session, game_state
from damier.web.services.online_clock import ClockKeeper, resume_clocks
from damier.web.services.seats import Attempts, Keys, held_colors, new_secret, seat_for_link
from damier.web.storage.online_store import Challenge, OnlineGame, OnlineStore, Seat, name_key

ABSENCE = 60.0
"""Seconds a player may be away during their own turn before the other may claim."""
ACTIONS = ("move", "resign", "draw_offer", "draw_accept", "draw_decline", "draw_claim",
           "takeback_request", "takeback_accept", "takeback_decline", "claim_win", "claim_draw",
           "rematch_offer", "rematch_accept", "rematch_decline")
SIDES = {WHITE: "white", BLACK: "black"}


def storage_failed(e: Exception) -> WebError:
    return WebError(503, f"the server could not store the change ({type(e).__name__}); "
                         "nothing was changed, try again", "storage_failed")


class OnlineService:
    """Challenges, seats and games between people (see the module docstring)."""

    def __init__(self, games: GameService, store: OnlineStore, absence: float = ABSENCE) -> None:
        self.games = games
        self.store = store
        self.absence = absence
        self.attempts = Attempts()
        self.keys = Keys(store, self.attempts)
        self._seats: dict[int, list[Seat]] = {}
        self._online: dict[int, OnlineGame] = {}
        self._ratings: dict[tuple[int, int], dict[str, Any]] = {}
        self.live: set[int] = {g.game_id for g in store.online_games(rated_done=False)}
        """Online games not yet over and recorded (the clock keeper watches them)."""
        self.present: dict[tuple[int, int], int] = {}
        self.away_since: dict[tuple[int, int], float] = {}
        self.started = time.time()
        self._challenge_lock = asyncio.Lock()
        resume_clocks(games.store, store, self.live, self.started)
        self.keeper = ClockKeeper(store, self.session)

    async def start(self) -> None:
        """Start keeping the clocks of the live games (call once the event loop runs)."""
        first = not self.keeper.running
        self.keeper.start()
        if first:
            for gid in sorted(self.live):
                self.keeper.schedule(await self.session(gid))

    async def stop(self) -> bool:
        """Stop keeping the clocks; whether this was the last start's stop (see
        :class:`~damier.web.services.online_clock.ClockKeeper`)."""
        return await self.keeper.stop()

    # -- challenges --------------------------------------------------------------------------

    def create_challenge(self, holder: str, data: dict[str, Any]) -> Challenge:
        terms = challenges.read_terms(data)
        name = challenges.read_name(data.get("name"))
        c = challenges.new_challenge(holder, name, terms)
        try:
            self.store.add_player(name, c.created)
            self.store.add_challenge(c)
        except sqlite3.Error as e:
            raise storage_failed(e) from None
        return c

    def challenge(self, cid: str, address: str) -> Challenge:
        """The challenge ``cid``; an unknown id is 404 and counts as a guess."""
        self.attempts.check(address)
        c = self.store.challenge(cid) if 10 <= len(cid) <= 40 else None
        if c is None:
            self.attempts.failed(address)
            raise WebError(404, "no such challenge (the link may be mistyped)", "challenge_not_found")
        return c

    def lobby(self) -> list[Challenge]:
        return self.store.open_challenges()

    async def accept(self, cid: str, holder: str, name_value: Any, address: str) -> int:
        """Accept the challenge for the browser ``holder`` under the name given: the game
        starts; its id."""
        name = challenges.read_name(name_value)
        async with self._challenge_lock:
            c = self.challenge(cid, address)
            if c.status != "open":
                raise WebError(409, f"this challenge is {c.status}", "challenge_closed",
                               state=c.status)
            if c.host == holder:
                raise WebError(409, "you cannot accept your own challenge: send the link to "
                                    "a friend", "own_challenge")
            if c.rated and name_key(name) == name_key(c.host_name):
                raise WebError(409, "a rated game needs two players: choose your own name",
                               "same_player")
            c.guest_name = name
            c.updated = time.time()
            return await self._start(c, {challenges.host_color(c): (c.host, c.host_name)},
                                     (holder, name))

    async def _start(self, c: Challenge, fixed: dict[int, tuple[str, str]],
                     other: tuple[str, str], rematch_of: int | None = None) -> int:
        """Store the game of ``c`` with the seats ``fixed`` and ``other`` on the other side."""
        (color, _), = fixed.items()
        by_color = {color: fixed[color], opponent(color): other}
        row = challenges.game_row(c, by_color[WHITE][1], by_color[BLACK][1])
        try:
            gid = self.games.store.create_game(row)
        except sqlite3.Error as e:
            raise storage_failed(e) from None
        seats = [Seat(gid, col, by_color[col][0], new_secret(), by_color[col][1])
                 for col in (WHITE, BLACK)]
        og = OnlineGame(gid, c.id, c.rated)
        try:
            self.store.add_player(other[1], c.updated)
            self.store.start_game(c, seats, og, rematch_of)
        except sqlite3.Error as e:
            with contextlib.suppress(sqlite3.Error):   # an orphan row, seatless, harms nobody
                self.games.store.delete_game(gid)
            if isinstance(e, sqlite3.IntegrityError):
                raise WebError(409, "this challenge is no longer open", "challenge_closed",
                               state="accepted") from None
            raise storage_failed(e) from None
        self._seats[gid] = seats
        self._online[gid] = og
        self.live.add(gid)
        return gid

    def close_challenge(self, cid: str, holder: str, address: str) -> Challenge:
        """The creator cancels, anyone else with the link declines."""
        c = self.challenge(cid, address)
        status = "cancelled" if c.host == holder else "declined"
        try:
            closed = self.store.close_challenge(cid, status, time.time())
        except sqlite3.Error as e:
            raise storage_failed(e) from None
        if not closed:
            raise WebError(409, f"this challenge is {c.status}", "challenge_closed", state=c.status)
        c.status = status
        return c

    # -- seats and views ---------------------------------------------------------------------

    def seats(self, gid: int) -> list[Seat]:
        """The seats of online game ``gid``; 404 for a game that is not between people."""
        if gid not in self._seats:
            found = self.store.seats(gid)
            if not found:
                raise WebError(404, f"game {gid} is not a game between people", "not_online_game")
            self._seats[gid] = found
        return self._seats[gid]

    def online_game(self, gid: int) -> OnlineGame:
        if gid not in self._online:
            og = self.store.online_game(gid)
            if og is None:
                raise WebError(404, f"game {gid} is not a game between people", "not_online_game")
            self._online[gid] = og
        return self._online[gid]

    async def session(self, gid: int) -> Session:
        """The live game ``gid`` (an online one; a clock that fell ends it)."""
        self.seats(gid)
        s = await self.games.get(gid)
        if gid in self.live and s.outcome() is not None:
            await self.record(s)
        return s

    def take_seat(self, link: object, holder: str, address: str) -> Seat:
        """Move the seat of a seat link to the browser ``holder``."""
        seat = seat_for_link(self.store, self.attempts, link, address)
        try:
            self.store.move_seat(seat.game_id, seat.color, holder)
        except sqlite3.Error as e:
            raise storage_failed(e) from None
        self._seats.pop(seat.game_id, None)
        seat.holder = holder
        return seat

    def away_for(self, gid: int, color: int, now: float) -> float | None:
        """Seconds the seat has been away (``None`` while it is present)."""
        if self.present.get((gid, color), 0) > 0:
            return None
        return now - self.away_since.get((gid, color), self.started)

    def shared_view(self, s: Session) -> dict[str, Any]:
        """The part of the online view that every watcher gets (no secret in it)."""
        gid = s.row.id
        seats, og, now = self.seats(gid), self.online_game(gid), time.time()
        players = {}
        for seat in seats:
            away = self.away_for(gid, seat.color, now)
            players[SIDES[seat.color]] = {
                "name": seat.name, "connected": away is None,
                "away_ms": None if away is None else int(away * 1000),
                **self._rating(gid, seat, s.row.variant, now)}
        return {"rated": og.rated, "challenge": og.challenge, "players": players,
                "takeback": None if og.takeback is None else SIDES[og.takeback],
                "rematch": None if og.rematch is None else SIDES[og.rematch],
                "rematch_game": og.rematch_game, "ratings": og.ratings,
                "absence_ms": int(self.absence * 1000), "server_time": int(now * 1000),
                "turn_ms": int((now - s.row.turn_started) * 1000) if s.row.turn_started else 0}

    def _rating(self, gid: int, seat: Seat, variant: str, now: float) -> dict[str, Any]:
        """The player's rating as shown beside the board (read once per game and side, and
        again when the game is rated)."""
        key = (gid, seat.color)
        if key not in self._ratings:
            self._ratings[key] = ratings.rating_json(
                ratings.current(self.store, seat.name, variant, now))
        return self._ratings[key]

    def personal_view(self, gid: int, holder: str | None) -> dict[str, Any]:
        """What only this browser is shown: the seats it holds and their links."""
        seats = self.seats(gid)
        mine = held_colors(seats, holder)
        return {"you": [SIDES[c] for c in mine],
                "seat_links": {SIDES[s.color]: s.link for s in seats if s.color in mine}}

    def view(self, s: Session, holder: str | None,
             game: dict[str, Any] | None = None) -> dict[str, Any]:
        """The game's state (``game`` if just computed) and the online view for ``holder``."""
        return {"game": game or game_state(s, clocks_json(s)),
                "online": {**self.shared_view(s), **self.personal_view(s.row.id, holder)}}

    # -- presence ----------------------------------------------------------------------------

    async def arrive(self, s: Session, colors: list[int]) -> None:
        for c in colors:
            self.present[(s.row.id, c)] = self.present.get((s.row.id, c), 0) + 1
        if colors:
            await self.games.notify(s)

    async def leave(self, s: Session, colors: list[int]) -> None:
        now = time.time()
        for c in colors:
            key = (s.row.id, c)
            self.present[key] = max(0, self.present.get(key, 0) - 1)
            if self.present[key] == 0:
                del self.present[key]
                self.away_since[key] = now
        if colors:
            await self.games.notify(s)

    # -- acting ------------------------------------------------------------------------------

    async def act(self, gid: int, holder: str | None, data: dict[str, Any],
                  acknowledge: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
        """Do what ``data`` asks (``{"action": …, …}``) for the seats ``holder`` holds; the
        acknowledgement (``{"ok": true, "ply": …}`` and a note), also given to
        ``acknowledge`` as soon as the change is committed, before the watchers are told
        (the player's socket answers first). 403 for a spectator."""
        action = data.get("action")
        if action not in ACTIONS:
            raise WebError(422, "action must be one of " + ", ".join(ACTIONS), "bad_action")
        s = await self.session(gid)
        mine = held_colors(self.seats(gid), holder)
        if not mine:
            raise WebError(403, "you are watching this game: only its players can act",
                           "spectator")
        if str(action).startswith("rematch_"):
            return await self._rematch(s, mine, str(action), holder)
        note: Note | None = None
        async with s.lock:
            try:
                note = self._change(s, mine, str(action), data)
            except sqlite3.Error as e:   # the online store's: written before the game changes
                raise storage_failed(e) from None
        done = {"ok": True, "ply": s.board.ply, "version": s.version,
                **({"code": note.code, "message": note.text} if note else {})}
        if acknowledge is not None:
            acknowledge(done)
        await self.after_change(s, note)
        return done

    def _change(self, s: Session, mine: list[int], action: str,
                data: dict[str, Any]) -> Note | None:
        """The action under the game's lock (see :meth:`act`)."""
        store, og = self.games.store, self.online_game(s.row.id)
        check_flag(s)
        if action == "move":
            if og.takeback is not None:   # a move withdraws a takeback request (stored first)
                self._move(s, mine, data, check_only=True)
                self.store.set_requests(s.row.id, None, og.rematch)
                og.takeback = None
            self._move(s, mine, data)
            return None
        c = self._actor(s, mine, data.get("color"))
        if action == "resign":
            return online_offers.resign(store, s, c)
        if action.startswith("draw_"):
            return online_offers.draw(store, s, c, action.removeprefix("draw_"))
        if action.startswith("takeback_"):
            what = action.removeprefix("takeback_")
            asking = online_offers.takeback_request(s, og.takeback, c, what)
            self.store.set_requests(s.row.id, asking, og.rematch)   # first: nothing else changed
            og.takeback = asking
            return online_offers.takeback(store, s, c, what)
        away = self.away_for(s.row.id, opponent(c), time.time())
        return online_offers.claim_absence(store, s, c, 0.0 if away is None else away, self.absence,
                                    action.removeprefix("claim_"))

    def _move(self, s: Session, mine: list[int], data: dict[str, Any],
              check_only: bool = False) -> None:
        """Play the move of ``data`` for the seat to move (``check_only``: only check it)."""
        text = data.get("move")
        if not isinstance(text, str) or not 1 <= len(text) <= 200:
            raise WebError(422, "move must be a move's text, e.g. 32-28", "bad_move")
        seen = data.get("ply")
        if isinstance(seen, int) and not isinstance(seen, bool) and 0 <= seen < s.board.ply:
            # a move resent after a reconnect: acknowledged once, never played twice
            if s.plies[seen].entry.get("notation") == text:
                return
            raise WebError(409, "the game has moved on since: reload it", "stale_move")
        actions.check_open(s)
        if s.board.turn not in mine:
            raise WebError(403, f"it is {color_name(s.board.turn)}'s turn, not yours",
                           "not_your_turn")
        move = actions.parse_played(s, text)
        if not check_only:
            actions.push(self.games.store, s, move)

    @staticmethod
    def _actor(s: Session, mine: list[int], color: Any) -> int:
        """The seat acting: the one this browser holds (the one named, or the side to move,
        when it holds both)."""
        if len(mine) == 1:
            return mine[0]
        if color in ("white", "black"):
            return WHITE if color == "white" else BLACK
        return s.board.turn

    async def after_change(self, s: Session, note: Note | None = None) -> None:
        """Tell the watchers, record a game that ended, wake the clock keeper."""
        if note is not None:
            await self.games.notify(s, note.text, note.code)
        else:
            await self.games.notify(s)
        if s.outcome() is not None and s.row.id in self.live:
            await self.record(s)
        self.keeper.schedule(s)

    async def record(self, s: Session) -> None:
        """Record the end of a live game (rating it if rated); watchers see the ratings."""
        gid = s.row.id
        out = s.outcome()
        if out is None or gid not in self.live:
            return
        names = {SIDES[seat.color]: seat.name for seat in self.seats(gid)}
        score = 0.5 if out.winner is None else (1.0 if out.winner == WHITE else 0.0)
        og = self.online_game(gid)
        try:
            og.ratings = ratings.rate(self.store, gid, s.row.variant, names, score, og.rated,
                                      time.time())
        except sqlite3.Error:
            return   # the game stays live: the clock keeper records it on its next round
        og.rated_done = True
        self.live.discard(gid)
        for c in (WHITE, BLACK):
            self._ratings.pop((gid, c), None)
            self.away_since.pop((gid, c), None)   # a finished game needs no absence
        await self.games.notify(s)

    # -- rematch -----------------------------------------------------------------------------

    async def _rematch(self, s: Session, mine: list[int], action: str, holder: str | None) -> dict[str, Any]:
        gid = s.row.id
        og = self.online_game(gid)
        if s.outcome() is None:
            raise WebError(409, "a rematch is for a finished game", "game_not_over")
        if og.rematch_game is not None:
            return {"ok": True, "game": og.rematch_game}
        c = mine[0] if len(mine) == 1 else WHITE
        if action == "rematch_offer" and og.rematch is None:
            self._set_rematch(og, c)
            await self.games.notify(s, f"{color_name(c)} offers a rematch",
                                    "rematch_offered_white" if c == WHITE else "rematch_offered_black")
            return {"ok": True}
        if og.rematch is None or (og.rematch == c and len(mine) == 1):
            raise WebError(409, "there is no rematch offer to answer", "no_rematch_offer")
        if action == "rematch_decline":
            self._set_rematch(og, None)
            await self.games.notify(s, "rematch declined", "rematch_declined")
            return {"ok": True}
        new = await self._start_rematch(s, og)
        await self.games.notify(s, "rematch accepted", "rematch_accepted")
        return {"ok": True, "game": new}

    def _set_rematch(self, og: OnlineGame, c: int | None) -> None:
        try:
            self.store.set_requests(og.game_id, og.takeback, c)
        except sqlite3.Error as e:
            raise storage_failed(e) from None
        og.rematch = c

    async def _start_rematch(self, s: Session, og: OnlineGame) -> int:
        """The same terms, colours swapped, the same browsers seated."""
        old = self.store.challenge(og.challenge)
        seats = {seat.color: seat for seat in self.seats(s.row.id)}
        now = time.time()
        c = Challenge(id=new_secret()[:22], host=seats[BLACK].holder, host_name=seats[BLACK].name,
                      variant=s.row.variant, time_control=s.row.time_control,
                      color="white", rated=og.rated, public=False, status="rematch",
                      guest_name=seats[WHITE].name, created=now, updated=now)
        if old is not None:
            c.time_control = old.time_control
        async with self._challenge_lock:
            if og.rematch_game is not None:
                return og.rematch_game
            new = await self._start(c, {WHITE: (seats[BLACK].holder, seats[BLACK].name)},
                                    (seats[WHITE].holder, seats[WHITE].name), rematch_of=s.row.id)
            og.rematch, og.rematch_game = None, new
        return new
