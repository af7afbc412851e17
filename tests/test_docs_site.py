"""The documentation site builds without a warning, and its examples run.

``make docs`` builds it with MkDocs in strict mode (mkdocs.yml: every page in the
navigation, every link and anchor found, the API reference generated from the docstrings
by mkdocstrings); CI only runs ``make test``, so this test builds it the same way. The
getting-started pages and the perft page hold Python examples that run here as doctests.
"""

from __future__ import annotations

import doctest
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE_PAGES = ["docs/start/python.md", "docs/start/engine-author.md", "docs/perft.md"]


def test_the_site_builds_in_strict_mode(tmp_path: Path) -> None:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-4000:]
    assert "WARNING" not in done.stderr, done.stderr[-4000:]
    api = (tmp_path / "site" / "api" / "core" / "index.html").read_text(encoding="utf-8")
    assert "damier.core.board" in api and "legal_moves" in api  # generated from the docstrings
    analysis = (tmp_path / "site" / "api" / "analysis" / "index.html").read_text(encoding="utf-8")
    for name in ("review", "explorer.Explorer", "puzzle.check_move", "mining", "puzzledb"):
        assert f"damier.analysis.{name}" in analysis, name
    for page in ("start/player", "start/python", "start/engine-author", "rules/international"):
        assert (tmp_path / "site" / page / "index.html").is_file(), page


@pytest.mark.parametrize("page", EXAMPLE_PAGES)
def test_page_examples_run(page: str) -> None:
    result = doctest.testfile(str(ROOT / page), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0, result


def test_docstring_extension() -> None:
    spec = importlib.util.spec_from_file_location("griffe_docstrings",
                                                  ROOT / "scripts" / "griffe_docstrings.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0, result
