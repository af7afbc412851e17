"""The built-in engine (engine layer: imports only ``damier.core``).

Entry points: :class:`Engine` (``play``, ``analyse``, ``iterate``, ``stop``), :class:`Limit`,
:class:`Info`, :class:`Progress`, :class:`PlayResult`; :class:`EngineLike`, the one API of
every engine (built-in or external), and :class:`BuiltinEngine`, this engine behind it
(``api``). Modules: ``search`` (iterative deepening) and ``alphabeta`` (the alpha-beta
search, with ``scores``, ``search_options`` and ``tree_rules``), ``native`` (the same search
in the C kernel), ``evaluate`` and ``evalterms`` (per-variant evaluation weights and terms),
``timecontrol`` (limits and clocks), ``levels`` (levels 1-10), ``engine`` (the API over a ``Board``).

>>> from damier import Board
>>> from damier.engine import Engine, Limit
>>> result = Engine().play(Board(), Limit(depth=2))
>>> result.move in Board().legal_moves
True
"""

from damier.engine.api import BuiltinEngine, EngineLike
from damier.engine.engine import Engine, Info, PlayResult, Progress
from damier.engine.levels import LEVELS, Level
from damier.engine.timecontrol import Limit

__all__ = ["LEVELS", "BuiltinEngine", "Engine", "EngineLike", "Info", "Level", "Limit", "PlayResult",
           "Progress"]
