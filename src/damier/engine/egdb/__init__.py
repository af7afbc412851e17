"""Endgame databases: exact values of positions with few pieces, by damier's own retrograde
analysis.

* :mod:`.values` — what a table stores for a position (win, draw or loss, and in how many
  plies) and :class:`TableValue`;
* :mod:`.index` — the configuration and index of a position (:class:`EgdbIndex`);
* :mod:`.codec` — the compressed form of a table;
* :mod:`.database` — the tables of a variant on disk and the probe (:class:`EndgameDatabase`);
* :mod:`.build` — building tables on any executor (``damier egdb build``).

The C twins (``src/damier/native/egdb*.c``) index, decode and probe the same files, and the
retrograde solver is C only: building needs the native kernel, probing does not.

>>> from damier.core.board import Board
>>> db = EndgameDatabase.open("international")
>>> str(db.probe(Board(fen="W:WK1,K2,K3:BK46").position))   # the lone king holds the long diagonal
'draw'
>>> str(db.probe(Board(fen="B:WK46,K41,K37:BK5").position))
'loss in 2 plies'
"""

from damier.engine.egdb.database import EndgameDatabase, search_path, user_dir
from damier.engine.egdb.index import Config, EgdbIndex
from damier.engine.egdb.values import TableValue

__all__ = ["Config", "EgdbIndex", "EndgameDatabase", "TableValue", "search_path", "user_dir"]
