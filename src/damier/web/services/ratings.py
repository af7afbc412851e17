"""Ratings of players on this server: Glicko-2 per variant, updated when a rated game ends.

Each rated game is its own rating period (:func:`damier.analysis.glicko2.update` with one
result), after the deviations have grown for the time each player went without a rated game
(:func:`~damier.analysis.glicko2.aged`, one period per :data:`PERIOD_DAYS` days). A new player
starts at 1500, deviation 350. A player whose deviation is above :data:`PROVISIONAL` has a
provisional rating (shown with a ``?``).

A player is a name chosen on this server: there are no passwords, so anyone who types a name
plays as that player and moves that player's rating. That is fine between friends on a club's
network; it is not an identity (``docs/web.md`` says so to the players).

This module must not know HTTP or clocks; :func:`rate` is the one place a rating changes.
"""

from __future__ import annotations

from typing import Any

from damier.analysis import glicko2
from damier.web.storage.online_store import OnlineStore, PlayerRating, name_key

PERIOD_DAYS = 1.0
"""Length of a rating period for the deviation's growth between games."""
PROVISIONAL = 110.0
"""A deviation above this marks a rating as provisional."""


def current(store: OnlineStore, name: str, variant: str, now: float) -> PlayerRating:
    """The player's rating in ``variant`` as it stands at ``now`` (grown deviation included)."""
    found = store.ratings(name_key(name)).get(variant)
    if found is None:
        return PlayerRating(glicko2.DEFAULT_RATING, glicko2.DEFAULT_DEVIATION,
                            glicko2.DEFAULT_VOLATILITY, 0, now)
    periods = max(0.0, now - found.last_game) / (PERIOD_DAYS * 86400)
    grown = glicko2.aged(glicko2.Rating(found.rating, found.deviation, found.volatility), periods)
    return PlayerRating(grown.rating, grown.deviation, grown.volatility, found.games,
                        found.last_game)


def rating_json(r: PlayerRating) -> dict[str, Any]:
    """A rating as clients see it (rounded; ``provisional`` while the deviation is wide)."""
    return {"rating": round(r.rating), "deviation": round(r.deviation), "games": r.games,
            "provisional": r.deviation > PROVISIONAL}


def rate(store: OnlineStore, gid: int, variant: str, names: dict[str, str],
         score_white: float | None, rated: bool, now: float) -> dict[str, Any] | None:
    """Record that game ``gid`` ended (``names``: colour name -> player name;
    ``score_white``: 1, 0.5 or 0, ``None`` for a game without result such as an aborted one);
    in a rated game, both players' ratings change in the same transaction. Returns the
    change (``{"variant", "white": {"before", "after"}, "black": …}``), or ``None`` when the
    game is casual or was already recorded (calling twice changes nothing)."""
    if not rated or score_white is None or name_key(names["white"]) == name_key(names["black"]):
        store.record_rating(gid, {}, {}, now)
        return None
    before = {c: current(store, names[c], variant, now) for c in ("white", "black")}
    as_glicko = {c: glicko2.Rating(r.rating, r.deviation, r.volatility) for c, r in before.items()}
    scores = {"white": score_white, "black": 1.0 - score_white}
    new: dict[str, tuple[str, PlayerRating]] = {}
    change: dict[str, Any] = {"variant": variant}
    for color, other in (("white", "black"), ("black", "white")):
        after = glicko2.update(as_glicko[color], [glicko2.Result(as_glicko[other], scores[color])])
        rating = PlayerRating(after.rating, after.deviation, after.volatility,
                              before[color].games + 1, now)
        new[color] = (name_key(names[color]), rating)
        change[color] = {"before": round(before[color].rating), "after": round(after.rating)}
    for name in names.values():
        store.add_player(name, now)
    return change if store.record_rating(gid, new, change, now) else None
