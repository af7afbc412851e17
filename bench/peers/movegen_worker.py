"""Runs inside bench/.venv-peers: times damier, py-draughts (Turbo generator) and dame-rs on
the same work in one process, interleaving the runs, and prints JSON.

Input (JSON on stdin): {"src": path of damier's src, "fens": [...], "perft": [depths],
"repeat": n, "perft_repeat": m}. Each measure is the best of its rounds, the three
generators taking turns within a round, so a burst of load on the shared machine hits one
round rather than one generator.
"""

from __future__ import annotations

import json
import sys
import time


def best_of(repeat: int, fn):  # type: ignore[no-untyped-def]
    best = float("inf")
    result = None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t)
    return best, result


def main() -> None:
    job = json.load(sys.stdin)
    sys.path.insert(0, job["src"])
    import dame
    from draughts import StandardBoard
    from draughts.engines import turbo
    from draughts.models import Color

    from damier import Board
    from damier.core.movegen import generator
    from damier.core.position import start_position
    from damier.core.variants import get_variant

    rules = get_variant("international")
    gen = generator(rules)
    start = start_position(rules)
    out: dict[str, object] = {"perft": [], "movegen": {}}
    for depth in job["perft"]:
        row: dict[str, object] = {"depth": depth}
        runs = (("damier", lambda d=depth: gen.perft(start, d)),
                ("py-draughts", lambda d=depth: turbo.perft_from_board(StandardBoard(), d)),
                ("dame-rs", lambda d=depth: dame.perft(dame.Board(), d)))
        for _ in range(job.get("perft_repeat", 1)):
            for name, fn in runs:
                t, n = best_of(1, fn)
                if name not in row or t < row[name][0]:  # type: ignore[index]
                    row[name] = (t, n)
        out["perft"].append(row)  # type: ignore[attr-defined]

    fens = job["fens"]
    ours = [Board(rules, f).position[:4] for f in fens]
    legal_raw = gen.legal_raw
    theirs = []
    for f in fens:
        b = StandardBoard.from_fen(f)
        theirs.append(turbo.TurboEngine._convert(b) + (b.turn == Color.WHITE,))
    gc, gq = turbo._gen_captures, turbo._gen_quiets
    dboards = [dame.Board(f) for f in fens]

    def run_ours() -> int:
        return sum(len(legal_raw(w, b, k, t)) for w, b, k, t in ours)

    def run_theirs() -> int:
        return sum(len(gc(*c) or gq(*c)) for c in theirs)

    def run_dame() -> int:
        return sum(len(b.legal_moves) for b in dboards)

    times: dict[str, float] = {"damier": float("inf"), "py-draughts": float("inf"), "dame-rs": float("inf")}
    counts: dict[str, int] = {}
    for _ in range(job["repeat"]):
        for name, fn in (("damier", run_ours), ("py-draughts", run_theirs), ("dame-rs", run_dame)):
            t, n = best_of(1, fn)
            times[name] = min(times[name], t)
            counts[name] = n
    out["movegen"] = {"positions": len(fens), "times": times, "moves": counts}
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
