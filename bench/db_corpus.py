"""The game-database benchmark corpus: PDN files of generated International games, made
reproducibly from a seed (nothing of it is committed; the seed and the command are).

Two kinds of games:

* ``random``: every move drawn uniformly among the legal moves, 40 to 100 plies: the worst
  case for a position index (almost every position after the first plies is new);
* ``selfplay``: damier's own play at the lowest depth: two random opening plies, then each
  move chosen by the engine's evaluation of the position after it (one ply, the kernel's
  ``Evaluator``) with a little random noise, until the game ends or 150 plies (then the
  side ahead in material wins, else a draw): games that share openings, as real databases
  do.

Every game carries the seven tags plus ``WhiteElo``/``BlackElo`` (a player's rating is fixed
by the seed; one game in ten has none), from a pool of 5,000 players and 400 events
(1950-2026). Game ``i`` depends only on ``(seed, kind, i)``, so the first 10,000 or 100,000
games of the 1,000,000 corpus are the smaller corpora: they are written as files of
``--per-file`` games, ``<kind>-0000.pdn``, ``<kind>-0001.pdn`` …, and the smaller corpora are
the first files.

Usage (the numbers of docs/analysis.md, "Game databases at scale")::

    nice -n 10 python bench/db_corpus.py --kind random --games 1000000 \\
        --out /work/scratch/db/corpus --seed 28 --jobs 2
    nice -n 10 python bench/db_corpus.py --kind selfplay --games 100000 \\
        --out /work/scratch/db/corpus --seed 28

A file already complete (its last game written) is kept, so an interrupted run resumes.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from damier.core.movegen import FastMove, MoveGenerator, generator
from damier.core.position import Position, start_position
from damier.core.rules import Rules
from damier.core.variants import get_variant
from damier.formats.pdn import write_mainline

PLAYERS = 5000
EVENTS = 400
VARIANT = "international"


def _player(seed: int, n: int) -> tuple[str, int]:
    rng = random.Random(f"{seed}:player:{n}")
    return f"Player {n:04d}", int(rng.gauss(1900, 250))


def _event(seed: int, n: int) -> tuple[str, int]:
    rng = random.Random(f"{seed}:event:{n}")
    year = rng.randint(1950, 2026)
    return f"Tournament {n:03d} {year}", year


class Writer:
    """Move texts of fast moves (short unless ambiguous, as Board.notation writes them)."""

    def __init__(self, rules: Rules, gen: MoveGenerator) -> None:
        names = rules.names
        self.labels = {gen.mask[i]: names.label(i) for i in range(rules.geometry.squares)}
        self.index_label = [names.label(i) for i in range(rules.geometry.squares)]
        self.sep = rules.capture_separator

    def text(self, fm: FastMove, legal: list[FastMove]) -> str:
        labels = self.labels
        if not fm[2]:
            return f"{labels[fm[0]]}-{labels[fm[1]]}"
        if any(o[0] == fm[0] and o[1] == fm[1] and o[2] != fm[2] for o in legal):
            return self.sep.join([labels[fm[0]]] + [self.index_label[i] for i in fm[4]])
        return f"{labels[fm[0]]}{self.sep}{labels[fm[1]]}"


Chooser = Callable[[Position, list[FastMove], random.Random, int], FastMove]


def _random_move(pos: Position, legal: list[FastMove], rng: random.Random, ply: int) -> FastMove:
    return rng.choice(legal)


def _evaluated(gen: MoveGenerator, rules: Rules) -> Chooser:
    from damier.engine.native import native_evaluator  # the engine: only for self-play

    evaluator = native_evaluator(rules)
    if evaluator is None:
        from damier.engine.evaluate import build_evaluator

        plain = build_evaluator(rules)

        def evaluate(w: int, b: int, k: int, t: int) -> int:
            return plain(w, b, k, t)
    else:
        evaluate = evaluator.evaluate

    def choose(pos: Position, legal: list[FastMove], rng: random.Random, ply: int) -> FastMove:
        if ply < 2 or len(legal) == 1:
            return rng.choice(legal)
        best, best_score = legal[0], None
        for fm in legal:
            after = gen.apply(pos, fm)
            # the evaluation is from the side to move after the move: lower is better for us
            score = -evaluate(after[0], after[1], after[2], after[3]) + rng.randint(0, 12)
            if best_score is None or score > best_score:
                best, best_score = fm, score
        return best

    return choose


def game_text(seed: int, kind: str, i: int, rules: Rules, gen: MoveGenerator, writer: Writer,
              choose: Chooser) -> str:
    """The PDN text of game ``i`` of a corpus."""
    rng = random.Random(f"{seed}:{kind}:{i}")
    pos = start_position(rules)
    plies = rng.randint(40, 100) if kind == "random" else 150
    texts: list[str] = []
    result = None
    for ply in range(plies):
        legal = gen.legal(pos)
        if not legal:
            result = "0-2" if pos.turn == 0 else "2-0"
            break
        fm = choose(pos, legal, rng, ply)
        texts.append(writer.text(fm, legal))
        pos = gen.apply(pos, fm)
    if result is None:
        if kind == "random":
            result = rng.choice(("2-0", "1-1", "1-1", "0-2"))
        else:
            lead = pos[0].bit_count() - pos[1].bit_count()
            result = "2-0" if lead > 1 else "0-2" if lead < -1 else "1-1"
    white, black = rng.sample(range(PLAYERS), 2)
    (wname, welo), (bname, belo) = _player(seed, white), _player(seed, black)
    event, year = _event(seed, rng.randrange(EVENTS))
    tags = {"Event": event, "Site": "bench", "Date": f"{year}.{rng.randint(1, 12):02d}."
            f"{rng.randint(1, 28):02d}", "Round": str(rng.randint(1, 11)), "White": wname,
            "Black": bname, "Result": result}
    if rng.random() >= 0.1:
        tags["WhiteElo"], tags["BlackElo"] = str(welo), str(belo)
    return write_mainline(tags, texts, rules)


def write_file(seed: int, kind: str, first: int, count: int, path: str) -> str:
    """Write games ``first`` to ``first + count - 1`` to ``path`` (via a temporary file)."""
    rules = get_variant(VARIANT)
    gen = generator(rules)
    writer = Writer(rules, gen)
    choose = _random_move if kind == "random" else _evaluated(gen, rules)
    tmp = path + ".part"
    with open(tmp, "w", encoding="utf-8") as f:
        for i in range(first, first + count):
            f.write(game_text(seed, kind, i, rules, gen, writer, choose))
            f.write("\n\n")
    os.replace(tmp, path)
    return path


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kind", choices=("random", "selfplay"), default="random")
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--per-file", type=int, default=10_000)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--seed", type=int, default=28)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    todo = []
    for n, first in enumerate(range(0, args.games, args.per_file)):
        path = args.out / f"{args.kind}-{n:04d}.pdn"
        if not path.exists():
            todo.append((args.seed, args.kind, first, min(args.per_file, args.games - first),
                         str(path)))
    t = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for done, path in enumerate(pool.map(write_file, *zip(*todo, strict=True)) if todo
                                    else (), 1):
            print(f"{done}/{len(todo)} {path} {time.perf_counter() - t:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
