"""The two dialects of the Hub protocol, as the client writes and reads them.

* **Hub-2** (Scan 3.x, the Hub GUI 2.x; docs/protocols.md, "Hub-2 lines"): ``name=value`` lines — ``pos
  pos=W... moves="..."``, ``level move-time=1``, ``go think``, answered by ``info depth=...``
  lines and ``done move=... ponder=...``; ``set-param name=... value=...``; ``new-game``.
* **Hub-1** (Scan 2.0; docs/protocols.md, "Hub-1"): positional words — ``pos w...`` (the side to move
  in lower case), the moves of the game so far as ``move 32-28`` lines, limits *after*
  ``pos`` (which resets them): ``depth N``, ``time MS`` (a fixed move time in
  milliseconds), ``level MOVES TIME_MS INC_MS`` (the clock); ``go`` or ``analyse`` answered
  by ``info DEPTH MEAN-DEPTH SCORE NODES TIME MNPS PV...`` (score in centi-men) and
  ``move M [PONDER]``; ``set NAME VALUE``; ``new``. The handshake answers ``name``,
  ``author``, ``country`` then ``wait``. Any line sent during a Hub-1 search stops it
  (``ping`` is answered with ``pong`` and the search goes on); Scan 2.0 echoes such a line as
  ``input "..."``, which the client ignores like any unknown line. Hub-1 has no node limit.

A :class:`Dialect` turns the client's requests into lines and the engine's lines into
:class:`~damier.protocol.hub.syntax.HubLine`-based answers; the client owns the waiting.
This module must not do I/O.

>>> HUB1.position_lines("Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww", ["32-28"])[1]
'move 32-28'
>>> HUB1.limit_lines(HubLimit(time=60.0, inc=0.5))
['level 0 60000 500']
>>> HUB1.info(parse_line("info 12 11.4 -25 120345 0.52 2.3 32-28 19x28")).score
-0.25
>>> HUB2.limit_lines(HubLimit(move_time=0.5))
['level move-time=0.5']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from damier.protocol.errors import HubError
from damier.protocol.hub.syntax import HubLine, format_line, parse_line


@dataclass
class HubLimit:
    """A search limit (docs/protocols.md, "Hub-2 lines"; Hub-1 writes it in its own words)."""

    depth: int | None = None
    nodes: int | None = None
    move_time: float | None = None
    time: float | None = None
    moves: int | None = None
    inc: float | None = None
    infinite: bool = False

    def line(self) -> str:
        """The Hub-2 ``level`` line."""
        flags = ("infinite",) if self.infinite else ()
        return format_line(
            "level", *flags, depth=self.depth, nodes=self.nodes, move_time=self.move_time,
            moves=self.moves, time=self.time, inc=self.inc,
        )

    def default_timeout(self) -> float | None:
        """How long a search may take before the engine is deemed hung: a few times a fixed
        move time plus a margin, the time left on the clock plus a margin, otherwise none
        (the caller gives one)."""
        if self.infinite:
            return None
        if self.move_time is not None:
            return 3 * self.move_time + 5.0
        if self.time is not None:
            return self.time + (self.inc or 0.0) + 5.0
        return None


@dataclass
class HubInfo:
    """One ``info`` line; fields an engine did not send are ``None``. ``score`` is in men for
    the side to move in both dialects."""

    depth: int | None = None
    mean_depth: float | None = None
    score: float | None = None
    nodes: int | None = None
    time: float | None = None
    nps: float | None = None
    pv: list[str] = field(default_factory=list)
    args: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_line(cls, line: HubLine) -> HubInfo:
        """Read a Hub-2 ``info`` line; :class:`HubError` if a field is malformed."""
        return cls(
            depth=line.get_int("depth"), mean_depth=line.get_float("mean-depth"),
            score=line.get_float("score"), nodes=line.get_int("nodes"),
            time=line.get_float("time"), nps=line.get_float("nps"),
            pv=(line.get("pv") or "").split(), args=dict(line.args),
        )


def _number(line: HubLine, index: int, kind: type[int] | type[float]) -> float | int | None:
    if index >= len(line.flags):
        return None
    text = line.flags[index]
    try:
        return kind(text)
    except ValueError:
        raise HubError(f"{line.text!r}: field {index + 1} ({text!r}) is not a number") from None


class Dialect:
    """How one dialect writes requests and reads answers (see the module docstring)."""

    name = "hub2"
    done = "done"
    """The command that ends a search."""
    id_commands: tuple[str, ...] = ("id", "param")

    def hub_answer(self, line: HubLine, ids: dict[str, str], params: dict[str, dict[str, str]]) -> None:
        """Take an identification line of the handshake."""
        if line.command == "id":
            ids.update(line.args)
        elif line.command == "param" and "name" in line.args:
            params[line.args["name"]] = dict(line.args)

    def param_line(self, name: str, value: str) -> str:
        return format_line("set-param", name=name, value=value)

    def position_lines(self, pos: str, moves: Sequence[str]) -> list[str]:
        joined = " ".join(moves)
        return [format_line("pos", pos=pos, moves=joined or None)]

    def limit_lines(self, limit: HubLimit) -> list[str]:
        return [limit.line()]

    def go_line(self, mode: str) -> str:
        return f"go {mode}"

    def new_game_line(self) -> str:
        return "new-game"

    def info(self, line: HubLine) -> HubInfo:
        return HubInfo.from_line(line)

    def result(self, line: HubLine) -> tuple[str | None, str | None]:
        """(move, ponder) of the line that ends a search."""
        return line.get("move"), line.get("ponder")

    def win_in(self, centi: int) -> int | None:
        """Plies to the end of the game that a score (centi-men) announces, if it does:
        Scan 3.x writes ±(99.99 - plies/100) men."""
        if abs(centi) < 9900:
            return None
        plies = max(1, 9999 - abs(centi))
        return plies if centi > 0 else -plies


class Hub1Dialect(Dialect):
    """Scan 2.0's dialect (see the module docstring)."""

    name = "hub1"
    done = "move"
    id_commands = ("name", "author", "country", "version")

    def hub_answer(self, line: HubLine, ids: dict[str, str], params: dict[str, dict[str, str]]) -> None:
        if line.command in self.id_commands:
            ids[line.command] = " ".join(line.flags)

    def param_line(self, name: str, value: str) -> str:
        if not name or any(c.isspace() for c in name + value) or not value:
            raise HubError(f"Hub-1 cannot send parameter {name!r} = {value!r} (one word each)")
        return f"set {name} {value}"

    def position_lines(self, pos: str, moves: Sequence[str]) -> list[str]:
        return [f"pos {pos[:1].lower()}{pos[1:]}", *(f"move {m}" for m in moves)]

    def limit_lines(self, limit: HubLimit) -> list[str]:
        if limit.nodes is not None and limit.depth is None and limit.move_time is None \
                and limit.time is None:
            raise HubError("Hub-1 engines take no node limit (use a depth or a time)")
        lines = []
        if limit.depth is not None:
            lines.append(f"depth {limit.depth}")
        if limit.move_time is not None:
            lines.append(f"time {round(limit.move_time * 1000)}")
        if limit.time is not None:
            lines.append(f"level {limit.moves or 0} {round(limit.time * 1000)} "
                         f"{round((limit.inc or 0.0) * 1000)}")
        return lines

    def go_line(self, mode: str) -> str:
        return "analyse" if mode in ("analyze", "analyse") else "ponder" if mode == "ponder" \
            else "go"

    def new_game_line(self) -> str:
        return "new"

    def info(self, line: HubLine) -> HubInfo:
        score = _number(line, 2, int)
        return HubInfo(
            depth=_number(line, 0, int),  # type: ignore[arg-type]
            mean_depth=_number(line, 1, float), score=None if score is None else score / 100,
            nodes=_number(line, 3, int),  # type: ignore[arg-type]
            time=_number(line, 4, float), nps=_number(line, 5, float), pv=line.flags[6:],
        )

    def win_in(self, centi: int) -> int | None:
        """Scan 2.0 writes a game end in ``plies`` as ±(2000 - plies) centi-men (above 1900;
        1800-1900 is a won endgame, still a score)."""
        if abs(centi) <= 1900:
            return None
        plies = max(1, 2000 - abs(centi))
        return plies if centi > 0 else -plies

    def result(self, line: HubLine) -> tuple[str | None, str | None]:
        flags = line.flags
        return (flags[0] if flags else None), (flags[1] if len(flags) > 1 else None)


HUB2 = Dialect()
HUB1 = Hub1Dialect()
DIALECTS = {"hub2": HUB2, "hub": HUB2, "2": HUB2, "hub1": HUB1, "1": HUB1}


def dialect(name: str) -> Dialect:
    """The dialect called ``name`` (``hub``/``hub2``/``2`` or ``hub1``/``1``)."""
    try:
        return DIALECTS[name]
    except KeyError:
        raise HubError(f"unknown Hub protocol {name!r} (hub2 or hub1)") from None


__all__ = ["HUB1", "HUB2", "Dialect", "HubInfo", "HubLimit", "dialect", "parse_line"]
