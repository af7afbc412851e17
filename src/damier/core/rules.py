"""The rules object: every parameter in which the members of the draughts family differ.

A variant is one frozen :class:`Rules` value (see ``damier.core.variants``); the move
generator, the game state and the notation read their behaviour from it and contain no
variant names. The parameters are the rules of the rule book (docs/rules/); each variant module cites the
articles it encodes.

This module must not generate moves or hold game state.

>>> from damier.core.variants import get_variant
>>> rules = get_variant("international")
>>> rules.size, rules.capture_rule, rules.flying_kings
(10, 'max_count', True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Literal

from damier.core.colors import BLACK, WHITE
from damier.core.geometry import Direction, Geometry, geometry_for
from damier.core.squares import SquareNames, parse_gametype

if TYPE_CHECKING:
    from damier.core.position import Position

CaptureRule = Literal["max_count", "free", "italian", "spanish", "max_value"]
PromotionInCapture = Literal["continue_as_man", "promote_and_continue", "promote_and_stop"]
Goal = Literal["normal", "antidraughts", "breakthrough"]

Material = tuple[int, int, int, int]
"""Piece counts ``(white men, white kings, black men, black kings)``."""


@dataclass(frozen=True)
class EndgameRule:
    """A draw that falls after ``plies`` plies in a class of endings.

    The count starts with the ply that creates the class (that ply is not counted) and runs
    while every position stays in the class (Decision 4). With
    ``reset_on_material_change`` the count restarts whenever the material changes while
    the class holds (Russian rule 7.2.6).
    """

    name: str
    article: str
    plies: int
    matches: Callable[[Position, Material], bool]
    reset_on_material_change: bool = False


@dataclass(frozen=True)
class DrawRules:
    """The automatic and claimable draws of a variant.

    * ``repetition``: the number of occurrences of one position (same pieces, same side to
      move) that draws; 0 for none. ``repetition_claim`` makes it a claim instead of
      automatic.
    * ``quiet_plies``: a draw after this many successive plies without a capture (and, with
      ``quiet_resets_on_man_move``, without a man moving: FMJD 6.2); 0 for none.
      ``quiet_claim`` makes it a claim.
    * ``endgames``: the counted endings (FMJD 6.3/6.4 and their relatives), tried in order.
    * ``endgame_transition``: ``"restart"`` or ``"cumulative"`` when a capture moves the
      game from one counted class to another (Decision 5).
    """

    repetition: int = 3
    repetition_claim: bool = False
    quiet_plies: int = 0
    quiet_resets_on_man_move: bool = True
    quiet_claim: bool = False
    quiet_name: str = ""
    endgames: tuple[EndgameRule, ...] = ()
    endgame_transition: Literal["restart", "cumulative"] = "restart"


@dataclass(frozen=True)
class Rules:
    """All the parameters of one draughts variant.

    Directions are ``(d_row, d_col)`` steps as seen by White (rows grow towards White);
    the move generator mirrors them for Black.
    """

    name: str
    title: str
    gametype: str
    """Full PDN GameType description, e.g. ``"20,W,10,10,N2,0"`` (docs/pdn.md, "GameType")."""
    size: int = 10
    shape: str = "dark"
    rows_of_men: int = 4
    first_rows_empty: int = 0
    """Rows next to each player's edge left empty at the start (Turkish: 1)."""
    first_player: int = WHITE
    """The side that moves first in the start position."""
    first_player_choice: bool = False
    """The rules fix no first player: the players choose, by lot or agreement (Thai,
    Malaysian). ``first_player`` is then only the default;
    :func:`~damier.core.position.start_position` takes the other side on request."""
    man_steps: tuple[Direction, ...] = ((-1, -1), (-1, 1))
    man_captures: tuple[Direction, ...] = ((-1, -1), (-1, 1), (1, -1), (1, 1))
    king_steps: tuple[Direction, ...] = ((-1, -1), (-1, 1), (1, -1), (1, 1))
    king_captures: tuple[Direction, ...] = ((-1, -1), (-1, 1), (1, -1), (1, 1))
    flying_kings: bool = True
    capture_rule: CaptureRule = "max_count"
    king_priority: bool = False
    """If any king can capture, the move must be a king's capture (ČFD 4.4)."""
    king_must_continue: bool = True
    """A flying king must land where it can capture again if such a landing exists."""
    king_lands_behind: bool = False
    """A flying king sees the piece it takes from any distance but must land on the square
    directly behind it, and goes on only from there (Thai); False: on any free square
    beyond (International)."""
    king_breaks_ties: bool = False
    """Among the captures the choice rule keeps, a king's capture is preferred: if a king
    can make one of them, a man's capture is not legal (Malaysian). The Italian and
    Frisian rules include this step already."""
    promotion_in_capture: PromotionInCapture = "continue_as_man"
    remove_at_end: bool = True
    """False: each piece is removed as it is jumped (Turkish)."""
    no_reverse_capture: bool = False
    """Forbid a 180° turn between two jumps (Turkish)."""
    men_capture_kings: bool = True
    man_value: int = 100
    king_value: int = 199
    """Capture values for the ``max_value`` rule (Frisian)."""
    king_move_limit: int = 0
    """Frisian: with men on the board, one king may make at most this many successive
    non-capturing moves (0 = no limit)."""
    goal: Goal = "normal"
    huffing: bool = False
    """The huff instead of compulsion (:mod:`damier.core.huffing`): any physically possible
    move may be played, and after one that breaks the capture rules (those of this rules
    object: any choice rule, king priority) the opponent may remove an offending piece
    before his own move (Czech traditional, Old French, Malaysian)."""
    draws: DrawRules = field(default_factory=DrawRules)
    capture_separator: str = "x"
    result_style: Literal["international", "default"] = "default"
    description: str = ""

    # -- derived ----------------------------------------------------------------------------

    @cached_property
    def geometry(self) -> Geometry:
        """The board shape of the variant."""
        return geometry_for(self.size, self.shape)

    @cached_property
    def names(self) -> SquareNames:
        """The square names of the variant (numeric/algebraic, mirrored if inverted)."""
        return SquareNames(self.geometry, self.gametype)

    @cached_property
    def gametype_number(self) -> int:
        """The PDN GameType number (20 for International …)."""
        fields = parse_gametype(self.gametype)
        assert fields is not None
        return fields[0]

    @cached_property
    def promotion_rows(self) -> tuple[int, int]:
        """Bitboards of the rows where White's and Black's men are crowned."""
        g = self.geometry
        return (g.row_mask[0], g.row_mask[self.size - 1])

    @cached_property
    def start_bitboards(self) -> tuple[int, int]:
        """Bitboards ``(white, black)`` of the men in the start position."""
        g = self.geometry
        lo, hi = self.first_rows_empty, self.first_rows_empty + self.rows_of_men
        black = sum(g.row_mask[r] for r in range(lo, hi))
        white = sum(g.row_mask[self.size - 1 - r] for r in range(lo, hi))
        return white, black

    def directions(self, steps: tuple[Direction, ...], color: int) -> tuple[int, ...]:
        """Geometry direction indices of ``steps`` for ``color`` (mirrored rows for Black)."""
        g = self.geometry
        if color == BLACK:
            steps = tuple((-dr, dc) for dr, dc in steps)
        return tuple(g.direction_index(s) for s in steps)

    def board_text(self) -> str:
        """The board in a few words: ``"10x10, 20 men"``, ``"8x8 inverted, 12 men"``.

        >>> from damier.core.variants import get_variant
        >>> get_variant("turkish").board_text()
        '8x8 all squares, 16 men'
        """
        kind = " all squares" if self.shape == "full" else " inverted" if self.names.inverted else ""
        return f"{self.size}x{self.size}{kind}, {self.start_bitboards[0].bit_count()} men"

    def summary(self) -> str:
        """The rules in one line, read off the parameters (what ``damier variants`` prints).

        >>> from damier.core.variants import get_variant
        >>> get_variant("international").summary()
        'men capture backwards, flying kings, majority capture'
        >>> get_variant("thai").summary()
        'men capture forwards only, flying kings landing directly behind, free choice, \
pieces removed as jumped, a man crowned by a capture stops'
        """
        return ", ".join(part for part in _summary_parts(self) if part)

    def result_text(self, winner: int | None) -> str:
        """The PDN result for a winner (``None`` = draw) in the variant's result style."""
        if self.result_style == "international":
            return {WHITE: "2-0", BLACK: "0-2", None: "1-1"}[winner]
        return {WHITE: "1-0", BLACK: "0-1", None: "1/2-1/2"}[winner]


