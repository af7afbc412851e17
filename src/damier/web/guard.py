"""The web app acts only for its own page: Host, Origin, access token and Content-Type checks.

:class:`Guard` is an ASGI middleware in front of every route, HTTP and WebSocket alike. In
order, a request is refused when

1. its ``Host`` is not one of the server's own names (**403**): this defeats DNS rebinding,
   where a hostile name is made to resolve to 127.0.0.1 so that its page may read the API;
2. it carries an ``Origin`` that is neither the server's own (same host and port as the
   ``Host`` header) nor one allowed with ``--allow-origin`` (**403**): any page the user
   opens elsewhere may send requests, but cannot act in their games;
3. the server has an access token (always when it binds an address other than loopback) and
   the request to ``/api/...`` or ``/ws/...`` does not carry it (**401**); a page (``/``,
   ``/online``) opened with ``?token=...`` stores it in a same-site cookie that the page's
   requests and WebSockets then carry; programs send ``Authorization: Bearer <token>``;
4. a ``POST``, ``PUT`` or ``PATCH`` to the API does not declare ``Content-Type:
   application/json`` (**415**), so that no cross-site form or ``no-cors`` request can
   reach a JSON endpoint even where a browser sends no ``Origin``; the PDN imports (paths
   ending in ``/import``) also take text, but ``text/plain`` (which a form on another site
   can send) only with an ``Origin`` (the page's own fetches carry one) or the access token
   (**403** otherwise; programs send ``application/x-pdn``).

A refused WebSocket is closed before it is accepted (the client sees HTTP 403). The policy is
an :class:`AccessPolicy`, built by :func:`policy_for` from the bound host, the allowed origins
and the token. This module must not know about games.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import socket
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs, urlsplit

from starlette.routing import BaseRoute, Match

from damier.core.errors import excerpt
from damier.web.errors import WebError

Scope = dict[str, Any]
Message = dict[str, Any]

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
WILDCARD_HOSTS = frozenset({"", "0.0.0.0", "::"})
TOKEN_COOKIE = "damier_token"
JSON_TYPES = frozenset({"application/json"})
TEXT_TYPES = frozenset({"application/json", "text/plain", "application/x-pdn",
                        "application/octet-stream"})
BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})
PAGES = frozenset({"/", "/online"})
"""The pages: opened with ``?token=``, they keep the token in the cookie; without it, 401."""
DEFAULT_PORTS = {"http": 80, "ws": 80, "https": 443, "wss": 443}


@dataclass(frozen=True)
class AccessPolicy:
    """Who may use the app (see the module docstring)."""

    hosts: frozenset[str] = LOOPBACK_NAMES
    """Host names (lower case, no port) that are the server's own."""
    ip_hosts: bool = False
    """Any IP literal is the server's own (it binds every interface; an IP cannot be rebound)."""
    any_host: bool = False
    origins: frozenset[str] = frozenset()
    """Other origins allowed (``scheme://host:port``, normalised)."""
    any_origin: bool = False
    token: str | None = None
    text_suffix: str = "/import"
    """API paths ending so (``/api/games/import``, ``/api/explorer/import``) take PDN text
    too."""


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address) is the loopback interface."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def normal_origin(text: str) -> str | None:
    """``scheme://host:port`` in lower case with the port written out; ``None`` if malformed."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    return f"{parts.scheme}://{host}:{port or DEFAULT_PORTS[parts.scheme]}"


def policy_for(bind_host: str, allow_origins: Iterable[str] = (), token: str | None = None,
               text_suffix: str = "/import") -> AccessPolicy:
    """The policy of a server bound to ``bind_host``: its own names are the loopback names,
    the bound name or address, and (on a wildcard bind) the machine's names and any IP; each
    allowed origin (``*`` for any) also allows its host name."""
    hosts = set(LOOPBACK_NAMES)
    bind = bind_host.strip("[]").lower()
    ip_hosts = bind in WILDCARD_HOSTS
    if ip_hosts:
        hosts.update(n.lower() for n in (socket.gethostname(), socket.getfqdn()) if n)
    elif bind:
        hosts.add(bind)
    origins: set[str] = set()
    any_origin = False
    for text in allow_origins:
        if text.strip() == "*":
            any_origin = True
            continue
        origin = normal_origin(text)
        if origin is None:
            raise ValueError(f"--allow-origin {excerpt(text)}: expected scheme://host[:port] "
                             "or *")
        origins.add(origin)
        hosts.add(urlsplit(origin).hostname or "")
    return AccessPolicy(hosts=frozenset(hosts), ip_hosts=ip_hosts, any_host=any_origin,
                        origins=frozenset(origins), any_origin=any_origin, token=token,
                        text_suffix=text_suffix)


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return str(value.decode("latin-1"))
    return None


def _split_host(host: str) -> tuple[str, int | None] | None:
    """``(hostname, port)`` of a ``Host`` header value; ``None`` if malformed."""
    try:
        parts = urlsplit("//" + host.strip())
        return (parts.hostname or "").lower(), parts.port
    except ValueError:
        return None


class Guard:
    """The ASGI middleware (see the module docstring)."""

    def __init__(self, app: Any, policy: AccessPolicy, routes: Sequence[BaseRoute] = ()) -> None:
        self.app = app
        self.policy = policy
        self.routes = routes
        """The app's routes: a request no route takes fully is left to the router (404, 405)
        before its Content-Type is judged."""

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refusal = self.check(scope)
        if refusal is not None:
            status, message = refusal
            await self.refuse(scope, receive, send, status, message)
            return
        if self.policy.token is not None and scope["path"] in PAGES and scope["type"] == "http":
            send = self.remember_token(scope, send)
        await self.app(scope, receive, send)

    # -- the checks ----------------------------------------------------------------------------

    def check(self, scope: Scope) -> tuple[int, str] | None:
        """``(status, message)`` when the request is refused, else ``None``."""
        policy = self.policy
        host_text = _header(scope, b"host")
        host = _split_host(host_text) if host_text else None
        if host is None or not host[0]:
            return 403, "the request has no valid Host header"
        if not self.own_host(host[0]):
            return 403, (f"host {excerpt(host[0])} is not this server's own name "
                         "(start the server with --allow-origin to allow it)")
        origin_text = _header(scope, b"origin")
        if origin_text is not None and not self.own_origin(origin_text, scope, host_text or ""):
            return 403, (f"requests from {excerpt(origin_text)} are not allowed "
                         "(start the server with --allow-origin to allow that origin)")
        path = scope["path"]
        if policy.token is not None and path.startswith(("/api/", "/ws/")) \
                and not self.has_token(scope):
            return 401, ("this server needs its access token: open the address printed at "
                         "its start (with ?token=...), or send Authorization: Bearer <token>")
        if policy.token is not None and path in PAGES and not self.has_token(scope):
            return 401, "open the address printed at the server's start (with ?token=...)"
        if scope["type"] == "http" and scope["method"] in BODY_METHODS \
                and path.startswith("/api/") and self.routed(scope):
            media = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
            text = path.endswith(policy.text_suffix)
            allowed = TEXT_TYPES if text else JSON_TYPES
            if media not in allowed and not (text and media.startswith("text/")):
                shown = excerpt(media) if media else "none"
                return 415, (f"Content-Type {shown}: send application/json"
                             + (" or PDN as application/x-pdn" if text else ""))
            if media == "text/plain" and origin_text is None and not (
                    policy.token is not None and self.has_token(scope)):
                return 403, ("a text/plain body without an Origin header may come from a form "
                             "on another site: send PDN as application/x-pdn (or from the page)")
        return None

    def routed(self, scope: Scope) -> bool:
        """Whether a route takes this request as it is (path and method)."""
        if not self.routes:
            return True
        return any(route.matches(scope)[0] == Match.FULL for route in self.routes)

    def own_host(self, hostname: str) -> bool:
        policy = self.policy
        if policy.any_host or hostname in policy.hosts:
            return True
        if policy.ip_hosts:
            try:
                ipaddress.ip_address(hostname.strip("[]"))
                return True
            except ValueError:
                return False
        return False

    def own_origin(self, origin_text: str, scope: Scope, host_text: str) -> bool:
        policy = self.policy
        if policy.any_origin:
            return True
        origin = normal_origin(origin_text)
        if origin is None:  # "null" (a sandboxed frame, a file) or garbage
            return False
        if origin in policy.origins:
            return True
        scheme = urlsplit(origin).scheme
        same = normal_origin(f"{scheme}://{host_text}")
        return same is not None and same == origin

    def has_token(self, scope: Scope) -> bool:
        return any(self._matches(t) for t in self.offered_tokens(scope))

    def _matches(self, offered: str) -> bool:
        token = self.policy.token
        assert token is not None
        return hmac.compare_digest(offered.encode("utf-8", "replace"), token.encode())

    @staticmethod
    def offered_tokens(scope: Scope) -> list[str]:
        found: list[str] = []
        auth = _header(scope, b"authorization")
        if auth and auth[:7].lower() == "bearer ":
            found.append(auth[7:].strip())
        cookie_text = _header(scope, b"cookie")
        if cookie_text:
            cookies: SimpleCookie = SimpleCookie()
            try:
                cookies.load(cookie_text)
            except Exception:  # noqa: BLE001 - a malformed cookie header offers no token
                cookies = SimpleCookie()
            if TOKEN_COOKIE in cookies:
                found.append(cookies[TOKEN_COOKIE].value)
        query = scope.get("query_string", b"").decode("latin-1")
        found.extend(parse_qs(query).get("token", [])[:1])
        return found

    # -- answers -------------------------------------------------------------------------------

    def remember_token(self, scope: Scope, send: Any) -> Any:
        """The page opened with a valid ``?token=``: keep it in a same-site cookie."""
        query = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token", [])
        if not query or not self._matches(query[0]):
            return send
        cookie = (f"{TOKEN_COOKIE}={self.policy.token}; Path=/; HttpOnly; SameSite=Strict")

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = dict(message)
                message["headers"] = [*message.get("headers", []),
                                      (b"set-cookie", cookie.encode("latin-1"))]
            await send(message)

        return send_with_cookie

    @staticmethod
    async def refuse(scope: Scope, receive: Any, send: Any, status: int, message: str) -> None:
        if scope["type"] == "websocket":
            await receive()  # the websocket.connect event
            await send({"type": "websocket.close", "code": 4000 + status,
                        "reason": message[:120]})
            return
        body = json.dumps(WebError(status, message).body()).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
