"""The default puzzles that ship in the package: mined by ``damier puzzles mine`` from the
default game files and rechecked at depth 14 (the commands and their inputs in their
SOURCES.md), at least 330 International ones (542 were mined at depth 8; the rechecks with
the engines of issue 23 kept 335: only puzzles whose key move is the one decisive win stay)
and some Czech and Russian, every one of which replays and is stored."""

from __future__ import annotations

import re
from pathlib import Path

from damier.analysis.explorer import DEFAULT_GAMES
from damier.analysis.puzzledb import DEFAULT_PUZZLES, PuzzleStore
from damier.formats.pdn import read_games

AT_LEAST = {"international": 330, "czech": 20, "russian": 20}


def test_default_puzzles_replay_and_are_stored(tmp_path: Path) -> None:
    files = sorted(DEFAULT_PUZZLES.glob("*.pdn"))
    assert [p.stem for p in files] == sorted(AT_LEAST)
    store = PuzzleStore(tmp_path / "puzzles.sqlite3")
    try:
        reports = store.import_default()
        counts = {}
        for path, report in zip(files, reports, strict=True):
            counts[path.stem] = sum(1 for _ in read_games(path))
            assert report.rejected == [], (path.name, report.rejected[:3])
            assert report.added == counts[path.stem] >= AT_LEAST[path.stem], path.name
            assert report.duplicates == 0, path.name
        assert store.variants() == counts
        assert all(r.already for r in store.import_default())
    finally:
        store.close()


def test_each_puzzle_names_its_game_and_the_command_is_documented() -> None:
    sources = (DEFAULT_PUZZLES / "SOURCES.md").read_text(encoding="utf-8")
    site = re.compile(r'^\[Site "(.+?), game .* line (\d+), after ply (\d+)"\]$', re.M)
    for path in sorted(DEFAULT_PUZZLES.glob("*.pdn")):
        text = path.read_text(encoding="utf-8")
        names = {m.group(1) for m in site.finditer(text)}
        assert len(site.findall(text)) == text.count("[Event "), path.name
        for name in names:  # every source game file is one of the default game files
            assert (DEFAULT_GAMES / path.stem / name).is_file(), (path.name, name)
        assert "damier puzzles mine" in sources and f"`{path.name}`" in sources, path.name
