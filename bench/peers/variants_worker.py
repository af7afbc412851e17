"""Runs inside a peer venv: perft of Russian, English and Frisian from their start positions
with the peer's public board API (legal moves, push, pop) and with damier, in one process.

Input (JSON on stdin): {"src": damier's src, "peer": "py-draughts" | "pydraughts",
"depths": {"russian": d, "english": d, "frisian": d}}. Prints JSON rows
[variant, depth, damier seconds, damier count, peer seconds, peer count].
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable


def timed(fn: Callable[[], int]) -> tuple[float, int]:
    t = time.perf_counter()
    n = fn()
    return time.perf_counter() - t, n


def main() -> None:
    job = json.load(sys.stdin)
    sys.path.insert(0, job["src"])
    from damier import Board

    def walk(board: object, legal: Callable[[object], list[object]], depth: int) -> int:
        """Generic perft through a peer board: legal moves, push, pop."""
        moves = legal(board)
        if depth == 1:
            return len(moves)
        total = 0
        for m in moves:
            board.push(m)  # type: ignore[attr-defined]
            total += walk(board, legal, depth - 1)
            board.pop()  # type: ignore[attr-defined]
        return total

    if job["peer"] == "py-draughts":
        from draughts.boards import AmericanBoard, FrisianBoard, RussianBoard

        boards = {"russian": RussianBoard, "english": AmericanBoard, "frisian": FrisianBoard}

        def peer_perft(name: str, depth: int) -> int:
            return walk(boards[name](), lambda b: b.legal_moves, depth)  # type: ignore[attr-defined]
    else:
        import draughts

        def peer_perft(name: str, depth: int) -> int:
            return walk(draughts.Board(variant=name), lambda b: b.legal_moves(), depth)  # type: ignore[attr-defined]

    rows = []
    for name, depth in job["depths"].items():
        ours = Board(name)
        td, nd = timed(lambda b=ours, d=depth: b.gen.perft(b.position, d))
        try:
            tp, np_ = timed(lambda n=name, d=depth: peer_perft(n, d))
        except Exception as e:  # a peer without that variant or with another API
            tp, np_ = float("nan"), f"error: {type(e).__name__}: {e}"
        rows.append([name, depth, td, nd, tp, np_])
    json.dump(rows, sys.stdout)


if __name__ == "__main__":
    main()
