"""Validated numbers for command-line options: argparse ``type=`` functions with bounds.

Nonsense (not a number, NaN, infinity, a negative time, a depth below its minimum, more
digits than any sensible value) is refused by argparse with exit status 2 and a one-line
message that quotes at most a short excerpt of the value. Values beyond a search limit's
maximum are clamped to it with a note on standard error (``--time 1e9`` searches a day, not
thirty years), so that a search always ends.

This module only checks numbers; it must not run anything.

>>> search_seconds("2.5")
2.5
>>> search_seconds("nan")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: 'nan' is not a finite number of seconds
>>> bounded_int(0, 30)("31")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: 31 is out of range (0 to 30)
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from typing import TypeVar

from damier.core.errors import excerpt

N = TypeVar("N", int, float)
"""A whole or a real number: what a bounded argument reads."""

MAX_NUMBER_CHARS = 32
"""Longest number text read from the command line (no ``int()`` of thousands of digits)."""
MAX_SEARCH_SECONDS = 24 * 3600.0
"""The longest search a command starts (longer requests are clamped to it)."""
MAX_SEARCH_DEPTH = 100
"""The deepest search a command asks for (the engine's own ceiling)."""
MAX_SEARCH_NODES = 10**12
MAX_PERFT_DEPTH = 30
"""Deepest perft accepted: far beyond what finishes, well within the recursion limit."""
MAX_HASH_MB = 4096
MAX_MULTIPV = 100


def _number_text(text: str) -> str:
    t = text.strip()
    if len(t) > MAX_NUMBER_CHARS:
        raise argparse.ArgumentTypeError(f"{excerpt(t, 20)} is not a number")
    return t


def _note(text: str) -> None:
    print(f"damier: note: {text}", file=sys.stderr)


def real(text: str) -> float:
    """A finite real number."""
    t = _number_text(text)
    try:
        value = float(t)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{excerpt(t)} is not a number") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{excerpt(t)} is not a finite number")
    return value


def search_seconds(text: str) -> float:
    """Seconds of search: finite and positive, clamped to :data:`MAX_SEARCH_SECONDS`."""
    try:
        value = real(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            f"{excerpt(text.strip())} is not a finite number of seconds") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{value:g} s: a search time must be positive")
    if value > MAX_SEARCH_SECONDS:
        _note(f"{value:g} s clamped to {MAX_SEARCH_SECONDS:g} s (the longest search)")
        return MAX_SEARCH_SECONDS
    return value


def bounded_real(lo: float, hi: float) -> Callable[[str], float]:
    """A finite real in ``[lo, hi]`` (refused outside)."""
    return _in_range(real, lo, hi, "g")


def integer(text: str) -> int:
    """An integer of at most :data:`MAX_NUMBER_CHARS` characters."""
    t = _number_text(text)
    try:
        return int(t)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{excerpt(t)} is not an integer") from None


def bounded_int(lo: int, hi: int) -> Callable[[str], int]:
    """An integer in ``[lo, hi]`` (refused outside)."""
    return _in_range(integer, lo, hi, "")


def _in_range(read: Callable[[str], N], lo: N, hi: N, spec: str) -> Callable[[str], N]:
    """``read``, refusing a value outside ``[lo, hi]`` (shown with the format ``spec``)."""

    def parse(text: str) -> N:
        value = read(text)
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"{value:{spec}} is out of range ({lo:{spec}} to {hi:{spec}})")
        return value

    return parse


def clamped_int(lo: int, hi: int, what: str) -> Callable[[str], int]:
    """An integer at least ``lo``; above ``hi`` it is clamped to ``hi`` with a note."""

    def parse(text: str) -> int:
        value = integer(text)
        if value < lo:
            raise argparse.ArgumentTypeError(f"{value}: {what} must be at least {lo}")
        if value > hi:
            _note(f"{what} {value} clamped to {hi}")
            return hi
        return value

    return parse


search_depth = clamped_int(1, MAX_SEARCH_DEPTH, "depth")
search_nodes = clamped_int(1, MAX_SEARCH_NODES, "nodes")
