"""Instructions per perft node of every variant in the native kernel, relative to International.

CPU time on a shared machine varies with the load by tens of percent from one run to the next;
the number of instructions the kernel executes does not. This script builds the kernel's
standalone driver (tests/native/kernel_driver.c with the generator's C, the machine's ``cc``,
-O3, and -mpopcnt when the installed kernel was built with it), runs perft from each
variant's start position under valgrind's callgrind (about a million leaves or fewer) and
reports instructions per interior node (``perft(0) + ... +
perft(depth - 1)``), minus the driver's start-up. Needs ``cc`` and ``valgrind``; the
instructions are a proxy (cache misses and branch mispredictions do not show), so read them
beside ``movegen.py``'s CPU times. Results go to ``bench/results/kernel_instructions.md``.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))

from damier.core import kernel  # noqa: E402
from damier.core.movegen import generator  # noqa: E402
from damier.core.position import start_position  # noqa: E402
from damier.core.variants import all_variants  # noqa: E402
from tests.native.sanitize import position_words, variant_line  # noqa: E402

NATIVE = ROOT / "src" / "damier" / "native"
SOURCES = [NATIVE / "gen64.c", NATIVE / "gen128.c", NATIVE / "layout.c"]


def build() -> Path:
    driver = BENCH / ".build" / "kernel_driver"
    driver.parent.mkdir(exist_ok=True)
    main_c = ROOT / "tests" / "native" / "kernel_driver.c"
    # the flags of the package's build: -mpopcnt where setup.py found the instruction
    popcnt = ["-mpopcnt"] if getattr(kernel.native_module(), "POPCNT", 0) else []
    cmd = ["cc", "-std=c11", "-O3", *popcnt, f"-I{NATIVE}", str(main_c), *map(str, SOURCES),
           "-o", str(driver)]
    subprocess.run(cmd, check=True)
    return driver


def instructions(driver: Path, commands: str) -> int:
    proc = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", str(driver)],
                          input=commands, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", proc.stderr)
    assert found, proc.stderr
    return int(found.group(1))


def main() -> None:
    driver = build()
    rows = []
    for rules in all_variants():
        gen, pos = generator(rules), start_position(rules)
        counts = [1]
        while counts[-1] < 200_000:
            counts.append(gen.perft(pos, len(counts)))
        depth = len(counts) - 1
        setup = variant_line(rules) + "\n"
        total = instructions(driver, setup + f"P {position_words(pos)} {depth:x}\n")
        per_node = (total - instructions(driver, setup)) / sum(counts[:-1])
        rows.append((rules.name, depth, per_node))
    base = dict((name, n) for name, _d, n in rows)["international"]
    lines = ["# Native kernel: instructions per perft node (callgrind)", "",
             "| variant | depth | instructions/node | vs International |", "|---|---:|---:|---:|"]
    lines += [f"| {name} | {depth} | {n:.0f} | {n / base:.2f} |" for name, depth, n in rows]
    text = "\n".join(lines)
    print(text)
    (BENCH / "results").mkdir(exist_ok=True)
    (BENCH / "results" / "kernel_instructions.md").write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
