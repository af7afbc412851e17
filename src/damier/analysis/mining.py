"""Mining puzzles from games: positions where one move wins decisively and the others do not.

Every position of every game's main line (after the first :attr:`MineSettings.skip_plies`
of a game from the start position) is looked at from the side to move, the way the large
servers mine their puzzles:

1. **Quick look.** A shallow two-line search (``multipv=2``, :attr:`MineSettings.quick`).
   The position is a candidate when the best move nearly wins decisively (expected score
   for the side to move at least :data:`~damier.analysis.puzzle.WIN` less
   :attr:`MineSettings.slack`: 0.63) and the second best is at most
   :attr:`MineSettings.others` plus the slack (0.67): a shallow search misjudges by a
   little, and the next step decides. A position with one legal move is never a puzzle.
2. **Verification.** A deeper two-line search (:attr:`MineSettings.deep`) decides: its best
   move must win decisively — expected score at least ``WIN`` (0.68: a man and a half up,
   or a forced win; :func:`~damier.analysis.review.expected_score`) — and its second best
   must not: at most :attr:`MineSettings.others` (0.62, about a man up). That best move is
   the key move, also when the quick look preferred another (the quick look only chooses
   the positions worth a deeper one).
3. **The solution.** From the key move on, the reply is the deeper search's best move for
   the opponent and the solver's next move its best answer, while that still wins
   decisively, until the solver is :attr:`MineSettings.gain` men ahead of where the puzzle
   started with no capture pending, or :attr:`MineSettings.max_moves` moves. Only the key
   move must be the one winning move: later ones may have equals (a capture landing on
   another square), which the puzzle accepts through the engine
   (:func:`~damier.analysis.puzzle.check_move`). A solution always ends with a move of the
   solver.

A position already seen (the same pieces and side to move) gives one puzzle only, a game
gives at most :attr:`MineSettings.per_game` puzzles, and the positions of a game that fall
within a puzzle's solution are not looked at again (a combination played out in the game
is one puzzle, not one per move of it). :func:`puzzles_pdn` writes puzzles as a PDN problem
collection (``FEN`` and the solution, the source game in the tags) that ``damier puzzles
import`` reads back.

This module must not know about HTTP or storage; it is CPU-heavy (run it ``nice``d).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from damier.analysis.explorer import position_key
from damier.analysis.puzzle import WIN, Puzzle
from damier.analysis.review import expected_score
from damier.core.board import Board
from damier.core.colors import WHITE
from damier.core.move import Move
from damier.engine import EngineLike, Info, Limit
from damier.formats.gametype import base_rules, gametype_tag
from damier.formats.pdn import Game, read_games, write_game


@dataclass(frozen=True)
class MineSettings:
    """How hard to look (see the module docstring)."""

    quick: Limit = field(default_factory=lambda: Limit(depth=4))
    deep: Limit = field(default_factory=lambda: Limit(depth=8))
    others: float = 0.62
    slack: float = 0.05
    gain: int = 2
    max_moves: int = 6
    skip_plies: int = 4
    per_game: int = 3


@dataclass
class Line:
    """One line of a multi-PV search: its first move and the mover's expected score."""

    move: Move
    expected: float
    pv: list[Move]


def lines(board: Board, engine: EngineLike, limit: Limit, count: int = 2) -> list[Line]:
    """The best ``count`` lines of the last completed depth, best first."""
    last: dict[int, Info] = {}
    for info in engine.analyse(board, limit, count):
        if info.multipv == 1:
            last = {}
        last[info.multipv] = info
    out = []
    for k in sorted(last):
        info = last[k]
        if info.pv:
            out.append(Line(info.pv[0], expected_score(info.score, info.win_in), list(info.pv)))
    return out


def only_win(board: Board, engine: EngineLike, limit: Limit, others: float,
             slack: float = 0.0) -> Line | None:
    """The one decisive move of ``board`` (see the module docstring), or ``None``."""
    found = lines(board, engine, limit)
    if len(found) < 2 or found[0].expected < WIN - slack or found[1].expected > others + slack:
        return None
    return found[0]


def material(board: Board, color: int) -> int:
    """Men count 1, kings 3: the solver's material lead over the opponent."""
    pos = board.position
    own, other = (pos.white, pos.black) if color == WHITE else (pos.black, pos.white)
    kings = pos.kings

    def worth(bits: int) -> int:
        return (bits & ~kings).bit_count() + 3 * (bits & kings).bit_count()

    return worth(own) - worth(other)


def examine(board: Board, engine: EngineLike, settings: MineSettings) -> list[Move] | None:
    """The solution of the puzzle at ``board`` (the side to move solves), or ``None``."""
    if len(board.legal_moves) < 2 or board.outcome() is not None:
        return None
    quick = only_win(board, engine, settings.quick, settings.others, settings.slack)
    if quick is None:
        return None
    deep = only_win(board, engine, settings.deep, settings.others)
    if deep is None:
        return None
    return solution(board, deep.move, engine, settings)


def solution(board: Board, key: Move, engine: EngineLike, settings: MineSettings) -> list[Move]:
    """The line from the key move on (see the module docstring)."""
    solver = board.turn
    start = material(board, solver)
    b = board.copy()
    line: list[Move] = [key]
    b.push(key)
    while len(line) < 2 * settings.max_moves - 1:
        if b.outcome() is not None:
            break
        gained = material(b, solver) - start
        opponent_captures = any(m.is_capture for m in b.legal_moves)
        if gained >= settings.gain and not opponent_captures:
            break
        replies = lines(b, engine, settings.deep, 1)
        if not replies:
            break
        reply = replies[0].move
        after = b.copy()
        after.push(reply)
        if after.outcome() is not None:
            break
        best = lines(after, engine, settings.deep, 1)
        if not best or best[0].expected < WIN:
            break
        nxt = best[0].move
        line += [reply, nxt]
        b = after
        b.push(nxt)
    return line


