"""Imports point down only (docs/architecture.md): core <- formats <- engine <- protocol,
analysis, training <- apps (cli, web).

Every module of the package is parsed with ``ast``; an import of a higher layer (absolute, or
relative and resolved against the importing module) fails the test with the file and line.
The package root belongs to the core (``damier/__init__.py`` and ``damier/svg.py`` re-export
it); ``damier/__main__.py`` is the command, an app. Every import counts, also one inside a
function or under ``TYPE_CHECKING``. A missing or empty package fails too: the test must not
pass by finding nothing to check.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "damier"

LAYERS = {"core": 0, "formats": 1, "engine": 2, "protocol": 3, "analysis": 3, "training": 3, "cli": 4,
          "web": 4, "__main__": 4}
ROOT_MODULES = {"svg", "__init__", "_kernel"}
"""Modules of the package root that belong to the core (``_kernel``: the compiled kernel)."""


def layer_of(module: str) -> int | None:
    parts = module.split(".")
    if parts[0] != "damier":
        return None
    if len(parts) == 1 or parts[1] in ROOT_MODULES:
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
        assert own is not None, f"{path.relative_to(PACKAGE)} belongs to no layer"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            for name in imported_modules(node, module, path.name == "__init__.py"):
                target = layer_of(name)
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


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of the package it imports (every import counts, also one inside a
    function or under ``TYPE_CHECKING``; ``from pkg import mod`` names the module ``mod``)."""
    files = {".".join(p.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__"): p
             for p in package_files()}
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            names = imported_modules(node, module, path.name == "__init__.py")
            if isinstance(node, ast.ImportFrom):
                names = [f"{n}.{a.name}" if f"{n}.{a.name}" in files or a.name == "_kernel" else n
                         for n in names for a in node.names]
            for name in names:
                if name == "damier._kernel":
                    continue  # the compiled kernel, not a module of the package's source
                while name and name not in files:
                    name = name.rpartition(".")[0]
                if name and name != module:
                    deps.add(name)
        graph[module] = deps
    return graph


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The import cycles of ``graph``: its strongly connected parts of two modules or more."""
    reach = {m: set() for m in graph}  # type: dict[str, set[str]]
    for start in graph:
        todo = list(graph[start])
        while todo:
            m = todo.pop()
            if m in graph and m not in reach[start]:
                reach[start].add(m)
                todo.extend(graph[m])
    parts = {frozenset({m, *(o for o in reach[m] if m in reach[o])}) for m in graph}
    return sorted((p for p in parts if len(p) > 1), key=sorted)


def test_no_import_cycle() -> None:
    """No module of the package imports itself through others."""
    found = cycles(import_graph())
    assert not found, "import cycles:\n" + "\n".join(" <-> ".join(sorted(c)) for c in found)


def test_cycles_are_found() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset("abc")]
    assert cycles({"a": {"b"}, "b": set()}) == []
