"""Match statistics: score, Elo difference with its 95% interval, likelihood of superiority,
and the sequential probability ratio test (SPRT) that stops a match once it has decided.

Formulas (results counted from engine A's point of view; W, D, L wins, draws, losses,
N = W + D + L):

* score ``p = (W + D/2) / N``
* Elo difference ``elo(p) = -400 * log10(1/p - 1)`` (the logistic model)
* per-game variance ``s2 = (W (1-p)^2 + D (1/2-p)^2 + L p^2) / N`` (trinomial, no draw
  model assumed); standard error of the score ``se = sqrt(s2 / N)``
* 95% interval shown in the summary (:meth:`MatchScore.elo_interval_wilson`): Wilson's score
  interval for the score per game, taken as a binomial proportion over N games,
  ``(p + z²/2N ± z sqrt(p(1-p)/N + z²/4N²)) / (1 + z²/N)`` with ``z = 1.959964``, turned
  into Elo. It stays finite on the side away from a 0% or 100% score (6-0 gives
  +77.5 .. +inf; 0-6 gives -inf .. -77.5) and is conservative when games are drawn (a draw
  counts as half a win, so the binomial spread is an upper bound of the real one)
* the normal-approximation (Wald) interval ``elo(p - 1.959964 se) .. elo(p + 1.959964 se)``
  (:meth:`MatchScore.elo_interval`; infinite at a score of 0 or 1, and zero-width when every
  game ends alike)
* LOS ``= 1/2 (1 + erf((W - L) / sqrt(2 (W + L))))``
* SPRT of H0: elo = elo0 against H1: elo = elo1 with error rates alpha, beta, in the
  generalised (normal-approximation) form used by fishtest and cutechess's successors:
  ``s0 = 1/(1+10^(-elo0/400))``, ``s1`` likewise, and
  ``LLR = N (s1 - s0) (2p - s0 - s1) / (2 s2)``;
  bounds ``lower = ln(beta / (1 - alpha))``, ``upper = ln((1 - beta) / alpha)``: H1 is
  accepted when ``LLR >= upper``, H0 when ``LLR <= lower``. With ``s2 = 0`` (no spread yet:
  all games won, lost or drawn) the LLR is 0 (undecided), and no decision is taken before
  :attr:`Sprt.min_games` games: the spread estimated from a handful of games is too unsure
  for the normal approximation (+3 =2 -0 already gives an LLR of 3.36 for elo0=0,
  elo1=150, past the bound of 2.94).

This module is pure arithmetic: no I/O, no engines.

>>> r = MatchScore(wins=60, draws=20, losses=20)
>>> round(r.score, 3), round(r.elo(), 1)
(0.7, 147.2)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""


def elo_from_score(p: float) -> float:
    """The Elo difference for an expected score ``p`` (±inf at 1 and 0)."""
    if p <= 0.0:
        return -math.inf
    if p >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / p - 1.0) + 0.0  # + 0.0: an even score is +0, not -0


def score_from_elo(elo: float) -> float:
    """The expected score for an Elo difference."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