def mine_game(game: Game, engine: EngineLike, settings: MineSettings,
              seen: set[tuple[str, int]], source: str = "") -> list[Puzzle]:
    """The puzzles of one game's main line (``seen``: position keys already used)."""
    rules = base_rules(game.rules)
    board = Board(rules, position=game.root.position)
    found: list[Puzzle] = []
    nodes = list(game.root.mainline())
    skip = settings.skip_plies if board.position == Board(rules).position else 0
    for ply in range(len(nodes) + 1):  # the position before each move, and the last one
        if len(found) >= settings.per_game:
            break
        if ply >= skip:
            key = (rules.name, position_key(rules, board.position))
            if key not in seen:
                moves = examine(board, engine, settings)
                if moves is not None:
                    seen.add(key)
                    found.append(_puzzle(board, moves, game, ply, source))
                    skip = ply + len(moves)
        node = nodes[ply] if ply < len(nodes) else None
        if node is None or node.move is None:
            break
        ident = node.move.key()
        move = next((m for m in board.legal_moves if m.key() == ident), None)
        if move is None:
            break
        board.push(move)
    return found


def _puzzle(board: Board, moves: list[Move], game: Game, ply: int, source: str) -> Puzzle:
    b = Board(board.rules, position=board.position)
    texts = []
    for mv in moves:
        texts.append(mv.long())
        b.push(mv)
    white, black = game.tags.get("White", "?"), game.tags.get("Black", "?")
    where = f"{source}, " if source else ""
    return Puzzle(board.rules.name, board.fen(), texts,
                  title=f"{white} - {black}, {game.tags.get('Event', '').strip()}".strip(", "),
                  source=f"{where}game {game.tags.get('Round', '?')} line {game.line}, "
                         f"after ply {ply}",
                  kind="mined")


def mine_files(
    paths: Iterable[str | os.PathLike[str]],
    engine_for: Callable[[str], EngineLike],
    settings: MineSettings | None = None,
    variant: str | None = None,
    progress: Callable[[str, int, int], None] | None = None,
    limit: int = 0,
) -> Iterator[Puzzle]:
    """Mine the games of PDN files (``variant``: for games without a GameType tag); yields
    puzzles as they are found, at most ``limit`` (0: no limit). ``engine_for(variant)``
    gives the engine of a variant; ``progress(file, game, puzzles so far)``."""
    settings = settings or MineSettings()
    engines: dict[str, EngineLike] = {}
    seen: set[tuple[str, int]] = set()
    count = 0
    for path in paths:
        name = Path(path).name
        for n, game in enumerate(read_games(path, variant), 1):
            rules = base_rules(game.rules)
            if rules.name not in engines:
                engines[rules.name] = engine_for(rules.name)
            for puzzle in mine_game(game, engines[rules.name], settings, seen, name):
                yield puzzle
                count += 1
                if limit and count >= limit:
                    return
            if progress is not None:
                progress(name, n, count)


def recheck(puzzles: Iterable[Puzzle], engine_for: Callable[[str], EngineLike],
            settings: MineSettings | None = None) -> Iterator[tuple[Puzzle, Puzzle | None]]:
    """Mine each puzzle's position again (a stronger engine, a deeper ``settings.deep``):
    yields ``(puzzle, rechecked)``, ``rechecked`` the puzzle with the solution the
    verification and solution steps of :func:`examine` find now (same position, title and
    source), or ``None`` when its position is no longer a puzzle: no decisive move, or more
    than one. The quick look is skipped (the position was already chosen)."""
    settings = settings or MineSettings()
    engines: dict[str, EngineLike] = {}
    for puzzle in puzzles:
        if puzzle.variant not in engines:
            engines[puzzle.variant] = engine_for(puzzle.variant)
        engine = engines[puzzle.variant]
        board = puzzle.board()
        found = None
        if len(board.legal_moves) >= 2 and board.outcome() is None:
            deep = only_win(board, engine, settings.deep, settings.others)
            if deep is not None:
                moves = solution(board, deep.move, engine, settings)
                found = Puzzle(puzzle.variant, puzzle.fen, [m.long() for m in moves],
                               puzzle.title, puzzle.source, kind=puzzle.kind)
        yield puzzle, found


def puzzle_game(puzzle: Puzzle) -> Game:
    """A puzzle as a PDN game: its position, its solution as the main line, its source."""
    board = Board(puzzle.variant, puzzle.fen)
    winner = board.turn
    game = Game(puzzle.variant, puzzle.fen, {
        "Event": "damier puzzle" if puzzle.kind == "mined" else puzzle.title or "problem",
        "Site": puzzle.source or "?",
        "White": puzzle.title or "?",
        "Result": board.rules.result_text(winner),
        "GameType": gametype_tag(board.rules),
        "SetUp": "1",
    })
    game.add_line([board.parse_move(t) for t in puzzle.solution[:1]])
    node = game.end()
    for text in puzzle.solution[1:]:
        node = node.add_variation(text)
    return game


def puzzles_pdn(puzzles: Iterable[Puzzle]) -> str:
    """Puzzles as a PDN problem collection."""
    return "".join(write_game(puzzle_game(p)) + "\n\n" for p in puzzles)


__all__ = ["Line", "MineSettings", "examine", "lines", "material", "mine_files", "mine_game",
           "only_win", "puzzle_game", "puzzles_pdn", "recheck", "solution"]
