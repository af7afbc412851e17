"""Run the fuzz harnesses and report inputs tried and failures per harness.

    python fuzz/run.py                    # every harness, 2,000 inputs each (make fuzz)
    python fuzz/run.py --examples 50000 pdn hub

Exit status 1 when a harness found a failure (each is printed, at most 50 per harness).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fuzz import first_use, huge_tokens, openapi, search_limits, servers, text_formats  # noqa: E402

HARNESSES = {
    "fen": text_formats.fen,
    "moves": text_formats.moves,
    "pdn": text_formats.pdn,
    "hub": servers.hub,
    "dxp": servers.dxp,
    "web": servers.web,
    "openapi": openapi.api,
    "search": search_limits.search,
    "first-use": first_use.first_use,
    "huge-tokens": huge_tokens.huge,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", choices=[*HARNESSES, []], help="harnesses (all)")
    parser.add_argument("--examples", type=int, default=2000, help="inputs per harness")
    args = parser.parse_args()
    found = 0
    for name in args.names or HARNESSES:
        started = time.perf_counter()
        report = HARNESSES[name](args.examples)
        print(f"{report.line()} ({time.perf_counter() - started:.0f} s)", flush=True)
        for failure in report.failures:
            print(f"  {failure}")
        found += len(report.failures)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
