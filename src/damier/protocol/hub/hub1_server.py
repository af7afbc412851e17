"""``damier hub --protocol 1``: damier's engine in Scan 2.0's Hub-1 dialect (docs/protocols.md, "Hub-1").

:class:`Hub1Server` is :class:`~damier.protocol.hub.server.HubServer` with Hub-1's words
(the dialect is described in :mod:`damier.protocol.hub.dialect`):

* ``hub`` -> ``name damier <version>``, ``author ...``, ``country ...``, ``wait``;
  ``set NAME VALUE`` sets ``variant``, ``level`` or ``notation`` (others are ignored, e.g.
  ``set book false``); ``init`` -> ``ready``;
* ``pos <side w/b><squares>`` (resets the limits), ``start`` (the initial position),
  ``move M`` (plays a move on the position), ``new`` (a new game);
* ``depth N``, ``time MS`` (a fixed move time in milliseconds), ``level MOVES TIME_MS
  INC_MS`` (the clock; ``MOVES`` 0 = sudden death); ``go``, ``analyse`` or ``ponder`` ->
  ``info DEPTH MEAN-DEPTH SCORE NODES TIME MNPS PV...`` lines (score in centi-men for the side
  to move; a game end in ``n`` plies is ±(2000 - n), as Scan 2.0 writes it) then
  ``move M [PONDER]``;
* any line other than ``ping`` and ``ponder-hit`` that arrives during a search stops it
  (Scan 2.0's rule), and is then obeyed; ``ping`` -> ``pong``; problems -> ``error TEXT``.

This module must not open sockets or files.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from damier.core.move import Move
from damier.protocol.errors import HubError
from damier.protocol.hub.server import AUTHOR, NAME, HubServer, new_engine, serve
from damier.protocol.hub.syntax import HubLine, parse_line

if TYPE_CHECKING:
    from damier.engine import Engine, Info

COUNTRY = "international"
GAME_END = 2000
"""Scan 2.0's score of a won game end, in centi-men (less one per ply to it)."""


def _count(line: HubLine, index: int, what: str) -> int:
    try:
        value = int(line.flags[index])
    except (IndexError, ValueError):
        raise HubError(f"{line.text!r}: {what} must be a whole number") from None
    if value < 0:
        raise HubError(f"{line.text!r}: {what} must not be negative")
    return value


class Hub1Server(HubServer):
    """The engine side of Hub-1 (see the module docstring)."""

    def __init__(
        self, write: Callable[[str], None],
        engine_factory: Callable[[str, int], Engine] = new_engine,
    ) -> None:
        super().__init__(write, engine_factory)

    def handle(self, text: str) -> bool:
        if text.strip() and self.searching:
            try:
                command = parse_line(text).command
            except HubError:
                command = ""
            if command not in ("ping", "ponder-hit", "stop", "quit"):
                self.shutdown()   # any other line stops a Hub-1 search, then is obeyed
        return super().handle(text)

    def error(self, message: str) -> None:
        self.send("error " + " ".join(message.split()))

    def cmd_hub(self, line: HubLine) -> None:
        from damier import __version__

        self.send(f"name {NAME} {__version__}")
        self.send(f"author {AUTHOR}")
        self.send(f"country {COUNTRY}")
        self.send("wait")

    def cmd_set(self, line: HubLine) -> None:
        if len(line.flags) != 2:
            raise HubError(f"{line.text!r}: expected set NAME VALUE")
        name, value = line.flags
        self.cmd_set_param(HubLine("set-param", {"name": name, "value": value}, [], line.text))

    def cmd_pos(self, line: HubLine) -> None:
        text = line.flags[0] if len(line.flags) == 1 else ""
        if not text or text[0] not in "wb":
            raise HubError(f"{line.text!r}: expected pos and the side to move (w or b) followed "
                           "by one character per square")
        super().cmd_pos(HubLine("pos", {"pos": text[0].upper() + text[1:]}, [], line.text))

    def cmd_start(self, line: HubLine) -> None:
        super().cmd_pos(HubLine("pos", {}, [], line.text))

    def cmd_new(self, line: HubLine) -> None:
        self.cmd_new_game(line)

    def cmd_move(self, line: HubLine) -> None:
        if self.board is None:
            self.cmd_start(line)
        assert self.board is not None
        if len(line.flags) != 1:
            raise HubError(f"{line.text!r}: expected move M")
        self.board.push(self.notation.read(self.board, line.flags[0]))

    def cmd_depth(self, line: HubLine) -> None:
        depth = _count(line, 0, "the depth")
        if depth == 0:
            raise HubError("depth must be positive")
        self.limits["depth"] = depth

    def cmd_time(self, line: HubLine) -> None:
        self.limits["move-time"] = _count(line, 0, "the time (ms)") / 1000

    def cmd_level(self, line: HubLine) -> None:
        moves = _count(line, 0, "the number of moves")
        self.limits["time"] = _count(line, 1, "the time (ms)") / 1000
        self.limits["inc"] = _count(line, 2, "the increment (ms)") / 1000 \
            if len(line.flags) > 2 else 0.0
        if moves:
            self.limits["moves"] = moves
        else:
            self.limits.pop("moves", None)

    def cmd_go(self, line: HubLine) -> None:
        super().cmd_go(HubLine("go", {}, ["think"], line.text))

    def cmd_analyse(self, line: HubLine) -> None:
        super().cmd_go(HubLine("go", {}, ["analyze"], line.text))

    def cmd_ponder(self, line: HubLine) -> None:
        super().cmd_go(HubLine("go", {}, ["ponder"], line.text))

    def done_line(self, best: Move, ponder: Move | None) -> str:
        write = self.notation.write
        return f"move {write(best)}" + (f" {write(ponder)}" if ponder is not None else "")

    def info_line(self, info: Info) -> str:
        score = info.score
        if info.win_in:
            plies = min(abs(info.win_in), GAME_END - 1901)
            score = GAME_END - plies if info.win_in > 0 else plies - GAME_END
        write = self.notation.write
        pv = " ".join(write(m) for m in info.pv)
        return (f"info {info.depth} {float(info.seldepth):.1f} {score} {info.nodes} "
                f"{info.time:.2f} {info.nps / 1e6:.1f} {pv}").rstrip()


def serve1(
    stdin: TextIO | None = None, stdout: TextIO | None = None,
    params: dict[str, str] | None = None,
) -> int:
    """Run a Hub-1 session on the given streams (default: the process's) until quit or EOF
    (:func:`~damier.protocol.hub.server.serve` with this dialect: an over-long line is
    skipped and reported too)."""
    return serve(stdin, stdout, params, dialect=Hub1Server)

