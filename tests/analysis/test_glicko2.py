"""Glicko-2 against the worked example of Glickman's paper, and its properties.

The example ("Example of the Glicko-2 system", Glickman 2013, section "Example calculation"):
a player rated 1500, RD 200, volatility 0.06, tau 0.5, beats a 1400 (RD 30) and loses to a
1550 (RD 100) and a 1700 (RD 300). The paper prints each step's value to four digits; each is
checked here, so a wrong step fails where it goes wrong, not only at the end.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from damier.analysis import glicko2
from damier.analysis.glicko2 import Rating, Result, aged, expected_score, update

PLAYER = Rating(1500.0, 200.0, 0.06)
GAMES = [Result(Rating(1400, 30), 1.0), Result(Rating(1550, 100), 0.0), Result(Rating(1700, 300), 0.0)]


def test_paper_steps_three_and_four() -> None:
    # step 3 table: g(phi_j) 0.9955, 0.9531, 0.7242; E 0.639, 0.432, 0.303; v = 1.7785
    phis = [r.opponent.deviation / glicko2.SCALE for r in GAMES]
    assert [round(glicko2._g(p), 4) for p in phis] == [0.9955, 0.9531, 0.7242]
    assert [round(expected_score(PLAYER, r.opponent), 3) for r in GAMES] == [0.639, 0.432, 0.303]
    mus = [(r.opponent.rating - 1500) / glicko2.SCALE for r in GAMES]
    inverse_v = sum(glicko2._g(p) ** 2 * glicko2._expected(0.0, m, p) * (1 - glicko2._expected(0.0, m, p))
                    for m, p in zip(mus, phis, strict=True))
    v = 1 / inverse_v
    # the paper computes v and delta from its rounded g and E (exactly: 1.77898, -0.48393)
    assert v == pytest.approx(1.7785, abs=1e-3)
    delta = v * sum(glicko2._g(p) * (r.score - glicko2._expected(0.0, m, p))
                    for m, p, r in zip(mus, phis, GAMES, strict=True))
    assert delta == pytest.approx(-0.4834, abs=1e-3)
    # step 5: sigma' = 0.05999 (the paper truncates; the iteration converges to 0.0599960)
    sigma = glicko2._new_volatility(200 / glicko2.SCALE, 0.06, delta, v, 0.5)
    assert sigma == pytest.approx(0.05999, abs=1e-5)


def test_paper_final_rating() -> None:
    after = update(PLAYER, GAMES, tau=0.5)
    # steps 6-8: phi* 1.1528 (not exposed), phi' = 0.8722, mu' = -0.2069; r' = 1464.06, RD' = 151.52
    assert (after.rating - 1500) / glicko2.SCALE == pytest.approx(-0.2069, abs=1e-4)
    assert after.deviation / glicko2.SCALE == pytest.approx(0.8722, abs=1e-4)
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_the_other_branch_of_step_five() -> None:
    # a huge surprise (delta^2 > phi^2 + v) takes the branch the paper's example does not
    low = Rating(1000, 60, 0.06)
    after = update(low, [Result(Rating(2400, 30), 1.0)] * 5)
    assert after.volatility > low.volatility
    assert after.rating > low.rating


ratings = st.builds(Rating, st.floats(500, 2800), st.floats(30, 350), st.floats(0.03, 0.12))


@given(ratings, ratings)
def test_win_raises_loss_lowers_and_deviation_shrinks(player: Rating, opponent: Rating) -> None:
    win = update(player, [Result(opponent, 1.0)])
    draw = update(player, [Result(opponent, 0.5)])
    loss = update(player, [Result(opponent, 0.0)])
    assert loss.rating < draw.rating < win.rating
    assert win.rating > player.rating > loss.rating
    for after in (win, draw, loss):
        assert after.deviation < math.sqrt(player.deviation ** 2 + (after.volatility * glicko2.SCALE) ** 2)


@given(st.floats(30, 350), st.floats(30, 350))
def test_a_draw_between_equals_moves_nobody(dev_a: float, dev_b: float) -> None:
    a = update(Rating(1620, dev_a), [Result(Rating(1620, dev_b), 0.5)])
    assert a.rating == pytest.approx(1620, abs=1e-9)


@given(ratings, st.floats(0, 1000))
def test_ageing_widens_up_to_a_newcomer(player: Rating, periods: float) -> None:
    older = aged(player, periods)
    assert older.rating == player.rating
    assert player.deviation - 1e-9 <= older.deviation <= glicko2.MAX_DEVIATION


def test_bad_numbers_are_refused_with_the_value() -> None:
    with pytest.raises(ValueError, match="score"):
        Result(Rating(), 1.5)
    with pytest.raises(ValueError, match="positive"):
        Rating(1500, 0)
    with pytest.raises(ValueError, match="finite"):
        Rating(math.nan)
    with pytest.raises(ValueError, match="periods"):
        aged(Rating(), -1)
