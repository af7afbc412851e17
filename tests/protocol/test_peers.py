"""Real third-party peers, installed by ``make test`` (test extra): dame-rs' ``dame hub``
(MIT) as a Hub-2 engine in a damier match, pydraughts' ``HubEngine`` driving
``damier hub`` in Russian and Brazilian (8x8, numeric notation a1 = 1, as pydraughts numbers
those variants), and pydraughts' ``DXPEngine`` (a DXP Initiator) playing damier's DXP
follower with either colour. Both packages install beside damier (pydraughts' package is ``draughts``;
py-draughts, which would clash with it, is not a test dependency)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from damier import Board
from damier.protocol.dxp.dxp_engine import free_port
from damier.protocol.engine_player import TimeControl
from damier.protocol.hub.hub_notation import HubNotation
from damier.protocol.match.game import GameTask, play_game
from damier.protocol.match.openings import load_openings
from damier.protocol.match.players import EngineSpec

from .helpers import damier_env


def test_match_against_dame_hub() -> None:
    beside = Path(sys.executable).with_name("dame")
    dame = str(beside) if beside.exists() else shutil.which("dame")
    assert dame, "dame-rs (the test extra) provides the dame command"
    spec = EngineSpec.from_settings([f"cmd={dame} hub", "proto=hub"])
    for a_white in (True, False):
        other = EngineSpec.parse("damier:1")
        white, black = (spec, other) if a_white else (other, spec)
        record = play_game(GameTask(0, "international", load_openings("2move")[0], white, black,
                                    a_white, TimeControl(move_time=0.05)))
        assert "dame" in (record.white if a_white else record.black)
        assert "lost:" not in record.reason and "crashed" not in record.reason, record.reason
        board = Board(fen=record.start_fen)
        for mv in record.moves:
            board.push(mv)
        assert len(record.moves) >= 10


@pytest.mark.parametrize("variant", ["russian", "brazilian", "english"])
def test_pydraughts_hub_engine_plays_damier_hub(variant: str) -> None:
    # issue 24: with no notation parameter Russian and Brazilian failed at move 1 (damier
    # wrote letters); in English pydraughts writes the first mover (Black) as "W" and damier
    # answered a White move, then an error, and pydraughts waited for ever
    import draughts  # pydraughts, a test dependency
    from draughts.engine import HubEngine, Limit

    # pydraughts resolves symbolic links in the command (a venv's python would lose its venv),
    # so it gets the console script installed beside this interpreter
    script = Path(sys.executable).with_name("damier")
    command = [str(script), "hub", "--variant", variant, "--level", "2"]  # default notation
    engine = HubEngine(command)
    try:
        engine.init()
        theirs = draughts.Board(variant)
        ours = Board(variant)
        numeric = HubNotation(ours.rules, "numeric")
        while not theirs.is_over() and ours.ply < 24:
            result = engine.play(theirs, Limit(movetime=0.05), ponder=False)
            move = result.move
            theirs.push(move)                               # pydraughts accepts it as legal
            ours.push(numeric.read(ours, move.hub_move))    # and it is the same move for damier
            assert numeric.write(ours.peek()) == move.hub_move
        assert ours.ply >= 20 or theirs.is_over()
    finally:
        engine.quit()
        engine.kill_process()


@pytest.mark.parametrize("damier_white", [True, False])
def test_pydraughts_dxp_engine_plays_damier_follower(damier_white: bool) -> None:
    import draughts  # pydraughts, a test dependency
    from draughts.engine import DXPEngine

    port = free_port()
    follower = subprocess.Popen(
        [sys.executable, "-m", "damier.cli", "dxp", "--listen", f"127.0.0.1:{port}", "--once",
         "--level", "1", "--name", "damier-follower"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=damier_env())
    try:
        assert follower.stderr is not None
        assert "listening on" in follower.stderr.readline()   # before the Initiator connects
        engine = DXPEngine(options={"engine-opened": True, "ip": "127.0.0.1", "port": port,
                                    "initial-time": 120})
        theirs = draughts.Board("standard")
        ours = Board()
        damier_moves = 0
        try:
            while not theirs.is_over() and ours.ply < 30:
                if (theirs.turn == draughts.WHITE) == damier_white:
                    move = engine.play(theirs).move        # damier's move, over DXP
                    damier_moves += 1
                else:
                    move = theirs.legal_moves()[0]
                theirs.push(move)                           # pydraughts accepts it as legal
                ours.push(ours.parse_move(move.hub_move))   # the same move for damier
            assert engine.id["name"] == "damier-follower"
        finally:
            engine.quit()
        assert ours.ply == 30 and damier_moves == 15
        out, err = follower.communicate(timeout=30)         # --once: it ends with the session
        assert follower.returncode == 0, err
        # the follower saw every move but pydraughts' last one when damier had White (the
        # Initiator sends its move only when it asks for the reply)
        seen = 29 if damier_white else 30
        assert f"DXP Client without a result, {seen} plies)" in out, out + err
    finally:
        if follower.poll() is None:
            follower.kill()
            follower.communicate()
