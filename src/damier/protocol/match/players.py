"""Players of engine games: any engine behind :class:`~damier.engine.api.EngineLike` —
damier's own in-process, a Hub-2 or Hub-1 process, a DXP follower.

An :class:`EngineSpec` is a small picklable description (what a worker process or a Dask
worker receives); :meth:`EngineSpec.create` builds the :class:`Player` in the process that
plays. Specs are written on the command line in two ways:

* short: ``damier`` or ``damier:level=N`` (``damier:N``; ``name=X`` renames it,
  ``book=off`` plays without the opening book, ``weights=PATH`` evaluates with the weights
  file at ``PATH``, e.g. a candidate of ``damier train fit``, ``search.NAME=VALUE`` sets a
  switch of :class:`~damier.engine.search.SearchOptions`, e.g. a candidate search; settings
  separated by commas)
  — damier's engine in-process; ``hub:COMMAND`` or any other text — a command line that starts a Hub-2
  engine (``"damier hub --level 3"``);
* cutechess-style settings (:meth:`EngineSpec.from_settings`): ``name=scan cmd="./scan hub"
  dir=/opt/scan proto=hub1 option.book=false``, with ``proto`` one of ``builtin`` (``level=N``,
  ``book=on|off``, ``weights=PATH``, ``search.NAME=VALUE``),
  ``hub``, ``hub1``, ``dxp`` (``cmd`` started as a follower — ``{port}`` in it is replaced by a
  free loopback port — and/or ``host=HOST:PORT`` to connect to), ``option.NAME=VALUE`` for
  Hub parameters. The Hub ``variant`` parameter is set to the match's variant.

A player's name is ``name=`` when given, else the engine's own (its Hub ``id`` or DXP name),
so that the summary, the games and the PDN say the same. The player itself, its clock and
the time control are :mod:`damier.protocol.engine_player`'s (DXP games use them too). This
module must not decide results; see ``game``.
"""

from __future__ import annotations

import dataclasses
import os
import shlex
import shutil
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from damier.core.colors import WHITE
from damier.core.errors import excerpt
from damier.core.variants import get_variant
from damier.engine.api import BuiltinEngine, EngineLike
from damier.engine.evaluate import Weights, weights_from_file
from damier.engine.search import SearchOptions
from damier.protocol.engine_player import Player
from damier.protocol.errors import MatchError

KINDS = {"builtin": "damier", "damier": "damier", "hub": "hub", "hub2": "hub", "hub1": "hub1",
         "dxp": "dxp"}
"""``proto=`` values and the spec kind each stands for."""

DEFAULT_MOVE_TIMEOUT = 120.0
"""Seconds an external engine may think on a depth or node limit before it is given up."""


