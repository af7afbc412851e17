"""Who may act in a game between people: browser keys, seats, and bounded guessing.

Every browser that plays gets a **browser key** from the server: 256 random bits
(:func:`secrets.token_urlsafe`), sent back in the same-site cookie :data:`KEY_COOKIE`
(``HttpOnly; SameSite=Strict``, and ``Secure`` when the page came over HTTPS). The server
stores only its SHA-256. A seat of a game is *held* by one key: the creator's key holds the
creator's side, the key of the browser that accepted holds the other. A request acts for the
seats its key holds and for nothing else; a key the server never issued is a forgery.

Each seat also has a **seat link** secret (256 bits): opening ``/online#seat=<secret>`` in
another browser moves the seat there (the player's phone, a browser without the cookie).
Secrets travel only in cookies, request bodies and URL fragments (which browsers never send
to the server), so they never reach an access log; PDN export never sees them.

Guessing is bounded: every forged key, unknown seat link or unknown challenge counts as a
failed attempt of the client's address (:class:`Attempts`); past :data:`GUESS_LIMIT` failures
within :data:`GUESS_WINDOW` seconds the address is answered 429 until the window passes.
Behind a reverse proxy the address is the one the proxy forwards (see ``docs/hosting.md``).

This module must not know rules or clocks.
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections import OrderedDict
from http.cookies import SimpleCookie

from damier.web.errors import WebError
from damier.web.storage.online_store import OnlineStore, Seat, digest

KEY_COOKIE = "damier_player"
KEY_BYTES = 32
"""Random bytes of a browser key and of a seat link (256 bits: guessing is hopeless)."""
KEY_MAX_AGE = 400 * 24 * 3600
"""Seconds a browser keeps its key cookie (browsers cap cookies at 400 days)."""
GUESS_LIMIT = 20
GUESS_WINDOW = 600.0
MAX_TRACKED = 10_000
"""Addresses whose failures are remembered (the oldest forgotten first): memory stays bounded."""


def new_secret() -> str:
    """A fresh secret for a key or a seat link.

    >>> len(new_secret()) >= 43
    True
    """
    return secrets.token_urlsafe(KEY_BYTES)


def key_cookie(key: str, https: bool) -> str:
    """The ``Set-Cookie`` value that gives a browser its key.

    >>> key_cookie("abc", False)
    'damier_player=abc; Path=/; Max-Age=34560000; HttpOnly; SameSite=Strict'
    """
    secure = "; Secure" if https else ""
    return f"{KEY_COOKIE}={key}; Path=/; Max-Age={KEY_MAX_AGE}; HttpOnly; SameSite=Strict{secure}"


def cookie_key(cookie_header: str | None) -> str | None:
    """The browser key in a ``Cookie`` header, if any.

    >>> cookie_key("a=1; damier_player=xyz")
    'xyz'
    >>> cookie_key("garbage;;=") is None
    True
    """
    if not cookie_header:
        return None
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(cookie_header)
    except Exception:  # noqa: BLE001 - a malformed Cookie header carries no key
        return None
    return jar[KEY_COOKIE].value if KEY_COOKIE in jar else None


class Attempts:
    """Failed secret checks per client address, in a sliding window (see the docstring)."""

    def __init__(self, limit: int = GUESS_LIMIT, window: float = GUESS_WINDOW) -> None:
        self.limit = limit
        self.window = window
        self._failures: OrderedDict[str, list[float]] = OrderedDict()

    def _recent(self, address: str, now: float) -> list[float]:
        times = [t for t in self._failures.get(address, []) if now - t < self.window]
        if times:
            self._failures[address] = times
        else:
            self._failures.pop(address, None)
        return times

    def check(self, address: str, now: float | None = None) -> None:
        """429 when ``address`` has failed too often lately."""
        now = time.monotonic() if now is None else now
        if len(self._recent(address, now)) >= self.limit:
            raise WebError(429, f"too many wrong secrets from this address: wait "
                                f"{int(self.window // 60)} minutes", "too_many_guesses")

    def failed(self, address: str, now: float | None = None) -> None:
        """Count one failed attempt of ``address``."""
        now = time.monotonic() if now is None else now
        times = self._recent(address, now)
        times.append(now)
        self._failures[address] = times
        self._failures.move_to_end(address)
        while len(self._failures) > MAX_TRACKED:
            self._failures.popitem(last=False)


class Keys:
    """The browser keys the server issued (their hashes, cached in memory)."""

    def __init__(self, store: OnlineStore, attempts: Attempts) -> None:
        self.store = store
        self.attempts = attempts
        self._known: set[str] = set()

    def issue(self) -> str:
        """A new key, stored (as its hash) before it is handed out."""
        key = new_secret()
        self.store.add_key(digest(key), time.time())
        self._known.add(digest(key))
        return key

    def holder(self, key: str | None, address: str) -> str | None:
        """The hash of ``key`` if the server issued it; ``None`` without a key; a forged key
        counts as a failed attempt and is answered 403 (429 past the limit)."""
        if key is None:
            return None
        self.attempts.check(address)
        h = digest(key)
        if h in self._known or self.store.has_key(h):
            self._known.add(h)
            return h
        self.attempts.failed(address)
        raise WebError(403, "this browser's player key is not one this server issued",
                       "forged_key")


def held_colors(seats: list[Seat], holder: str | None) -> list[int]:
    """The colours of ``seats`` that ``holder`` (a key hash) holds, compared in constant time."""
    if holder is None:
        return []
    return [s.color for s in seats if hmac.compare_digest(s.holder, holder)]


def seat_for_link(store: OnlineStore, attempts: Attempts, link: object, address: str) -> Seat:
    """The seat of a seat link secret; 403 (counted as a guess) for an unknown one."""
    attempts.check(address)
    if not isinstance(link, str) or not 20 <= len(link) <= 100:
        attempts.failed(address)
        raise WebError(422, "seat must be the secret of a seat link", "bad_seat_link")
    seat = store.seat_by_link(link)
    if seat is None:
        attempts.failed(address)
        raise WebError(403, "no seat has this link", "forged_seat")
    return seat
