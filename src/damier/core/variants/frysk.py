"""Frysk!: Frisian rules with five men each, on the back rows (Black 1–5, White 46–50)
[Frysk 1].

Everything else as :mod:`damier.core.variants.frisian`.
"""

from __future__ import annotations

from dataclasses import replace

from damier.core.variants import register
from damier.core.variants.frisian import FRISIAN

FRYSK = register(
    replace(
        FRISIAN,
        name="frysk",
        title="Frysk!",
        rows_of_men=1,
        description="Frisian rules with five men each.",
    ),
    aliases=("frysk!",),
)
