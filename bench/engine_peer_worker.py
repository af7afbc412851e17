"""Peer engines for ``bench/engine.py``, run inside the peers' venv (``bench/.venv-peers``).

Speaks JSON lines on stdin/stdout, one request per move:
``{"engine": "py-draughts" | "dame-rs", "fen": start FEN, "moves": [[from, to, [captured]]...],
"time": seconds}`` -> ``{"move": [from, to, [captured]], "depth": d, "nodes": n}``.
With ``"depth": d`` instead of ``"time"`` the engine searches to that depth with a fresh
engine and the reply adds ``"elapsed"`` (seconds; for the time-to-depth comparison);
``"fresh": true`` with ``"time"`` does the same for a timed search (dame-rs only).
Squares are 1-50 (International). The board is rebuilt from the start FEN and the moves so
far each time (the peers see the game history, e.g. for repetitions); the engines are kept
between requests. Only the peers' public APIs are used: py-draughts ``Board.from_fen``,
``legal_moves``, ``push`` and ``TurboEngine(time_limit=...).get_best_move``; dame-rs
``Board(fen)``, ``legal_moves``, ``push`` and ``Engine().search(board, time=...)``.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

Key = tuple[int, int, frozenset[int]]


def _pyd_key(m: Any) -> Key:
    squares = [s + 1 for s in m.square_list]
    return squares[0], squares[-1], frozenset(c + 1 for c in m.captured_list)


def _dame_key(m: Any) -> Key:
    return m.from_square, m.to_square, frozenset(m.captured)


def main() -> None:
    engines: dict[str, Any] = {}
    for line in sys.stdin:
        req = json.loads(line)
        name = req["engine"]
        wanted = [(f, t, frozenset(c)) for f, t, c in req["moves"]]
        if name == "py-draughts":
            from draughts import Board as PBoard
            from draughts.engines import TurboEngine

            board = PBoard.from_fen(req["fen"])
            for key in wanted:
                board.push(next(m for m in board.legal_moves if _pyd_key(m) == key))
            if "depth" in req:
                eng = TurboEngine(depth_limit=req["depth"], time_limit=None)
            else:
                eng = engines.get(name)
                if eng is None:
                    eng = engines[name] = TurboEngine(depth_limit=64, time_limit=req["time"])
                eng.time_limit = req["time"]
            start = time.perf_counter()
            move = eng.get_best_move(board)
            elapsed = time.perf_counter() - start
            f, t, c = _pyd_key(move)
            reply = {"move": [f, t, sorted(c)], "depth": 0, "nodes": 0, "elapsed": elapsed}
        else:
            import dame

            board = dame.Board(req["fen"])
            for key in wanted:
                board.push(next(m for m in board.legal_moves if _dame_key(m) == key))
            start, cpu_start = time.perf_counter(), time.process_time()
            if "depth" in req:
                res = dame.Engine(hash_mb=64).search(board, depth=req["depth"])
            else:
                eng = engines.get(name)
                if eng is None or req.get("fresh"):
                    eng = dame.Engine(hash_mb=64)
                    if not req.get("fresh"):
                        engines[name] = eng
                res = eng.search(board, time=req["time"])
            elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
            f, t, c = _dame_key(res.best_move)
            reply = {"move": [f, t, sorted(c)], "depth": res.depth, "nodes": res.nodes,
                     "elapsed": elapsed, "cpu": cpu}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
