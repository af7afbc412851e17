"""The six variants of issue 20 through every layer: FEN, notation, PDN, SVG, the engine,
``damier play``, the web API and the Hub engine.

Each layer reads its variants from the registry, so these tests check that nothing in
between assumes the older variants (a GameType number outside PDN's table, Thai's ``-``
captures and Black start, 12x12 boards with the huff, inverted 8x8 and 12x12 boards).
"""

from __future__ import annotations

import io
import random
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from damier import Board
from damier.cli.play import play_loop
from damier.core.diagram import board as svg_board
from damier.core.fen import parse_fen, to_hub
from damier.engine import Engine, Limit
from damier.formats.gametype import gametype_tag
from damier.formats.pdn import Game, parse_games, write_game
from damier.protocol.hub.server import HubServer
from damier.protocol.hub.syntax import parse_line
from damier.web.app import create_app
from tests.web.conftest import LOCAL

NEW = ["thai", "portuguese", "malaysian", "ceylonese", "old-french", "german"]


def random_boards(variant: str, count: int, seed: int) -> list[Board]:
    """Boards of random games (every position of each game, so with kings and huffs)."""
    rng = random.Random(seed)
    out: list[Board] = []
    while len(out) < count:
        board = Board(variant)
        for _ in range(rng.randrange(1, 120)):
            moves = list(board.legal_moves)
            if not moves or len(out) >= count:
                break
            board.push(rng.choice(moves))
            out.append(board.copy())
    return out


@pytest.mark.parametrize("variant", NEW)
def test_fen_and_notation_round_trip(variant: str) -> None:
    for board in random_boards(variant, 150, seed=1):
        pos = board.position
        assert parse_fen(board.fen(), board.rules)[:4] == pos[:4]
        for move in board.legal_moves:
            for form in ("pdn", "long", "hub"):
                assert board.parse_move(board.notation(move, form)) == move, (board.fen(), form)


@pytest.mark.parametrize("variant", NEW)
def test_pdn_game_round_trip(variant: str) -> None:
    rng = random.Random(2)
    game = Game(variant, None, {"Event": "issue 20"})
    node = game.root
    for _ in range(60):
        moves = list(node.board().legal_moves)
        if not moves:
            break
        node = node.add_variation(rng.choice(moves))
    text = write_game(game)
    assert f'[GameType "{gametype_tag(game.rules)}"]' in text
    (again,) = parse_games(text)
    assert not again.errors and again.rules == game.rules
    assert [m.long() for m in again.mainline_moves()] == [m.long() for m in game.mainline_moves()]


def test_pdn_game_with_the_other_first_player() -> None:
    # a Thai game that White starts, as the players may choose: the FEN tag says so
    game = Game("thai", Board("thai", first_player=0).fen(), {})
    game.root.add_variation(next(iter(game.root.board().legal_moves)))
    (again,) = parse_games(write_game(game))
    assert not again.errors and again.root.board().turn == 0


@pytest.mark.parametrize("variant", NEW)
def test_svg_draws_every_piece(variant: str) -> None:
    board = Board(variant)
    svg = svg_board(board)
    assert svg.startswith("<svg") and svg.count("<circle") >= board.position.occupied().bit_count()


@pytest.mark.parametrize("variant", NEW)
def test_engine_plays_legal_moves(variant: str) -> None:
    engine = Engine(variant)
    for board in random_boards(variant, 3, seed=3) + [Board(variant)]:
        assert engine.play(board, Limit(depth=2)).move in list(board.legal_moves)


@pytest.mark.parametrize("variant", NEW)
def test_terminal_game(variant: str) -> None:
    # the human (the first player) types the first legal move in notation; the computer
    # answers with its first legal move
    board = Board(variant)
    script = []
    replay = Board(variant)
    for ply in range(12):
        move = next(iter(replay.legal_moves))
        if ply % 2 == 0:
            script.append(replay.notation(move))
        replay.push(move)
    out = io.StringIO()
    assert play_loop(board, board.turn, lambda b: b.notation(next(iter(b.legal_moves))),
                     io.StringIO("\n".join(script) + "\nfen\nquit\n"), out) == 0
    assert replay.fen() in out.getvalue()


@pytest.mark.parametrize("variant", NEW)
def test_web_api_game(variant: str, tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "games.sqlite3"), base_url=LOCAL) as client:
        listed = {v["name"]: v for v in client.get("/api/variants").json()}
        board = Board(variant)
        assert listed[variant]["start_fen"] == board.fen()
        detail = client.get(f"/api/variants/{variant}").json()
        assert len(detail["squares"]) == board.rules.geometry.squares
        r = client.post("/api/games", json={"variant": variant})
        assert r.status_code == 201, r.text
        game = r.json()
        first = game["legal_moves"][0]["notation"]
        r = client.post(f"/api/games/{game['id']}/moves", json={"move": first})
        assert r.status_code == 200, r.text
        board.push(first)
        assert client.get(f"/api/games/{game['id']}").json()["fen"] == board.fen()


@pytest.mark.parametrize("variant", NEW)
def test_hub_engine_plays_the_variant(variant: str) -> None:
    lines: list[str] = []
    server = HubServer(lines.append)
    board = Board(variant)
    server.handle("hub")
    values = next(parse_line(x).args["values"] for x in lines if 'name=variant' in x)
    assert variant in values.split()
    for line in (f"set-param name=variant value={variant}", "init",
                 f"pos pos={to_hub(board.position, board.rules)}", "level depth=2", "go think"):
        server.handle(line)
    done = parse_line(_wait(lines, "done")[0])
    assert board.parse_move(done.args["move"]) in list(board.legal_moves)


def _wait(lines: list[str], prefix: str, timeout: float = 30.0) -> list[str]:
    """The lines starting with ``prefix`` once there is one (the search runs in a thread)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = [x for x in lines if x.startswith(prefix)]
        if found:
            return found
        time.sleep(0.02)
    raise AssertionError(f"no {prefix!r} line within {timeout} s: {lines}")
