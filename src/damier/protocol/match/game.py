"""One engine game: the unit of work that a match hands to an executor.

:func:`play_game` takes a picklable :class:`GameTask` and returns a picklable
:class:`GameRecord`, so it runs unchanged in this process, in a process pool or on a Dask
worker. It builds both players, replays the opening, alternates moves with a clock, and
ends the game by, in order: the rules (no legal move, the variant's automatic draws, a
claimable draw, which is claimed at once), a loss for an engine that crashes, answers an
illegal move or oversteps its time, score adjudication (both engines agree that one side is
ahead by at least ``score`` men for ``score_plies`` consecutive plies), and the move limit
(adjudicated a draw).

This module must not write files or print; the runner does.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass, field

from damier.core.colors import BLACK, WHITE
from damier.core.errors import DamierError
from damier.protocol.engine_player import Clock, Player, TimeControl
from damier.protocol.match.openings import Opening
from damier.protocol.match.players import EngineSpec, side_name

MATE = 10_000


@dataclass(frozen=True)
class Adjudication:
    """When a game is ended before the rules end it."""

    max_moves: int = 200
    """Full moves after which the game is adjudicated a draw (0: no limit)."""
    score: float | None = None
    """Men of advantage that adjudicate a win (``None``: never)."""
    score_plies: int = 4
    """Consecutive plies on which both engines must see that advantage."""


@dataclass(frozen=True)
class GameTask:
    """Everything needed to play one game."""

    index: int
    variant: str
    opening: Opening
    white: EngineSpec
    black: EngineSpec
    a_is_white: bool
    tc: TimeControl
    adjudication: Adjudication = field(default_factory=Adjudication)


@dataclass
class GameRecord:
    """The result of one game."""

    index: int
    variant: str
    opening: str
    start_fen: str | None
    white: str
    black: str
    a_is_white: bool
    moves: list[str]
    result: str
    winner: int | None
    reason: str
    seconds: float = 0.0
    finished: bool = True

    @property
    def points_for_a(self) -> float:
        """1, 0.5 or 0 for engine A."""
        if self.winner is None:
            return 0.5
        a_color = WHITE if self.a_is_white else BLACK
        return 1.0 if self.winner == a_color else 0.0

    def tags(self, event: str = "damier match") -> dict[str, str]:
        """PDN tags of this game."""
        return {"Event": event, "Site": "damier", "Round": str(self.index + 1),
                "White": self.white, "Black": self.black, "Opening": self.opening,
                "Termination": self.reason}


def _white_score(mover: int, score: int | None, win_in: int | None) -> int | None:
    if win_in:
        score = MATE if win_in > 0 else -MATE
    if score is None:
        return None
    return score if mover == WHITE else -score


def _score_verdict(adj: Adjudication, scores: list[int | None]) -> tuple[int, str] | None:
    """``(winner, reason)`` when both engines have seen one side ahead by ``adj.score`` men
    for the last ``adj.score_plies`` plies (White's view), else None."""
    if adj.score is None or len(scores) < adj.score_plies:
        return None
    recent = scores[-adj.score_plies:]
    threshold = adj.score * 100
    if all(s is not None and s >= threshold for s in recent):
        return WHITE, f"adjudicated: both engines see White +{adj.score:g}"
    if all(s is not None and s <= -threshold for s in recent):
        return BLACK, f"adjudicated: both engines see Black +{adj.score:g}"
    return None


def play_game(task: GameTask) -> GameRecord:
    """Play ``task`` to the end (see the module docstring)."""
    started = time.perf_counter()
    board = task.opening.board(task.variant)
    rules = board.rules
    start_fen = None if task.opening.fen is None and not task.opening.moves else board.fen()
    # The record starts after the opening so that PDN shows it from its FEN.
    base_ply = board.ply
    players: list[Player | None] = [None, None]
    names = [task.white.label, task.black.label]
    winner: int | None = None
    reason = ""
    finished = True
    adj = task.adjudication
    scores: list[int | None] = []
    try:
        for color, spec in ((WHITE, task.white), (BLACK, task.black)):
            try:
                players[color] = spec.create(task.variant)
            except (DamierError, OSError) as e:
                winner, reason = 1 - color, f"{side_name(color)} engine failed to start: {e}"
                raise _GameOver from None
            players[color].new_game()  # type: ignore[union-attr]
        _mark_clash(players, task.a_is_white)
        clock = Clock(task.tc)
        while True:
            outcome = board.outcome()
            if outcome is not None:
                winner, reason = outcome.winner, outcome.reason
                break
            claim = board.can_claim_draw()
            if claim:
                winner, reason = None, f"{claim} (claimed)"
                break
            if adj.max_moves and board.ply - base_ply >= 2 * adj.max_moves:
                winner, reason = None, f"adjudicated: {adj.max_moves} moves played"
                break
            mover = board.turn
            player = players[mover]
            assert player is not None
            try:
                pm = player.play(board, clock)
            except (DamierError, OSError) as e:
                winner, reason = 1 - mover, f"{side_name(mover)} ({player.name}) lost: {e}"
                break
            except Exception as e:  # noqa: BLE001 - an engine bug loses the game, not the match
                winner = 1 - mover
                reason = f"{side_name(mover)} ({player.name}) crashed: {type(e).__name__}: {e}"
                break
            if not clock.charge(mover, pm.seconds):
                winner, reason = 1 - mover, f"{side_name(mover)} lost on time"
                break
            board.push(pm.move)
            scores.append(_white_score(mover, pm.score, pm.win_in))
            verdict = _score_verdict(adj, scores)
            if verdict is not None:
                winner, reason = verdict
                break
    except _GameOver:
        pass
    finally:
        for p in players:
            if p is not None:
                with contextlib.suppress(Exception):  # a dying engine must not lose the record
                    p.close()
    _mark_clash(players, task.a_is_white)   # a DXP engine's name is known once it played
    for color, player in enumerate(players):
        if player is not None:
            names[color] = player.name
    moves = [m.hub() for m in board.move_stack[base_ply:]]
    return GameRecord(
        index=task.index, variant=task.variant, opening=task.opening.name, start_fen=start_fen,
        white=names[WHITE], black=names[BLACK], a_is_white=task.a_is_white, moves=moves,
        result=rules.result_text(winner), winner=winner, reason=reason,
        seconds=time.perf_counter() - started, finished=finished,
    )


def _mark_clash(players: list[Player | None], a_is_white: bool) -> None:
    """Two engines with the same name: engine B gets a ``'``, in every game alike."""
    white, black = players
    if white is not None and black is not None and white.name == black.name:
        b = black if a_is_white else white
        b.rename(b.name + "'")


class _GameOver(Exception):
    pass
