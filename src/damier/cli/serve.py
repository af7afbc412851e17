"""``damier serve``: the web app (play and analyse in the browser) on http://127.0.0.1:8000.

Binds the loopback interface unless ``--host`` says otherwise; games are kept in SQLite
(``--db``, default a file in the user's data directory). Needs the ``web`` extra. External
engines are offered beside damier's own with ``--engine CMD`` or ``--settings FILE`` (see
:mod:`damier.cli.serve_engines`).
"""

from __future__ import annotations

import argparse

from damier.cli import UsageError
from damier.cli.serve_engines import add_engine_arguments


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("serve", help="the web app: play and analyse in the browser")
    p.add_argument("--host", default="127.0.0.1", help="interface to bind (default: 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="TCP port (default: 8000)")
    p.add_argument("--db", help="SQLite file of saved games (default: in the user data dir)")
    p.add_argument("--log-level", default="info",
                   choices=("critical", "error", "warning", "info", "debug"))
    add_engine_arguments(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port must be 0-65535, not {args.port}")
    try:
        from damier.web.app import run as serve
        from damier.web.engine_settings import SettingsError, load_settings
        from damier.web.store import default_db_path
    except ImportError as e:
        raise UsageError(
            f"the web app needs the 'web' extra (pip install 'damier[web]'): {e}"
        ) from None
    try:
        engines = load_settings(args.settings, args.engines)
    except SettingsError as e:
        raise UsageError(str(e)) from None
    db = args.db or str(default_db_path())
    print(f"damier web app on http://{args.host}:{args.port}/  (games in {db})", flush=True)
    if len(engines.engines) > 1:
        print("engines: " + ", ".join(f"{c.name} ({c.protocol})" for c in engines.engines),
              flush=True)
    serve(host=args.host, port=args.port, db=db, log_level=args.log_level, engines=engines)
    return 0
