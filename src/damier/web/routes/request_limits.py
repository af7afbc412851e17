"""The web app's bounds on what a client may send, and the bounded JSON reader.

Every number here is a ceiling that keeps one request from costing the server more than a
fraction of a second or a few megabytes; ``docs/web.md`` lists them for users. A request
beyond a bound gets a 4xx answer that says which bound, never a 5xx.

This module must not know about games or HTTP routes.

>>> parse_json_object(b'{"move": "32-28"}')
{'move': '32-28'}
>>> id_number("12"), id_number("\u00b2"), id_number("1" * 19)
(12, None, None)
>>> parse_json_object(b"[" * 100 + b"]" * 100)
Traceback (most recent call last):
...
damier.web.routes.request_limits.BadJson: the JSON is nested more than 20 levels deep
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from damier.core.errors import excerpt
from damier.web.errors import WebError
from damier.web.storable import lone_surrogate_at

MAX_JSON = 64 * 1024
"""Largest JSON request body (bytes)."""
MAX_PDN = 5 * 1024 * 1024
"""Largest PDN import (bytes)."""
MAX_JSON_DEPTH = 20
"""Deepest nesting of arrays and objects in a JSON body or WebSocket message."""
MAX_WS_MESSAGE = 16 * 1024
"""Largest WebSocket message from a client (bytes); uvicorn closes the socket beyond it."""
MAX_LIST_OFFSET = 10**9
"""Largest ``offset`` of the games list (SQLite takes 64-bit integers; this is ample)."""
MAX_MOVE_TEXT = 400
"""Longest move text sent to ``/moves`` (the notation reader has its own, lower bound)."""


MAX_ID_DIGITS = 18
"""Most digits of an id in a path (SQLite ids are 64-bit: 18 digits always fit)."""


def id_number(text: str, max_digits: int = MAX_ID_DIGITS) -> int | None:
    """The number written in ``text`` with ASCII digits only, at most ``max_digits`` of them;
    ``None`` for anything else. (``str.isdigit`` alone is not enough: it accepts ``"\u00b2"``
    and other Unicode digits that ``int`` refuses, which made ``GET /api/games/\u00b2`` a 500.)"""
    if not (text.isascii() and text.isdigit()) or len(text) > max_digits:
        return None
    return int(text)


def path_id(params: Mapping[str, str], key: str, what: str, code: str) -> int:
    """The id in the path parameter ``key``; a 404 :class:`WebError` with ``code`` that says
    "no ``what`` with id ..." (the text cut short) when it is not one.

    >>> path_id({"gid": "7"}, "gid", "game", "game_not_found")
    7
    >>> try:
    ...     path_id({"gid": "\u00b2" * 500}, "gid", "game", "game_not_found")
    ... except WebError as e:
    ...     print(e.status, e.code, e.message[:18], len(e.message) < 100)
    404 game_not_found no game with id '\u00b2 True
    """
    text = params[key]
    number = id_number(text)
    if number is None:
        raise WebError(404, f"no {what} with id {excerpt(text)}", code)
    return number


class BadJson(ValueError):
    """A body or message that is not a JSON object within the bounds; the text says why."""


class LoneSurrogate(BadJson):
    """A JSON object with a lone surrogate (``"\\ud800"``) in a string: it could be neither
    stored nor sent back (see :mod:`damier.web.storable`); answered 422 ``bad_text``."""


def parse_json_object(raw: bytes | str) -> dict[str, Any]:
    """The JSON object in ``raw``; :class:`BadJson` if it is not one or is nested too deep."""
    if _too_deep(raw):
        raise BadJson(f"the JSON is nested more than {MAX_JSON_DEPTH} levels deep")
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise BadJson(f"not valid JSON: {e}") from None
    except RecursionError:  # pragma: no cover - _too_deep stops this first
        raise BadJson(f"the JSON is nested more than {MAX_JSON_DEPTH} levels deep") from None
    if not isinstance(data, dict):
        raise BadJson("the JSON must be an object")
    where = lone_surrogate_at(data)
    if where is not None:
        raise LoneSurrogate(f"{excerpt(where)} holds a lone surrogate (\\ud800-\\udfff, half of "
                            "a UTF-16 pair), which cannot be stored")
    return data


def _too_deep(raw: bytes | str) -> bool:
    """Whether brackets outside strings nest deeper than :data:`MAX_JSON_DEPTH` (a scan before
    ``json.loads``, whose recursion would otherwise decide the limit: 2,000 ``[`` made it
    raise ``RecursionError``)."""
    text = raw if isinstance(raw, bytes) else raw.encode("utf-8", "surrogatepass")
    if text.count(b"[") + text.count(b"{") <= MAX_JSON_DEPTH:
        return False
    depth = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub(b"", text)):
        if bracket in (b"[", b"{"):
            depth += 1
            if depth > MAX_JSON_DEPTH:
                return True
        else:
            depth -= 1
    return False


_STRINGS = re.compile(rb'"(?:[^"\\]++|\\.)*+"', re.S)
_BRACKETS = re.compile(rb"[\[\]{}]")
