"""The Hub protocol's names of damier's variants, one table for both roles.

Scan, the model of the protocol, calls some variants by names of its own; the engine side
(:mod:`~damier.protocol.hub.hub_engine`) sends them, the server side
(:mod:`~damier.protocol.hub.server`) accepts them beside damier's own names. This module must
not know anything else of the protocol.

>>> HUB_NAMES["international"], DAMIER_NAMES["normal"]
('normal', 'international')
"""

from __future__ import annotations

HUB_NAMES = {
    "international": "normal",
    "killer": "killer",
    "breakthrough": "bt",
    "frisian": "frisian",
    "antidraughts": "losing",
}
"""damier variant -> Scan's Hub name (the others are sent by their damier names)."""

DAMIER_NAMES = {hub: name for name, hub in HUB_NAMES.items()}
"""Scan's Hub name -> damier variant (the inverse of :data:`HUB_NAMES`)."""

__all__ = ["DAMIER_NAMES", "HUB_NAMES"]
