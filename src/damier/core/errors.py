"""Exception types of damier.

Every error a user can cause has its own type with a message that says what was wrong and
where, so that programs can react to the kind of error and people can read the message.
All derive from :class:`DamierError`, itself a ``ValueError`` so that generic input-handling
code keeps working.
"""

from __future__ import annotations


class DamierError(ValueError):
    """Base class of all damier errors caused by bad input.

    ``reason`` names why for programs (``"capture_compulsory"``, ``"crowned_man"`` … or
    ``""`` when unnamed) and ``details`` holds the message's parts (e.g. ``moves``,
    ``square``) as text, so that a user interface can say the same in another language.

    >>> e = IllegalMoveError("32-28: capture is compulsory: 27x38", "capture_compulsory",
    ...                      moves="27x38")
    >>> e.reason, e.details
    ('capture_compulsory', {'moves': '27x38'})
    """

    def __init__(self, message: str, reason: str = "", **details: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.details = details


class UnknownVariantError(DamierError):
    """A variant name that is not registered; the message lists the known names."""


class FenError(DamierError):
    """A malformed or impossible FEN position string."""


class IllegalMoveError(DamierError):
    """A move that is not legal in the position; the message says why (and ``reason``
    names it, see :class:`DamierError`)."""


class NotationError(IllegalMoveError):
    """Move text that cannot be read as a move at all (syntax, a square that does not exist)."""


class AmbiguousMoveError(IllegalMoveError):
    """Short notation that matches several legal moves; ``candidates`` lists them."""

    def __init__(self, message: str, candidates: list[str]) -> None:
        super().__init__(message)
        self.candidates = candidates


class GameOverError(DamierError):
    """A move was attempted after the game ended."""


EXCERPT_CHARS = 60
"""How much of a bad token an error message quotes (:func:`excerpt`)."""


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """``text`` quoted for an error message: whole when short, else its start and its length,
    so that a message never grows with the input.

    >>> excerpt("32-28")
    "'32-28'"
    >>> excerpt("9" * 5000, 8)
    "'99999999'... (5,000 characters)"
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text):,} characters)"
