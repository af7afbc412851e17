"""The default game files that ship in the package are the test data's files, byte for
byte, and each is listed with its origin in their SOURCES.md."""

from __future__ import annotations

from pathlib import Path

from damier.analysis.explorer import DEFAULT_GAMES

TEST_DATA = Path(__file__).resolve().parents[1] / "data" / "pdn"


def test_default_games_are_copies_of_the_test_data() -> None:
    files = sorted(DEFAULT_GAMES.glob("*/*.pdn"))
    assert len(files) > 50
    for path in files:
        original = TEST_DATA / path.parent.name / path.name
        assert original.read_bytes() == path.read_bytes(), path


def test_default_games_are_listed_with_their_origin() -> None:
    sources = (DEFAULT_GAMES / "SOURCES.md").read_text(encoding="utf-8")
    for path in sorted(DEFAULT_GAMES.glob("*/*.pdn")):
        row = next((ln for ln in sources.splitlines()
                    if ln.startswith(f"| `{path.parent.name}/{path.name}` |")), None)
        assert row is not None, f"{path.name} is not in SOURCES.md"
        assert row.count("`") >= 6 and "/" in row.split("|")[2], row
    assert "problems" not in " ".join(p.name for p in DEFAULT_GAMES.glob("*/*.pdn"))
