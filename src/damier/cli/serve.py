"""``damier serve``: the web app (play and analyse in the browser) on http://127.0.0.1:8000.

Binds the loopback interface unless ``--host`` says otherwise; games are kept in SQLite
(``--db``, default a file in the user's data directory). Needs the ``web`` extra. External
engines are offered beside damier's own with ``--engine CMD`` or ``--settings FILE`` (see
:mod:`damier.cli.serve_engines`). The app acts only for its own page: other origins are
refused unless named with ``--allow-origin``; bound to another interface than loopback, it
requires an access token (``--token``, or a random one), printed at start in the address to
open.
"""

from __future__ import annotations

import argparse
import socket
import sys
from pathlib import Path

from damier.cli import UsageError
from damier.cli.bounds import integer
from damier.cli.serve_engines import add_engine_arguments
from damier.core.errors import excerpt


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("serve", help="the web app: play and analyse in the browser")
    p.add_argument("--host", default="127.0.0.1", help="interface to bind (default: 127.0.0.1)")
    p.add_argument("--port", type=integer, default=8000, help="TCP port (default: 8000)")
    p.add_argument("--db", help="SQLite file of saved games (default: in the user data dir)")
    p.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                   help="also act for pages of ORIGIN (scheme://host[:port], or * for any); "
                        "may be repeated")
    p.add_argument("--token", help="access token for the API and WebSocket (default: a random "
                                   "one when --host is not loopback, none otherwise)")
    p.add_argument("--log-level", default="info",
                   choices=("critical", "error", "warning", "info", "debug"))
    add_engine_arguments(p)
    p.set_defaults(func=run)


def web_extra_hint(prefix: str | None = None) -> str:
    """The command that adds the ``web`` extra to the installation at ``prefix`` (default:
    this one, ``sys.prefix``). pipx marks each environment it makes with a
    ``pipx_metadata.json``. damier is not on PyPI yet, so the command installs from a checkout.

    >>> web_extra_hint("/nowhere")
    "in the damier checkout: pip install '.[web]'"
    """
    pipx = (Path(sys.prefix if prefix is None else prefix) / "pipx_metadata.json").is_file()
    return "in the damier checkout: " + (
        "pipx install --force '.[web]'" if pipx else "pip install '.[web]'")


def check_bindable(host: str) -> None:
    """A host this machine cannot bind ends here in one line, not in uvicorn (its exit 3, or
    an idna traceback for a 5,000-character name): the name must resolve and its address
    take a bind (on port 0, which takes no port)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, 0, type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.bind(address)
    except (OSError, UnicodeError) as e:
        raise UsageError(f"--host {excerpt(host)}: cannot bind it ({e})") from None


def run(args: argparse.Namespace) -> int:
    try:
        from damier.web.app import access_token, database_paths
        from damier.web.app import run as serve
        from damier.web.guard import is_loopback, normal_origin
        from damier.web.services.engine_settings import SettingsError, load_settings
        from damier.web.storage.game_store import default_db_path
    except ImportError as e:
        raise UsageError(f"the web app needs the 'web' extra ({e}); {web_extra_hint()}") from None
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port must be 0-65535, not {args.port}")
    check_bindable(args.host)
    for origin in args.allow_origin:
        if origin.strip() != "*" and normal_origin(origin) is None:
            raise UsageError(f"--allow-origin {origin[:60]!r}: expected scheme://host[:port] or *")
    try:
        engines = load_settings(args.settings, args.engines)
    except SettingsError as e:
        raise UsageError(str(e)) from None
    db = args.db or str(default_db_path())
    try:
        database_paths(db)
    except ValueError as e:
        raise UsageError(f"--db {excerpt(db)}: {e}") from None
    token = access_token(args.host, args.token)
    shown = f"[{args.host}]" if ":" in args.host else args.host
    query = f"?token={token}" if token else ""
    print(f"damier web app on http://{shown}:{args.port}/{query}  (games in {db})", flush=True)
    print(f"play a friend: http://{shown}:{args.port}/online{query}", flush=True)
    if not is_loopback(args.host):
        print(f"warning: {args.host} is reachable from other machines: anyone who has the "
              "address above (with its token) can play, import and read every game; bind "
              "127.0.0.1 unless that is meant", file=sys.stderr, flush=True)
    if len(engines.engines) > 1:
        print("engines: " + ", ".join(f"{c.name} ({c.protocol})" for c in engines.engines),
              flush=True)
    serve(host=args.host, port=args.port, db=db, log_level=args.log_level, engines=engines,
          allow_origins=args.allow_origin, token=token)
    return 0
