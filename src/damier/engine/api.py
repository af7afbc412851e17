"""One engine API for every engine, built-in or external: :class:`EngineLike`.

As python-chess has one ``play``/``analyse`` over UCI and XBoard, damier has one protocol that
matches, the web app and the command line use, whoever the engine is:

* ``play(board, limit) -> PlayResult`` — the move for the side to move of ``board``;
* ``analyse(board, limit, multipv) -> Iterator[Info]`` — the search as it goes (one
  :class:`~damier.engine.engine.Info` per line and depth); a :class:`Limit` with no field set
  searches until :meth:`~EngineLike.stop`;
* ``stop()`` — end the running search soon (from another thread); ``new_game()`` — forget
  what the engine learnt about the previous game; ``quit()`` — release the engine (end its
  process, close its connection);
* ``name`` — what the engine is called in results, games and PDN.

The types are the engine layer's own: :class:`~damier.engine.timecontrol.Limit`,
:class:`~damier.engine.engine.Info`, :class:`~damier.engine.engine.PlayResult`. The
built-in engine is :class:`BuiltinEngine` (a thin adapter over
:class:`~damier.engine.engine.Engine`, whose own ``analyse`` returns the last depth's lines
as a list); the external engines live in the protocol layer (``damier.protocol.hub.hub_engine``
for Hub-2 and Hub-1, ``damier.protocol.dxp.dxp_engine`` for DXP), which imports this module.

This module must not search, start processes or open sockets.

>>> from damier import Board
>>> engine: EngineLike = BuiltinEngine("international", level=3)
>>> engine.name
'damier-3'
>>> engine.play(Board(), Limit(depth=2)).move in Board().legal_moves
True
>>> [info.depth for info in engine.analyse(Board(), Limit(depth=2))]
[1, 2]
>>> engine.quit()
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Protocol, runtime_checkable

from damier.core.board import Board
from damier.core.rules import Rules
from damier.engine.engine import Engine, Info, PlayResult
from damier.engine.evaluate import Weights
from damier.engine.search import SearchOptions
from damier.engine.timecontrol import Limit


@runtime_checkable
class EngineLike(Protocol):
    """What every engine offers (see the module docstring)."""

    @property
    def name(self) -> str:
        """The engine's name in results, games and PDN."""
        ...

    def play(self, board: Board, limit: Limit | None = None) -> PlayResult:
        """The engine's move for the side to move of ``board``."""
        ...

    def analyse(
        self, board: Board, limit: Limit | None = None, multipv: int = 1
    ) -> Iterator[Info]:
        """The search of ``board`` as it goes; stop iterating or call :meth:`stop` at will."""
        ...

    def stop(self) -> None:
        """Ask the running search to end soon (safe from another thread)."""
        ...

    def new_game(self) -> None:
        """Forget the previous game (tables, pondering)."""
        ...

    def quit(self) -> None:
        """Release the engine; it cannot be used afterwards."""
        ...


class BuiltinEngine:
    """damier's own engine behind :class:`EngineLike` (``analyse`` streams like
    :meth:`Engine.iterate <damier.engine.engine.Engine.iterate>`); ``book``, ``weights`` and
    ``search`` are :class:`~damier.engine.engine.Engine`'s (a new game keeps them)."""

    def __init__(
        self, variant: str | Rules = "international", level: int = 10, name: str | None = None,
        hash_mb: int = 32, seed: int | None = None, book: bool = True,
        weights: Weights | None = None, search: SearchOptions | None = None,
    ) -> None:
        self._make = partial(Engine, variant, level=level, hash_mb=hash_mb, seed=seed,
                             book=book, weights=weights, search=search)
        self.engine = self._make()
        self._name = name or f"damier-{level}"

    @property
    def name(self) -> str:
        return self._name

    def play(self, board: Board, limit: Limit | None = None) -> PlayResult:
        return self.engine.play(board, limit)

    def analyse(
        self, board: Board, limit: Limit | None = None, multipv: int = 1
    ) -> Iterator[Info]:
        return self.engine.iterate(board, limit or Limit(), multipv)

    def stop(self) -> None:
        self.engine.stop()

    def new_game(self) -> None:
        self.engine = self._make()

    def quit(self) -> None:
        self.engine.stop()


__all__ = ["BuiltinEngine", "EngineLike", "Info", "Limit", "PlayResult"]
