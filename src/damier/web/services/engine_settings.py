"""Which engines a server offers: :class:`EngineChoice`, read from ``damier serve`` options or a
settings file (TOML).

damier's own engine is always offered, as ``damier`` (:data:`BUILTIN`). External engines —
a Hub-2 process (``hub``, the default), a Scan 2.0-style Hub-1 process (``hub1``) or a DXP
follower (``dxp``) — are described by the same settings as ``damier match --engine`` (they
become a :class:`~damier.protocol.match.players.EngineSpec`), plus the variants they are
offered for and a name unique on the server. A settings file holds one ``[[engine]]`` table
per engine and two optional limits::

    max_engine_processes = 4       # external engine processes kept open at once
    engine_idle_seconds = 300      # an engine process idle this long is closed

    [[engine]]
    name = "scan"                  # default: the command's file name
    command = "./scan hub"         # a command line, or a list of words
    dir = "/opt/scan"              # working directory (Scan reads scan.ini and data/ there)
    protocol = "hub1"              # hub (default), hub1 or dxp
    variants = ["international"]   # default: international only
    options = { book = "false" }   # Hub parameters
    # host = "127.0.0.1:27531"     # dxp: a follower that is already listening
    # timeout = 120                # seconds for a depth or node limit

Every mistake is a :class:`SettingsError` that says which engine and which key. This module
must not start engines; :mod:`damier.web.services.engine_registry` does.

>>> [c.name for c in read_settings({"engine": [{"command": "sh -c 'exec dame hub'"}]}).engines]
['damier', 'sh']
>>> read_settings({"engine": [{"command": "x", "protocol": "uci"}]})
Traceback (most recent call last):
...
damier.web.services.engine_settings.SettingsError: engine 1: protocol must be hub, hub1 or dxp, not 'uci'
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from damier.core.errors import DamierError
from damier.core.variants import get_variant
from damier.protocol.match.players import EngineSpec

BUILTIN = "damier"
"""The name of damier's own engine in the API and the page."""

PROTOCOLS = ("hub", "hub1", "dxp")
ENGINE_KEYS = ("name", "command", "dir", "protocol", "variants", "options", "host", "timeout")
TOP_KEYS = ("engine", "max_engine_processes", "engine_idle_seconds")
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 ._+-]{0,39}")
"""An engine's name: what the page shows and the API takes (1-40 characters)."""
MAX_SETTINGS_BYTES = 256 * 1024


class SettingsError(DamierError):
    """The engine settings cannot be used; the message says which engine and which key."""


@dataclass(frozen=True)
class EngineChoice:
    """An engine the server offers: its ``name``, how to start it (``spec``; ``None`` for the
    built-in engine) and the variants it is offered for (``None``: every variant)."""

    name: str
    spec: EngineSpec | None = None
    variants: tuple[str, ...] | None = None

    @property
    def builtin(self) -> bool:
        return self.spec is None

    @property
    def protocol(self) -> str:
        return "builtin" if self.spec is None else self.spec.kind

    @property
    def analyses(self) -> bool:
        """Whether it can analyse (DXP carries moves only)."""
        return self.protocol != "dxp"

    def plays(self, variant: str) -> bool:
        return self.variants is None or variant in self.variants

    def json(self) -> dict[str, Any]:
        """What ``GET /api/engines`` says about it."""
        return {"name": self.name, "builtin": self.builtin, "protocol": self.protocol,
                "variants": None if self.variants is None else list(self.variants),
                "analyse": self.analyses}


@dataclass(frozen=True)
class EngineSettings:
    """The engines a server offers (the built-in one first) and the limits on their processes."""

    engines: tuple[EngineChoice, ...] = (EngineChoice(BUILTIN),)
    max_processes: int = 4
    idle_seconds: float = 300.0
    sources: tuple[str, ...] = field(default=(), compare=False)


def engine_choice(entry: Mapping[str, Any], where: str, taken: set[str]) -> EngineChoice:
    """One external engine from its settings (a TOML table, or the ``--engine`` options)."""
    unknown = sorted(set(entry) - set(ENGINE_KEYS))
    if unknown:
        raise SettingsError(f"{where}: unknown key {unknown[0]!r} (known: "
                            f"{', '.join(ENGINE_KEYS)})")
    protocol = _text(entry, "protocol", where) or "hub"
    if protocol not in PROTOCOLS:
        raise SettingsError(f"{where}: protocol must be hub, hub1 or dxp, not {protocol!r}")
    command = _command(entry.get("command"), where)
    settings = [f"proto={protocol}"]
    if command:
        settings.append(f"cmd={shlex.join(command)}")
    for key, setting in (("dir", "dir"), ("host", "host")):
        value = _text(entry, key, where)
        if value:
            settings.append(f"{setting}={value}")
    timeout = entry.get("timeout")
    if timeout is not None:
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
            raise SettingsError(f"{where}: timeout must be a number of seconds")
        settings.append(f"timeout={timeout}")
    options = entry.get("options") or {}
    if not isinstance(options, Mapping):
        raise SettingsError(f"{where}: options must be a table of NAME = VALUE")
    for key, value in options.items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        if not isinstance(value, (str, int, float)):
            raise SettingsError(f"{where}: option {key!r} must be a string, number or boolean")
        settings.append(f"option.{key}={value}")
    try:
        spec = EngineSpec.from_settings(settings)
    except DamierError as e:
        raise SettingsError(f"{where}: {e}") from None
    if spec.cwd and not os.path.isdir(spec.cwd):
        raise SettingsError(f"{where}: dir {spec.cwd!r} is not a directory")
    if spec.command and not _runnable(spec.command[0], spec.cwd):
        raise SettingsError(f"{where}: command {spec.command[0]!r} not found"
                            + (f" (in {spec.cwd})" if spec.cwd else " (on the PATH)"))
    variants = _variants(entry.get("variants", ["international"]), where)
    if spec.kind == "dxp" and variants != ("international",):
        raise SettingsError(f"{where}: a DXP engine plays international only")
    name = _text(entry, "name", where) or _default_name(spec, taken)
    if not NAME.fullmatch(name):
        raise SettingsError(f"{where}: name {name[:60]!r} must be 1-40 letters, digits, "
                            "spaces or ._+- (starting with a letter or digit)")
    if name.lower() in {t.lower() for t in taken}:
        raise SettingsError(f"{where}: the name {name!r} is taken"
                            + (" (damier is the built-in engine)" if name == BUILTIN else ""))
    taken.add(name)
    return EngineChoice(name, spec, variants)


