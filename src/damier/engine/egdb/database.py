"""The endgame database of one variant: its files, and the probe on either path.

A database is a folder per variant holding one file per configuration,
``<root>/<variant>/<wm><wk><bm><bk>.dkeg`` (the compressed form of :mod:`.codec`), and a
``MANIFEST.json`` written by the build (how each table was made). Roots are searched in
order, the first file of a configuration winning: the folders of ``DAMIER_EGDB`` (separated
by ``os.pathsep``) or else the user's folder (``$XDG_DATA_HOME/damier/egdb``, where
``damier egdb build`` writes by default), then the tables shipped with the package.

Files are memory-mapped, not read: a probe touches only the block it decodes. With the native
kernel the tables are handed to ``damier._kernel.Egdb`` (the search in C probes it without
Python); on the pure-Python path :meth:`EndgameDatabase.probe_code` reads them itself, with the
same answers (the tests hold both to it).

A position whose side to move can capture is not read from its table (the files hold any
value there, which compresses better): its captures are searched, each leading to fewer
pieces.

>>> from damier.core.board import Board
>>> db = EndgameDatabase.open("international")
>>> db.max_pieces >= 4
True
>>> db.probe(Board(fen="W:WK3:BK48").position)      # a king cannot catch a king
TableValue(result='draw', plies=None)
>>> db.probe(Board(fen="W:WK46:BK5").position)      # 46's only diagonal is the one 5 watches
TableValue(result='loss', plies=2)
>>> db.probe(Board(fen="W:WK46,K41,K37:BK5").position).result
'win'
>>> db.probe(Board(fen="W:WK46,K41,K37,K32:BK5").position) is None   # no five-piece tables
True

This module must not search (beyond the captures of a probed position) nor write files.
"""

from __future__ import annotations

import mmap
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from damier.core import kernel
from damier.core.movegen import generator
from damier.core.position import Position
from damier.core.rules import Rules
from damier.core.userdata import env, user_path
from damier.core.variants import get_variant
from damier.engine.egdb.codec import Table, TableError
from damier.engine.egdb.index import MAX_PIECES, Config, EgdbIndex
from damier.engine.egdb.values import TableValue, parent_code

PACKAGE_DIR = Path(__file__).resolve().parent.parent / "data" / "egdb"
"""The tables shipped with the package."""

SUFFIX = ".dkeg"


def user_dir() -> Path:
    """Where ``damier egdb build`` writes by default: ``$XDG_DATA_HOME/damier/egdb``."""
    return user_path("egdb")


def search_path() -> list[Path]:
    """The roots searched for tables, first match first (see the module docstring)."""
    setting = env("DAMIER_EGDB")
    roots = [Path(p) for p in setting.split(os.pathsep) if p] if setting else [user_dir()]
    return [*roots, PACKAGE_DIR]


def file_name(config: Config) -> str:
    """The file of a configuration inside a variant's folder.

    >>> file_name((2, 1, 0, 1))
    '2101.dkeg'
    """
    return "".join(str(n) for n in config) + SUFFIX


def configurations(pieces: int) -> list[Config]:
    """Every configuration of exactly ``pieces`` pieces with a piece on each side.

    >>> configurations(2)
    [(0, 1, 0, 1), (0, 1, 1, 0), (1, 0, 0, 1), (1, 0, 1, 0)]
    """
    out = []
    for wm in range(pieces + 1):
        for wk in range(pieces + 1 - wm):
            for bm in range(pieces + 1 - wm - wk):
                bk = pieces - wm - wk - bm
                if wm + wk and bm + bk:
                    out.append((wm, wk, bm, bk))
    return out


def unsupported(rules: Rules) -> str | None:
    """Why ``rules`` can have no endgame database, or ``None`` (boards of at most 64 bits in
    the kernel's layout, rules without state, the same rules for both colours, the usual
    goal)."""
    if rules.goal != "normal":
        return f"endgame databases are for the usual goal, not {rules.goal}"
    if rules.shape != "dark" or rules.size > 10:
        return "endgame databases need a board of at most 64 bits"
    if rules.huffing or rules.king_move_limit:
        return "endgame databases need rules without state (no huffing, no king-move limit)"
    return None


def table_files(rules: Rules, roots: Iterable[Path]) -> dict[Config, Path]:
    """The file of every configuration found under ``roots`` (the first one found)."""
    found: dict[Config, Path] = {}
    for root in roots:
        folder = Path(root) / rules.name
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*" + SUFFIX)):
            stem = path.name[: -len(SUFFIX)]
            if len(stem) == 4 and stem.isdigit():
                config = (int(stem[0]), int(stem[1]), int(stem[2]), int(stem[3]))
                found.setdefault(config, path)
    return found


