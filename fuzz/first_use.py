"""Fuzz harness of concurrent first use: threads of a fresh process racing into damier.

Lazily built state (the variant registry, move generators, the native kernel, evaluators,
tables) must come out whole when several threads ask for it at once (issue 24: 8 threads
calling ``Board()`` in a fresh process saw ``unknown variant 'international'`` in 18 runs of
20). Each input is a list of entry points, one per thread; a fresh interpreter starts them
together behind a barrier. A failure is a thread that raises or a process that does not end
cleanly within :data:`TIMEOUT` seconds.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from hypothesis import strategies as st

from fuzz.common import Report, explore

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 60.0

ENTRY_POINTS = {
    "board": "Board(VARIANT).legal_moves",
    "fen": "Board(VARIANT, Board(VARIANT).fen()).fen()",
    "variants": "[get_variant(n) for n in variant_names()]",
    "push": "Board(VARIANT).push(next(iter(Board(VARIANT).legal_moves)))",
    "engine": "Engine(VARIANT).play(Board(VARIANT), Limit(depth=2))",
    "pdn": "parse_games('[GameType \"20\"]\\n1.32-28 19-23 *')",
    "notation": "Board(VARIANT).notation(next(iter(Board(VARIANT).legal_moves)))",
}

PROGRAM = """
import sys, threading, traceback
from damier import Board, get_variant, variant_names
from damier.engine import Engine, Limit
from damier.formats.pdn import parse_games
calls = {calls!r}
barrier = threading.Barrier(len(calls))
errors = []
def run(code, variant):
    barrier.wait()
    try:
        eval(code, {{**globals(), "VARIANT": variant}})
    except BaseException:
        errors.append(traceback.format_exc(limit=4))
threads = [threading.Thread(target=run, args=c) for c in calls]
for t in threads:
    t.start()
for t in threads:
    t.join()
if errors:
    print(errors[0], file=sys.stderr)
    sys.exit(1)
"""


def run_fresh(calls: list[tuple[str, str]], env: dict[str, str] | None = None) -> str | None:
    """Run ``(entry point, variant)`` calls, one per thread, together in a fresh interpreter:
    None when every thread succeeded, else what went wrong."""
    code = textwrap.dedent(PROGRAM).format(calls=[(ENTRY_POINTS[n], v) for n, v in calls])
    environ = {**os.environ, **(env or {})}
    environ["PYTHONPATH"] = os.pathsep.join([environ.get("PYTHONPATH", ""), str(ROOT / "src")])
    try:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=TIMEOUT, env=environ, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return f"no end within {TIMEOUT} s"
    if done.returncode:
        return done.stderr.strip()[-600:] or f"exit status {done.returncode}"
    return None


def first_use(examples: int) -> Report:
    from fuzz.positions import VARIANTS

    def check(case: tuple[list[tuple[str, str]], bool]) -> None:
        calls, pure = case
        problem = run_fresh(calls, {"DAMIER_PURE": "1"} if pure else None)
        assert problem is None, problem

    call = st.tuples(st.sampled_from(sorted(ENTRY_POINTS)), st.sampled_from(VARIANTS))
    strategy = st.tuples(st.lists(call, min_size=2, max_size=8), st.booleans())
    return explore(Report("first-use"), strategy, examples, check)
