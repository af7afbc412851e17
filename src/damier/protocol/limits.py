"""How long to wait for an external engine's answer, derived from the search limit.

A match or the web app must never hang on an engine that does not answer, and must not give
up on one that is merely using its time. :func:`reply_timeout` derives the wait from the
:class:`~damier.engine.timecontrol.Limit` of the move:

* a fixed move time ``t``: ``3 t + MARGIN`` (an engine may overrun a little, never by that);
* a clock: the time left on the mover's clock plus the increment plus ``MARGIN`` (past that
  it has lost on time anyway);
* a depth or node limit, or none: the caller's ``fallback`` (``None``: wait for ever, only
  for searches the caller stops itself).

This module must not do I/O.

>>> reply_timeout(Limit(time=0.5), 0)
6.5
>>> reply_timeout(Limit(white_clock=60.0, black_clock=30.0, increment=1.0), 1)
36.0
>>> reply_timeout(Limit(depth=8), 0, fallback=120.0)
120.0
"""

from __future__ import annotations

from damier.engine.timecontrol import Limit

MARGIN = 5.0
"""Seconds added to every derived wait (process start-up, a loaded machine)."""


def reply_timeout(
    limit: Limit | None, turn: int, fallback: float | None = None, margin: float = MARGIN
) -> float | None:
    """The longest wait for the answer to a search under ``limit`` (see the module docstring)."""
    if limit is None:
        return fallback
    waits = []
    if limit.time is not None:
        waits.append(3 * limit.time + margin)
    clock = limit.clock(turn)
    if clock is not None:
        waits.append(max(clock, 0.0) + limit.increment + margin)
    if waits:
        return min(waits)
    return fallback


def is_infinite(limit: Limit | None) -> bool:
    """Whether ``limit`` sets no bound at all (the search runs until stopped)."""
    if limit is None:
        return True
    return (limit.time is None and limit.depth is None and limit.nodes is None
            and limit.white_clock is None and limit.black_clock is None)


__all__ = ["MARGIN", "is_infinite", "reply_timeout"]
