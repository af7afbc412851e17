"""What every fuzz harness shares: the report (inputs tried, failures) and the rule of what a
failure is (issue 15): an exception outside the documented error types, a 5xx, a hang past a
bound, or a board or stored game changed by a rejected input.

A harness is a function ``run(examples) -> Report`` that tries ``examples`` inputs made by
hypothesis; it records failures instead of stopping at the first, so a long run reports them
all. ``fuzz/run.py`` runs them (``make fuzz``); ``tests/robustness/test_fuzz.py`` runs each
briefly in CI.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

MAX_MESSAGE = 500
"""An error message longer than this is a failure (messages quote short excerpts only)."""

REPRODUCIBLE = False
"""True makes every harness draw the same inputs on every run (hypothesis' ``derandomize``):
the brief CI run sets it, so that a landing is judged on the same inputs each time, while
``make fuzz`` keeps drawing new ones."""


@dataclass
class Report:
    name: str
    tried: int = 0
    failures: list[str] = field(default_factory=list)

    def fail(self, what: str, example: Any) -> None:
        if len(self.failures) < 50:
            self.failures.append(f"{what} on {repr(example)[:200]}")

    def line(self) -> str:
        return f"{self.name}: {self.tried:,} inputs tried, {len(self.failures)} failures"


def explore(report: Report, strategy: st.SearchStrategy[Any], examples: int,
            check: Callable[[Any], None], expected: tuple[type[BaseException], ...] = ()) -> Report:
    """Run ``check`` on ``examples`` inputs drawn from ``strategy``; an exception that is not
    ``expected`` (or an AssertionError raised by ``check``) is recorded as a failure."""

    @settings(max_examples=examples, deadline=None, database=None, derandomize=REPRODUCIBLE,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def one(example: Any) -> None:
        report.tried += 1
        try:
            check(example)
        except expected as e:
            if len(str(e)) > MAX_MESSAGE:
                report.fail(f"message of {len(str(e))} characters", example)
        except AssertionError as e:
            report.fail(f"check failed: {e}"[:300], example)
        except Exception as e:  # noqa: BLE001 - every other exception is a finding
            report.fail(f"{type(e).__name__}: {e}"[:300] + " " +
                        traceback.format_exc(limit=3).replace("\n", " | ")[-300:], example)

    one()
    return report


def noisy_text(alphabet: str, parts: list[str], max_size: int = 60) -> st.SearchStrategy[str]:
    """Text made of meaningful pieces, random characters from ``alphabet`` and huge numbers."""
    piece = st.one_of(
        st.sampled_from(parts),
        st.text(alphabet=alphabet, max_size=8),
        st.integers(0, 10**6).map(str),
        st.integers(10, 5000).map(lambda n: "9" * n),
        st.text(max_size=4),
    )
    return st.lists(piece, max_size=max_size).map("".join)
