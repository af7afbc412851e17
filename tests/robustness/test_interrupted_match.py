"""A stopped ``damier match`` leaves nothing running and nothing half-written (``damier train
gate`` and ``train positions`` run on the same process pool).

The fault: the games ran in a process pool whose workers kept running at 100 % CPU for
minutes after the match had been killed (``SIGTERM`` or ``SIGKILL``), and so would the
external engines they had started. Here a real ``damier match --concurrency 2`` runs in a
subprocess; its processes (the pool's workers and the engines they started) are found
through ``/proc`` by their parent before it is stopped. The Hub engine used is ``deaf``
(tests/protocol/fake_hub_engine.py): deep in a "search", it does not notice that its input
has closed, so only being killed ends it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from damier.formats.pdn.reader import read_games
from tests.protocol.helpers import damier_argv, damier_env, eventually

FAKE_ENGINE = Path(__file__).resolve().parents[1] / "protocol" / "fake_hub_engine.py"
GENEROUS = 60.0
"""Seconds for a match to start its games on a loaded machine."""
GONE = 30.0
"""Seconds within which a stopped match's processes must have ended (< 1 s on an idle machine;
the bound is for a loaded one)."""

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")


def _parent_and_state(pid: int) -> tuple[int, str] | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2:].split()  # the name may hold spaces
    return int(fields[1]), fields[0]


def descendants(pid: int) -> list[int]:
    """The processes started by ``pid``, and by them, and so on."""
    parents = {int(p): ps[0] for p in os.listdir("/proc") if p.isdigit()
               if (ps := _parent_and_state(int(p))) is not None}
    found: list[int] = []
    todo = [pid]
    while todo:
        parent = todo.pop()
        children = [child for child, of in parents.items() if of == parent]
        found += children
        todo += children
    return found


def running(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie is over: only its exit status is left)."""
    state = _parent_and_state(pid)
    return state is not None and state[1] != "Z"


def start_match(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(damier_argv("match", "--concurrency", "2", *args),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=damier_env())


def _end(proc: subprocess.Popen[str], family: list[int]) -> None:
    """Clean up after a failed test: nothing is left running."""
    for pid in [proc.pid, *family]:
        if running(pid):
            os.kill(pid, signal.SIGKILL)
    proc.communicate(timeout=GONE)


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_a_stopped_match_leaves_no_worker_and_no_engine(tmp_path: Path,
                                                        how: signal.Signals) -> None:
    thinking = tmp_path / "thinking.log"
    deaf = f"{sys.executable} {FAKE_ENGINE} deaf {thinking}"
    proc = start_match("damier:1", deaf, "--games", "8", "--time", "depth=1")
    family: list[int] = []
    try:
        assert eventually(lambda: thinking.exists() and
                          len(thinking.read_text().split()) >= 2, GENEROUS), \
            "the two games did not start"
        family = descendants(proc.pid)
        engines = [int(pid) for pid in thinking.read_text().split()]
        assert set(engines) <= set(family) and len(family) >= 4, (engines, family)
        proc.send_signal(how)
        proc.wait(GENEROUS)  # (before the fix, SIGTERM waited for the games in play)
        assert eventually(lambda: not any(running(pid) for pid in family), GONE), \
            [pid for pid in family if running(pid)]
        _, err = proc.communicate(timeout=GONE)  # nobody holds its pipes any more
        if how == signal.SIGTERM:
            assert proc.returncode == 130 and "Traceback" not in err, err[-2000:]
    finally:
        _end(proc, family)


def test_sigterm_stops_a_match_like_ctrl_c_and_its_pdn_holds_whole_games(tmp_path: Path) -> None:
    pdn = tmp_path / "games.pdn"
    proc = start_match("damier:1", "damier:1", "--games", "40", "--time", "depth=1",
                       "--pdn", str(pdn))
    family: list[int] = []
    try:
        assert eventually(lambda: pdn.exists() and pdn.read_text().count("[Result") >= 2,
                          GENEROUS), "no game finished"
        family = descendants(proc.pid)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(GENEROUS) == 130
        out, err = proc.communicate(timeout=GONE)
        assert "Traceback" not in err, err[-2000:]
        assert eventually(lambda: not any(running(pid) for pid in family), GONE), \
            [pid for pid in family if running(pid)]
        games = list(read_games(pdn, strict=True))
        reported = (out + err).count("\ngame ") + (out + err).startswith("game ")
        assert 2 <= len(games) <= reported, (len(games), reported)
        for game in games:
            assert game.result in ("2-0", "0-2", "1-1") and game.tags.get("Termination"), game
            assert not game.errors and (game.board().is_game_over() or game.result == "1-1"), \
                game  # a decisive game is whole: its last move ends it
    finally:
        _end(proc, family)
