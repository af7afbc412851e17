"""``damier hub``: damier's engine as a Hub-2 engine over stdin/stdout (docs/protocols.md, "Hub-2 lines").

:class:`HubServer` owns the engine side of the protocol: it reads one line at a time,
answers at once (``hub``, ``ping``, parameters, positions, limits) and runs each search in a
worker thread so that ``stop``, ``ping``, ``ponder-hit`` and ``quit`` are served while it
thinks. Every search ends with exactly one ``done`` line, also when stopped. Other commands
that arrive during a finite search are queued and obeyed by the search thread after its
``done`` (as if the GUI had waited), while the reader goes on reading: the reading thread
never waits for a search, so ``stop`` and ``quit`` are read at any time (a ``pos`` sent during
a search of ``move-time=1e308`` once blocked it for good). During an infinite search other
commands are refused with ``error``. Lines are read with a bound (:data:`MAX_LINE_CHARS`);
times in ``level`` are clamped to :data:`MAX_LEVEL_SECONDS`. Unknown commands and
arguments are ignored (forward compatibility, as the protocol asks); a malformed line or a
command that cannot be obeyed is answered with ``error message="..."`` and never ends the
program. ``quit`` stops the search, drops the queued lines and returns; end of input first
obeys the queued lines (their finite searches run to the end), then does the same.

Scores go out in men (centi-men / 100) for the side to move; a forced win or loss in ``n``
moves is written ±(99.99 - n/100) like Scan's game-end scores; ``nps`` is in millions of
nodes per second as Scan writes it.

This module must not open sockets or files; it talks only through the two streams it is given.
"""

from __future__ import annotations

import sys
import threading
from collections import deque
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TextIO

from damier.core.board import Board
from damier.core.errors import DamierError, excerpt
from damier.core.fen import from_hub
from damier.core.move import Move
from damier.core.variants import get_variant, variant_names
from damier.protocol.errors import HubError
from damier.protocol.hub.hub_notation import MODES, HubNotation
from damier.protocol.hub.syntax import HubLine, format_line, parse_line
from damier.protocol.hub.variant_names import DAMIER_NAMES

if TYPE_CHECKING:
    from damier.engine import Engine, Info

NAME = "damier"
AUTHOR = "damier developers"

URGENT = frozenset({"ping", "stop", "ponder-hit", "quit"})
"""Commands obeyed the moment they are read, also during a search."""
MAX_LINE_CHARS = 64 * 1024
"""Longest input line read (a position with 200 moves is under 2,000 characters)."""
MAX_LEVEL_SECONDS = 7 * 24 * 3600.0
"""Times of a ``level`` line are clamped to a week, so that every search has an end."""

DEFAULT_MOVE_TIME = 1.0
"""Seconds per move for ``go think`` when the GUI sent no ``level`` since the last ``pos``."""



def hub_variant_values() -> list[str]:
    """The ``variant`` values this server offers: Scan's names whose variant is registered,
    then the other registered variants by their damier names."""
    known = set(variant_names())
    values = [hub for hub, name in DAMIER_NAMES.items() if name in known]
    covered = {DAMIER_NAMES[v] for v in values}
    values += [n for n in variant_names() if n not in covered]
    return values


def resolve_variant(value: str) -> str:
    """The damier variant name for a Hub ``variant`` value (Scan's name or damier's own)."""
    name = DAMIER_NAMES.get(value, value)
    return get_variant(name).name


def hub_score(score: int | None, win_in: int | None) -> float | None:
    """A search score in men for a Hub ``info`` line (see the module docstring)."""
    if win_in is not None and win_in != 0:
        magnitude = 99.99 - min(abs(win_in), 99) / 100
        return magnitude if win_in > 0 else -magnitude
    if score is None:
        return None
    return score / 100


def make_limit(**fields: Any) -> Any:
    """An engine ``Limit`` with only the fields that are set (the rest keep their defaults)."""
    from damier.engine import Limit

    return Limit(**{k: v for k, v in fields.items() if v is not None})


def new_engine(variant: str, level: int) -> Engine:
    """damier's engine for ``variant`` at ``level``."""
    try:
        from damier.engine import Engine
    except ImportError as e:  # pragma: no cover - only before the engine package exists
        raise HubError(f"damier's engine is not available: {e}") from e
    return Engine(variant, level=level)


