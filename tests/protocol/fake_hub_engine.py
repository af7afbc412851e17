"""A misbehaving Hub engine for the match tests: ``python fake_hub_engine.py MODE`` where MODE
is ``crash`` (exits when asked to search), ``illegal`` (answers a move that is never legal),
``error`` (answers ``error`` instead of searching), ``hang`` (never answers a search),
``garbage`` (answers a line that is not Hub), ``record LOG`` (appends every line it is sent
to the file LOG, then answers like ``illegal``) or ``deaf LOG`` (writes its pid to LOG when
asked to search, then neither answers nor reads its input for five minutes: an engine deep
in a search, which does not notice that whoever started it has gone)."""

from __future__ import annotations

import os
import sys
import time


def main() -> None:
    mode = sys.argv[1]
    for line in sys.stdin:
        if mode == "record":
            with open(sys.argv[2], "a", encoding="utf-8") as log:
                log.write(line)
        command = line.split()[0] if line.split() else ""
        if command == "hub":
            print("id name=Fake version=0", flush=True)
            print("wait", flush=True)
        elif command == "init":
            print("ready", flush=True)
        elif command == "go":
            if mode == "deaf":
                with open(sys.argv[2], "a", encoding="utf-8") as log:
                    log.write(f"{os.getpid()}\n")
                time.sleep(300)
            if mode == "crash":
                sys.stderr.write("fake engine: segmentation fault\n")
                sys.exit(139)
            if mode in ("illegal", "record"):
                print("done move=11-15", flush=True)
            if mode == "error":
                print('error message="bad position"', flush=True)
            if mode == "garbage":
                print('done move="unterminated', flush=True)
        elif command == "quit":
            return


if __name__ == "__main__":
    main()
