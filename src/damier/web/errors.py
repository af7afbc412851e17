"""The error a web client can cause: :class:`WebError` (an HTTP status and a message).

Raised by the game service and the API, turned into a JSON body by the app's error
handler. This module must not import anything else of the web package: every other module
may raise it.

>>> e = WebError(409, "the game is over")
>>> (e.status, e.message, e.extra)
(409, 'the game is over', {})
"""

from __future__ import annotations

from typing import Any


class WebError(Exception):
    """An error the client caused: HTTP ``status`` and a readable ``message``.

    ``extra`` holds further JSON fields of the error body (e.g. ``candidates`` of an
    ambiguous move).
    """

    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra
