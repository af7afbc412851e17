"""A Hub client: drive any Hub engine (damier's, Scan 3.x over Hub-2, Scan 2.0 over Hub-1 with
``protocol="hub1"``) from Python; :mod:`.dialect` holds what differs between the two.

:class:`HubClient` is the asyncio core; :class:`~damier.protocol.hub.simple_engine.SimpleHubEngine`
(its own module) is a synchronous wrapper that runs the core on an event loop in a background
thread (the python-chess pattern). The client
talks to a :class:`LineTransport`: :class:`ProcessTransport` starts an engine process (its
stderr is kept so that a crash can be explained); :class:`ScriptedTransport` replays a
scripted engine so that the client is tested without binaries.

Every wait has a timeout; an engine that does not answer raises
:class:`~damier.protocol.errors.HubTimeoutError`, one that exits or closes its output raises
:class:`~damier.protocol.errors.EngineTerminatedError` (with the exit status and the end of
its stderr), and an engine that answers nonsense raises
:class:`~damier.protocol.errors.HubError`. ``error`` lines sent by the engine are kept in
:attr:`HubClient.errors` and quoted in those messages; one that arrives while a search is
awaited ends the wait at once with a :class:`~damier.protocol.errors.HubError` (an engine that
refused the position or the limit will not answer). So does a line that is not Hub at all
(:func:`read_engine_line`: it does not parse, or holds control characters or bytes that are
not UTF-8): it is recorded in :attr:`HubClient.errors` with the reason, and skipped outside a
search. Unknown commands are ignored, as the protocol asks.

This module must not know damier's engine: it speaks only the protocol.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass

from damier.core.board import Board
from damier.protocol.errors import EngineTerminatedError, HubError, HubTimeoutError
from damier.protocol.hub.dialect import HUB2, HubInfo, HubLimit, dialect
from damier.protocol.hub.syntax import HubLine, parse_line
from damier.protocol.hub.transport import LineTransport, ProcessTransport


@dataclass
class HubResult:
    """The end of a search: the ``done`` move, the ponder move, and every ``info``."""

    move: str
    ponder: str | None
    infos: list[HubInfo]

    @property
    def info(self) -> HubInfo | None:
        """The last ``info`` line, if any."""
        return self.infos[-1] if self.infos else None


_EOF = HubLine(command="\x00eof")
_GARBAGE = HubLine(command="\x00garbage")
ERROR_GRACE = 0.25
"""Seconds to wait, after an ``error`` that ends a search, for the engine to exit (so that
its exit status and stderr are reported too)."""


def read_engine_line(text: str) -> HubLine:
    """One line from an engine; :class:`HubError` if it is not a Hub line: it does not parse
    (an unterminated quote, no command) or holds control characters or bytes that are not
    UTF-8 (decoded as U+FFFD). Unknown commands are *not* errors (the protocol asks clients
    to ignore them).

    >>> read_engine_line("info depth=2 score=0.1").command
    'info'
    >>> read_engine_line("\\x00\\x7f\\ufffd")
    Traceback (most recent call last):
    ...
    damier.protocol.errors.HubError: control character or non-UTF-8 byte at column 1
    """
    for column, char in enumerate(text, 1):
        if (char < " " and char != "\t") or char in "\x7f\ufffd":
            raise HubError(f"control character or non-UTF-8 byte at column {column}")
    return parse_line(text)


def reversible_tail(board: Board) -> tuple[str, list[str]]:
    """The Hub ``pos`` of ``board``: the position before the reversible king moves at the end
    of the game and those moves in Hub notation (what a Hub GUI sends for repetitions)."""
    tail: list[str] = []
    b = board.copy()
    while b.ply:
        move = b.peek()
        if move.is_capture:
            break
        b.pop()
        if (b.piece_at(move.from_square) or "").islower():
            b.push(move)
            break
        tail.append(move.hub())
    tail.reverse()
    return b.hub(), tail


class HubSearch:
    """A running search: iterate it for :class:`HubInfo`, :meth:`stop` it, or :meth:`wait`.

    A ponder search (``go ponder``; Hub-1 ``ponder``) searches the position after the move
    the engine expects from its opponent, for as long as the opponent thinks: it is waited
    for without a timeout until :meth:`ponder_hit` (that move was played: the search goes on
    under its limit, waited for as long as a search under that limit) or :meth:`stop` (another
    move was played: the engine answers at once and the answer is dropped by the caller)."""

    def __init__(self, client: HubClient, timeout: float | None,
                 pondering: bool = False) -> None:
        self._client = client
        self._timeout = None if pondering else timeout
        self._after_hit = timeout
        self.pondering = pondering
        self.infos: list[HubInfo] = []
        self.result: HubResult | None = None

    async def next_info(self) -> HubInfo | None:
        """The next ``info`` line, or ``None`` once ``done`` arrived."""
        if self.result is not None:
            return None
        client = self._client
        done = client.dialect.done
        try:
            line = await client._expect(("info", done), self._timeout, done, fail_on_error=True)
        except HubTimeoutError:
            raise
        except HubError:
            client._searching = False   # it answered an error or ended: no done will come
            raise
        if line.command == "info":
            info = client.dialect.info(line)
            self.infos.append(info)
            return info
        move, ponder = client.dialect.result(line)
        if not move:
            raise HubError(f"engine {client.name!r} sent {line.text!r} without "
                           f"{'move=' if client.dialect is HUB2 else 'a move'}")
        self.result = HubResult(move, ponder, self.infos)
        self._client._searching = False
        return None

    def __aiter__(self) -> AsyncIterator[HubInfo]:
        return self._iterate()

    async def _iterate(self) -> AsyncIterator[HubInfo]:
        while (info := await self.next_info()) is not None:
            yield info

    async def ponder_hit(self) -> None:
        """The move pondered on was played: ``ponder-hit``; the search goes on under its
        limit (Scan 2.0 counts its time from the start of the ponder search, damier from the
        hit)."""
        if self.result is None and self.pondering:
            await self._client.send("ponder-hit")
            self.pondering = False
            self._timeout = self._after_hit

    async def stop(self) -> HubResult:
        """Ask the engine to stop and return its ``done``."""
        if self.result is None:
            await self._client.send("stop")
            self._timeout = self._client.reply_timeout
        return await self.wait()

    async def wait(self) -> HubResult:
        """Read to the ``done`` line."""
        while await self.next_info() is not None:
            pass
        assert self.result is not None
        return self.result


class HubClient:
    """The asyncio core of the client (see the module docstring)."""

    def __init__(
        self, transport: LineTransport, reply_timeout: float = 10.0, protocol: str = "hub2"
    ) -> None:
        self.transport = transport
        self.dialect = dialect(protocol)
        self.errors_end_search = True
        """Whether an ``error`` line or an unreadable line ends the wait for a search's
        answer (the default: an engine that reports an error or talks garbage instead of
        searching would otherwise be waited for until the timeout); set it to ``False`` for
        engines whose errors or stray output are harmless."""
        self.name = transport.describe()
        self.reply_timeout = reply_timeout
        self.id: dict[str, str] = {}
        self.params: dict[str, dict[str, str]] = {}
        self.errors: list[str] = []
        self._queue: asyncio.Queue[HubLine] = asyncio.Queue()
        self._pongs: collections.deque[asyncio.Future[None]] = collections.deque()
        self._searching = False
        self._closed = False
        self._reader = asyncio.ensure_future(self._read_loop())

    @classmethod
    async def popen(
        cls, command: str | Sequence[str], cwd: str | None = None, reply_timeout: float = 10.0,
        protocol: str = "hub2",
    ) -> HubClient:
        """Start an engine process (no handshake yet)."""
        return cls(await ProcessTransport.start(command, cwd), reply_timeout, protocol)

    async def _read_loop(self) -> None:
        while True:
            try:
                text = await self.transport.read_line()
            except HubError as e:
                self.errors.append(str(e))
                text = None
            if text is None:
                self._queue.put_nowait(_EOF)
                for fut in self._pongs:
                    if not fut.done():
                        fut.set_exception(self._terminated("pong"))
                return
            if not text.strip():
                continue
            try:
                line = read_engine_line(text)
            except HubError as e:
                self.errors.append(f"unreadable line {text[:200]!r}: {e}")
                self._queue.put_nowait(_GARBAGE)
                continue
            if line.command == "pong" and self._pongs:
                fut = self._pongs.popleft()
                if not fut.done():
                    fut.set_result(None)
                continue
            if line.command == "error":
                self.errors.append(line.get("message") or line.text)
            self._queue.put_nowait(line)

    def _terminated(self, waiting_for: str) -> EngineTerminatedError:
        diag = self.transport.diagnostics()
        recent = f"; its last error: {self.errors[-1]}" if self.errors else ""
        return EngineTerminatedError(
            f"engine {self.name!r} ended while damier waited for {waiting_for}{diag}{recent}"
        )

    async def _expect(
        self, commands: Sequence[str], timeout: float | None, waiting_for: str,
        fail_on_error: bool = False,
    ) -> HubLine:
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        while True:
            remaining = None if deadline is None else max(0.0, deadline - loop.time())
            try:
                line = await asyncio.wait_for(self._queue.get(), remaining)
            except TimeoutError:
                recent = f"; its last error: {self.errors[-1]}" if self.errors else ""
                raise HubTimeoutError(
                    f"engine {self.name!r} did not send {waiting_for} within {timeout:g} s{recent}"
                ) from None
            if line is _EOF:
                self._queue.put_nowait(_EOF)
                await self._reap()
                raise self._terminated(waiting_for)
            if line.command in commands:
                return line
            if fail_on_error and self.errors_end_search:
                if line.command == "error":
                    await self._fail_on_error(waiting_for, "answered an error")
                elif line is _GARBAGE:
                    await self._fail_on_error(waiting_for, "sent an unreadable line")

    async def _fail_on_error(self, waiting_for: str, what: str) -> None:
        """An ``error`` or an unreadable line instead of the awaited answer: a process that
        also exits (within a moment) is reported as terminated, with its exit status and the
        error."""
        loop = asyncio.get_running_loop()
        grace = loop.time() + ERROR_GRACE
        while (left := grace - loop.time()) > 0:
            try:
                line = await asyncio.wait_for(self._queue.get(), left)
            except TimeoutError:
                break
            if line is _EOF:
                self._queue.put_nowait(_EOF)
                await self._reap()
                raise self._terminated(waiting_for)
        raise HubError(f"engine {self.name!r} {what} instead of {waiting_for}: "
                       f"{self.errors[-1]}")

    async def _reap(self) -> None:
        if not self._closed:
            self._closed = True
            with contextlib.suppress(Exception):
                await self.transport.close(1.0)

    async def send(self, line: str) -> None:
        """Send one raw line."""
        if self._closed:
            raise self._terminated("input")
        await self.transport.write_line(line)

    # -- the protocol --------------------------------------------------------------------------

    async def hub(self, timeout: float | None = None) -> dict[str, str]:
        """``hub`` -> identification lines (Hub-2 ``id`` and ``param``; Hub-1 ``name``,
        ``author``, ``country``), then ``wait``; returns the identification fields."""
        await self.send("hub")
        commands = (*self.dialect.id_commands, "wait")
        while True:
            line = await self._expect(commands, timeout or self.reply_timeout, "wait")
            if line.command == "wait":
                return self.id
            self.dialect.hub_answer(line, self.id, self.params)

    async def set_param(self, name: str, value: object) -> None:
        """``set-param`` (send before :meth:`init`)."""
        text = ("true" if value else "false") if isinstance(value, bool) else str(value)
        await self.send(self.dialect.param_line(name, text))

    async def init(self, timeout: float | None = None) -> None:
        """``init`` and wait for ``ready`` (engines may load books and tables here)."""
        await self.send("init")
        await self._expect(("ready",), timeout or max(self.reply_timeout, 30.0), "ready")

    async def ping(self, timeout: float | None = None) -> None:
        """``ping`` and wait for ``pong`` (also during a search)."""
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pongs.append(fut)
        await self.send("ping")
        try:
            await asyncio.wait_for(fut, timeout or self.reply_timeout)
        except TimeoutError:
            raise HubTimeoutError(f"engine {self.name!r} did not answer ping") from None

    async def new_game(self) -> None:
        """``new-game`` (the engine clears its tables)."""
        await self.send(self.dialect.new_game_line())

    async def position(self, pos: str | Board, moves: Sequence[str] = ()) -> None:
        """``pos``: a 51-character Hub position and the moves played from it, or a board (sent
        as the position before its trailing reversible king moves, and those moves)."""
        if isinstance(pos, Board):
            pos, moves = reversible_tail(pos)
        for line in self.dialect.position_lines(pos, moves):
            await self.send(line)

    async def go(
        self, limit: HubLimit, mode: str = "think", timeout: float | None = None
    ) -> HubSearch:
        """Send the ``level`` and ``go <mode>`` lines (``think``, ``analyze`` or ``ponder``;
        Hub-1: ``go``, ``analyse``, ``ponder``); returns the running search."""
        if self._searching:
            raise HubError("a search is already running")
        for line in self.dialect.limit_lines(limit):
            await self.send(line)
        await self.send(self.dialect.go_line(mode))
        self._searching = True
        wait = timeout if timeout is not None else limit.default_timeout()
        return HubSearch(self, wait, pondering=mode == "ponder")

    async def search(
        self, pos: str | Board, limit: HubLimit, moves: Sequence[str] = (),
        timeout: float | None = None, mode: str = "think",
    ) -> HubResult:
        """Set the position, search with ``limit`` and return the result."""
        await self.position(pos, moves)
        search = await self.go(limit, mode, timeout)
        return await search.wait()

    def kill(self) -> None:
        """End the engine process at once, without a word (for an engine that hangs): every
        wait on it then raises :class:`~damier.protocol.errors.EngineTerminatedError`. A
        transport without a process (a scripted one) ends its output instead."""
        kill = getattr(self.transport, "kill", None)
        if kill is not None:
            kill()
        else:
            self._queue.put_nowait(_EOF)

    async def quit(self, timeout: float = 5.0) -> int | None:
        """``quit``, wait for the engine to exit (killing it after ``timeout``)."""
        if not self._closed:
            with contextlib.suppress(HubError):
                await self.transport.write_line("quit")
            self._closed = True
            status = await self.transport.close(timeout)
        else:
            status = None
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._reader
        return status


async def open_engine(
    command: str | Sequence[str], params: dict[str, object] | None = None,
    cwd: str | None = None, timeout: float = 30.0, protocol: str = "hub2",
) -> HubClient:
    """Start a Hub engine, handshake, set ``params`` and ``init``; returns the ready client."""
    client = await HubClient.popen(command, cwd, reply_timeout=timeout, protocol=protocol)
    try:
        await client.hub(timeout)
        for name, value in (params or {}).items():
            await client.set_param(name, value)
        await client.init(timeout)
    except BaseException:
        await client.quit(1.0)
        raise
    return client
