"""What the wheel carries: every file of the package that is not Python or C source is
declared as package data in pyproject.toml (a file left out is missing from an installed
damier, as the page's message catalogs once were). ``make distcheck`` builds and installs
the real thing; this test catches a forgotten pattern in a fraction of a second."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "damier"
SOURCE = {".py", ".c", ".h", ".pyc", ".so"}


def test_every_data_file_is_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["damier"]
    declared = {p for pattern in patterns for p in PACKAGE.glob(pattern) if p.is_file()}
    data = {p for p in PACKAGE.rglob("*") if p.is_file() and p.suffix not in SOURCE
            and "__pycache__" not in p.parts}
    assert data, "no data files found: is src/damier there?"
    missing = sorted(str(p.relative_to(PACKAGE)) for p in data - declared)
    assert not missing, f"not declared as package data in pyproject.toml: {missing}"


def test_the_version_lives_in_one_place() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in config["project"] and "version" in config["project"]["dynamic"]
    assert config["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "damier.__version__"}
    assert config["project"]["license"] == "MIT"