CAPTURE_RULE_TEXT: dict[str, str] = {
    "max_count": "majority capture",
    "free": "free choice",
    "italian": "Italian priorities",
    "spanish": "most pieces then most kings",
    "max_value": "highest capture value",
}

PROMOTION_TEXT: dict[str, str] = {
    "continue_as_man": "",
    "promote_and_continue": "a man crowned mid-capture goes on as a king",
    "promote_and_stop": "a man crowned by a capture stops",
}


def _summary_parts(rules: Rules) -> list[str]:
    """The clauses of :meth:`Rules.summary`, in reading order ("" for none)."""
    orthogonal = [d for d in rules.man_captures if 0 in d]
    if rules.shape == "full":
        men = "men move and capture forwards and sideways"
    elif orthogonal:
        men = f"men capture in {len(rules.man_captures)} directions"
    elif any(dr > 0 for dr, _dc in rules.man_captures):
        men = "men capture backwards"
    else:
        men = "men capture forwards only"
    kings = "flying kings" if rules.flying_kings else "short kings"
    if rules.king_lands_behind:
        kings += " landing directly behind"
    goal = {"antidraughts": "having no legal move wins", "breakthrough": "the first king wins"}
    return [
        men,
        "men cannot take kings" if not rules.men_capture_kings else "",
        kings,
        CAPTURE_RULE_TEXT[rules.capture_rule],
        "a king captures first" if rules.king_priority else "",
        "a king's capture at equal count" if rules.king_breaks_ties else "",
        "pieces removed as jumped" if not rules.remove_at_end else "",
        "no 180° turn" if rules.no_reverse_capture else "",
        PROMOTION_TEXT[rules.promotion_in_capture],
        f"king-move limit {rules.king_move_limit}" if rules.king_move_limit else "",
        "huffing" if rules.huffing else "",
        goal.get(rules.goal, ""),
    ]