@dataclass(frozen=True)
class MatchScore:
    """Wins, draws and losses of engine A against engine B."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """A's mean score per game (0.5 before any game)."""
        n = self.games
        return (self.wins + 0.5 * self.draws) / n if n else 0.5

    def add(self, points: float) -> MatchScore:
        """This score after a game worth ``points`` (1, 0.5 or 0) to A."""
        if points == 1.0:
            return MatchScore(self.wins + 1, self.draws, self.losses)
        if points == 0.5:
            return MatchScore(self.wins, self.draws + 1, self.losses)
        if points == 0.0:
            return MatchScore(self.wins, self.draws, self.losses + 1)
        raise ValueError(f"a game is worth 1, 0.5 or 0 points, not {points}")

    def variance(self) -> float:
        """The per-game variance of A's score."""
        n = self.games
        if not n:
            return 0.0
        p = self.score
        return (self.wins * (1 - p) ** 2 + self.draws * (0.5 - p) ** 2
                + self.losses * p ** 2) / n

    def elo(self) -> float:
        """The Elo difference A - B."""
        return elo_from_score(self.score)

    def elo_interval(self, z: float = Z95) -> tuple[float, float]:
        """The (lower, upper) bounds of the Elo difference (95% by default)."""
        n = self.games
        if not n:
            return (-math.inf, math.inf)
        se = math.sqrt(self.variance() / n)
        return elo_from_score(self.score - z * se), elo_from_score(self.score + z * se)

    def elo_interval_wilson(self, z: float = Z95) -> tuple[float, float]:
        """The (lower, upper) Elo bounds of Wilson's score interval (see the module
        docstring).

        >>> [round(x, 1) for x in MatchScore(6, 0, 0).elo_interval_wilson()]
        [77.5, inf]
        """
        n = self.games
        if not n:
            return (-math.inf, math.inf)
        p = self.score
        centre = p + z * z / (2 * n)
        spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
        scale = 1 + z * z / n
        low = 0.0 if p <= 0 else (centre - spread) / scale    # exactly 0 (rounding aside)
        high = 1.0 if p >= 1 else (centre + spread) / scale
        return elo_from_score(low), elo_from_score(high)

    def elo_error(self) -> float:
        """Half the width of the 95% Wilson interval (inf when unbounded)."""
        lo, hi = self.elo_interval_wilson()
        return (hi - lo) / 2

    def los(self) -> float:
        """Likelihood of superiority: the probability that A is stronger (draws ignored)."""
        decisive = self.wins + self.losses
        if not decisive:
            return 0.5
        return 0.5 * (1.0 + math.erf((self.wins - self.losses) / math.sqrt(2.0 * decisive)))

    def summary(self) -> str:
        """One line: W/D/L, score, Elo with its 95% Wilson interval, and LOS."""
        lo, hi = self.elo_interval_wilson()
        elo = self.elo()
        return (f"W {self.wins} D {self.draws} L {self.losses} ({self.games} games), "
                f"score {100 * self.score:.1f}%, Elo {_fmt(elo)} "
                f"[95% Wilson: {_fmt(lo)} .. {_fmt(hi)}], LOS {100 * self.los():.1f}%")


def _fmt(x: float) -> str:
    if math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    return f"{x:+.1f}"


@dataclass(frozen=True)
class Sprt:
    """The SPRT of H0 ``elo = elo0`` against H1 ``elo = elo1`` (see the module docstring)."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05
    min_games: int = 20
    """No decision before this many games (see the module docstring)."""

    def __post_init__(self) -> None:
        if not (0 < self.alpha < 1 and 0 < self.beta < 1):
            raise ValueError("SPRT alpha and beta must be between 0 and 1")
        if self.elo0 >= self.elo1:
            raise ValueError(f"SPRT needs elo0 < elo1, got {self.elo0} and {self.elo1}")

    @property
    def bounds(self) -> tuple[float, float]:
        """(lower, upper) LLR bounds."""
        return (math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha))

    def llr(self, result: MatchScore) -> float:
        """The log-likelihood ratio of H1 against H0 for ``result``."""
        s2 = result.variance()
        if result.games == 0 or s2 <= 0.0:
            return 0.0
        s0, s1 = score_from_elo(self.elo0), score_from_elo(self.elo1)
        return result.games * (s1 - s0) * (2 * result.score - s0 - s1) / (2 * s2)

    def decision(self, result: MatchScore) -> str | None:
        """``"H1"`` (accept elo1), ``"H0"`` (accept elo0) or ``None`` (go on)."""
        if result.games < self.min_games:
            return None
        llr = self.llr(result)
        lower, upper = self.bounds
        if llr >= upper:
            return "H1"
        if llr <= lower:
            return "H0"
        return None

    def summary(self, result: MatchScore) -> str:
        lower, upper = self.bounds
        verdict = {"H1": "accept H1", "H0": "accept H0", None: "continue"}[self.decision(result)]
        return (f"SPRT elo0={self.elo0:g} elo1={self.elo1:g} alpha={self.alpha:g} "
                f"beta={self.beta:g}: LLR {self.llr(result):.3f} "
                f"[{lower:.3f}, {upper:.3f}] -> {verdict}")
