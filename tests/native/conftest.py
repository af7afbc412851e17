"""The native tests need the kernel: they fail (never skip) when it is not built, and are
left out of the ``DAMIER_PURE=1`` run of ``make test`` (which runs tests/core and tests/engine
on the pure-Python path)."""

from __future__ import annotations

import pytest

from damier.core import kernel


@pytest.fixture(autouse=True)
def _native_kernel_loaded() -> None:
    assert kernel.path() == "native", f"the native kernel is not loaded: {kernel.pure_reason()}"
