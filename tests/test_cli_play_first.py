"""``damier play`` offers the choice of the first player where the rules let the players
choose (``Rules.first_player_choice``: Thai, Malaysian, Old French), and refuses it, in one
line with exit status 2, where they do not or beside a FEN."""

from __future__ import annotations

import io

import pytest

from damier.cli import UsageError, main
from damier.cli.play import choose_first_player
from damier.core.colors import BLACK, WHITE
from damier.core.variants import get_variant

CHOOSING = ["thai", "malaysian", "old-french"]


def test_the_variants_that_let_the_players_choose() -> None:
    for name in CHOOSING:
        assert get_variant(name).first_player_choice, name
    assert not get_variant("international").first_player_choice


@pytest.mark.parametrize("name", CHOOSING)
def test_first_chooses_either_side(name: str) -> None:
    rules = get_variant(name)
    assert choose_first_player(rules, "white", None) == WHITE
    assert choose_first_player(rules, "black", None) == BLACK
    assert choose_first_player(rules, None, None) is None  # the rules' default, not asked


def test_asked_at_a_terminal_until_the_answer_is_a_colour() -> None:
    questions: list[str] = []
    answers = iter(["green", "b"])

    def ask(question: str) -> str:
        questions.append(question)
        return next(answers)

    assert choose_first_player(get_variant("malaysian"), None, None, ask) == BLACK
    assert len(questions) == 2 and "who moves first" in questions[0]
    assert "[white]" in questions[0]  # Enter keeps the rules' default
    assert choose_first_player(get_variant("thai"), None, None, lambda q: "") is None


def test_not_asked_where_the_rules_fix_it_or_a_fen_is_given() -> None:
    def never(question: str) -> str:
        raise AssertionError("asked")

    assert choose_first_player(get_variant("international"), None, None, never) is None
    assert choose_first_player(get_variant("thai"), None, "W:W1:B32", never) is None


def test_refused_where_the_rules_fix_it() -> None:
    # the rules' own first player is accepted, as by the web app
    assert choose_first_player(get_variant("international"), "white", None) == WHITE
    with pytest.raises(UsageError, match="White always moves first"):
        choose_first_player(get_variant("international"), "black", None)
    with pytest.raises(UsageError, match="the FEN says who is to move"):
        choose_first_player(get_variant("thai"), "white", "W:W1:B32")


def test_play_starts_with_the_chosen_side(monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    # Thai: Black starts by default; --first white gives White the first move
    monkeypatch.setattr("sys.stdin", io.StringIO("fen\nquit\n"))
    assert main(["play", "--variant", "thai", "--first", "white", "--opponent", "human"]) == 0
    out = capsys.readouterr().out
    assert "W:W1,2,3,4,5,6,7,8:B25,26,27,28,29,30,31,32" in out
    monkeypatch.setattr("sys.stdin", io.StringIO("fen\nquit\n"))
    assert main(["play", "--variant", "thai", "--opponent", "human"]) == 0
    assert "B:W1,2,3,4,5,6,7,8:B25,26,27,28,29,30,31,32" in capsys.readouterr().out


def test_play_refuses_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--first", "black"]) == 2
    err = capsys.readouterr().err
    assert err == "damier play: --first: in International draughts White always moves first\n"
