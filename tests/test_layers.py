"""Imports point down only (DESIGN.md): core <- formats <- engine <- protocol, analysis, training <- apps.

Every module of the package is parsed with ``ast``; an import of a higher layer (absolute, or
relative and resolved against the importing module) fails the test with the file and line.
A missing or empty package fails too: the test must not pass by finding nothing to check.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "damier"

LAYERS = {"core": 0, "formats": 1, "engine": 2, "protocol": 3, "analysis": 3, "training": 3, "cli": 4,
          "web": 4, "tui": 4}


def layer_of(module: str) -> int | None:
    parts = module.split(".")
    if parts[0] != "damier":
        return None
    if len(parts) == 1:
        return 0  # the package root re-exports the core
    return LAYERS.get(parts[1])


def package_files(folder: Path = PACKAGE) -> list[Path]:
    """The package's Python files; fails when the folder is missing or nearly empty."""
    assert folder.is_dir(), f"{folder} is missing: nothing to check"
    files = sorted(folder.rglob("*.py"))
    assert len(files) >= 5, f"{folder} holds only {len(files)} Python files"
    return files


def imported_modules(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    """The absolute names an import statement of ``module`` refers to."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if node.level == 0:
        return [node.module] if node.module else []
    # from . import x / from ..pkg import y: resolve against the importing module's package
    parts = module.split(".") if is_package else module.split(".")[:-1]
    base = parts[: len(parts) - (node.level - 1)]
    if node.module:
        return [".".join([*base, node.module])]
    return [".".join([*base, a.name]) for a in node.names]


def test_imports_point_down() -> None:
    problems = []
    for path in package_files():
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        module = ".".join(rel.parts).removesuffix(".__init__")
        own = layer_of(module)
        if own is None or module == "damier":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            for name in imported_modules(node, module, path.name == "__init__.py"):
                target = layer_of(name)
                if name == "damier":
                    target = 0
                if target is not None and target > own:
                    problems.append(f"{path.relative_to(PACKAGE)}:{node.lineno} imports {name}")
    assert not problems, "imports pointing up:\n" + "\n".join(problems)


def test_core_has_no_third_party_imports() -> None:
    import sys

    allowed = set(sys.stdlib_module_names) | {"damier"}
    for path in package_files(PACKAGE / "core"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                roots = [node.module.split(".")[0]]
            else:
                continue
            for root in roots:
                assert root in allowed, f"{path}: imports {root}"


def test_a_missing_package_fails(tmp_path: Path) -> None:
    """The checks above cannot pass vacuously: no package folder, no pass."""
    with pytest.raises(AssertionError, match="missing"):
        package_files(tmp_path / "src" / "damier")


def test_relative_imports_are_resolved() -> None:
    tree = ast.parse("from ..web import app\nfrom . import quiet\nfrom .rules import Rules")
    names = [n for node in tree.body if isinstance(node, ast.ImportFrom)
             for n in imported_modules(node, "damier.core.movegen", False)]
    assert names == ["damier.web", "damier.core.quiet", "damier.core.rules"]
    assert layer_of(names[0]) == 4
