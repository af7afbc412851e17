"""Breakthrough draughts: International rules; the first player to crown a king wins
[Breakthrough 1]."""

from __future__ import annotations

from damier.core.variants import declare
from damier.core.variants.international import INTERNATIONAL

BREAKTHROUGH = declare(
    like=INTERNATIONAL, name="breakthrough", title="Breakthrough draughts", aliases=("bt",),
    goal="breakthrough",
    description="International rules; the first king wins.",
)
