"""The Hub-2 protocol (docs/protocols.md, "Hub-2 lines"): line syntax, the engine side (``damier hub``) and a
client that drives any Hub engine. See :mod:`.syntax`, :mod:`.server`, :mod:`.client`, :mod:`.transport`."""

from damier.protocol.hub.client import (
    HubClient,
    HubInfo,
    HubLimit,
    HubResult,
    HubSearch,
    SimpleHubEngine,
    open_engine,
    reversible_tail,
)
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
