"""``make asan``: the kernel under AddressSanitizer and UndefinedBehaviorSanitizer.

Drives tests/native/kernel_driver.c (built by ``make asan`` with the sanitizers, no Python
inside) through perft and random games of every variant, and checks its answers: perft
against the published counts or the pure-Python generator's, each random game replayed move
by move with the pure generator (the driver picks moves with an LCG this script repeats).
Usage: ``python tests/native/sanitize.py path/to/kernel_driver``; exits 1 on any difference or
sanitizer report.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))

from damier.core.kernel import parameters  # noqa: E402
from damier.core.movegen import MoveGenerator  # noqa: E402
from damier.core.position import Position, start_position  # noqa: E402
from damier.core.rules import Rules  # noqa: E402
from damier.core.variants import all_variants  # noqa: E402
from tests.core.positions import scattered_position  # noqa: E402
from tests.native.positions import with_state  # noqa: E402
from tests.native.test_perft_native import published  # noqa: E402

GAMES = 24
PLIES = 150
MASK64 = (1 << 64) - 1


def variant_line(rules: Rules) -> str:
    p = parameters(rules)
    words = [p["size"], p["full_board"]]
    for key in ("man_steps_white", "man_steps_black", "man_captures_white", "man_captures_black",
                "king_steps", "king_captures"):
        words += [len(p[key]), *p[key]]
    words += [p[key] for key in ("flying_kings", "capture_rule", "king_priority", "king_must_continue",
                                 "promotion_in_capture", "remove_at_end", "no_reverse_capture",
                                 "men_capture_kings", "man_value", "king_value", "king_move_limit",
                                 "huffing", "king_lands_behind", "king_breaks_ties")]
    return "V " + " ".join(f"{w:x}" for w in words)


def position_words(pos: Position) -> str:
    return " ".join(f"{w:x}" for w in (pos.white, pos.black, pos.kings, pos.turn, pos.aux))


def replay(gen: MoveGenerator, pos: Position, plies: int, seed: int) -> tuple[int, Position]:
    state = seed
    for played in range(plies):
        moves = gen.legal(pos)
        if not moves:
            return played, pos
        state = (state * 6364136223846793005 + 1442695040888963407) & MASK64
        pos = gen.apply(pos, moves[(state >> 33) % len(moves)])
    return plies, pos


def jobs(rules: Rules) -> tuple[list[str], list[str]]:
    """The driver's commands for one variant and the answers expected."""
    gen = MoveGenerator(rules)
    start = start_position(rules)
    commands, expected = [variant_line(rules)], ["ok"]
    counts = next((e["counts"] for e in published() if e["variant"] == rules.name and e["fen"] is None), None)
    if isinstance(counts, list):
        depth = 6 if rules.size >= 10 else 7  # about a million leaves or fewer
        commands.append(f"P {position_words(start)} {depth:x}")
        expected.append(f"perft {counts[depth - 1]}")
    else:
        depth = 4
        commands.append(f"P {position_words(start)} {depth:x}")
        expected.append(f"perft {gen.perft(start, depth)}")
    rng = random.Random(3)
    starts = [start] * (GAMES // 2)
    starts += [with_state(rules, scattered_position(rules, rng), rng) for _ in range(GAMES // 2)]
    for n, pos in enumerate(starts):
        seed = 1000 + n
        commands.append(f"G {position_words(pos)} {PLIES:x} {seed:x}")
        played, end = replay(gen, pos, PLIES, seed)
        expected.append(f"game {played} {position_words(end)}")
    return commands, expected


def main() -> int:
    driver = sys.argv[1]
    failures = 0
    for rules in all_variants():
        commands, expected = jobs(rules)
        proc = subprocess.run([driver], input="\n".join(commands) + "\n", capture_output=True, text=True,
                              check=False)
        got = proc.stdout.splitlines()
        if proc.returncode != 0 or got != expected or proc.stderr:
            failures += 1
            print(f"{rules.name}: FAILED (exit {proc.returncode})\n{proc.stderr[-3000:]}")
            for line, (have, want) in enumerate(zip(got, expected, strict=False)):
                if have != want:
                    print(f"  command {line}: {commands[line][:80]}\n    got  {have}\n    want {want}")
                    break
        else:
            print(f"{rules.name}: perft and {len(commands) - 2} games clean")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
