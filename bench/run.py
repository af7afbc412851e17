"""``make bench``: run every benchmark of this folder in turn and collect their reports.

Benchmarks measure damier beside the peer libraries in the same run and report ratios
(``bench/results/*.md``); they are never part of the test suite. Each script can also be
run alone (see its docstring). ``--quick`` passes a smaller workload where supported.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent

# script, arguments for a full run, arguments for --quick
SCRIPTS = [
    ("movegen.py", [], ["--quick"]),
    ("kernel_instructions.py", [], []),
    ("pdn.py", [], []),
    ("engine.py", [], ["--speed-only"]),
    ("web_load.py", [], []),
    ("startup.py", [], ["--runs", "5"]),
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller workloads")
    ap.add_argument("only", nargs="*", help="run only these scripts (e.g. movegen engine)")
    args = ap.parse_args()
    failed = []
    for script, full, quick in SCRIPTS:
        name = script.removesuffix(".py")
        if args.only and name not in args.only:
            continue
        path = BENCH / script
        if not path.exists():
            continue
        print(f"\n=== {script} ===", flush=True)
        status = subprocess.call([sys.executable, str(path), *(quick if args.quick else full)])
        if status:
            failed.append(script)
    if failed:
        print(f"\nfailed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
