"""The opening explorer in the web app: its database opened on first use, the default games
imported in the background the first time it is asked, PDN files added by the user.

:class:`ExplorerService` holds one :class:`~damier.analysis.explorer.Explorer` (a SQLite
file of its own, beside the games database unless ``$DAMIER_EXPLORER_DB`` names one).
Imports run in one worker thread (never on the event loop, one at a time); lookups run in
threads too and read the last committed import, so the explorer answers while it grows.
The first lookup of a server's life starts importing the default game files that are not
in the database yet (all of them the first time: 2,885 games, about 1.3 s of CPU; see
docs/analysis.md), and every answer carries ``building`` (files done, files) until that is
done (search answers too): counts shown meanwhile are partial, and the page says so.
``damier serve`` starts it when the server starts (:meth:`ExplorerService.warm`), so that
a player's first look at the explorer finds it built. Closing (the server stopping) ends the
default import after the file it is on and waits for the worker before it closes the
database, so that a server stopped mid-import leaves complete files behind (the next start
imports the rest) and nothing runs on a closed database.

This module must not know about HTTP.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from concurrent.futures import Future, ThreadPoolExecutor, wait
from pathlib import Path
from typing import Any

from damier.analysis import explorer as explorer_db
from damier.analysis.explorer import Explorer, Filters, ImportReport
from damier.analysis.gamerows import game_pdn
from damier.analysis.gamesearch import GameQuery, search
from damier.core.errors import DamierError, FenError
from damier.core.userdata import beside
from damier.core.variants import get_variant
from damier.web.errors import WebError, reasons

log = logging.getLogger("damier.web")


def explorer_path(games_db: str | os.PathLike[str]) -> str:
    """``$DAMIER_EXPLORER_DB``, else ``explorer.sqlite3`` beside the games database."""
    return beside(games_db, "explorer.sqlite3", "DAMIER_EXPLORER_DB")


CLOSE_WAIT = 30.0
"""Seconds :meth:`ExplorerService.close` waits for the worker: the file being imported (the
largest default file takes about a second) or a user's import (at most 5 MB of PDN)."""


class _Stopped(Exception):
    """The server is stopping: the default import ends after the file it is on."""


