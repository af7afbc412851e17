"""PDN import and export for the web app: whole games, not only their main lines.

:func:`import_pdn` reads every game of a PDN text with the forgiving reader of
:mod:`damier.formats.pdn` into :class:`ImportedGame` records: the game's tree (variations,
comments, NAGs, strength signs) on the registered variant, its main line as moves, its
tags and result, and the problems met. Text in which no game can be found gives an empty
list (the caller refuses it). :func:`export_pdn` writes a tree back with its tags and
result.

The main line of a stored game is a start position and moves, so a ``/FEN/`` setup inside
the main line ends it there (reported as an error); setups inside variations are kept.

This module must not touch HTTP or the store.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from damier.core.board import Board
from damier.core.move import Move
from damier.core.rules import Rules
from damier.formats.gametype import base_rules
from damier.formats.pdn import Game, Node, parse_games, write_game
from damier.web.services.gametree import new_tree

POSITION_TAGS = ("FEN", "GameType", "SetUp")
"""Tags that describe the start position; the store keeps them as columns, not tags."""


@dataclass
class ImportedGame:
    """One game read from PDN (see the module docstring)."""

    tree: Game
    """The whole game on the registered variant; its main line is :attr:`moves`."""
    moves: list[Move]
    tags: dict[str, str] = field(default_factory=dict)
    result: str = "*"
    errors: list[str] = field(default_factory=list)


def import_pdn(text: str, variant: str | None = None) -> tuple[list[ImportedGame], list[str]]:
    """Every game of a PDN text (``variant`` for games without a GameType tag, default
    International), and the problems of the texts that held no game: a game needs a move,
    a tag or a position (a page of prose gives no game)."""
    return from_games(parse_games(text, variant))


def from_games(games: list[Game]) -> tuple[list[ImportedGame], list[str]]:
    """:func:`import_pdn` of games already read."""
    out: list[ImportedGame] = []
    dropped: list[str] = []
    for g in games:
        errors = [str(i) for i in g.errors]
        has_position = g.root.setup is not None or "FEN" in g.tags
        if not g.tags and not has_position and not any(n.parent for n in g.walk()):
            dropped.extend(errors)
            continue
        rules = base_rules(g.rules)
        tree, mainline_cut = _rebase(g, rules)
        if mainline_cut:
            errors.append(f"line {g.line}: a /FEN/ setup inside the main line ends it there")
        moves = [n.move for n in tree.root.mainline() if n.move is not None]
        tags = {k: v for k, v in g.tags.items() if k not in POSITION_TAGS}
        out.append(ImportedGame(tree, moves, tags, g.result, errors))
    return out, dropped


def _rebase(game: Game, rules: Rules) -> tuple[Game, bool]:
    """A copy of ``game``'s tree on ``rules`` (the registered variant of a derived
    GameType: same squares, other names), the main line cut at its first setup."""
    tree = new_tree(rules, game.root.position)
    tree.root.comments_after = list(game.root.comments_after)
    tree.root.nags = list(game.root.nags)
    cut = _copy_children(game.root, tree.root, main=True)
    return tree, cut


def _copy_children(src: Node, dst: Node, main: bool) -> bool:
    """Copy the children of ``src`` under ``dst``; whether the main line was cut."""
    cut = False
    stack = [(src, dst, main)]
    while stack:
        s, d, on_main = stack.pop()
        for index, child in enumerate(s.variations):
            child_main = on_main and index == 0
            if child.move is None:
                if child_main:
                    cut = True
                    continue
                assert child.setup is not None
                new = d.add_setup(child.setup)
            else:
                key = child.move.key()
                same = next((m for m in Board(dst.rules, position=d.position).legal_moves
                             if m.key() == key), None)
                if same is None:
                    continue
                new = d.add_variation(same)
            new.comments_before = list(child.comments_before)
            new.comments_after = list(child.comments_after)
            new.nags = list(child.nags)
            new.strength = child.strength
            stack.append((child, new, child_main))
    return cut


def export_pdn(tree: Game, tags: dict[str, str], result: str) -> str:
    """The PDN of a game: its tags (the seven-tag roster first), the moves with their
    variations, comments and NAGs, and the result."""
    out = Game(tree.rules, tags={k: v for k, v in tags.items() if k not in POSITION_TAGS})
    out.root = tree.root
    out.tags["Result"] = result
    return write_game(out) + "\n"


__all__ = ["ImportedGame", "export_pdn", "from_games", "import_pdn"]
