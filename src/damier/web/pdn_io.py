"""PDN export and import for the web app, isolated here so the PDN backend can change alone.

:func:`export_pdn` writes one game; :func:`import_pdn` reads any number of games into
:class:`ImportedGame` records: a :class:`Board` of the registered variant with the main line
replayed on it, the tags, the result and the problems met. :mod:`damier.formats.pdn` (the
forgiving reader and the standard writer) is used when it can be imported; otherwise a
minimal mainline-only reader/writer in this module (tags, FEN, GameType and the main line;
comments, variations and NAGs skipped). Only main lines are stored by the web app.

This module must not touch HTTP or the store.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from damier.core.board import Board
from damier.core.errors import DamierError
from damier.core.variants import all_variants, get_variant

RESULTS = ("2-0", "0-2", "1-1", "1-0", "0-1", "1/2-1/2", "0-0", "*")
_TAG = re.compile(r'^\s*\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
_TOKEN = re.compile(
    r"\{[^}]*\}|;[^\n]*|\$\d+|\d+\s*\.(?:\s*\.\.)?|\.\.\.|[()]|[^\s(){};]+", re.S
)
_RESULT_TOKEN = re.compile(r"^(2-0|0-2|1-1|1-0|0-1|1/2-1/2|0-0|\*)$")


@dataclass
class ImportedGame:
    """One game read from PDN: the main line replayed on a board, its tags and problems."""

    board: Board | None
    """``None`` when the game could not be set up at all (see ``errors``)."""
    tags: dict[str, str] = field(default_factory=dict)
    result: str = "*"
    errors: list[str] = field(default_factory=list)


def variant_for_tags(tags: dict[str, str], moves: list[str]) -> str:
    """The variant named by the ``Variant`` or ``GameType`` tag (International by default)."""
    name = tags.get("Variant", "").strip().lower()
    if name:
        try:
            return get_variant(name).name
        except ValueError:
            pass
    gt = tags.get("GameType", "").strip()
    if gt:
        number = gt.split(",")[0].strip()
        for rules in all_variants():
            if rules.gametype.split(",")[0].strip() == number:
                return rules.name
    return "international"


def _split_games(lines: Iterable[str]) -> list[tuple[dict[str, str], str]]:
    games: list[tuple[dict[str, str], str]] = []
    tags: dict[str, str] = {}
    text: list[str] = []
    for line in lines:
        m = _TAG.match(line)
        if m:
            if text and "".join(text).strip():
                games.append((tags, " ".join(text)))
                tags, text = {}, []
            tags[m.group(1)] = m.group(2).replace('\\"', '"')
        else:
            text.append(line)
            if _RESULT_TOKEN.match(line.strip().split(" ")[-1] if line.strip() else "x"):
                games.append((tags, " ".join(text)))
                tags, text = {}, []
    if tags or "".join(text).strip():
        games.append((tags, " ".join(text)))
    return games


def _mainline(movetext: str) -> tuple[list[str], str]:
    moves: list[str] = []
    result = "*"
    depth = 0
    for tok in _TOKEN.findall(movetext):
        if tok == "(":
            depth += 1
        elif tok == ")":
            depth = max(0, depth - 1)
        elif depth or tok.startswith(("{", ";", "$")) or tok[0].isdigit() and tok.rstrip().endswith(
            "."
        ) or tok == "...":
            continue
        elif _RESULT_TOKEN.match(tok):
            result = tok
        else:
            moves.append(tok)
    return moves, result


def import_pdn(text: str) -> list[ImportedGame]:
    """Every game of a PDN text (main lines only)."""
    try:
        from damier.formats.pdn import parse_games
    except ImportError:
        return _import_minimal(text)
    out = []
    for g in parse_games(text):
        rules = get_variant(g.variant)
        board = Board(rules, position=g.start)
        errors = [str(i) for i in g.errors]
        for mv in g.mainline_moves():
            same = next((m for m in board.legal_moves if m.key() == mv.key()), None)
            if same is None:
                errors.append(f"move {board.ply + 1} ({mv.long()}) cannot be replayed")
                break
            board.push(same)
        tags = {k: v for k, v in g.tags.items() if k not in ("FEN", "GameType", "SetUp")}
        out.append(ImportedGame(board, tags, g.result, errors))
    return out


def _import_minimal(text: str) -> list[ImportedGame]:
    games = []
    for tags, movetext in _split_games(text.splitlines()):
        moves, result = _mainline(movetext)
        if not moves and not tags:
            continue
        errors: list[str] = []
        try:
            board = Board(variant_for_tags(tags, moves), tags.get("FEN") or None)
        except DamierError as e:
            games.append(ImportedGame(None, tags, result, [str(e)]))
            continue
        for text_move in moves:
            try:
                board.push(board.parse_move(text_move))
            except DamierError as e:
                errors.append(f"move {board.ply + 1}: {e}")
                break
        tags = {k: v for k, v in tags.items() if k not in ("FEN", "GameType", "SetUp")}
        games.append(ImportedGame(board, tags, tags.get("Result", result), errors))
    return games


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def export_pdn(board: Board, tags: dict[str, str], result: str) -> str:
    """The PDN of a game: the seven-tag roster, GameType, FEN when not the start, moves."""
    try:
        from damier.formats.pdn import Game, write_game
    except ImportError:
        return _export_minimal(board, tags, result)
    head = {"Event": "damier game", "Site": "damier web", "Round": "-", **tags, "Result": result}
    return write_game(Game.from_board(board, head))


def _export_minimal(board: Board, tags: dict[str, str], result: str) -> str:
    """The PDN of a game: the seven-tag roster, GameType, FEN when not the start, moves."""
    rules = board.rules
    head = {
        "Event": tags.get("Event", "damier game"),
        "Site": tags.get("Site", "damier web"),
        "Date": tags.get("Date", "????.??.??"),
        "Round": tags.get("Round", "-"),
        "White": tags.get("White", "?"),
        "Black": tags.get("Black", "?"),
        "Result": result,
        "GameType": rules.gametype,
    }
    for k, v in tags.items():
        head.setdefault(k, v)
    start = board.start_fen()
    if start != Board(rules).fen():
        head["FEN"] = start
        head["SetUp"] = "1"
    else:
        head.pop("FEN", None)
    lines = [f'[{k} "{_escape(v)}"]' for k, v in head.items()]
    replay = Board(rules, start)
    tokens: list[str] = []
    number = 1
    for mv in board.move_stack:
        text = replay.notation(mv)
        if replay.turn == rules.first_player or not tokens:
            dots = "." if replay.turn == rules.first_player else "..."
            tokens.append(f"{number}{dots}")
        tokens.append(text)
        replay.push(mv)
        if replay.turn == rules.first_player:
            number += 1
    tokens.append(result)
    out: list[str] = []
    line = ""
    for tok in tokens:
        if line and len(line) + 1 + len(tok) > 79:
            out.append(line)
            line = tok
        else:
            line = f"{line} {tok}" if line else tok
    out.append(line)
    return "\n".join(lines) + "\n\n" + "\n".join(out) + "\n"
