"""Threads racing on first use in a fresh process find every variant (issue 24: 8 threads
calling ``Board()`` saw ``unknown variant 'international'`` in 18 runs of 20). ``make fuzz``
races other entry points (``fuzz/first_use.py``)."""

from __future__ import annotations

from fuzz.first_use import run_fresh


def test_eight_threads_building_boards_in_a_fresh_process_all_succeed() -> None:
    for variant in ("international", "turkish"):
        problem = run_fresh([("board", variant)] * 8)
        assert problem is None, problem


def test_threads_racing_into_every_entry_point_succeed() -> None:
    calls = [("variants", "international"), ("fen", "russian"), ("push", "frisian"),
             ("pdn", "international"), ("notation", "czech"), ("engine", "brazilian")]
    problem = run_fresh(calls)
    assert problem is None, problem