@dataclass(frozen=True)
class EngineSpec:
    """A picklable description of a player (see the module docstring)."""

    kind: str
    name: str
    level: int = 10
    command: tuple[str, ...] = ()
    cwd: str | None = None
    options: tuple[tuple[str, str], ...] = ()
    address: str | None = None
    move_timeout: float = DEFAULT_MOVE_TIMEOUT
    book: bool = True
    """The built-in engine plays from its opening book."""
    weights: str | None = None
    """The built-in engine's evaluation weights file (``None``: the variant's own)."""
    search: SearchOptions | None = None
    """The built-in engine's search switches (``None``: the defaults)."""
    loaded: tuple[str, Weights] | None = None
    """``(variant, weights)``: the weights of ``weights`` read once for the match's variant
    (:meth:`ready`)."""

    @property
    def label(self) -> str:
        """The name to use before the engine has told its own."""
        if self.name:
            return self.name
        if self.command:
            return shlex.join(self.command)
        return self.address or self.kind

    @classmethod
    def parse(cls, text: str) -> EngineSpec:
        """A short spec (see the module docstring), or settings when it starts with one."""
        t = text.strip()
        if not t:
            raise MatchError("empty engine spec")
        if t == "damier" or t.startswith("damier:"):
            return cls._builtin(text, filter(None, t[len("damier:"):].split(",")) if ":" in t else [])
        if _is_setting(t.split(maxsplit=1)[0]):
            return cls.from_settings(_split(text))
        command = t[4:] if t.startswith("hub:") else t
        argv = tuple(_split(command))
        if not argv:
            raise MatchError(f"engine {text!r}: empty command")
        return cls("hub", "", 10, argv)

    @classmethod
    def _builtin(cls, text: str, items: Iterable[str]) -> EngineSpec:
        level, name, book, weights, search = 10, "", True, None, None
        for item in items:
            key, eq, value = item.partition("=")
            if not eq:
                key, value = "level", key
            if key == "level":
                if not (value.isascii() and value.isdigit()) or not 1 <= int(value) <= 10:
                    raise MatchError(f"engine {text!r}: level must be 1..10, not {value!r}")
                level = int(value)
            elif key == "name":
                name = value
            elif key == "book":
                if value.lower() not in SWITCH:
                    raise MatchError(f"engine {text!r}: book must be on or off, not "
                                     f"{excerpt(value)}")
                book = SWITCH[value.lower()]
            elif key == "weights":
                weights = _weights_path(value, text)
            elif key.startswith("search."):
                try:
                    search = (search or SearchOptions()).with_setting(key[7:], value)
                except ValueError as e:
                    raise MatchError(f"engine {excerpt(text)}: {e}") from None
            else:
                raise MatchError(f"engine {text!r}: unknown setting {key!r} (level, name, book, "
                                 "weights, search.NAME)")
        return cls("damier", name or f"damier-{level}", level, book=book, weights=weights,
                   search=search)

    def engine_weights(self, variant: str) -> Weights | None:
        """The built-in engine's weights for ``variant`` (``None``: its own);
        :class:`MatchError` if the weights file does not fit (see
        :func:`~damier.engine.evaluate.weights_from_file`). Call it before a match to fail
        at once rather than in every game."""
        if self.weights is None:
            return None
        try:
            return weights_from_file(self.weights, get_variant(variant))
        except ValueError as e:
            raise MatchError(f"engine {self.label!r}: {e}") from None

    def weights_for(self, variant: str) -> Weights | None:
        """The weights read by :meth:`ready` for ``variant``, else the file read now."""
        if self.loaded is not None and self.loaded[0] == variant:
            return self.loaded[1]
        return self.engine_weights(variant)

    def ready(self, variant: str) -> EngineSpec:
        """This spec with its weights file read and checked once for ``variant`` (the games
        of a match then use the weights, not the file); :class:`MatchError` if it does not
        fit, or if the engine's program cannot be found (:meth:`check_command`)."""
        self.check_command()
        weights = self.engine_weights(variant)
        return self if weights is None else dataclasses.replace(self, loaded=(variant, weights))

    def check_command(self) -> None:
        """:class:`MatchError` if this engine's program cannot be found: a path (relative
        to ``cwd`` when given) that is not an executable file, or a bare name not on the
        ``PATH``. Call it before a match: otherwise every game is lost by "failed to start"
        and the match reports a score it never played."""
        if not self.command:
            return
        program = self.command[0]
        if "/" in program:
            path = Path(program) if Path(program).is_absolute() else Path(self.cwd or ".") / program
            found = path.is_file() and os.access(path, os.X_OK)
        else:
            found = shutil.which(program) is not None
        if not found:
            where = f" in {self.cwd!r}" if self.cwd and "/" in program else ""
            raise MatchError(f"engine {self.label!r}: no executable program {program!r}{where}")

    @classmethod
    def from_settings(cls, settings: Sequence[str]) -> EngineSpec:
        """``name=… cmd=… dir=… proto=… level=… host=… timeout=… option.NAME=VALUE``."""
        text = " ".join(settings)
        values: dict[str, str] = {}
        options: list[tuple[str, str]] = []
        for item in settings:
            key, eq, value = item.partition("=")
            if not eq or not key:
                raise MatchError(f"engine {text!r}: {item!r} is not NAME=VALUE")
            if key.startswith("option."):
                if not key[7:]:
                    raise MatchError(f"engine {text!r}: option without a name")
                options.append((key[7:], value))
            elif key in SETTINGS or key.startswith("search."):
                values[key] = value
            else:
                raise MatchError(f"engine {text!r}: unknown setting {key!r} (name, cmd, dir, "
                                 "proto, level, book, weights, search.NAME, host, timeout, "
                                 "option.NAME)")
        proto = values.get("proto", "builtin" if "cmd" not in values and "host" not in values
                            else "hub")
        kind = KINDS.get(proto)
        if kind is None:
            raise MatchError(f"engine {text!r}: proto must be builtin, hub, hub1 or dxp, "
                             f"not {proto!r}")
        timeout = DEFAULT_MOVE_TIMEOUT
        if "timeout" in values:
            try:
                timeout = float(values["timeout"])
            except ValueError:
                timeout = -1.0
            if not timeout > 0:
                raise MatchError(f"engine {text!r}: timeout must be a positive number of seconds")
        if kind == "damier":
            spec = cls._builtin(text, [f"{k}={v}" for k, v in values.items()
                                       if k in BUILTIN_SETTINGS or k.startswith("search.")])
            if options or "cmd" in values or "dir" in values:
                raise MatchError(f"engine {text!r}: the built-in engine takes level=, name=, "
                                 "book=, weights= and search.NAME= only")
            return spec
        if "book" in values or "weights" in values or any(k.startswith("search.") for k in values):
            raise MatchError(f"engine {text!r}: book=, weights= and search.NAME= are for the "
                             "built-in engine (an external engine's own settings are "
                             "option.NAME=VALUE)")
        command = tuple(_split(values.get("cmd", "")))
        if kind in ("hub", "hub1") and not command:
            raise MatchError(f"engine {text!r}: a Hub engine needs cmd=")
        if "level" in values:
            options.append(("level", values["level"]))
        address = values.get("host")
        if kind == "dxp":
            if not command and not address:
                raise MatchError(f"engine {text!r}: a DXP engine needs cmd= or host=HOST:PORT")
            if address is not None:
                _host_port(address, text)
        elif address is not None:
            raise MatchError(f"engine {text!r}: host= is for DXP engines")
        return cls(kind, values.get("name", ""), 10, command, values.get("dir"), tuple(options),
                   address, timeout)

    def create(self, variant: str) -> Player:
        """Build the player in this process (this starts or connects to the engine)."""
        return Player(self.start(variant))

    def start(self, variant: str) -> EngineLike:
        """The engine, started and ready to play ``variant``."""
        if self.kind == "damier":
            return BuiltinEngine(variant, self.level, self.name or None, book=self.book,
                                 weights=self.weights_for(variant), search=self.search)
        if self.kind in ("hub", "hub1"):
            from damier.protocol.hub.hub_engine import HubEngine

            protocol = "hub2" if self.kind == "hub" else "hub1"
            return HubEngine(self.command, variant, protocol, self.cwd, dict(self.options),
                             self.name or None, move_timeout=self.move_timeout)
        from damier.protocol.dxp.dxp_engine import DxpEngine

        if self.options:
            raise MatchError(f"engine {self.label!r}: DXP engines take no option.NAME")
        host, port = _host_port(self.address, self.label) if self.address else ("127.0.0.1", None)
        if variant != "international":
            raise MatchError(f"engine {self.label!r}: DXP plays international only")
        return DxpEngine(host, port, self.command or None, self.cwd, self.name or None,
                         move_timeout=self.move_timeout)


