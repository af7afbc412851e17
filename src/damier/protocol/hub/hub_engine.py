"""A Hub engine process (Hub-2 or Scan 2.0's Hub-1) behind :class:`~damier.engine.api.EngineLike`.

:class:`HubEngine` starts the command (in ``cwd``: Scan reads ``scan.ini`` and ``data/``
from its working directory), identifies it, chooses the variant (Hub-2 engines that offer a
``variant`` parameter get the variant's Hub name; engines without one play International
only), sets the ``options``, and then plays and analyses :class:`~damier.core.board.Board`
positions with the engine layer's :class:`~damier.engine.timecontrol.Limit`,
:class:`~damier.engine.engine.Info` and :class:`~damier.engine.engine.PlayResult`:

* the limit becomes a Hub ``level`` (Hub-1: ``depth``/``time``/``level`` lines); a limit
  with no field set is an infinite analysis that :meth:`HubEngine.stop` ends;
* each wait is bounded by :func:`~damier.protocol.limits.reply_timeout` (``move_timeout``
  for depth and node limits); an engine that exits, answers ``error`` or stays silent
  raises a :class:`~damier.protocol.errors.HubError` at once, with the reason;
* ``info`` lines become :class:`Info` records: the score in centi-men for the side to move,
  a game-end score as ``win_in`` plies, the principal variation replayed on the board into
  moves (it stops at the first move that does not parse); ``info`` lines without a score
  are not reported. Hub searches one line: ``multipv`` above 1 is answered with one line.

This module must not know damier's engine: it speaks only the protocol.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator, Sequence

from damier.core.board import Board
from damier.core.errors import DamierError
from damier.core.move import Move
from damier.engine.engine import Info, PlayResult
from damier.engine.timecontrol import Limit
from damier.protocol.errors import HubError, HubTimeoutError, IllegalEngineMove
from damier.protocol.hub.client import HubSearch
from damier.protocol.hub.dialect import Dialect, HubInfo, HubLimit
from damier.protocol.hub.simple_engine import SimpleHubEngine
from damier.protocol.hub.variant_names import HUB_NAMES
from damier.protocol.limits import is_infinite, reply_timeout

POLL = 0.5
"""Seconds between looks at a stop request while an analysis waits for the engine."""


def hub_limit(limit: Limit | None, turn: int) -> HubLimit:
    """The Hub ``level`` of an engine-layer :class:`Limit` for the side ``turn``."""
    if is_infinite(limit):
        return HubLimit(infinite=True)
    assert limit is not None
    clock = limit.clock(turn)
    return HubLimit(
        depth=limit.depth, nodes=limit.nodes, move_time=limit.time, time=clock,
        moves=limit.moves_to_go if clock is not None else None,
        inc=(limit.increment or None) if clock is not None else None,
    )


def to_info(hub: HubInfo, board: Board, dialect: Dialect) -> Info | None:
    """The :class:`Info` of a Hub ``info`` line on ``board`` (``None`` without a score)."""
    if hub.score is None:
        return None
    centi = round(hub.score * 100)
    pv: list[Move] = []
    b = board.copy()
    for token in hub.pv:
        try:
            move = b.parse_move(token)
        except DamierError:
            break
        pv.append(move)
        b.push(move)
    depth = hub.depth or 0
    nps = int(hub.nps * 1e6) if hub.nps is not None else 0
    return Info(depth, depth, centi, dialect.win_in(centi), pv, hub.nodes or 0, nps,
                hub.time or 0.0)


class HubEngine:
    """A Hub engine process (see the module docstring)."""

    def __init__(
        self, command: str | Sequence[str], variant: str = "international",
        protocol: str = "hub2", cwd: str | None = None,
        options: dict[str, str] | None = None, name: str | None = None,
        start_timeout: float = 30.0, move_timeout: float | None = 300.0,
    ) -> None:
        self.variant = variant
        self.move_timeout = move_timeout
        self._stop_asked: float | None = None
        self.engine = SimpleHubEngine.start(command, cwd, start_timeout, protocol)
        try:
            self.engine.hub()
            self._choose_variant(variant, command, options or {})
            for key, value in (options or {}).items():
                self.engine.set_param(key, value)
            self.engine.init()
        except BaseException:
            self.engine.quit(1.0)
            raise
        ident = self.engine.id
        found = ident.get("name", "")
        if found and ident.get("version") and ident["version"] not in found:
            found += " " + ident["version"]
        self._name = name or found or self.engine.client.name

    def _choose_variant(self, variant: str, command: object, options: dict[str, str]) -> None:
        if "variant" in options:
            return
        offered = self.engine.client.params.get("variant", {}).get("values", "").split()
        hub_name = HUB_NAMES.get(variant, variant)
        if offered:
            value = hub_name if hub_name in offered else variant
            if value not in offered:
                raise HubError(f"engine {command!r} does not offer variant {variant!r} "
                               f"(it offers {', '.join(offered)})")
            self.engine.set_param("variant", value)
        elif variant != "international":
            raise HubError(f"engine {command!r} has no variant parameter: it plays "
                           f"international only, not {variant!r}")

    @property
    def name(self) -> str:
        return self._name

    @property
    def dialect(self) -> Dialect:
        return self.engine.client.dialect

    def play(self, board: Board, limit: Limit | None = None) -> PlayResult:
        limit = limit or Limit(time=1.0)
        timeout = reply_timeout(limit, board.turn, self.move_timeout)
        result = self.engine.search(board, hub_limit(limit, board.turn), timeout=timeout)
        try:
            move = board.parse_move(result.move)
        except DamierError as e:
            raise IllegalEngineMove(f"{self.name} played {result.move!r}: {e}") from None
        info = None
        for hub in reversed(result.infos):
            info = to_info(hub, board, self.dialect)
            if info is not None:
                break
        return PlayResult(move, info)

    def analyse(
        self, board: Board, limit: Limit | None = None, multipv: int = 1
    ) -> Iterator[Info]:
        board = board.copy()
        timeout = None if is_infinite(limit) else reply_timeout(limit, board.turn,
                                                                self.move_timeout)
        client = self.engine.client

        async def start() -> HubSearch:
            await client.position(board)
            return await client.go(hub_limit(limit, board.turn), "analyze", timeout)

        self._stop_asked = None
        search = self.engine.call(start())
        try:
            while (hub := self._next_info(search)) is not None:
                info = to_info(hub, board, self.dialect)
                if info is not None:
                    yield info
        finally:
            if search.result is None:
                self.engine.call(search.stop())

    def _next_info(self, search: HubSearch) -> HubInfo | None:
        """The next ``info`` (``None`` at the end), waited for in short slices so that an
        engine that ignores :meth:`stop` is given up after the client's reply timeout."""
        while True:
            try:
                return self.engine.call(asyncio.wait_for(search.next_info(), POLL))
            except TimeoutError:
                asked = self._stop_asked
                patience = self.engine.client.reply_timeout
                if asked is not None and time.monotonic() - asked > patience:
                    raise HubTimeoutError(f"engine {self.name!r} did not stop within "
                                          f"{patience:g} s") from None

    def stop(self) -> None:
        self._stop_asked = time.monotonic()
        self.engine.send_soon("stop")

    def kill(self) -> None:
        """End the process at once, from any thread (not part of
        :class:`~damier.engine.api.EngineLike`): a :meth:`play` or :meth:`analyse` waiting on
        an engine that hangs raises at once instead of at its timeout."""
        self.engine.kill()

    def new_game(self) -> None:
        self.engine.new_game()

    def quit(self) -> None:
        self.engine.quit()


__all__ = ["HubEngine", "hub_limit", "to_info"]
