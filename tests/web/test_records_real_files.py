"""Round trip of the real PDN files through the web app's storage: every game is imported
(as ``POST /api/games/import`` does), stored, loaded back, exported as ``GET
/api/games/{id}/pdn`` does and read again; the game read back has the same main line,
result, variations, comments, NAGs and strength signs as the one imported, and the one
imported is the game of the file (its main line only cut at a ``/FEN/`` setup, reported)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from damier.formats.pdn import parse_games
from damier.web.services import pdn_games, pdn_io
from damier.web.services.game_service import GameService
from damier.web.storage.game_store import Store
from tests.data import pdn_files
from tests.formats.test_real_files import FOLDER_VARIANT, SPECIAL_VARIANT
from tests.web.test_records import same_tree

TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
"""Tag names written as read (the writer makes others into names, docs/pdn.md "Tags")."""
FILES = pdn_files()


def test_the_real_files_are_there() -> None:
    assert len(FILES) > 70, "the real PDN files are missing (tests/data)"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_export_import_round_trip(path: Path, tmp_path: Path) -> None:
    variant = SPECIAL_VARIANT.get(path.name, FOLDER_VARIANT[path.parent.name])
    text = path.read_bytes().decode("utf-8", "replace")
    read = parse_games(text, variant)
    games, _dropped = pdn_io.from_games(read)
    originals = [g for g in read if g.tags or g.root.setup or any(n.parent for n in g.walk())]
    assert len(games) == len(originals)
    store = Store(tmp_path / "games.sqlite3")
    svc = GameService(store, engine_threads=1)
    ids = pdn_games.store_games(store, games)

    async def export_all() -> list[str]:
        out = []
        for gid in ids:
            out.append(svc.export_pdn(await svc.get(gid)))
            svc.sessions.pop(gid)
        return out

    try:
        texts = asyncio.run(export_all())
    finally:
        svc.close()
        store.close()
    variations = 0
    for g, original, exported in zip(games, originals, texts, strict=True):
        if not any("setup inside the main line" in e for e in g.errors):
            assert same_tree(g.tree.root, original.root), original
        (back,) = parse_games(exported, variant)
        assert not back.errors, (exported, back.errors)
        assert [m.key() for m in back.mainline_moves()] == [m.key() for m in g.moves]
        assert back.result == g.result or g.result not in pdn_io_results(), (g.result, back.result)
        assert same_tree(back.root, g.tree.root), exported
        kept = {k: v.strip() for k, v in g.tags.items()
                if k != "Result" and v.strip() and TAG_NAME.fullmatch(k)}
        assert {k: v.strip() for k, v in back.tags.items()}.items() >= kept.items()
        variations += sum(len(n.variations) - 1 for n in back.walk() if n.variations)
    if path.name in ("pdnstd_nk2009_ronde01_annotated.pdn", "pdnstd_nk2009_ronde02_annotated.pdn"):
        assert variations > 10  # the annotated files do carry variations


def pdn_io_results() -> tuple[str, ...]:
    """Results a record keeps (``*`` and unknown texts are written as ``*``)."""
    return ("2-0", "1-0", "0-2", "0-1", "1-1", "1/2-1/2", "0-0")
