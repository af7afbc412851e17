"""Runs inside bench/.venv-peers: times damier (native kernel and pure-Python path),
py-draughts (Turbo generator) and dame-rs on the same work in one process, interleaving the
runs, and prints JSON.

Input (JSON on stdin): {"src": path of damier's src, "fens": [...], "perft": [depths],
"pure_perft": [depths], "repeat": n, "perft_repeat": m}. Each measure is the best CPU time
(``process_time``) of its rounds, the generators taking turns within a round, so a burst of
load on the shared machine hits one round rather than one generator.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable


def cpu(fn: Callable[[], int]) -> tuple[float, int]:
    t = time.process_time()
    n = fn()
    return time.process_time() - t, n


def interleaved(
    runs: list[tuple[str, Callable[[], int]]],
    rounds: int,
    untimed: dict[str, Callable[[], None]] | None = None,
) -> dict[str, tuple[float, int]]:
    """Best CPU time and result of each run over ``rounds`` rounds, taking turns; ``untimed[name]``
    runs before each timing of ``name``, outside the clock."""
    best: dict[str, tuple[float, int]] = {}
    for _ in range(rounds):
        for name, fn in runs:
            if untimed and name in untimed:
                untimed[name]()
            t, n = cpu(fn)
            if name not in best or t < best[name][0]:
                best[name] = (t, n)
    return best


def main() -> None:
    job = json.load(sys.stdin)
    sys.path.insert(0, job["src"])
    import dame
    from draughts import StandardBoard
    from draughts.engines import turbo
    from draughts.models import Color

    from damier import Board
    from damier.core import kernel
    from damier.core.movegen import MoveGenerator, generator
    from damier.core.position import start_position
    from damier.core.variants import get_variant

    rules = get_variant("international")
    gen = generator(rules)
    pure = MoveGenerator(rules)
    start = start_position(rules)
    out: dict[str, object] = {"path": type(gen).__name__, "kernel": kernel.path(), "perft": [], "movegen": {}}
    for depth in job["perft"]:
        runs: list[tuple[str, Callable[[], int]]] = [
            ("damier", lambda d=depth: gen.perft(start, d)),
            ("py-draughts", lambda d=depth: turbo.perft_from_board(StandardBoard(), d)),
            ("dame-rs", lambda d=depth: dame.perft(dame.Board(), d)),
        ]
        if depth in job["pure_perft"]:
            runs.append(("damier-pure", lambda d=depth: pure.perft(start, d)))
        row: dict[str, object] = {"depth": depth}
        row.update(interleaved(runs, job.get("perft_repeat", 1)))
        out["perft"].append(row)  # type: ignore[attr-defined]

    fens = job["fens"]
    boards = [Board(rules, f) for f in fens]
    positions = [b.position for b in boards]
    raw = [p[:4] for p in positions]
    theirs = []
    for f in fens:
        b = StandardBoard.from_fen(f)
        theirs.append(turbo.TurboEngine._convert(b) + (b.turn == Color.WHITE,))
    gc, gq = turbo._gen_captures, turbo._gen_quiets
    dboards = [dame.Board(f) for f in fens]
    legal, legal_raw, pure_legal = gen.legal, gen.legal_raw, pure.legal

    def forget() -> None:  # a board keeps the list of its position: every round lists again
        for b in boards:
            b.legal_moves._forget()

    def board_moves() -> int:
        return sum(len(list(b.legal_moves)) for b in boards)

    runs = [
        ("damier Board.legal_moves", board_moves),
        ("damier gen.legal", lambda: sum(len(legal(p)) for p in positions)),
        ("damier legal_raw", lambda: sum(len(legal_raw(*p)) for p in raw)),
        ("damier-pure gen.legal", lambda: sum(len(pure_legal(p)) for p in positions)),
        ("py-draughts", lambda: sum(len(gc(*c) or gq(*c)) for c in theirs)),
        ("dame-rs Board.legal_moves", lambda: sum(len(b.legal_moves) for b in dboards)),
    ]
    untimed = {"damier Board.legal_moves": forget}
    out["movegen"] = {"positions": len(fens), "runs": interleaved(runs, job["repeat"], untimed)}
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
