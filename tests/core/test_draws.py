"""Draw rules with the exact ply on which the draw falls (FMJD 6, ČFD 6, Zapletal 7,
Decisions 3 to 5) and the other ends of a game (FMJD 7)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from damier import Board, GameOverError
from damier.core import draws
from damier.core.colors import BLACK, WHITE
from damier.core.fen import parse_fen
from damier.core.rules import Rules
from damier.core.variants import get_variant

INTL = get_variant("international")


def isolate(rules: Rules, **changes: object) -> Rules:
    """The same variant with some draw rules switched off, to watch one rule alone."""
    return replace(rules, name=rules.name + "-test", draws=replace(rules.draws, **changes))


def safe_king_move(board: Board) -> str:
    """A quiet king move after which the opponent cannot capture (deterministic)."""
    for move in sorted(board.legal_moves, key=lambda m: m.long()):
        if move.is_capture or board.piece_at(move.from_square) not in ("W", "B"):
            continue
        board.push(move)
        ok = not board.gen.has_capture(board.position)
        board.pop()
        if ok:
            return move.short()
    raise AssertionError(f"no safe king move in {board.fen()}")


def play_cycle_until_draw(board: Board, cycle: list[str], limit: int) -> int:
    """Repeat a cycle of quiet king moves; return the ply on which the game ended."""
    for ply in range(1, limit + 1):
        board.push(cycle[(ply - 1) % len(cycle)])
        if board.outcome() is not None:
            return ply
    raise AssertionError("no draw")


CORNER_CYCLE = ["46-41", "1-7", "41-46", "7-1"]


def play_until_draw(board: Board, limit: int) -> int:
    """Play safe king moves; return the ply on which the game ended."""
    for ply in range(1, limit + 1):
        board.push(safe_king_move(board))
        if board.outcome() is not None:
            return ply
    raise AssertionError("no draw")


def test_threefold_repetition_automatic() -> None:
    # [FMJD 6.1] the same position for the third time with the same player to move
    board = Board(fen="W:WK50,31:BK1,20")
    cycle = ["50-45", "1-6", "45-50", "6-1"]
    for ply in range(1, 9):
        board.push(cycle[(ply - 1) % 4])
        if ply < 8:
            assert board.outcome() is None, ply
    outcome = board.outcome()
    assert outcome is not None and outcome.reason == "threefold repetition" and outcome.result == "1-1"
    assert board.repetitions() == 3


def test_25_move_rule_falls_on_ply_50() -> None:
    # [FMJD 6.2] 25 moves each with only kings moved, no capture: counter K reaches 50
    rules = isolate(INTL, repetition=0, endgames=())
    board = Board(rules, "W:WK46,K50,31:BK5,K1,20")
    assert play_until_draw(board, 60) == 50
    assert board.outcome() is not None and board.outcome().reason == "25-move rule"  # type: ignore[union-attr]


def test_25_move_counter_reset_by_man_move() -> None:
    rules = isolate(INTL, repetition=0, endgames=())
    board = Board(rules, "W:WK46,K50,31:BK5,K1,20")
    for _ in range(30):
        board.push(safe_king_move(board))
    assert board.draw_state.quiet == 30
    board.push("31-27" if board.turn == WHITE else "20-25")
    assert board.draw_state.quiet == 0


def test_16_move_rule_falls_on_ply_32() -> None:
    # [FMJD 6.3] three kings against a lone king: 16 more moves each (32 plies), counted from
    # the position where the ending exists (here: the set-up position itself)
    rules = isolate(INTL, repetition=0)
    board = Board(rules, "W:WK46,K47,K48:BK1")
    assert play_cycle_until_draw(board, CORNER_CYCLE, 40) == 32
    assert board.outcome().reason == "16-move rule"  # type: ignore[union-attr]


def test_5_move_rule_falls_on_ply_10() -> None:
    # [FMJD 6.4] two kings against a lone king: 5 more moves each (10 plies)
    rules = isolate(INTL, repetition=0)
    board = Board(rules, "W:WK46,K47:BK1")
    assert play_cycle_until_draw(board, CORNER_CYCLE, 20) == 10
    assert board.outcome().reason == "5-move rule"  # type: ignore[union-attr]


@pytest.mark.parametrize(("setting", "draw_ply"), [("restart", 37), ("cumulative", 32)])
def test_16_to_5_move_transition(setting: str, draw_ply: int) -> None:
    """[Decision 5]: 3K v K for 26 plies, then on ply 27 Black takes a king (class
    B). Restart: the 5-move count starts at the capture, draw 10 plies later (ply 37).
    Cumulative: the 16-move allowance (32 plies from ply 0) runs out first (ply 32)."""
    rules = replace(INTL, name="intl-" + setting, draws=replace(INTL.draws, endgame_transition=setting))
    a = parse_fen("W:WK46,K47,K48:BK5", rules)
    state = draws.initial_state(rules, a)
    assert state.endgame == 0 and state.remaining == 32
    king_move = (1, 2, 0, 3, (), 0)  # a non-capturing king move (frm & kings != 0)
    for _ in range(26):
        state = draws.next_state(rules, state, a.kings | 1, king_move, a)
    ply = 26
    b = parse_fen("W:WK46,K47:BK5", rules)
    capture = (1, 2, 4, 3, (), 0)
    state = draws.next_state(rules, state, b.kings | 1, capture, b)
    ply += 1
    assert state.endgame == 1
    while draws.automatic_draw(rules, state, 1) is None:
        state = draws.next_state(rules, state, b.kings | 1, king_move, b)
        ply += 1
    assert ply == draw_ply


def test_no_legal_move_loses_before_any_draw() -> None:
    # [FMJD 7.2]: the side to move without a legal move has lost; win before draw [Decision 3]
    board = Board(fen="B:W41,47:B36")  # the black man on 36 is blocked; it is all black has
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == WHITE and outcome.reason == "no legal move"


def test_antidraughts_and_breakthrough_goals() -> None:
    anti = Board("antidraughts", "B:W41,47:B36")
    assert anti.outcome().winner == BLACK  # type: ignore[union-attr]
    bt = Board("breakthrough", "W:W6:B45")
    bt.push("6-1")
    outcome = bt.outcome()
    assert outcome is not None and outcome.winner == WHITE and outcome.reason == "crowned a king"


def test_agreement_resignation_and_claims() -> None:
    board = Board()
    assert board.agree_draw().result == "1-1"
    with pytest.raises(GameOverError):
        board.push("32-28")
    board = Board()
    board.push("32-28")
    assert board.resign().winner == WHITE  # black (to move) resigns
    board.pop()
    assert board.outcome() is None and board.ply == 0
    # Czech: repetition is a claim, not automatic [ČFD 6.3]
    czech = Board("czech", "W:WKc1,a3:BKh8,h6")
    for move in ["c1-d2", "h8-g7", "d2-c1", "g7-h8"] * 2:
        czech.push(move)
    assert czech.outcome() is None
    assert czech.can_claim_draw() == "threefold repetition"
    assert czech.claim_draw().is_draw


def test_czech_15_move_rule_and_traditional_20_move_rule() -> None:
    czech = Board(isolate(get_variant("czech"), repetition=0), "W:WKc1,a3:BKh8,h6")
    assert play_until_draw(czech, 40) == 30
    # [Zapletal 7.2]: 20 moves each without capture; man moves do not reset it
    trad = Board(get_variant("czech-traditional"), "W:WK29,21:BK4,12")
    for ply in range(1, 41):
        moves = sorted(trad.legal_moves, key=lambda m: m.long())
        quiet = [m for m in moves if not m.is_capture and m.huff is None]
        trad.push(quiet[0])
        if ply < 40:
            assert trad.outcome() is None, ply
    assert trad.outcome().reason == "20-move rule"  # type: ignore[union-attr]
