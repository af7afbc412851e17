"""Glicko-2 ratings: the update of one player's rating after a rating period.

Owns the arithmetic of Mark Glickman's Glicko-2 system ("Example of the Glicko-2 system",
Boston University, 2013), step by step as the paper numbers them, and the growth of the
rating deviation while a player does not play. It is a pure function of numbers: it must not
know who the players are, where ratings are stored, or what a game is — the web app's rated
games and the puzzle trainer both call it with ratings they keep themselves.

A rating is ``(rating, deviation, volatility)`` on the Glicko scale (a new player starts at
1500, 350, 0.06). A rating period's results are the opponents' ratings and the scores
(1 a win, 0.5 a draw, 0 a loss). The paper's worked example:

>>> player = Rating(1500.0, 200.0, 0.06)
>>> after = update(player, [Result(Rating(1400, 30), 1.0), Result(Rating(1550, 100), 0.0),
...                         Result(Rating(1700, 300), 0.0)])
>>> round(after.rating, 2), round(after.deviation, 2), round(after.volatility, 6)
(1464.05, 151.52, 0.059996)

(The paper prints 1464.06 and 0.05999: it carries rounded intermediate values; the exact
arithmetic gives 1464.0507 and 0.0599960.) A period without games only widens the deviation:

>>> round(update(player, []).deviation, 2)
200.27
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178
"""Glicko points per Glicko-2 unit (400 / ln 10), step 2 of the paper."""
DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
DEFAULT_TAU = 0.5
"""The system constant constraining volatility changes; the paper suggests 0.3 to 1.2."""
MAX_DEVIATION = 350.0
"""A deviation never grows past a newcomer's: past it the rating says nothing anyway."""
CONVERGENCE = 1e-6
"""Step 5's tolerance on the volatility's iteration (the paper's epsilon)."""


@dataclass(frozen=True)
class Rating:
    """A player's rating, its deviation (the uncertainty, one standard deviation) and the
    volatility (how erratic the player's results are), all on the Glicko scale."""

    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY

    def __post_init__(self) -> None:
        if not (math.isfinite(self.rating) and math.isfinite(self.deviation)
                and math.isfinite(self.volatility)):
            raise ValueError(f"a rating must be finite numbers, not {self}")
        if self.deviation <= 0 or self.volatility <= 0:
            raise ValueError(f"deviation and volatility must be positive, not {self}")


@dataclass(frozen=True)
class Result:
    """One game of the rating period: the opponent's rating before the period and the score
    (1 a win, 0.5 a draw, 0 a loss)."""

    opponent: Rating
    score: float

    def __post_init__(self) -> None:
        if not 0.0 <= self.score <= 1.0:
            raise ValueError(f"a score is between 0 and 1, not {self.score}")


def _g(phi: float) -> float:
    """Step 3's g: how much a result against an uncertain opponent counts."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    """Step 3's E: the expected score against opponent j."""
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The score ``player`` is expected to make against ``opponent``.

    >>> round(expected_score(Rating(1500, 200), Rating(1400, 30)), 3)
    0.639
    """
    return _expected((player.rating - DEFAULT_RATING) / SCALE,
                     (opponent.rating - DEFAULT_RATING) / SCALE, opponent.deviation / SCALE)


def _new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois variant of regula falsi on f(x) = 0."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        num = ex * (delta * delta - phi * phi - v - ex)
        den = 2.0 * (phi * phi + v + ex) ** 2
        return num / den - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > CONVERGENCE:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, results: Sequence[Result], tau: float = DEFAULT_TAU) -> Rating:
    """The player's rating after one rating period with ``results`` (steps 1 to 8).

    An empty period leaves rating and volatility and widens the deviation (step 6 alone).
    Updating each game as its own period, as online servers do, is ``update(r, [result])``.

    >>> after = update(Rating(), [Result(Rating(), 1.0)])
    >>> after.rating > 1500, after.deviation < 350
    (True, True)
    """
    if tau <= 0:
        raise ValueError(f"tau must be positive, not {tau}")
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results:
        return Rating(player.rating, min(MAX_DEVIATION, math.sqrt(phi * phi + sigma * sigma) * SCALE),
                      sigma)
    inverse_v = 0.0
    improvement = 0.0
    for result in results:
        mu_j = (result.opponent.rating - DEFAULT_RATING) / SCALE
        phi_j = result.opponent.deviation / SCALE
        g_j = _g(phi_j)
        e_j = _expected(mu, mu_j, phi_j)
        inverse_v += g_j * g_j * e_j * (1.0 - e_j)
        improvement += g_j * (result.score - e_j)
    v = 1.0 / inverse_v
    delta = v * improvement
    sigma_new = _new_volatility(phi, sigma, delta, v, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * improvement
    return Rating(mu_new * SCALE + DEFAULT_RATING, min(MAX_DEVIATION, phi_new * SCALE), sigma_new)


def aged(player: Rating, periods: float) -> Rating:
    """The rating after ``periods`` rating periods without games (a fraction counts as such):
    the deviation grows as step 6 does for each, up to :data:`MAX_DEVIATION`.

    Servers that rate game by game call this with the time since the player's last game
    divided by the length they choose for a period, before :func:`update`.

    >>> round(aged(Rating(1500, 50, 0.06), 100).deviation, 1)
    115.6
    >>> aged(Rating(1500, 340), 10_000).deviation
    350.0
    """
    if periods < 0 or not math.isfinite(periods):
        raise ValueError(f"periods must be a finite number >= 0, not {periods}")
    phi = player.deviation / SCALE
    grown = math.sqrt(phi * phi + periods * player.volatility * player.volatility) * SCALE
    return Rating(player.rating, min(MAX_DEVIATION, grown), player.volatility)