class ExplorerService:
    """The explorer of one web app (see the module docstring)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._explorer: Explorer | None = None
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="explorer")
        self.building: dict[str, int] | None = None
        self._default_checked = False
        self._opening = threading.Lock()
        self._stopping = threading.Event()
        self._work: set[Future[Any]] = set()

    def close(self) -> None:
        """Stop the worker (the default import after its current file; a user's import is
        finished), then close the database. Blocks up to :data:`CLOSE_WAIT` seconds: call it
        off the event loop. A worker still running then keeps the database open (the process
        ends with it): closing it under the worker failed with "Cannot operate on a closed
        database"."""
        self._stopping.set()
        self.pool.shutdown(wait=False, cancel_futures=True)
        _, running = wait(list(self._work), timeout=CLOSE_WAIT)
        if running:
            log.warning("the explorer's import did not end within %g s of stopping; its "
                        "database is left open", CLOSE_WAIT)
            return
        if self._explorer is not None:
            self._explorer.close()

    def _submit(self, work: Any, *args: Any) -> Future[Any]:
        future = self.pool.submit(work, *args)
        self._work.add(future)
        future.add_done_callback(self._work.discard)
        return future

    def explorer(self) -> Explorer:
        with self._opening:  # two first requests in two threads open one explorer
            if self._explorer is None:
                self._explorer = Explorer(self.path)
            return self._explorer

    async def warm(self) -> Explorer:
        """Open the explorer and start importing the default games it misses (once in the
        server's life; the import runs in the worker thread)."""
        ex = await asyncio.to_thread(self.explorer)
        if not self._default_checked:
            self._default_checked = True
            # building from the start: a request answered while the files are being
            # checked must not pass partial counts off as final
            self.building = {"done": 0, "total": len(explorer_db.default_files())}
            try:
                missing = await asyncio.to_thread(ex.missing_default)
            except BaseException:
                self.building = None
                raise
            if missing:
                self._build_default(ex, missing)
            else:
                self.building = None
        return ex

    def _building_now(self) -> dict[str, int] | None:
        """(files done, files) while the default games import, else None."""
        building = self.building
        if building is not None and building["done"] < building["total"]:
            return dict(building)
        return None

    def _mark_building(self, answer: dict[str, Any], started: dict[str, int] | None) -> dict[str, Any]:
        """``answer`` with ``building`` when the import was still running as the answer was
        started (``started``, from :meth:`_building_now`) or is now: an answer read while
        the last file was being committed must not pass for final once the import ends."""
        building = self._building_now() or started
        if building is not None:
            answer["building"] = building
        return answer

    async def lookup(self, variant: str, fen: str | None,
                     filters: Filters | None = None) -> dict[str, Any]:
        """The moves and games of a position (see :meth:`Explorer.lookup`)."""
        ex = await self.warm()
        started = self._building_now()
        try:
            answer = await asyncio.to_thread(ex.lookup, variant, fen, 8, filters)
        except FenError as e:
            raise WebError(422, str(e), "bad_fen", **reasons(e)) from None
        except DamierError as e:
            raise WebError(422, str(e), "unknown_variant") from None
        return self._mark_building(answer, started)

    def _build_default(self, ex: Explorer, files: list[tuple[Path, str | None]]) -> None:
        """Import the default game files still missing, in the worker thread."""
        self.building = {"done": 0, "total": len(files)}

        def run() -> None:
            def progress(games: int, done: int, total: int) -> None:
                self.building = {"done": done, "total": total}
                if self._stopping.is_set() and done < total:
                    raise _Stopped  # after a whole file, committed: the next start resumes

            try:
                ex.import_files(files, progress=progress)
                self.building = {"done": len(files), "total": len(files)}
            except _Stopped:
                done = (self.building or {}).get("done", 0)
                log.info("the explorer's default import stopped with the server (%d of %d "
                         "files); the next start imports the rest", done, len(files))
            except Exception:  # noqa: BLE001 - the explorer keeps what it has
                log.exception("importing the default games into the explorer failed")
                self.building = None

        self._submit(run)

    async def search(self, query: GameQuery) -> dict[str, Any]:
        """Games by tags, position or opening (see :func:`~damier.analysis.gamesearch.search`);
        422 for a query that cannot be answered."""
        ex = await self.warm()
        started = self._building_now()
        try:
            return self._mark_building(await asyncio.to_thread(search, ex, query), started)
        except FenError as e:
            raise WebError(422, str(e), "bad_fen", **reasons(e)) from None
        except DamierError as e:  # SearchError among them
            raise WebError(422, str(e), "invalid") from None

    async def game(self, gid: int) -> dict[str, Any]:
        """One game of the explorer's database (404 if unknown)."""
        ex = await asyncio.to_thread(self.explorer)
        found = await asyncio.to_thread(ex.game, gid)
        if found is None:
            raise WebError(404, f"no explorer game with id {gid}", "explorer_game_not_found")
        return found

    async def import_text(self, text: str, name: str, variant: str | None) -> ImportReport:
        """Add the games of a PDN text (422 when it holds none)."""
        if variant is not None:
            try:
                variant = get_variant(variant).name
            except DamierError as e:
                raise WebError(422, str(e), "unknown_variant") from None
        ex = await asyncio.to_thread(self.explorer)
        report: ImportReport = await asyncio.wrap_future(
            self._submit(ex.import_text, text, name, variant))
        if not report.already and not report.games:
            raise WebError(422, "no game with moves found in the text", "pdn_empty")
        return report


__all__ = ["ExplorerService", "explorer_path", "game_pdn"]
