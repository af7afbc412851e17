"""Challenges: the terms of a game between people, read and checked, and the game they start.

A challenge names the variant, the time control (or none), the creator's colour (white,
black or random) and whether the game is rated or casual; it is public (listed in the lobby)
or private (only the invite link finds it). Its id is an unguessable secret (128 bits), so a
private challenge is reachable only by those who were given the link.

:func:`read_terms` checks what a client sends; :func:`read_name` a player's name;
:func:`game_row` is the stored row of the game a challenge starts (both sides ``online``: a
person acting through a seat, see :mod:`damier.web.services.seats`). This module must not store
anything or know HTTP.

>>> t = read_terms({"variant": "russian", "time_control": "3+2", "color": "black",
...                 "rated": True})
>>> t.variant, t.time_control, t.color, t.rated, t.public
('russian', {'initial': 180.0, 'increment': 2.0, 'delay': 0.0}, 'black', True, False)
"""

from __future__ import annotations

import re
import secrets
import time
from dataclasses import dataclass
from typing import Any

from damier.core.board import Board
from damier.core.colors import BLACK, WHITE
from damier.core.errors import DamierError
from damier.core.variants import get_variant
from damier.web.errors import WebError
from damier.web.services.game_session import ONLINE
from damier.web.storage.game_store import GameRow
from damier.web.storage.online_store import Challenge

COLORS = ("white", "black", "random")
MAX_NAME = 24
NAME_CHARS = re.compile(r"^[^\W_][\w .'-]*$")
"""A name starts with a letter or digit and holds letters, digits, spaces, ``. ' - _``."""
MAX_SECONDS = 6 * 3600.0
MAX_EXTRA = 600.0


@dataclass(frozen=True)
class Terms:
    """What a challenge offers (see the module docstring)."""

    variant: str
    time_control: dict[str, float] | None
    color: str
    rated: bool
    public: bool


def read_name(value: Any) -> str:
    """A player's name: 1 to 24 characters, spaces collapsed; 422 otherwise.

    >>> read_name("  Ada   Lovelace ")
    'Ada Lovelace'
    """
    if not isinstance(value, str) or not " ".join(value.split()):
        raise WebError(422, "name: choose a name (1 to 24 letters or digits)", "bad_name")
    name = " ".join(value.split())
    if len(name) > MAX_NAME or not NAME_CHARS.match(name):
        raise WebError(422, f"name: 1 to {MAX_NAME} letters, digits, spaces and . ' - _, "
                            "starting with a letter or digit", "bad_name")
    return name


def _seconds(value: Any, what: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise WebError(422, f"time_control: {what} must be {low:g} to {high:g} seconds",
                       "bad_time_control")
    return float(value)


def read_time_control(value: Any) -> dict[str, float] | None:
    """``None``, ``"5+3"`` (minutes + seconds of increment) or ``{"initial": s,
    "increment": s, "delay": s}``; 422 otherwise.

    The delay is a simple (US) delay: each turn, the clock starts only after ``delay``
    seconds. The increment is added after every move but the game's first (whose clock does
    not run: the clocks start with White's first move).

    >>> read_time_control({"initial": 60, "delay": 2})
    {'initial': 60.0, 'increment': 0.0, 'delay': 2.0}
    >>> read_time_control("none") is None
    True
    """
    if value is None or value in ("", "none"):
        return None
    if isinstance(value, str):
        minutes, _, inc = value.partition("+")
        try:
            value = {"initial": float(minutes) * 60, "increment": float(inc or 0)}
        except ValueError:
            raise WebError(422, "time_control must be like \"5+3\" or {\"initial\": 300, "
                                "\"increment\": 3, \"delay\": 0}", "bad_time_control") from None
    if not isinstance(value, dict) or set(value) - {"initial", "increment", "delay"}:
        raise WebError(422, "time_control must be like \"5+3\" or {\"initial\": 300, "
                            "\"increment\": 3, \"delay\": 0}", "bad_time_control")
    return {"initial": _seconds(value.get("initial"), "initial", 1, MAX_SECONDS),
            "increment": _seconds(value.get("increment", 0), "increment", 0, MAX_EXTRA),
            "delay": _seconds(value.get("delay", 0), "delay", 0, MAX_EXTRA)}


def _flag(data: dict[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise WebError(422, f"{key} must be true or false", "bad_challenge")
    return value


def read_terms(data: dict[str, Any]) -> Terms:
    """The terms of a new challenge from a client's JSON; 422 with the field at fault."""
    variant = data.get("variant", "international")
    if not isinstance(variant, str):
        raise WebError(422, "variant must be a variant name", "unknown_variant")
    try:
        rules = get_variant(variant)
    except DamierError as e:
        raise WebError(422, str(e), "unknown_variant") from None
    color = data.get("color", "random")
    if color not in COLORS:
        raise WebError(422, "color must be white, black or random", "bad_color")
    return Terms(rules.name, read_time_control(data.get("time_control")), color,
                 _flag(data, "rated"), _flag(data, "public"))


def new_challenge(host: str, host_name: str, terms: Terms, now: float | None = None) -> Challenge:
    """An open challenge of the browser key hash ``host``, with a fresh unguessable id."""
    now = time.time() if now is None else now
    return Challenge(id=secrets.token_urlsafe(16), host=host, host_name=host_name,
                     variant=terms.variant, time_control=terms.time_control, color=terms.color,
                     rated=terms.rated, public=terms.public, created=now, updated=now)


def host_color(c: Challenge) -> int:
    """The creator's colour (a random one is drawn now, when the game starts)."""
    if c.color == "random":
        return secrets.choice((WHITE, BLACK))
    return WHITE if c.color == "white" else BLACK


def challenge_json(c: Challenge, holder: str | None = None) -> dict[str, Any]:
    """A challenge as clients see it (never the creator's key); ``mine``: ``holder`` made it."""
    return {"id": c.id, "by": c.host_name, "variant": c.variant, "title": get_variant(c.variant).title,
            "time_control": c.time_control, "color": c.color, "rated": c.rated,
            "public": c.public, "status": c.status, "game": c.game_id,
            "opponent": c.guest_name, "created": c.created,
            "mine": holder is not None and secrets.compare_digest(c.host, holder)}


def game_row(c: Challenge, white: str, black: str, now: float | None = None) -> GameRow:
    """The row of the game challenge ``c`` starts between ``white`` and ``black`` (names)."""
    board = Board(c.variant)
    now = time.time() if now is None else now
    tc = c.time_control
    ms = int(tc["initial"] * 1000) if tc else None
    tags = {"Event": "Rated game" if c.rated else "Casual game", "Site": "damier server",
            "White": white, "Black": black, "Date": time.strftime("%Y.%m.%d", time.gmtime(now))}
    return GameRow(id=0, variant=c.variant, start_fen=board.fen(), white=ONLINE, black=ONLINE,
                   level=1, time_control=tc, clock_white=ms, clock_black=ms, turn_started=None,
                   ending=None, draw_offer=None, tags=tags)
