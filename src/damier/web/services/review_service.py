"""Game reviews in the web app: run on the server, one at a time, stored for a second look.

:class:`Reviews` runs :func:`damier.analysis.review.review_game` for a game in a worker
thread of its own (one review at a time: the machine's cores are the players' first; other
requests queue), never on the event loop. While it runs, its progress (positions searched
out of all) is in :meth:`Reviews.status` and pushed to the game's WebSocket watchers as
``{"type": "review", "status", "done", "total"}``; :meth:`Reviews.cancel` ends it (the
running search is stopped at once). A finished review is stored in the games database with
the *signature* of the moves it reviewed: asking again for the same moves answers from the
store at once; after more moves (or an undo) the stored review no longer applies.

This module must not know about HTTP.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from damier.analysis.review import Cancelled, PlyReview, review_game, summary
from damier.core.board import Board
from damier.engine import BuiltinEngine, EngineLike, Limit
from damier.web.errors import WebError
from damier.web.services.game_session import Session
from damier.web.storage.game_store import Store

DEFAULT_SECONDS = 0.3
"""Search time per position of a review (seconds), unless the request says otherwise."""
MAX_SECONDS = 10.0
MAX_DEPTH = 40
HASH_MB = 64

EngineFactory = Callable[[str], EngineLike]


def signature(s: Session) -> str:
    """What a review is a review of: the variant, the start and the moves."""
    text = "\n".join([s.row.variant, s.row.start_fen, *(m.long() for m in s.board.move_stack)])
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def review_settings(seconds: Any = None, depth: Any = None) -> dict[str, Any]:
    """Checked settings ``{"seconds", "depth"}`` (422 when out of range)."""
    if seconds is None and depth is None:
        seconds = DEFAULT_SECONDS
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, int | float)
                                or not 0.02 <= seconds <= MAX_SECONDS):
        raise WebError(422, f"seconds must be a number from 0.02 to {MAX_SECONDS}",
                       "bad_review_seconds", limit=MAX_SECONDS)
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int)
                              or not 1 <= depth <= MAX_DEPTH):
        raise WebError(422, f"depth must be an integer from 1 to {MAX_DEPTH}",
                       "bad_review_depth", limit=MAX_DEPTH)
    return {"seconds": None if seconds is None else float(seconds), "depth": depth}


@dataclass
class Job:
    """One review asked for (queued, running, or ended)."""

    gid: int
    signature: str
    settings: dict[str, Any]
    total: int
    done: int = 0
    status: str = "queued"
    error: str | None = None
    stop: threading.Event = field(default_factory=threading.Event)
    engine: EngineLike | None = None

    def progress_json(self) -> dict[str, Any]:
        return {"status": self.status, "done": self.done, "total": self.total,
                "settings": self.settings}


class Reviews:
    """The reviews of every game (see the module docstring)."""

    def __init__(self, store: Store, engine_factory: EngineFactory | None = None) -> None:
        self.store = store
        self.factory = engine_factory or (lambda v: BuiltinEngine(v, level=10, hash_mb=HASH_MB))
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="review")
        self.jobs: dict[int, Job] = {}

    def close(self) -> None:
        """Stop every review (at shutdown)."""
        for job in list(self.jobs.values()):
            self._halt(job)
        self.pool.shutdown(wait=False, cancel_futures=True)

    # -- asking ------------------------------------------------------------------------------

    def status(self, s: Session) -> dict[str, Any] | None:
        """The review of ``s`` as it stands: running (progress), done (stored), or ``None``."""
        sig = signature(s)
        job = self.jobs.get(s.row.id)
        if job is not None and job.signature == sig and job.status in ("queued", "running"):
            return job.progress_json()
        if job is not None and job.signature == sig and job.status == "failed":
            return {**job.progress_json(), "error": job.error}
        stored = self.store.get_review(s.row.id)
        if stored is not None and stored["signature"] == sig:
            return done_json(stored)
        return None

    async def start(self, s: Session, settings: dict[str, Any], force: bool = False
                    ) -> dict[str, Any]:
        """Start reviewing ``s`` (or answer the stored review of the same moves)."""
        if not s.board.ply:
            raise WebError(409, "there is no move to review", "nothing_to_review")
        current = self.status(s)
        if current is not None and current["status"] in ("queued", "running"):
            return current
        if current is not None and current["status"] == "done" and not force:
            return current
        old = self.jobs.get(s.row.id)
        if old is not None:
            self._halt(old)
        job = Job(s.row.id, signature(s), settings, s.board.ply + 1)
        self.jobs[s.row.id] = job
        loop = asyncio.get_running_loop()
        board = s.board.copy()
        variant = s.row.variant

        def tell(message: dict[str, Any]) -> None:
            loop.call_soon_threadsafe(_push, s, {"type": "review", **message})

        loop.run_in_executor(self.pool, self._run, job, board, variant, tell)
        return job.progress_json()

    def cancel(self, s: Session) -> dict[str, Any]:
        """Stop the review of ``s`` if one runs (409 if none does)."""
        job = self.jobs.get(s.row.id)
        if job is None or job.status not in ("queued", "running"):
            raise WebError(409, "no review of this game is running", "no_review_running")
        self._halt(job)
        return job.progress_json()

    def _halt(self, job: Job) -> None:
        if job.status in ("queued", "running"):
            job.status = "cancelled"
        job.stop.set()
        if job.engine is not None:
            with contextlib.suppress(Exception):  # stopping is best effort
                job.engine.stop()

    # -- the worker thread -------------------------------------------------------------------

    def _run(self, job: Job, board: Board, variant: str,
             tell: Callable[[dict[str, Any]], None]) -> None:
        if job.stop.is_set():
            return
        job.status = "running"
        tell(job.progress_json())
        settings = job.settings
        limit = Limit(time=settings["seconds"], depth=settings["depth"])

        def progress(done: int, total: int) -> None:
            job.done, job.total = done, total
            tell(job.progress_json())

        try:
            job.engine = self.factory(variant)
            plies = review_game(board, job.engine, limit, progress, job.stop)
        except Cancelled:
            job.status = "cancelled"
            tell(job.progress_json())
            return
        except Exception as e:  # noqa: BLE001 - a failing engine ends this review only
            job.status, job.error = "failed", f"the engine failed: {e}"
            tell({**job.progress_json(), "error": job.error})
            return
        finally:
            if job.engine is not None:
                with contextlib.suppress(Exception):
                    job.engine.quit()
        if job.stop.is_set():
            return
        stored = {"signature": job.signature, "settings": settings, "created": time.time(),
                  "plies": [p.to_json() for p in plies]}
        self.store.set_review(job.gid, stored)
        job.status = "done"
        tell(job.progress_json())


def done_json(stored: dict[str, Any]) -> dict[str, Any]:
    """The answer for a finished review."""
    plies = [PlyReview(**p) for p in stored["plies"]]
    return {"status": "done", "settings": stored["settings"], "created": stored["created"],
            "plies": stored["plies"], "summary": summary(plies)}


def _push(s: Session, message: dict[str, Any]) -> None:
    for q in list(s.listeners):
        if q.qsize() < 200:
            q.put_nowait(message)


__all__ = ["DEFAULT_SECONDS", "Job", "Reviews", "done_json", "review_settings", "signature"]
