"""Errors of the protocol layer: every failure of a peer or of an engine process has its own
type with a message that says what happened (which engine, which message, what was expected).

All derive from :class:`~damier.core.errors.DamierError` so that the command line reports them
as one line (exit status 2) instead of a traceback. This module must not do I/O.
"""

from __future__ import annotations

from damier.core.errors import DamierError


class ProtocolError(DamierError):
    """A peer or engine broke its protocol, or could not be reached."""


class HubError(ProtocolError):
    """A Hub engine answered something unexpected or reported an error."""


class HubTimeoutError(HubError, TimeoutError):
    """A Hub engine did not answer within the time allowed."""


class EngineTerminatedError(HubError):
    """A Hub engine process exited (or closed its output) while the client expected more."""


class DxpError(ProtocolError):
    """A DXP peer misbehaved: closed the connection, timed out, or sent a bad message.

    When raised during a game, ``game`` holds the game as far as it went."""

    game: object | None = None


class DxpMessageError(DxpError):
    """A DXP message that cannot be decoded; the message says which field is wrong and why."""


class MatchError(DamierError):
    """A match could not be set up or run (bad engine spec, opening file, time control)."""


class IllegalEngineMove(ProtocolError, MatchError):
    """An engine answered with a move that is not legal: it broke the protocol, and in a match
    it loses the game (one type for every engine: Hub, DXP, in a match or on its own)."""
