"""damier's Hub-2 engine with the opening book off (a tool, not a test): for matches between
two versions of damier, each served from its own checkout, both through this same wrapper.

    damier match --engine name=new cmd="env PYTHONPATH=new/src python bench/hub_without_book.py" proto=hub \
                 --engine name=old cmd="env PYTHONPATH=old/src python bench/hub_without_book.py" proto=hub

``damier hub`` plays from the book at level 10 and has no setting to turn it off; the built-in
engine of ``damier match`` has one (``book=off``) but only one damier can run in a process.
Unlike the other bench scripts this one does not put the repository's ``src`` first on the
path: it serves whichever damier ``PYTHONPATH`` (or the environment) provides.
"""
from __future__ import annotations

import functools
import sys

from damier.engine import Engine
from damier.protocol.hub import server


def engine_without_book(variant: str, level: int) -> Engine:
    """The engine the Hub server builds for a game, with the book off."""
    return Engine(variant, level=level, book=False)


if __name__ == "__main__":
    server.HubServer = functools.partial(server.HubServer, engine_factory=engine_without_book)  # type: ignore[misc]
    sys.exit(server.serve())
