"""``damier variants``: the registered variants — name, aliases, board, first player, PDN
GameType and the rules in one line — as a table (one line per variant), or as JSON for
scripts (``--json``).

A name or alias as argument shows that variant alone (an unknown one is an error listing
the known names). This module only prints what the rules objects say.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from damier.core.colors import color_name
from damier.core.rules import Rules
from damier.core.variants import aliases_of, all_variants, get_variant


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("variants", help="list the variants and their rules")
    p.add_argument("name", nargs="?", help="show only this variant (a name or an alias)")
    p.add_argument("--json", action="store_true", help="print a JSON list for scripts")
    p.set_defaults(func=run)


def first_player_text(rules: Rules) -> str:
    """``"white"``, ``"black"``, or ``"black/choice"`` where the rules leave it to the players
    (the side named starts by default)."""
    name = color_name(rules.first_player)
    return f"{name}/choice" if rules.first_player_choice else name


def variant_record(rules: Rules) -> dict[str, Any]:
    """One variant as a JSON object (the keys of ``damier variants --json``)."""
    return {
        "name": rules.name,
        "title": rules.title,
        "aliases": aliases_of(rules.name),
        "board": rules.board_text(),
        "size": rules.size,
        "squares": rules.geometry.squares,
        "first_player": color_name(rules.first_player),
        "first_player_choice": rules.first_player_choice,
        "rules": rules.summary(),
        "description": rules.description,
        "gametype": rules.gametype,
    }


def run(args: argparse.Namespace) -> int:
    chosen = [get_variant(args.name)] if args.name else all_variants()
    records = [variant_record(r) for r in chosen]
    if args.json:
        print(json.dumps(records, indent=2, ensure_ascii=False))
        return 0
    rows = [("name", "aliases", "board", "first", "GameType", "rules")]
    rows += [
        (r["name"], ", ".join(r["aliases"]), r["board"], first_player_text(rules), r["gametype"],
         r["rules"])
        for r, rules in zip(records, chosen, strict=True)
    ]
    widths = [max(len(row[k]) for row in rows) for k in range(len(rows[0]) - 1)]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=False)) + "  " + row[-1])
    return 0
