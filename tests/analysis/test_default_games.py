"""The default game files that ship in the package: the repository's only copy of the real
games (the tests read them there, see tests/data), each listed with its origin, commit and
licence in their SOURCES.md, and no problem collections among them."""

from __future__ import annotations

from pathlib import Path

from damier.analysis.explorer import DEFAULT_GAMES
from tests.data import TEST_PDN, pdn_files


def _listed(sources: Path, name: str) -> str | None:
    text = sources.read_text(encoding="utf-8")
    return next((ln for ln in text.splitlines() if ln.startswith(f"| `{name}` |")), None)


def test_one_copy_of_each_game_file() -> None:
    files = sorted(DEFAULT_GAMES.glob("*/*.pdn"))
    assert len(files) > 50
    kept = pdn_files()  # fails on a file kept both in the package and in tests/data/pdn
    contents = {p.read_bytes() for p in kept}
    assert len(contents) == len(kept), "two real PDN files have the same bytes"


def test_default_games_are_listed_with_their_origin() -> None:
    sources = DEFAULT_GAMES / "SOURCES.md"
    repositories = set()
    for path in sorted(DEFAULT_GAMES.glob("*/*.pdn")):
        row = _listed(sources, f"{path.parent.name}/{path.name}")
        assert row is not None, f"{path.name} is not in SOURCES.md"
        cells = row.split("|")
        # | file | repository: path | commit | games | notes |
        assert ": " in cells[2] and "/" in cells[2].split(": ")[0], row
        assert len(cells[3].strip().strip("`")) == 12, row
        repositories.add(cells[2].split(": ")[0].strip())
    assert "problems" not in " ".join(p.name for p in DEFAULT_GAMES.glob("*/*.pdn"))
    text = sources.read_text(encoding="utf-8")
    for repo in repositories:  # each repository has its licence row
        assert f"| [{repo}](https://github.com/{repo}) |" in text, f"no licence row for {repo}"


def test_test_data_files_are_listed_with_their_origin() -> None:
    sources = TEST_PDN.parent / "SOURCES.md"
    for path in sorted(TEST_PDN.glob("*/*.pdn")):
        assert _listed(sources, path.name) is not None, f"{path.name} is not in {sources}"
