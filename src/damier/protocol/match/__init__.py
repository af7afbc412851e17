"""Engine matches: :mod:`.players` (engines and clocks), :mod:`.game` (one game),
:mod:`.openings` (opening sets), :mod:`.stats` (Elo, SPRT), :mod:`.executors` (where games
run) and :mod:`.runner` (scheduling and stopping)."""

from damier.protocol.engine_player import TimeControl
from damier.protocol.match.game import Adjudication, GameRecord, GameTask, play_game
from damier.protocol.match.openings import Opening, load_openings
from damier.protocol.match.players import EngineSpec
from damier.protocol.match.runner import MatchConfig, MatchResult, run_match, schedule
from damier.protocol.match.stats import MatchScore, Sprt

__all__ = [
    "Adjudication",
    "EngineSpec",
    "GameRecord",
    "GameTask",
    "MatchConfig",
    "MatchResult",
    "MatchScore",
    "Opening",
    "Sprt",
    "TimeControl",
    "load_openings",
    "play_game",
    "run_match",
    "schedule",
]
