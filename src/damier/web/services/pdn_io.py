"""PDN import and export for the web app: whole games, not only their main lines.

:func:`import_pdn` reads every game of a PDN text with the forgiving reader of
:mod:`damier.formats.pdn` into :class:`ImportedGame` records: the game's tree (variations,
comments, NAGs, strength signs) on the registered variant, its main line as moves, its
tags and result, and the problems met. Text in which no game can be found gives an empty
list (the caller refuses it). :func:`export_pdn` writes a tree back with its tags and
result.

The main line of a stored game is a start position and moves, so a ``/FEN/`` setup inside
the main line ends it there (reported as an error); setups inside variations are kept.

Each game's problems are kept with their line, code and parts (:func:`problem_json`), so
that the page can list them in its own language. A game without a ``GameType`` whose moves
do not replay on the default variant is read again on the other variants the moves may be
written for (:data:`GUESSES`); the first on which every move replays is taken, with a
warning that names it (``no_gametype_guess``). An explicit ``variant`` is never second-guessed.

This module must not touch HTTP or the store.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from damier.core.board import Board
from damier.core.move import Move
from damier.core.rules import Rules
from damier.formats.gametype import base_rules
from damier.formats.pdn import MAX_LINE, Game, Node, PdnIssue, parse_game, parse_games, write_game
from damier.web.services.clock_comments import TimedGame
from damier.web.services.gametree import new_tree

POSITION_TAGS = ("FEN", "GameType", "SetUp")
"""Tags that describe the start position; the store keeps them as columns, not tags."""

GUESSES = ("russian", "brazilian", "czech", "english", "pool")
"""Variants tried, in this order, for a game without a GameType whose moves do not replay
on International draughts (8×8 games written in algebraic or 1-32 numbering)."""
MAX_GUESSES = 200
"""Games of one import that are read again on other variants at most (time stays bounded)."""


@dataclass
class ImportedGame:
    """One game read from PDN (see the module docstring)."""

    tree: Game
    """The whole game on the registered variant; its main line is :attr:`moves`."""
    moves: list[Move]
    tags: dict[str, str] = field(default_factory=dict)
    result: str = "*"
    errors: list[str] = field(default_factory=list)
    problems: list[dict[str, Any]] = field(default_factory=list)
    """Errors and warnings in the order of their lines, as :func:`problem_json` writes them."""


def problem_json(issue: PdnIssue, lines_before: int = 0) -> dict[str, Any]:
    """A problem of the reader as JSON: ``line`` (of the whole text: ``lines_before`` is the
    number of lines before the text the issue was read from), ``column``, ``severity``,
    ``code``, ``args`` and the English ``message``."""
    return {"line": issue.line + lines_before, "column": issue.column,
            "severity": issue.severity, "code": issue.code, "args": dict(issue.args),
            "message": issue.message}


def import_pdn(text: str, variant: str | None = None
               ) -> tuple[list[ImportedGame], list[str], list[PdnIssue]]:
    """Every game of a PDN text (``variant`` for games without a GameType tag, default
    International), the problems of the texts that held no game (a game needs a move, a tag
    or a position: a page of prose gives no game), and the lines skipped: longer than
    ``MAX_LINE`` (a binary part; the reader would stop there, the games around it are read)."""
    text, skipped = without_long_lines(text)
    games = parse_games(text, variant)
    guessed = _guess_variants(text, games) if variant is None else {}
    read = [guessed[i][0] if i in guessed else g for i, g in enumerate(games)]
    out, dropped = from_games(read, {i: name for i, (_, name) in guessed.items()})
    return out, dropped, skipped


def without_long_lines(text: str) -> tuple[str, list[PdnIssue]]:
    """``text`` with each line longer than ``MAX_LINE`` characters emptied (line numbers
    stay), and an error for each."""
    if len(text) <= MAX_LINE:
        return text, []
    lines = text.split("\n")
    skipped = []
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE:
            lines[number - 1] = ""
            skipped.append(PdnIssue(number, 1, f"line {number} is longer than {MAX_LINE:,} "
                                    "characters without a line end: skipped (not PDN text)",
                                    "error", "line_too_long", {"limit": str(MAX_LINE)}))
    return "\n".join(lines), skipped


def _guess_variants(text: str, games: list[Game]) -> dict[int, tuple[Game, str]]:
    """Games without a GameType that do not replay, read again on the first of
    :data:`GUESSES` on which they do: index -> (game, variant name)."""
    out: dict[int, tuple[Game, str]] = {}
    tried = 0
    for i, g in enumerate(games):
        if not g.errors or "GameType" in g.tags or g.offset is None or tried == MAX_GUESSES:
            continue
        tried += 1
        following = games[i + 1].offset if i + 1 < len(games) else None
        source = text[g.offset[0]:following[0] if following else len(text)]
        for name in GUESSES:
            other = parse_game(source, name)
            if not other.errors and other.mainline_moves():
                other.line = g.line
                out[i] = (other, name)
                break
    return out


def from_games(games: list[Game], guessed: dict[int, str] | None = None
               ) -> tuple[list[ImportedGame], list[str]]:
    """:func:`import_pdn` of games already read (``guessed``: the variant found for the
    games of these indexes, which had no GameType)."""
    out: list[ImportedGame] = []
    dropped: list[str] = []
    for index, g in enumerate(games):
        errors = [str(i) for i in g.errors]
        has_position = g.root.setup is not None or "FEN" in g.tags
        if not g.tags and not has_position and not any(n.parent for n in g.walk()):
            dropped.extend(errors)
            continue
        rules = base_rules(g.rules)
        tree, mainline_cut = _rebase(g, rules)
        issues = sorted(g.errors + g.warnings, key=lambda i: (i.line, i.column))
        # a game read again on a guessed variant was read from its own text
        before = g.line - 1 if guessed and index in guessed else 0
        problems = [problem_json(i, before) for i in issues]
        if guessed and index in guessed:
            problems.insert(0, problem_json(PdnIssue(
                g.line, 1, f"no GameType: the moves fit {rules.title}, read as such", "warning",
                "no_gametype_guess", {"variant": guessed[index]})))
        if mainline_cut:
            message = "a /FEN/ setup inside the main line ends it there"
            errors.append(f"line {g.line}: {message}")
            problems.append(problem_json(PdnIssue(g.line, 1, message, "error",
                                                  "main_line_setup")))
        moves = [n.move for n in tree.root.mainline() if n.move is not None]
        tags = {k: v for k, v in g.tags.items() if k not in POSITION_TAGS}
        out.append(ImportedGame(tree, moves, tags, g.result, errors, problems))
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


def export_pdn(tree: Game, tags: dict[str, str], result: str,
               clock_commands: Sequence[str] = ()) -> str:
    """The PDN of a game: its tags (the seven-tag roster first), the moves with their
    variations, comments and NAGs, and the result; ``clock_commands`` (one per ply of the
    main line, see :mod:`damier.web.services.clock_comments`) are written after the moves
    that carry no clock of their own."""
    out = Game(tree.rules, tags={k: v for k, v in tags.items() if k not in POSITION_TAGS})
    out.root = tree.root
    out.tags["Result"] = result
    return write_game(TimedGame(out, clock_commands)) + "\n"


__all__ = ["GUESSES", "ImportedGame", "export_pdn", "from_games", "import_pdn", "problem_json"]
