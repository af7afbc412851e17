"""Antidraughts (losing draughts): International rules, but the player who has no legal move
(all pieces captured or blocked) wins [Antidraughts 1]."""

from __future__ import annotations

from dataclasses import replace

from damier.core.variants import register
from damier.core.variants.international import INTERNATIONAL

ANTIDRAUGHTS = register(
    replace(
        INTERNATIONAL,
        name="antidraughts",
        title="Antidraughts",
        goal="antidraughts",
        description="International rules; you win by having no legal move.",
    ),
    aliases=("losing", "giveaway"),
)
