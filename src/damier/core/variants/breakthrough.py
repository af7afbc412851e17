"""Breakthrough draughts: International rules; the first player to crown a king wins
[Breakthrough 1]."""

from __future__ import annotations

from dataclasses import replace

from damier.core.variants import register
from damier.core.variants.international import INTERNATIONAL

BREAKTHROUGH = register(
    replace(
        INTERNATIONAL,
        name="breakthrough",
        title="Breakthrough draughts",
        goal="breakthrough",
        description="International rules; the first king wins.",
    ),
    aliases=("bt",),
)
