"""The engine options of ``damier serve``: external engines offered beside damier's own.

``--engine CMD`` adds an engine (repeatable); the ``--engine-…`` options after it describe
that engine: ``--engine-dir DIR`` (its working directory), ``--engine-proto hub|hub1|dxp``
(default hub, i.e. Hub-2), ``--engine-name NAME``, ``--engine-variant V`` (repeatable;
default international) and ``--engine-option NAME=VALUE`` (a Hub parameter; repeatable).
``--settings FILE`` reads engines from a TOML file (format in
:mod:`damier.web.services.engine_settings`); the command line's engines come after the file's.

>>> parser = argparse.ArgumentParser()
>>> add_engine_arguments(parser)
>>> args = parser.parse_args(["--engine", "dame hub", "--engine-name", "dame",
...                           "--engine", "./scan hub", "--engine-proto", "hub1"])
>>> args.engines
[{'command': 'dame hub', 'name': 'dame'}, {'command': './scan hub', 'protocol': 'hub1'}]

This module must not start engines or the server.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any


class _AddEngine(argparse.Action):
    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[Any] | None, option_string: str | None = None) -> None:
        engines = list(getattr(namespace, "engines", None) or [])   # never the shared default
        engines.append({"command": values})
        namespace.engines = engines


class _EngineSetting(argparse.Action):
    """An ``--engine-…`` option: sets ``key`` of the engine given last (lists append)."""

    def __init__(self, option_strings: Sequence[str], dest: str, key: str = "",
                 many: bool = False, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, **kwargs)
        self.key = key
        self.many = many

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[Any] | None, option_string: str | None = None) -> None:
        engines = getattr(namespace, "engines", None)
        if not engines:
            parser.error(f"{option_string} describes an engine: give it after --engine CMD")
        entry = engines[-1]
        value = str(values)
        if self.key == "options":
            name, eq, setting = value.partition("=")
            if not eq or not name:
                parser.error(f"{option_string} takes NAME=VALUE, not {value[:60]!r}")
            entry.setdefault("options", {})[name] = setting
        elif self.many:
            entry.setdefault(self.key, []).append(value)
        elif self.key in entry:
            parser.error(f"{option_string} given twice for the engine {entry['command']!r}")
        else:
            entry[self.key] = value


def add_engine_arguments(p: argparse.ArgumentParser) -> None:
    """Add ``--engine`` and its options, and ``--settings``, to the ``serve`` parser."""
    p.add_argument("--engine", action=_AddEngine, dest="engines", metavar="CMD",
                   help="an external engine offered beside damier's own (a Hub-2 command "
                        "line unless --engine-proto says otherwise); repeatable, the "
                        "--engine-... options after it describe it")
    p.add_argument("--engine-dir", action=_EngineSetting, key="dir", dest="engines",
                   metavar="DIR", help="working directory of the engine (Scan reads its "
                                       "scan.ini and data/ there)")
    p.add_argument("--engine-proto", action=_EngineSetting, key="protocol", dest="engines",
                   choices=("hub", "hub1", "dxp"),
                   help="its protocol: hub (Hub-2, default), hub1 (Scan 2.0), dxp")
    p.add_argument("--engine-name", action=_EngineSetting, key="name", dest="engines",
                   metavar="NAME", help="its name in the page (default: the command's file name)")
    p.add_argument("--engine-variant", action=_EngineSetting, key="variants", many=True,
                   dest="engines", metavar="VARIANT",
                   help="a variant it is offered for (repeatable; default international)")
    p.add_argument("--engine-option", action=_EngineSetting, key="options", dest="engines",
                   metavar="NAME=VALUE", help="a Hub parameter set at start (repeatable)")
    p.add_argument("--settings", metavar="FILE",
                   help="engine settings in TOML ([[engine]] tables; see docs/web.md)")
    p.set_defaults(engines=[])
