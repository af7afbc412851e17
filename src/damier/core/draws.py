"""Draw-rule counters and the outcome of a game.

This module owns the exact counting of the draw rules of every variant (FMJD 6, Decisions 4 and 5), from the
:class:`~damier.core.rules.DrawRules` of its rules object:

* the quiet counter (FMJD 6.2 and its relatives): +1 after a ply that neither captures nor,
  where the rule says so, moves a man; reset to 0 otherwise;
* the endgame counter (FMJD 6.3/6.4 and relatives): the remaining plies of the counted
  ending the position is in; it starts when the class is entered (that ply is not counted)
  and the draw falls when it reaches 0; on a change from one counted class to another the
  ``restart`` setting starts the new allowance afresh, ``cumulative`` keeps the smaller of
  the old remainder and the new allowance;
* repetition is counted by the game (``Board``), which keeps the positions.

It also defines :class:`Outcome`. It must not generate moves (the caller says whether the
side to move has one: a player without moves loses before any draw rule applies,
Decision 3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from damier.core.colors import color_name
from damier.core.position import Position
from damier.core.rules import Rules

if TYPE_CHECKING:
    from damier.core.movegen import FastMove


class DrawState(NamedTuple):
    """The draw counters after a ply."""

    quiet: int
    """Successive plies counted by the quiet rule."""
    endgame: int
    """Index of the counted ending in ``rules.draws.endgames``, or -1."""
    remaining: int
    """Plies left before the counted ending is a draw."""
    material: tuple[int, int, int, int]


def initial_state(rules: Rules, pos: Position, quiet: int = 0) -> DrawState:
    """The counters of a game that starts (or is set up) in ``pos``."""
    mat = pos.material()
    cls = _class_of(rules, pos, mat)
    remaining = rules.draws.endgames[cls].plies if cls >= 0 else 0
    return DrawState(quiet, cls, remaining, mat)


def next_state(
    rules: Rules, state: DrawState, kings_before: int, move: FastMove, after: Position
) -> DrawState:
    """The counters after playing fast move ``move`` (see ``movegen``) into ``after``."""
    draws = rules.draws
    frm, _to, remove = move[0], move[1], move[2]
    if remove or (draws.quiet_resets_on_man_move and not frm & kings_before):
        quiet = 0
    else:
        quiet = state.quiet + 1
    mat = after.material()
    cls = _class_of(rules, after, mat)
    if cls < 0:
        return DrawState(quiet, -1, 0, mat)
    rule = draws.endgames[cls]
    if cls == state.endgame and (not rule.reset_on_material_change or mat == state.material):
        remaining = state.remaining - 1
    elif state.endgame >= 0 and draws.endgame_transition == "cumulative":
        remaining = min(state.remaining - 1, rule.plies)
    else:
        remaining = rule.plies
    return DrawState(quiet, cls, remaining, mat)


def _class_of(rules: Rules, pos: Position, mat: tuple[int, int, int, int]) -> int:
    for i, rule in enumerate(rules.draws.endgames):
        if rule.matches(pos, mat):
            return i
    return -1


def automatic_draw(rules: Rules, state: DrawState, repetitions: int) -> str | None:
    """The name of the draw rule that ends the game now, or ``None``."""
    draws = rules.draws
    if draws.repetition and not draws.repetition_claim and repetitions >= draws.repetition:
        return "threefold repetition" if draws.repetition == 3 else "repetition"
    if draws.quiet_plies and not draws.quiet_claim and state.quiet >= draws.quiet_plies:
        return draws.quiet_name or "move-count rule"
    if state.endgame >= 0 and state.remaining <= 0:
        return draws.endgames[state.endgame].name
    return None


def claimable_draw(rules: Rules, state: DrawState, repetitions: int) -> str | None:
    """The name of a draw the player to move may claim now (claim-only rules), or ``None``."""
    draws = rules.draws
    if draws.repetition and draws.repetition_claim and repetitions >= draws.repetition:
        return "threefold repetition" if draws.repetition == 3 else "repetition"
    if draws.quiet_plies and draws.quiet_claim and state.quiet >= draws.quiet_plies:
        return draws.quiet_name or "move-count rule"
    return None


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winner (``None`` for a draw), why, and the PDN result.

    >>> from damier.core.colors import WHITE
    >>> str(Outcome(WHITE, "no legal move", "2-0"))
    'white wins (no legal move): 2-0'
    """

    winner: int | None
    reason: str
    result: str

    @property
    def is_draw(self) -> bool:
        """Whether the game is drawn."""
        return self.winner is None

    def __str__(self) -> str:
        who = "draw" if self.winner is None else f"{color_name(self.winner)} wins"
        return f"{who} ({self.reason}): {self.result}"