class HubServer:
    """The engine side of Hub-2. Feed it lines with :meth:`handle`; it writes through ``write``.

    ``engine_factory(variant, level)`` builds the engine (damier's own by default; tests may
    pass a scripted one with the same ``iterate``/``stop`` interface).
    """

    def __init__(
        self,
        write: Callable[[str], None],
        engine_factory: Callable[[str, int], Engine] = new_engine,
    ) -> None:
        self._write = write
        self._lock = threading.Lock()
        self._factory = engine_factory
        self.params: dict[str, str] = {"variant": "normal", "level": "10"}
        self.engine: Engine | None = None
        self.board: Board | None = None
        self.limits: dict[str, float | int | bool] = {}
        self._search: threading.Thread | None = None
        self._infinite = False
        self._ponder_timer: threading.Timer | None = None
        self._hold: threading.Event | None = None
        """Set while a ponder search may answer: its ``done`` waits for ``ponder-hit`` or
        ``stop`` even when the search ends sooner (a depth reached, a forced move)."""
        self._queue_lock = threading.RLock()
        self._idle = threading.Condition(self._queue_lock)
        """Notified when a search ends without another one started from the queue."""
        self._deferred: deque[HubLine] = deque()
        """Lines that arrived during a finite search, obeyed after its ``done``."""
        self._running = False
        """A search was started and has not yet finished its ``done`` (under the lock)."""
        self._quitting = False

    # -- output --------------------------------------------------------------------------------

    def send(self, line: str) -> None:
        """Write one line (thread-safe; the search thread writes too)."""
        with self._lock:
            self._write(line)

    def error(self, message: str) -> None:
        """Report a problem to the GUI without stopping."""
        self.send(format_line("error", message=message))

    @property
    def searching(self) -> bool:
        """Whether a search is running."""
        return self._search is not None and self._search.is_alive()

    # -- input ---------------------------------------------------------------------------------

    def handle(self, text: str) -> bool:
        """Obey one input line; returns ``False`` after ``quit``. Never raises for bad input."""
        if not text.strip():
            return True
        try:
            line = parse_line(text)
        except HubError as e:
            self.error(str(e))
            return True
        if getattr(self, "cmd_" + line.command.replace("-", "_"), None) is None:
            return True  # unknown commands are ignored (docs/protocols.md, "Hub-2 lines")
        if line.command in URGENT:
            return self.obey(line)
        with self._queue_lock:
            if self._running or self._deferred:
                if self._infinite and self._running:
                    self.error(f"{line.command} is not allowed during an infinite search "
                               "(send stop first)")
                else:
                    # a finite search: obey the line after its done, as if the GUI had waited
                    self._deferred.append(line)
                return True
            return self.obey(line)

    def obey(self, line: HubLine) -> bool:
        """Run the command of one parsed line; ``False`` after ``quit``. Never raises."""
        handler = getattr(self, "cmd_" + line.command.replace("-", "_"))
        try:
            result: bool | None = handler(line)
        except DamierError as e:
            self.error(f"{line.command}: {e}")
            self._refused(line)
            return True
        except Exception as e:  # noqa: BLE001 - a Hub engine must never die on input
            self.error(f"{line.command}: internal error: {type(e).__name__}: {e}")
            self._refused(line)
            return True
        return result is not False

    def _refused(self, line: HubLine) -> None:
        """After the error of a refused ``go``, a ``done`` without a move: a client waits
        for ``done`` after ``go`` (pydraughts' HubEngine did so for ever)."""
        if line.command == "go":
            self.send("done")

    def cmd_hub(self, line: HubLine) -> None:
        from damier import __version__
        from damier.engine.native import engine_path

        search = engine_path(get_variant(resolve_variant(self.params["variant"])))
        self.send(format_line("id", name=NAME, version=__version__, author=AUTHOR, search=search))
        self.send(format_line(
            "param", name="variant", value=self.params["variant"], type="enum",
            values=" ".join(hub_variant_values()),
        ))
        self.send(format_line(
            "param", name="level", value=self.params["level"], type="int", min=1, max=10,
        ))
        self.send(format_line(
            "param", name="notation", value=self.notation.mode, type="enum",
            values=" ".join(MODES),
        ))
        self.send("wait")

    def cmd_set_param(self, line: HubLine) -> None:
        name = line.require("name")
        value = line.require("value")
        if name == "variant":
            resolve_variant(value)
        elif name == "level":
            level = line.get_int("value")
            if level is None or not 1 <= level <= 10:
                raise HubError(f"level must be an integer from 1 to 10, not {value!r}")
        elif name == "notation":
            if value not in MODES:
                raise HubError(f"notation must be numeric or algebraic, not {value!r}")
        else:
            return  # unknown parameters are ignored like unknown commands
        self.params[name] = value
        self.engine = None
        self.board = None

    @property
    def notation(self) -> HubNotation:
        """How moves are written for the current variant (see :mod:`.hub_notation`)."""
        rules = get_variant(resolve_variant(self.params["variant"]))
        return HubNotation(rules, self.params.get("notation"))

    def _ensure_engine(self) -> Engine:
        if self.engine is None:
            self.engine = self._factory(
                resolve_variant(self.params["variant"]), int(self.params["level"])
            )
        return self.engine

    def cmd_init(self, line: HubLine) -> None:
        self._ensure_engine()
        self.send("ready")

    def cmd_new_game(self, line: HubLine) -> None:
        self.engine = None
        self._ensure_engine()

    def cmd_ping(self, line: HubLine) -> None:
        self.send("pong")

    def cmd_pos(self, line: HubLine) -> None:
        self.board = None  # a position that cannot be read leaves none to search
        rules = get_variant(resolve_variant(self.params["variant"]))
        text = line.get("pos")
        position = from_hub(text, rules) if text else None
        start = Board(rules).position
        if position is not None and rules.first_player != position.turn and \
                position[:3] == start[:3]:
            # the start with the second player to move cannot be: a client that writes the
            # first mover as "W" (pydraughts in English, Pool ...) means the first player
            position = start
        board = Board(rules, position=position)
        notation = self.notation
        for token in (line.get("moves") or "").split():
            try:
                board.push(notation.read(board, token))
            except DamierError as e:
                raise HubError(f"move {token!r} after {board.hub()}: {e}") from None
        self.board = board
        self.limits = {}

    def cmd_level(self, line: HubLine) -> None:
        limits: dict[str, float | int | bool] = {}
        if "infinite" in line.flags:
            limits["infinite"] = True
        for name in ("depth", "nodes", "moves"):
            value = line.get_int(name)
            if value is not None:
                if value <= 0:
                    raise HubError(f"level {name}={value} must be positive")
                limits[name] = value
        for name in ("move-time", "time", "inc"):
            real = line.get_float(name)
            if real is not None:
                if real < 0:
                    raise HubError(f"level {name}={real} must not be negative")
                limits[name] = min(real, MAX_LEVEL_SECONDS)
        self.limits = limits

    def _limit(self, mode: str, board: Board) -> Any:
        lim = self.limits
        if mode == "ponder":   # no time until ponder-hit: then its budget, or stop
            return make_limit(depth=lim.get("depth"), nodes=lim.get("nodes"))
        if mode != "think" and (lim.get("infinite") or not lim):
            return make_limit()
        if not lim:
            return make_limit(time=DEFAULT_MOVE_TIME)
        clock = lim.get("time")
        own = {"white_clock": clock} if board.turn == 0 else {"black_clock": clock}
        return make_limit(
            depth=lim.get("depth"), nodes=lim.get("nodes"), time=lim.get("move-time"),
            increment=lim.get("inc"), moves_to_go=lim.get("moves"),
            **(own if clock is not None else {}),
        )

    def cmd_go(self, line: HubLine) -> None:
        mode = line.flags[0] if line.flags else "think"
        if mode not in ("think", "analyze", "analyse", "ponder"):
            raise HubError(f"go {mode}: expected think, ponder or analyze")
        if self.board is None:
            raise HubError("go before pos: no position to search")
        if not self.board.legal_moves:
            raise HubError(f"position {self.board.hub()} has no legal move (game over)")
        engine = self._ensure_engine()
        board = self.board.copy()
        limit = self._limit({"think": "think", "ponder": "ponder"}.get(mode, "analyze"), board)
        self._infinite = mode == "ponder" or not any(
            getattr(limit, f, None) for f in ("time", "depth", "nodes", "white_clock", "black_clock")
        )   # a ponder search waits for ponder-hit or stop: other lines cannot wait for it
        self._hold = threading.Event() if mode == "ponder" else None
        self._search = threading.Thread(
            target=self._run_search, args=(engine, board, limit, self._hold), name="hub-search",
            daemon=True,
        )
        with self._queue_lock:
            self._running = True
        self._search.start()

    def _release(self) -> None:
        """Let a ponder search answer (``ponder-hit``, ``stop``, ``quit``, shutdown)."""
        if self._hold is not None:
            self._hold.set()

    def cmd_ponder_hit(self, line: HubLine) -> None:
        """The pondered move was played: keep searching, but stop within the move budget
        (counted from the hit); a ponder search that has already ended answers at once."""
        self._release()
        if not self.searching or self.engine is None:
            return
        budget = self._ponder_budget()
        if budget is not None:
            self._ponder_timer = threading.Timer(budget, self.engine.stop)
            self._ponder_timer.daemon = True
            self._ponder_timer.start()

    def _ponder_budget(self) -> float | None:
        lim = self.limits
        if "move-time" in lim:
            return float(lim["move-time"])
        if "time" in lim:
            moves = int(lim.get("moves", 0)) or 30
            return float(lim["time"]) / moves + float(lim.get("inc", 0.0))
        return None

    def cmd_stop(self, line: HubLine) -> None:
        if self.engine is not None and self.searching:
            self.engine.stop()
        self._release()

    def cmd_quit(self, line: HubLine) -> bool:
        with self._queue_lock:  # quit now: the queued lines are dropped
            self._quitting = True
            self._deferred.clear()
        self.shutdown()
        return False

    def shutdown(self, timeout: float = 10.0) -> None:
        """Obey the queued lines (their finite searches run to the end, as if the GUI had
        waited), then stop a running search and wait for its ``done`` (end of input)."""
        with self._idle:
            while (self._deferred or self._running) and not self._quitting \
                    and not (self._running and self._infinite):
                self._idle.wait(1.0)
            self._quitting = True
        if self.engine is not None and self.searching:
            self.engine.stop()
        self._release()
        if self._search is not None:
            self._search.join(timeout)

    # -- the search thread ---------------------------------------------------------------------

    def _run_search(self, engine: Engine, board: Board, limit: Any,
                    hold: threading.Event | None = None) -> None:
        best: Move | None = None
        ponder: Move | None = None
        try:
            for info in engine.iterate(board, limit):
                self.send(self.info_line(info))
                if info.pv:
                    best = info.pv[0]
                    ponder = info.pv[1] if len(info.pv) > 1 else None
        except Exception as e:  # noqa: BLE001 - report, then still answer done
            self.error(f"search failed: {type(e).__name__}: {e}")
        finally:
            if self._ponder_timer is not None:
                self._ponder_timer.cancel()
                self._ponder_timer = None
        if best is None:
            best = board.legal_moves[0]
            ponder = None
        if hold is not None:
            hold.wait()   # a ponder search answers after ponder-hit or stop, never sooner
        self.send(self.done_line(best, ponder))
        self._after_search()

    def _after_search(self) -> None:
        """Obey the lines queued during the search, until one starts another search."""
        with self._idle:
            self._running = False
            while self._deferred and not self._running and not self._quitting:
                self.obey(self._deferred.popleft())
            self._idle.notify_all()

    def done_line(self, best: Move, ponder: Move | None) -> str:
        """The line that ends a search."""
        write = self.notation.write
        return format_line("done", move=write(best),
                           ponder=write(ponder) if ponder is not None else None)

    def info_line(self, info: Info) -> str:
        """The Hub ``info`` line of an engine report."""
        nps = getattr(info, "nps", None)
        write = self.notation.write
        return format_line(
            "info",
            depth=getattr(info, "depth", None),
            score=_fmt2(hub_score(getattr(info, "score", None), getattr(info, "win_in", None))),
            nodes=getattr(info, "nodes", None),
            time=_fmt3(getattr(info, "time", None)),
            nps=_fmt3(nps / 1e6 if nps is not None else None),
            pv=" ".join(write(m) for m in (getattr(info, "pv", None) or [])) or None,
        )


