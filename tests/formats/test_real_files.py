"""Every real PDN file (the package's default games and tests/data/pdn, see tests/data): read,
replay, and check the issues found.

Files not named ``malformed_``/``fail_`` must replay without a single error, except the
faults listed in KNOWN_FAULTS (checked by hand and with pydraughts: the game text itself is
wrong). ``malformed_``/``fail_`` files must report problems with line numbers and still
return every game. The data is part of the repository: a missing file fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from damier.formats.pdn import read_games
from tests.data import pdn_file, pdn_files, pdn_folders

FOLDER_VARIANT = {
    "international": "international", "english": "english", "italian": "italian",
    "russian": "russian", "czech": "czech", "brazilian": "brazilian", "frisian": "frisian",
    "other": None, "conformance": None,
}
SPECIAL_VARIANT = {"succeed_alphanumeric.pdn": "czech"}

KNOWN_FAULTS: dict[str, list[tuple[int, str]]] = {
    # text glued to a move outside braces (game 'Petal 1987, game 15')
    "checkerboard_tinsley.pdn": [
        (6434, "unexpected 'Redoversteppedthetimecontrolonthismove.'"),
        # the same fault in another game
        (7170, "unexpected 'Whiteoversteppedthetimecontrolonthismove.'"),
        # 'Petal 1981, game 18': the king moved 32-28 at move 60, then '62. 32-28' again
        (5588, "move 32-28: there is no piece on square 32"),
    ],
}

# games per malformed/fail file (counted by hand; tests/data/SOURCES.md)
MALFORMED_GAMES = {
    "malformed_brunogui_championnat_france_2021_empty_pseudo_tags.pdn": 58,
    "malformed_brunogui_polish_team_ch_2024_one_line_per_game.pdn": 82,
    "malformed_brunogui_african_blitz_ch_2024_literal_backslash_r.pdn": 48,
    "malformed_brunogui_suriname_veterans_ch_2025_literal_backslash_r.pdn": 98,
    "malformed_brunogui_wk_matches_2024_lidraughts_literal_backslash_r.pdn": 2,
    "malformed_brunogui_bruno_vs_scan31_missing_terminators.pdn": 11,
    "malformed_brunogui_fen_problems_missing_terminators.pdn": 4,
    "malformed_pdnstd_40camp_italiano_dama_internazionale_2004.pdn": 45,
    "malformed_pdnstd_problems_cat_a1.pdn": 35,
    # 45 tagged games plus a stray body-only game "36x27 1-0" after game C96 (line 611)
    "malformed_pdnstd_problems_cat_c1.pdn": 46,
    "malformed_pdnstd_delfts_miniwk2007.pdn": 2,
    "malformed_pdnstd_mrdrcd07.pdn": 72,
    "malformed_pdnstd_mrdrcd08.pdn": 40,
    "malformed_pdnstd_abatsiev.pdn": 56,
    "fail_nested_comment.pdn": 1,
}


def _files(malformed: bool) -> list[Path]:
    return [p for p in pdn_files()
            if p.name.startswith(("malformed_", "fail_")) == malformed]


def _read(path: Path) -> list:  # type: ignore[type-arg]
    variant = SPECIAL_VARIANT.get(path.name, FOLDER_VARIANT[path.parent.name])
    return list(read_games(path, variant))


def test_the_data_is_in_the_repository() -> None:
    """Every folder holds its files, and every file the tests name exists (an empty
    parameter list would otherwise pass silently)."""
    assert pdn_folders() == set(FOLDER_VARIANT)
    assert len(_files(False)) >= 60 and len(_files(True)) >= 15
    names = {p.name for p in pdn_files()}
    for name in [*KNOWN_FAULTS, *MALFORMED_GAMES, *SPECIAL_VARIANT]:
        assert name in names, f"{name} is missing from the real PDN files"


@pytest.mark.parametrize("path", _files(False), ids=lambda p: p.name)
def test_clean_file_replays(path: Path) -> None:
    games = _read(path)
    assert games
    found = sorted((i.line, i.message) for g in games for i in g.errors)
    assert found == sorted(KNOWN_FAULTS.get(path.name, []))


@pytest.mark.parametrize("path", _files(True), ids=lambda p: p.name)
def test_malformed_file_reports_and_recovers(path: Path) -> None:
    games = _read(path)
    issues = [i for g in games for i in g.issues]
    assert issues, "a malformed file must report what is wrong"
    assert all(i.line > 0 and i.column > 0 and i.message for i in issues)
    if path.name in MALFORMED_GAMES:
        assert len(games) == MALFORMED_GAMES[path.name]


def test_malformed_details() -> None:
    def issues(name: str, folder: str = "international") -> list[str]:
        games = _read(pdn_file(f"{folder}/{name}"))
        return [str(i) for g in games for i in g.issues]

    nested = issues("fail_nested_comment.pdn", "conformance")
    assert any("comments do not nest" in t for t in nested)
    assert any("unexpected '}'" in t for t in nested)
    empty = issues("malformed_brunogui_championnat_france_2021_empty_pseudo_tags.pdn")
    assert "line 331, column 1: error: [Empty] is not a tag" in "\n".join(empty)
    forfeits = issues("malformed_pdnstd_mrdrcd07.pdn", "czech")
    assert "line 198, column 1: warning: move number 1. without a move" in forfeits
    unknown = issues("malformed_pdnstd_abatsiev.pdn", "russian")
    assert any("unknown move '- -'" in t for t in unknown)
    terminators = issues("malformed_brunogui_bruno_vs_scan31_missing_terminators.pdn")
    assert sum("no game terminator" in t for t in terminators) == 3


@pytest.mark.parametrize("name", [
    "international/malformed_brunogui_polish_team_ch_2024_one_line_per_game.pdn",
    "english/pdnstd_tricks_traps_and_shots.pdn",
    "international/pdnstd_kurnik.pdn",
])
def test_index_random_access(name: str) -> None:
    from damier.formats.pdn import PdnIndex
    from damier.formats.pdn.writer import write_game

    path = pdn_file(name)
    variant = FOLDER_VARIANT[path.parent.name]
    games = list(read_games(path, variant))
    index = PdnIndex(path, variant)
    assert len(index) == len(games)
    for i in sorted({0, len(games) // 3, len(games) // 2, len(games) - 1}):
        game = index[i]
        assert game.line == games[i].line
        assert write_game(game) == write_game(games[i])
