"""Running a match: scheduling games, collecting results, statistics and stopping rules.

:func:`schedule` pairs games on openings (game ``2k`` and ``2k+1`` play opening ``k`` with
colours swapped; engine A is White in the even game). :func:`run_match` keeps at most
``concurrency`` games in flight on any :class:`concurrent.futures.Executor`, reports every
finished game to a callback (for the progress bar and the PDN file), and stops submitting
and cancels what has not started as soon as an SPRT decides.

This module must not print; the command line does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass, field

from damier.protocol.engine_player import TimeControl
from damier.protocol.match.game import Adjudication, GameRecord, GameTask, play_game
from damier.protocol.match.openings import START, Opening
from damier.protocol.match.players import EngineSpec
from damier.protocol.match.stats import MatchScore, Sprt


@dataclass
class MatchConfig:
    """What to play."""

    engine_a: EngineSpec
    engine_b: EngineSpec
    games: int
    tc: TimeControl
    variant: str = "international"
    openings: list[Opening] = field(default_factory=lambda: [START])
    adjudication: Adjudication = field(default_factory=Adjudication)
    sprt: Sprt | None = None


@dataclass
class MatchResult:
    """What happened."""

    score: MatchScore
    records: list[GameRecord]
    decision: str | None = None

    @property
    def names(self) -> tuple[str, str] | None:
        """(engine A, engine B) as the games name them (their ``name=`` or their own id),
        from the first game; ``None`` before any game."""
        if not self.records:
            return None
        first = self.records[0]
        return (first.white, first.black) if first.a_is_white else (first.black, first.white)

    @property
    def stopped_early(self) -> bool:
        return self.decision is not None


def schedule(config: MatchConfig) -> Iterator[GameTask]:
    """The games of the match, in order."""
    for i in range(config.games):
        opening = config.openings[(i // 2) % len(config.openings)]
        a_white = i % 2 == 0
        white, black = (config.engine_a, config.engine_b) if a_white else (config.engine_b,
                                                                            config.engine_a)
        yield GameTask(i, config.variant, opening, white, black, a_white, config.tc,
                       config.adjudication)


def run_match(
    config: MatchConfig,
    executor: Executor,
    concurrency: int = 1,
    on_game: Callable[[GameRecord, MatchScore], None] | None = None,
) -> MatchResult:
    """Play the match on ``executor`` (see the module docstring)."""
    tasks = schedule(config)
    score = MatchScore()
    records: list[GameRecord] = []
    pending: set[Future[GameRecord]] = set()
    decision: str | None = None
    exhausted = False

    def refill() -> None:
        nonlocal exhausted
        while not exhausted and len(pending) < max(1, concurrency):
            task = next(tasks, None)
            if task is None:
                exhausted = True
                return
            pending.add(executor.submit(play_game, task))

    refill()
    try:
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                pending.discard(fut)
                record = fut.result()
                records.append(record)
                score = score.add(record.points_for_a)
                if on_game is not None:
                    on_game(record, score)
            if config.sprt is not None and decision is None:
                decision = config.sprt.decision(score)
                if decision is not None:
                    for fut in pending:
                        fut.cancel()
                    exhausted = True
            if decision is None:
                refill()
            else:
                # games already running are finished and counted (their result is real)
                pending = {f for f in pending if not f.cancelled()}
    except BaseException:
        for fut in pending:
            fut.cancel()
        raise
    return MatchResult(score, sorted(records, key=lambda r: r.index), decision)
