"""Property test (random games written and read back are identical) and constant-memory
reading of a large file."""

from __future__ import annotations

import random
import tracemalloc
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from damier import Board, variant_names
from damier.formats.pdn import Game, Node, parse_games, read_games, write_game, write_games

STRENGTHS = ["", "", "", "!", "?", "!!", "??", "!?", "?!", "(?)"]
TEXT = st.text(alphabet=st.characters(blacklist_characters="{}\r\x00",
                                      blacklist_categories=("Cs",)), max_size=12)


def shape(node: Node) -> tuple[object, ...]:
    """Everything a written game must preserve, recursively."""
    return (
        node.move.long() if node.move is not None else None,
        node.setup,
        node.position,
        node.strength,
        tuple(node.nags),
        tuple(node.comments_before),
        tuple(node.comments_after),
        tuple(shape(child) for child in node.variations),
    )


def random_game(seed: int, variant: str, comments: list[str]) -> Game:
    rng = random.Random(seed)
    board = Board(variant)
    for _ in range(rng.randrange(0, 6)):  # sometimes start from a FEN
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    fen = board.fen() if board.move_stack else None
    game = Game(variant, fen, {"Event": f"random {seed}", "White": 'A "quoted" name'})
    texts = iter(comments)
    if comments and rng.random() < 0.3:
        game.root.comments_after.append(next(texts, "start"))
    node = game.root
    for _ in range(rng.randrange(0, 40)):
        moves = list(node.board().legal_moves)
        if not moves:
            break
        child = node.add_variation(rng.choice(moves))
        child.strength = rng.choice(STRENGTHS)
        if rng.random() < 0.15:
            child.nags.append(rng.randrange(0, 140))
        if rng.random() < 0.2:
            child.comments_after.append(next(texts, "note"))
        if rng.random() < 0.2 and len(moves) > 1:
            other = node.add_variation(rng.choice([m for m in moves if m != child.move]))
            if rng.random() < 0.5:
                other.comments_before.append(next(texts, "alt"))
            follow = list(other.board().legal_moves)
            if follow:
                other.add_variation(rng.choice(follow))
        node = child
    return game


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), variant=st.sampled_from(variant_names()),
       comments=st.lists(TEXT, max_size=6))
def test_random_games_round_trip(seed: int, variant: str, comments: list[str]) -> None:
    game = random_game(seed, variant, comments)
    text = write_game(game)
    (again,) = parse_games(text)
    assert not again.errors, (text, again.errors)
    assert again.rules == game.rules
    assert shape(again.root) == shape(game.root)
    assert write_game(again) == text


def test_many_games_round_trip() -> None:
    games = [random_game(seed, "international", []) for seed in range(20)]
    text = write_games(games)
    assert text is not None
    back = parse_games(text)
    assert [shape(g.root) for g in back] == [shape(g.root) for g in games]


GAME = (
    '[Event "memory {n}"]\n[White "?"]\n[Black "?"]\n[Result "2-0"]\n\n'
    "1.32-28 19-23 2.28x19 14x23 {{ a comment }} 3.37-32 10-14 4.41-37 (4.34-29 23x34 "
    "5.40x29) 5-10 5.46-41 17-21 2-0\n\n"
)


def _peak(path: Path, replay: bool, chunk_size: int = 1 << 16) -> tuple[int, int]:
    for _ in parse_games(GAME.format(n=0)):  # warm the caches (move generator tables)
        pass
    tracemalloc.start()
    count = 0
    for game in read_games(path, replay=replay, chunk_size=chunk_size):
        count += 1
        assert not game.errors
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return count, peak


def test_large_file_constant_memory(tmp_path: Path) -> None:
    """An 8 MB file (long comments) is read, replayed and checked in a few MB: the reader
    holds one chunk and one game at a time."""
    path = tmp_path / "large.pdn"
    filler = "x" * 16000
    with path.open("w", encoding="utf-8") as f:
        for i in range(500):
            f.write(GAME.replace("a comment", filler).format(n=i))
    assert path.stat().st_size > 8_000_000
    count, peak = _peak(path, True)
    assert count == 500
    assert peak < 4_000_000, peak


def test_headers_only_scan_is_constant(tmp_path: Path) -> None:
    """Scanning 10 times more games takes the same peak memory (small chunks, so that
    both files span many)."""
    peaks = []
    for n in (300, 3000):
        path = tmp_path / f"scan{n}.pdn"
        with path.open("w", encoding="utf-8") as f:
            for i in range(n):
                f.write(GAME.format(n=i))
        count, peak = _peak(path, False, chunk_size=4096)
        assert count == n
        peaks.append(peak)
    assert peaks[1] < 1.2 * peaks[0] + 20_000, peaks