def _fmt2(x: float | None) -> str | None:
    return None if x is None else f"{x:.2f}"


def _fmt3(x: float | None) -> str | None:
    return None if x is None else f"{x:.3f}"


def serve(
    stdin: TextIO | None = None, stdout: TextIO | None = None,
    params: dict[str, str] | None = None, dialect: type[HubServer] | None = None,
) -> int:
    """Run a Hub session on the given streams (default: the process's) until quit or EOF;
    ``params`` are the defaults of the parameters (``variant``, ``level``); ``dialect``: the
    server class of another version of the protocol (Hub-1)."""
    inp = stdin if stdin is not None else sys.stdin
    out = stdout if stdout is not None else sys.stdout

    def write(text: str) -> None:
        out.write(text + "\n")
        out.flush()

    server = (dialect or HubServer)(write)
    server.params.update(params or {})
    for raw in bounded_lines(inp, server.error):
        if not server.handle(raw):
            return 0
    server.shutdown()
    return 0


def bounded_lines(inp: TextIO, report: Callable[[str], None],
                  limit: int = MAX_LINE_CHARS) -> Iterator[str]:
    """The lines of ``inp``; a line longer than ``limit`` is skipped (read in pieces, never
    held whole) and reported with an excerpt."""
    while True:
        piece = inp.readline(limit + 1)
        if not piece:
            return
        if len(piece) <= limit or piece.endswith("\n"):
            yield piece
            continue
        start, size = piece[:40], len(piece)
        while piece and not piece.endswith("\n"):
            piece = inp.readline(limit)
            size += len(piece)
        report(f"line {excerpt(start + '...', 43)} of {size:,} characters ignored "
               f"(at most {limit:,})")
