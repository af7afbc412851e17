"""Building endgame databases: damier's own retrograde analysis, fanned out on an executor.

The solver is C (``src/damier/native/egdb_solve.c``, on the move generator's C API): it
solves a configuration together with its swap (the same pieces with the other side to move)
from the tables its captures and crownings lead to. This module orders the work and keeps
the files:

* :func:`stages`: the configurations in an order that respects those dependencies (fewer
  pieces first, then fewer men among as many pieces); the pairs of one stage are independent
  and go to the executor together;
* :func:`solve_pair`: the job one worker runs (a plain function of picklable arguments, so a
  process pool or a Dask cluster can run it): opens the tables already built, solves, returns
  the compressed tables with their counts;
* :func:`build`: submits the stages one after the other, writes each table as it arrives
  (to a temporary name, then renamed, so an interrupted build leaves no half file) with its
  record in ``MANIFEST.json``, and reports progress. Tables already present are kept.

Any :class:`concurrent.futures.Executor` will do (``damier egdb build`` uses the executors of
``damier match``: a process pool, or Dask). On a cluster the output folder must be shared by
the workers, which read the tables of the earlier stages from it.

Memory: a worker holds three bytes per position of the pair (the two tables and a count),
about 600 MB for the largest five-piece pairs of International.

This module must not print; it reports through the ``progress`` callback.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, Future, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path

from damier.core.variants import get_variant
from damier.engine.egdb.codec import VERSION
from damier.engine.egdb.database import (
    PACKAGE_DIR,
    EndgameDatabase,
    configurations,
    file_name,
    table_files,
    unsupported,
)
from damier.engine.egdb.index import Config, EgdbIndex, swapped
from damier.engine.egdb.values import is_loss, is_win

BLOCK_LEN = 2048
"""Indices per compressed block: a probe decodes at most this many codes. With format 2's Huffman
stage, 2048 probes as fast as format 1 did with 4096 (3.3 against 3.5 us a random four-piece
probe from Python, bench in the note) for 2.5% more bytes."""

MANIFEST = "MANIFEST.json"


@dataclass
class TableRecord:
    """How one table was made, and what it holds (kept in ``MANIFEST.json``)."""

    config: str
    positions: int
    bytes: int
    sha256: str
    wins: int
    draws: int
    losses: int
    longest: int
    """The longest win or loss, in plies."""
    cpu_seconds: float
    """CPU time of solving the pair this table belongs to."""


@dataclass
class SolvedPair:
    """What a worker sends back: the compressed tables of a configuration and its swap."""

    tables: dict[Config, bytes]
    records: dict[Config, TableRecord]
    positions: int


@dataclass
class Progress:
    """Where a build is (for the ``progress`` callback)."""

    done_pairs: int
    total_pairs: int
    done_positions: int
    total_positions: int
    elapsed: float
    last: str
    """The configurations just written, e.g. ``"2101+0121"``."""


@dataclass
class BuildReport:
    """What a build wrote."""

    written: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    positions: int = 0
    seconds: float = 0.0


def config_name(config: Config) -> str:
    """``(2, 1, 0, 1)`` -> ``"2101"``."""
    return "".join(str(n) for n in config)


def parse_config(text: str) -> Config:
    """``"2101"`` -> ``(2, 1, 0, 1)``; ``ValueError`` otherwise."""
    if len(text) != 4 or not text.isdigit():
        raise ValueError("a configuration is four digits (men, kings, opponent men, opponent kings), "
                         f"not {text!r}")
    return (int(text[0]), int(text[1]), int(text[2]), int(text[3]))


def stages(pieces: int, index: EgdbIndex) -> list[list[Config]]:
    """Groups of configurations to solve, in order: one configuration per pair with its swap,
    fewer pieces first, then fewer men; the pairs of a group do not depend on each other.

    >>> from damier.core.variants import get_variant
    >>> [len(s) for s in stages(3, EgdbIndex(get_variant("international")))]
    [1, 1, 1, 1, 2, 2, 1]
    """
    out: list[list[Config]] = []
    for n in range(2, pieces + 1):
        for men in range(n + 1):
            group: list[Config] = []
            for c in configurations(n):
                if c[0] + c[2] == men and index.size(c) and swapped(c) not in group:
                    group.append(c)
            if group:
                out.append(sorted(group, key=index.size))
    return out


def _record(config: Config, raw: bytearray, blob: bytes, histogram: list[int], cpu: float) -> TableRecord:
    wins = sum(n for code, n in enumerate(histogram) if is_win(code) and code != 255)
    losses = sum(n for code, n in enumerate(histogram) if is_loss(code) and code != 255)
    longest = max((code - 1 for code, n in enumerate(histogram) if n and 0 < code < 255), default=0)
    return TableRecord(config_name(config), len(raw), len(blob), hashlib.sha256(blob).hexdigest(),
                       wins, histogram[0], losses, longest, round(cpu, 2))


RAW_DEPENDENCIES = 400_000_000
"""At most this many codes of the tables a solve probes are decoded into memory for it."""


def dependencies(config: Config) -> set[Config]:
    """The configurations of as many pieces that the quiet moves of ``config`` and its swap
    lead to (a man crowned, either side, seen from either side).

    >>> sorted(dependencies((1, 0, 0, 1)))
    [(0, 1, 0, 1)]
    """
    out: set[Config] = set()
    for wm, wk, bm, bk in (config, swapped(config)):
        if wm:
            out |= {(wm - 1, wk + 1, bm, bk), swapped((wm - 1, wk + 1, bm, bk))}
        if bm:
            out |= {(wm, wk, bm - 1, bk + 1), swapped((wm, wk, bm - 1, bk + 1))}
    return out - {config, swapped(config)}


def _solver_database(variant: str, config: Config, roots: list[Path]) -> EndgameDatabase:
    """The tables a solve of ``config`` needs, with the ones it probes most (every table of
    fewer pieces and the crowning's :func:`dependencies`) decoded into memory, up to
    :data:`RAW_DEPENDENCIES` codes: a probe of a decoded table reads one byte instead of
    decoding a block (a fifth of the solve's time, measured with perf on 1012)."""
    rules = get_variant(variant)
    files = table_files(rules, roots)
    pieces = sum(config)
    wanted = [c for c in sorted(files, key=sum) if sum(c) < pieces or c in dependencies(config)]
    packed = EndgameDatabase(rules, files)
    db = EndgameDatabase(rules, {c: p for c, p in files.items() if c not in wanted})
    if db.native is None or packed.native is None:
        raise RuntimeError("building endgame databases needs the native kernel (damier._kernel)")
    budget = RAW_DEPENDENCIES
    for c in wanted:
        if db.index.size(c) <= budget:
            budget -= db.index.size(c)
            db.native.add(c, packed.native.decode(c, False), True)
        else:
            db._load(c, files[c])
    packed.close()
    return db


def solve_pair(variant: str, config: Config, roots: list[str], block_len: int = BLOCK_LEN) -> SolvedPair:
    """Solve ``config`` and its swap from the tables under ``roots`` (run by a worker)."""
    db = _solver_database(variant, config, [Path(r) for r in roots])
    other = swapped(config)
    out = bytearray(db.index.size(config))
    out_swapped = out if other == config else bytearray(db.index.size(other))
    scratch = bytearray(len(out) + (0 if other == config else len(out_swapped)))
    start = time.process_time()
    db.native.solve(config, out, out_swapped, scratch)
    tables: dict[Config, bytes] = {}
    records: dict[Config, TableRecord] = {}
    for c, raw in ((config, out), (other, out_swapped)):
        if c in tables:
            continue
        blob = db.native.encode(raw, block_len)
        tables[c] = blob
        records[c] = _record(c, raw, blob, db.native.histogram(raw), 0.0)
    cpu = time.process_time() - start
    for r in records.values():
        r.cpu_seconds = round(cpu, 2)
    db.close()
    return SolvedPair(tables, records, len(out) + (0 if other == config else len(out_swapped)))


def _write(folder: Path, name: str, data: bytes) -> None:
    tmp = folder / (name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, folder / name)


class _Manifest:
    """``MANIFEST.json`` of a variant's folder: the record of every table, and the commands."""

    def __init__(self, folder: Path, variant: str) -> None:
        self.path = folder / MANIFEST
        self.data: dict[str, object] = {"format": "", "variant": variant, "commands": [], "tables": {}}
        if self.path.exists():
            self.data.update(json.loads(self.path.read_text(encoding="utf-8")))
        self.data["format"] = f"dkeg {VERSION}"

    def add_command(self, command: str) -> None:
        commands = self.data["commands"]
        assert isinstance(commands, list)
        if command and command not in commands:
            commands.append(command)

    def add(self, record: TableRecord) -> None:
        tables = self.data["tables"]
        assert isinstance(tables, dict)
        tables[record.config] = asdict(record)
        self.data["tables"] = dict(sorted(tables.items()))

    def save(self) -> None:
        _write(self.path.parent, MANIFEST, (json.dumps(self.data, indent=1) + "\n").encode())


def build(
    variant: str,
    pieces: int,
    out: Path,
    executor: Executor,
    progress: Callable[[Progress], None] | None = None,
    only: Iterable[Config] | None = None,
    reuse: Iterable[Path] = (PACKAGE_DIR,),
    command: str = "",
    block_len: int = BLOCK_LEN,
) -> BuildReport:
    """Build every table of up to ``pieces`` pieces that is not yet under ``out`` (or under
    ``reuse``, whose tables serve as dependencies) into ``out/<variant>/``; ``only`` limits
    the build to those configurations (with their swaps; their dependencies must exist)."""
    rules = get_variant(variant)
    reason = unsupported(rules)
    if reason:
        raise ValueError(f"{rules.name}: {reason}")
    index = EgdbIndex(rules)
    folder = Path(out) / rules.name
    folder.mkdir(parents=True, exist_ok=True)
    roots = [str(Path(out)), *(str(r) for r in reuse)]
    present = table_files(rules, [Path(r) for r in roots])
    wanted = {c for c in only} | {swapped(c) for c in only} if only is not None else None
    plan = [[c for c in stage if (wanted is None or c in wanted)
             and not (c in present and swapped(c) in present)] for stage in stages(pieces, index)]
    report = BuildReport(kept=sorted(config_name(c) for c in present))
    total_pairs = sum(len(s) for s in plan)
    total = sum(index.size(c) + (index.size(swapped(c)) if swapped(c) != c else 0) for s in plan for c in s)
    manifest = _Manifest(folder, rules.name)
    manifest.add_command(command)
    started = time.perf_counter()
    done = 0
    for stage in plan:
        futures: dict[Future[SolvedPair], Config] = {
            executor.submit(solve_pair, rules.name, c, roots, block_len): c for c in stage
        }
        for future in as_completed(futures):
            solved = future.result()
            for c, blob in solved.tables.items():
                _write(folder, file_name(c), blob)
                manifest.add(solved.records[c])
                report.written.append(config_name(c))
            manifest.save()
            done += 1
            report.positions += solved.positions
            if progress:
                progress(Progress(done, total_pairs, report.positions, total, time.perf_counter() - started,
                                  "+".join(config_name(c) for c in solved.tables)))
    report.seconds = time.perf_counter() - started
    return report


__all__ = ["BLOCK_LEN", "BuildReport", "Progress", "SolvedPair", "TableRecord", "build", "config_name",
           "parse_config", "solve_pair", "stages"]
