"""Where the tests find the real PDN files: one copy of each file in the repository.

The full-game files ship in the package as the explorer's and the puzzle miner's default
games (``src/damier/analysis/data/games/``, origins and licences in the ``SOURCES.md``
there), and the tests read them there, from the installed package. The files that are not
games (problem collections, ballots, the PDN standard's conformance snippets and a few
malformed problem files) are kept in ``tests/data/pdn/`` (origins and licences in
``tests/data/SOURCES.md``). Both folders have the same variant sub-folders.

A missing folder, a missing file or a file kept in both places fails the test that asks.
"""

from __future__ import annotations

from pathlib import Path

from damier.analysis.explorer import DEFAULT_GAMES

TEST_PDN = Path(__file__).resolve().parent / "pdn"
"""The files only the tests need (not games)."""

PACKAGE_GAMES = DEFAULT_GAMES
"""The game files the package installs (the tests read the installed copy)."""

FOLDERS = (TEST_PDN, PACKAGE_GAMES)


def _relative_names(folder: Path) -> set[str]:
    assert folder.is_dir(), f"the PDN folder {folder} is missing"
    return {f"{p.parent.name}/{p.name}" for p in folder.glob("*/*.pdn")}


def pdn_files() -> list[Path]:
    """Every real PDN file, sorted by ``folder/name``; fails if a file is kept twice."""
    tests, games = (_relative_names(f) for f in FOLDERS)
    twice = sorted(tests & games)
    assert not twice, f"kept both in {TEST_PDN} and in {PACKAGE_GAMES}: {twice}"
    files = [TEST_PDN / n for n in tests] + [PACKAGE_GAMES / n for n in games]
    return sorted(files, key=lambda p: (p.parent.name, p.name))


def pdn_file(name: str) -> Path:
    """The file ``variant-folder/file.pdn``, wherever it is kept."""
    for folder in FOLDERS:
        if (folder / name).is_file():
            return folder / name
    raise AssertionError(f"{name} is in neither {TEST_PDN} nor {PACKAGE_GAMES}")


def pdn_folders() -> set[str]:
    """The variant folders of both places."""
    return {p.name for folder in FOLDERS for p in folder.iterdir() if p.is_dir()}
