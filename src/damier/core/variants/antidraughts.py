"""Antidraughts (losing draughts): International rules, but the player who has no legal move
(all pieces captured or blocked) wins [Antidraughts 1]."""

from __future__ import annotations

from damier.core.variants import declare
from damier.core.variants.international import INTERNATIONAL

ANTIDRAUGHTS = declare(
    like=INTERNATIONAL, name="antidraughts", title="Antidraughts", aliases=("losing", "giveaway"),
    goal="antidraughts",
    description="International rules; you win by having no legal move.",
)
