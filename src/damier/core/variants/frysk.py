"""Frysk!: Frisian rules with five men each, on the back rows (Black 1–5, White 46–50)
[Frysk 1].

Everything else as :mod:`damier.core.variants.frisian`.
"""

from __future__ import annotations

from damier.core.variants import declare
from damier.core.variants.frisian import FRISIAN

FRYSK = declare(
    like=FRISIAN, name="frysk", title="Frysk!", aliases=("frysk!",),
    rows_of_men=1,
    description="Frisian rules with five men each.",
)
