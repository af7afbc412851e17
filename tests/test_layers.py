"""Imports point down only (DESIGN.md): core <- formats <- engine <- protocol, analysis <- apps.

Every module of the package is parsed with ``ast``; an import of a higher layer fails the
test with the file and line.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "damier"

LAYERS = {"core": 0, "formats": 1, "engine": 2, "protocol": 3, "analysis": 3, "cli": 4, "web": 4,
          "tui": 4}


def layer_of(module: str) -> int | None:
    parts = module.split(".")
    if parts[0] != "damier":
        return None
    if len(parts) == 1:
        return 0  # the package root re-exports the core
    return LAYERS.get(parts[1])


def test_imports_point_down() -> None:
    problems = []
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        module = ".".join(rel.parts).removesuffix(".__init__")
        own = layer_of(module)
        if own is None or module == "damier":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                target = layer_of(name)
                if name == "damier":
                    target = 0
                if target is not None and target > own:
                    problems.append(f"{path.relative_to(PACKAGE)}:{node.lineno} imports {name}")
    assert not problems, "imports pointing up:\n" + "\n".join(problems)


def test_core_has_no_third_party_imports() -> None:
    import sys

    allowed = set(sys.stdlib_module_names) | {"damier"}
    for path in (PACKAGE / "core").rglob("*.py"):
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
