"""What the watchers of a game are sent: its full JSON state, pushed on every change.

A WebSocket client watching a game owns a queue in ``Session.listeners``; :func:`notify`
puts the game's state (:func:`full_state`) in every queue (a client more than 50 messages
behind is skipped: it only needs the newest state, which it will get next time).

This module must not change games.
"""

from __future__ import annotations

from typing import Any

from damier.web.services.game_clock import clocks_json
from damier.web.services.game_session import Session, game_state

BACKLOG = 50
"""A watcher with more queued messages than this is not sent more until it catches up."""


def full_state(s: Session) -> dict[str, Any]:
    """The JSON state of a game with its clocks as they stand now."""
    return game_state(s, clocks_json(s))


async def notify(s: Session, message: str = "", code: str = "",
                 args: dict[str, Any] | None = None) -> None:
    """Send the game's state to every WebSocket client watching it, with a note for the
    player if given (``message`` in English, ``message_code`` for the page to translate,
    ``message_args`` its parameters)."""
    if not s.listeners:
        return
    msg = {"type": "state", "game": full_state(s)}
    if message:
        msg["message"] = message
        msg["message_code"] = code
        if args:
            msg["message_args"] = args
    for q in list(s.listeners):
        if q.qsize() > BACKLOG:
            continue
        q.put_nowait(msg)