SETTINGS = ("name", "cmd", "dir", "proto", "level", "book", "weights", "host", "timeout")
"""The settings of :meth:`EngineSpec.from_settings` (besides ``option.NAME``)."""
BUILTIN_SETTINGS = ("level", "name", "book", "weights")
"""The settings the built-in engine takes."""
SWITCH = {"on": True, "off": False, "true": True, "false": False, "yes": True, "no": False,
          "1": True, "0": False}
"""Values of an on/off setting."""


def _is_setting(word: str) -> bool:
    key = word.partition("=")[0]
    return "=" in word and (key in SETTINGS or key.startswith(("option.", "search.")))


def _weights_path(value: str, text: str) -> str:
    """``weights=`` of a spec: the path of a weights file that exists (its content is
    checked against the match's variant by :meth:`EngineSpec.engine_weights`)."""
    path = Path(value).expanduser()
    if not value:
        raise MatchError(f"engine {text!r}: weights= needs the path of a weights file "
                         "(<variant>.json, as damier train fit writes it)")
    if not path.is_file():
        raise MatchError(f"engine {text!r}: weights file {excerpt(value)} not found")
    return str(path.resolve())


def _split(text: str) -> list[str]:
    try:
        return shlex.split(text)
    except ValueError as e:
        raise MatchError(f"engine {text!r}: {e}") from None


def _host_port(address: str, text: str) -> tuple[str, int]:
    host, sep, port = address.rpartition(":")
    if not sep or not host or not (port.isascii() and port.isdigit()) or not 0 < int(port) < 65536:
        raise MatchError(f"engine {text!r}: host must be HOST:PORT, not {address!r}")
    return host.strip("[]"), int(port)


def side_name(color: int) -> str:
    return "White" if color == WHITE else "Black"