def complete_pieces(configs: Iterable[Config], index: EgdbIndex) -> int:
    """The largest ``n`` such that every configuration of 2 .. ``n`` pieces is present."""
    have = set(configs)
    n = 1
    while n < MAX_PIECES and all(c in have for c in configurations(n + 1) if index.size(c)):
        n += 1
    return n if n >= 2 else 0


class EndgameDatabase:
    """The tables of one variant (see the module docstring); :meth:`open` finds them."""

    def __init__(self, rules: Rules, files: dict[Config, Path], native: bool | None = None) -> None:
        reason = unsupported(rules)
        if reason:
            raise ValueError(f"{rules.name}: {reason}")
        self.rules = rules
        self.index = EgdbIndex(rules)
        self.gen = generator(rules)
        self.files = dict(files)
        self._maps: list[mmap.mmap] = []
        self._tables: dict[Config, Table] = {}
        obj = kernel.native_object(rules) if native is not False else None
        self.native: Any = _native_database(obj) if obj is not None else None
        for config, path in sorted(self.files.items()):
            self._load(config, path)
        self.max_pieces = complete_pieces(self.files, self.index)
        """Every configuration up to this many pieces is present (0: not even two)."""
        self.largest = max((sum(c) for c in self.files), default=0)
        """The most pieces of a table present."""

    @classmethod
    def open(cls, variant: str | Rules, roots: Sequence[Path] | None = None,
             native: bool | None = None) -> EndgameDatabase:
        """The database of ``variant`` from ``roots`` (default :func:`search_path`);
        ``native=False`` reads the tables in Python even when the kernel is there."""
        rules = get_variant(variant)
        return cls(rules, table_files(rules, search_path() if roots is None else roots), native)

    def _load(self, config: Config, path: Path) -> None:
        size = self.index.size(config)
        if not size:
            raise TableError(f"{path}: no configuration {config} on this board")
        with open(path, "rb") as f:
            data = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        self._maps.append(data)
        try:
            if self.native is not None:
                self.native.add(config, data, False)
            else:
                self._tables[config] = Table(data, size)
        except (TableError, ValueError) as e:
            raise TableError(f"{path}: {e}") from None

    # -- probing ---------------------------------------------------------------------------

    def probe_code(self, pos: Position) -> int | None:
        """The code of ``pos`` for its side to move (see :mod:`.values`), or ``None`` when it
        is not in the database."""
        if (pos.white | pos.black).bit_count() > self.largest:
            return None
        if self.native is not None:
            code: int = self.native.probe(pos.white, pos.black, pos.kings, pos.turn)
            return None if code < 0 else code
        return self._probe_normal(self.index.normal(pos))

    def probe(self, pos: Position) -> TableValue | None:
        """The value of ``pos`` for its side to move, or ``None`` when it is not in the
        database."""
        code = self.probe_code(pos)
        return None if code is None else TableValue.of(code)

    def _probe_normal(self, n: Position) -> int | None:
        if not n.white:
            return 1
        if not n.black:
            return None
        config = self.index.config_of(n)
        table = self._tables.get(config)
        if table is None:
            return None
        if self.gen.has_capture(n):
            codes = []
            for m in self.gen.legal(n):
                code = self._probe_normal(self.index.normal(self.gen.apply(n, m)))
                if code is None:
                    return None
                codes.append(code)
            return parent_code(codes)
        return table.code(self.index.index(n))

    def close(self) -> None:
        """Release the files (the database cannot probe afterwards)."""
        self.native = None
        self._tables.clear()
        for m in self._maps:
            m.close()
        self._maps.clear()


_SHARED: dict[str, tuple[Rules, EndgameDatabase | None]] = {}


def shared_database(rules: Rules) -> EndgameDatabase | None:
    """The database of ``rules`` from :func:`search_path`, opened once per process and shared
    by the engines (None: the variant can have none, or no table was found)."""
    held = _SHARED.get(rules.name)
    if held is None or held[0] is not rules:
        db = None
        if unsupported(rules) is None:
            files = table_files(rules, search_path())
            db = EndgameDatabase(rules, files) if files else None
        held = (rules, db)
        _SHARED[rules.name] = held
    return held[1]


def _native_database(obj: object) -> Any:
    """A ``damier._kernel.Egdb`` for the generator object ``obj``."""
    from damier import _kernel  # type: ignore[attr-defined]

    return _kernel.Egdb(obj)


__all__ = ["PACKAGE_DIR", "EndgameDatabase", "configurations", "file_name", "search_path", "shared_database",
           "table_files", "unsupported", "user_dir"]