def read_settings(
    data: Mapping[str, Any], extra: Sequence[Mapping[str, Any]] = (), source: str = "settings",
) -> EngineSettings:
    """The settings of a parsed TOML document ``data`` plus the engines of the command line
    (``extra``, in order after the file's)."""
    unknown = sorted(set(data) - set(TOP_KEYS))
    if unknown:
        raise SettingsError(f"{source}: unknown key {unknown[0]!r} (known: {', '.join(TOP_KEYS)})")
    entries = data.get("engine", [])
    if not isinstance(entries, list) or not all(isinstance(e, Mapping) for e in entries):
        raise SettingsError(f"{source}: engines are [[engine]] tables")
    taken = {BUILTIN}
    choices = [EngineChoice(BUILTIN)]
    for n, entry in enumerate([*entries, *extra], 1):
        choices.append(engine_choice(entry, f"engine {n}", taken))
    processes = _number(data, "max_engine_processes", 1, 64, 4, source)
    idle = _number(data, "engine_idle_seconds", 5, 86400, 300, source)
    return EngineSettings(tuple(choices), int(processes), float(idle), (source,))


def load_settings(path: str | os.PathLike[str] | None,
                  extra: Sequence[Mapping[str, Any]] = ()) -> EngineSettings:
    """The settings in the TOML file ``path`` (none: only ``extra``, the command line's)."""
    if path is None:
        return read_settings({}, extra, "command line")
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_SETTINGS_BYTES + 1)
    except OSError as e:
        raise SettingsError(f"cannot read settings file {os.fspath(path)!r}: {e.strerror}") \
            from None
    if len(raw) > MAX_SETTINGS_BYTES:
        raise SettingsError(f"{os.fspath(path)}: larger than {MAX_SETTINGS_BYTES} bytes")
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise SettingsError(f"{os.fspath(path)}: not a TOML file: {e}") from None
    return read_settings(data, extra, os.fspath(path))


def _text(entry: Mapping[str, Any], key: str, where: str) -> str | None:
    value = entry.get(key)
    if value is not None and not isinstance(value, str):
        raise SettingsError(f"{where}: {key} must be a string")
    return value


def _command(value: object, where: str) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        try:
            return shlex.split(value)
        except ValueError as e:
            raise SettingsError(f"{where}: command {value[:80]!r}: {e}") from None
    if isinstance(value, list) and all(isinstance(w, str) for w in value):
        return list(value)
    raise SettingsError(f"{where}: command must be a string or a list of strings")


def _variants(value: object, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise SettingsError(f"{where}: variants must be a list of variant names")
    names: list[str] = []
    for v in value:
        try:
            names.append(get_variant(v).name)
        except DamierError as e:
            raise SettingsError(f"{where}: {e}") from None
    return tuple(dict.fromkeys(names))


def _runnable(program: str, cwd: str | None) -> bool:
    """Whether ``program`` can be started: a path (relative to ``cwd``, where the engine is
    started) to an executable file, or a name found on the PATH."""
    if os.sep in program:
        path = os.path.join(cwd or ".", program)
        return os.path.isfile(path) and os.access(path, os.X_OK)
    return shutil.which(program) is not None


def _default_name(spec: EngineSpec, taken: set[str]) -> str:
    word = os.path.basename(spec.command[0]) if spec.command else (spec.address or spec.kind)
    base = re.sub(r"[^A-Za-z0-9._+-]", "", word)[:36] or spec.kind
    if not base[0].isalnum():
        base = spec.kind + base
    name, n = base, 2
    while name.lower() in {t.lower() for t in taken}:
        name, n = f"{base}-{n}", n + 1
    return name


def _number(data: Mapping[str, Any], key: str, low: float, high: float, default: float,
            source: str) -> float:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise SettingsError(f"{source}: {key} must be a number from {low:g} to {high:g}")
    return float(value)


__all__ = ["BUILTIN", "EngineChoice", "EngineSettings", "SettingsError", "engine_choice",
           "load_settings", "read_settings"]
