"""Draw offers, answers and claims (:func:`draw`).

An offer to a human is stored in the game's row until answered (any move withdraws it); the
engine answers an offer at once, accepting only when a draw could be claimed or the side to
move has no move (:func:`engine_accepts`). A claim applies a draw rule the core says is
claimable now.

This module must not notify watchers: the game service sends the returned message.
"""

from __future__ import annotations

from typing import NamedTuple

from damier.core.colors import WHITE, color_name, opponent
from damier.core.errors import DamierError
from damier.web.errors import WebError
from damier.web.services import game_clock
from damier.web.services.actions import actor, check_open, finish
from damier.web.services.game_session import Session
from damier.web.storage.game_store import Store

ACTIONS = ("offer", "accept", "decline", "claim")


class Note(NamedTuple):
    """What happened, for the player (for both, in a game between people): a stable ``code``
    (the page translates it) and the English ``text``."""

    code: str
    text: str


async def draw(store: Store, s: Session, action: str, color: str | None) -> Note:
    """``offer``, ``accept``, ``decline`` or ``claim`` a draw; returns what happened."""
    if action not in ACTIONS:
        raise WebError(422, "action must be offer, accept, decline or claim", "bad_draw_action")
    async with s.lock:
        game_clock.check_flag(s)
        check_open(s)
        row = s.row
        c = actor(s, color, prefer_offer_target=action in ("accept", "decline"))
        if action == "claim":
            note = claim(s)
        elif action == "offer":
            other = opponent(c)
            if s.player(other) == "engine":
                if engine_accepts(s):
                    agree(s)
                    note = Note("engine_accepts_draw", "the engine accepts the draw")
                else:
                    note = Note("engine_declines_draw", "the engine declines the draw")
            else:
                note = offer(s, c)
        else:
            if row.draw_offer is None or row.draw_offer == c:
                raise WebError(409, "there is no draw offer to answer", "no_draw_offer")
            if action == "accept":
                agree(s)
                note = Note("draw_agreed", "draw agreed")
            else:
                note = Note("draw_declined", "draw declined")
            row.draw_offer = None
        finish(store, s)
    return note


def claim(s: Session) -> Note:
    """Claim the draw that the core says is claimable now (409 if none): the game ends."""
    try:
        s.board.claim_draw()
    except DamierError as e:
        raise WebError(409, str(e), "no_draw_to_claim") from None
    s.row.ending = {"kind": "claim"}
    return Note("draw_claimed", "draw claimed")


def offer(s: Session, c: int) -> Note:
    """Colour ``c`` offers a draw, kept in the game's row until answered or a move is made."""
    s.row.draw_offer = c
    return Note("draw_offered_white" if c == WHITE else "draw_offered_black",
                f"{color_name(c)} offers a draw")


def agree(s: Session) -> None:
    """Both players agree to a draw: the game ends."""
    s.board.agree_draw()
    s.row.ending = {"kind": "agreement"}


def engine_accepts(s: Session) -> bool:
    """Whether the engine accepts a draw now: a draw could be claimed, or nothing can move."""
    return s.board.can_claim_draw() is not None or len(s.board.legal_moves) == 0
