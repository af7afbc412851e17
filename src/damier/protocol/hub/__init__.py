"""The Hub protocol (docs/protocols.md): Hub-2 and Scan 2.0's Hub-1, in both roles — the engine
side (``damier hub [--protocol 1]``) and a client that drives any Hub engine. See
:mod:`.syntax`, :mod:`.dialect`, :mod:`.server`, :mod:`.hub1_server`, :mod:`.client`, :mod:`.simple_engine`,
:mod:`.hub_engine` (a Hub engine behind :class:`~damier.engine.api.EngineLike`), :mod:`.transport`."""

from damier.protocol.hub.client import (
    HubClient,
    HubResult,
    HubSearch,
    open_engine,
    reversible_tail,
)
from damier.protocol.hub.dialect import HubInfo, HubLimit
from damier.protocol.hub.simple_engine import SimpleHubEngine
from damier.protocol.hub.syntax import HubLine, format_line, parse_line
from damier.protocol.hub.transport import LineTransport, ProcessTransport, ScriptedTransport

__all__ = [
    "HubClient",
    "HubInfo",
    "HubLimit",
    "HubLine",
    "HubResult",
    "HubSearch",
    "LineTransport",
    "ProcessTransport",
    "ScriptedTransport",
    "SimpleHubEngine",
    "format_line",
    "open_engine",
    "parse_line",
    "reversible_tail",
]
