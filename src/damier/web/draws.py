"""Draw offers, answers and claims (:func:`draw`).

An offer to a human is stored in the game's row until answered (any move withdraws it); the
engine answers an offer at once, accepting only when a draw could be claimed or the side to
move has no move (:func:`engine_accepts`). A claim applies a draw rule the core says is
claimable now.

This module must not notify watchers: the game service sends the returned message.
"""

from __future__ import annotations

from damier.core.colors import color_name, opponent
from damier.core.errors import DamierError
from damier.web import clock
from damier.web.actions import actor, check_open, finish
from damier.web.errors import WebError
from damier.web.session import Session
from damier.web.store import Store

ACTIONS = ("offer", "accept", "decline", "claim")


async def draw(store: Store, s: Session, action: str, color: str | None) -> str:
    """``offer``, ``accept``, ``decline`` or ``claim`` a draw; returns what happened."""
    if action not in ACTIONS:
        raise WebError(422, "action must be offer, accept, decline or claim")
    async with s.lock:
        clock.check_flag(s)
        check_open(s)
        row, board = s.row, s.board
        c = actor(s, color, prefer_offer_target=action in ("accept", "decline"))
        message = ""
        if action == "claim":
            try:
                board.claim_draw()
            except DamierError as e:
                raise WebError(409, str(e)) from None
            row.ending = {"kind": "claim"}
            message = "draw claimed"
        elif action == "offer":
            other = opponent(c)
            if s.player(other) == "engine":
                if engine_accepts(s):
                    board.agree_draw()
                    row.ending = {"kind": "agreement"}
                    message = "the engine accepts the draw"
                else:
                    message = "the engine declines the draw"
            else:
                row.draw_offer = c
                message = f"{color_name(c)} offers a draw"
        else:
            if row.draw_offer is None or row.draw_offer == c:
                raise WebError(409, "there is no draw offer to answer")
            if action == "accept":
                board.agree_draw()
                row.ending = {"kind": "agreement"}
                message = "draw agreed"
            else:
                message = "draw declined"
            row.draw_offer = None
        finish(store, s)
    return message


def engine_accepts(s: Session) -> bool:
    """Whether the engine accepts a draw now: a draw could be claimed, or nothing can move."""
    return s.board.can_claim_draw() is not None or len(s.board.legal_moves) == 0
