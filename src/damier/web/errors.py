"""The error a web client can cause: :class:`WebError` (an HTTP status, a message, a code).

Raised by the game service and the API, turned into a JSON body by the app's error
handler: ``{"error": "<English text>", "code": "<stable code>", ...}``. The code names the
kind of error for programs and for the page, which shows it in its own language (the
catalogs of ``static/i18n/`` have a message per code); extra fields are the parameters of
that message (e.g. ``move`` of ``illegal_move``). An error raised without a code gets the
generic code of its status (:data:`STATUS_CODES`). The codes are listed in ``docs/web.md``.

This module must not import anything else of the web package: every other module may
raise it.

>>> e = WebError(409, "the game is over", "game_over")
>>> e.body()
{'error': 'the game is over', 'code': 'game_over'}
>>> WebError(404, "no such thing").body()["code"]
'not_found'
"""

from __future__ import annotations

from typing import Any

from damier.core.errors import DamierError

STATUS_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    408: "request_timeout",
    409: "conflict",
    413: "too_large",
    415: "unsupported_media_type",
    422: "invalid",
    429: "too_many_requests",
    500: "internal",
}
"""The code of an error raised without one, by HTTP status."""


def status_code(status: int) -> str:
    """The generic error code of an HTTP status (``"http_418"`` for one without a name)."""
    return STATUS_CODES.get(status, f"http_{status}")


class WebError(Exception):
    """An error the client caused: HTTP ``status``, readable ``message``, stable ``code``.

    ``extra`` holds further JSON fields of the error body (e.g. ``candidates`` of an
    ambiguous move).
    """

    def __init__(self, status: int, message: str, code: str | None = None,
                 **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code or status_code(status)
        self.extra = extra

    def body(self) -> dict[str, Any]:
        """The JSON error body."""
        return {"error": self.message, "code": self.code, **self.extra}


def reasons(error: DamierError) -> dict[str, str]:
    """The named reason of a damier error and its parts, as extra fields of an error body
    (``{"reason": "capture_compulsory", "moves": "28x19"}``; empty when it names none), so
    that the page can say why in its own language.

    >>> from damier.core.errors import FenError
    >>> reasons(FenError("FEN 'W:W31:B31': square 31 is listed twice", "square_twice",
    ...                  square="31"))
    {'reason': 'square_twice', 'square': '31'}
    """
    if not error.reason:
        return {}
    return {"reason": error.reason, **error.details}
