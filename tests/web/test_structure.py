"""The web package's imports point one way, in Python and in the page's JavaScript.

``tests/test_layers.py`` checks the arrows between layers; this test checks the arrows
inside ``damier.web`` (every import, also under ``TYPE_CHECKING``, counts; ``routes`` over
``services`` over ``storage``) and between the ES modules of ``static/`` (``import ... from
"./x.js"``, also ``export ... from`` and ``import("./x.js")``). A cycle fails with the modules
on it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "src" / "damier" / "web"
STATIC = WEB / "static"

JS_IMPORT = re.compile(
    r"""(?:^|[;\s])(?:import|export)\s[^;'"]*?from\s*["'](\./[^"']+)["']"""
    r"""|(?:^|[;\s])import\s*["'](\./[^"']+)["']"""
    r"""|import\(\s*["'](\./[^"']+)["']\s*\)""",
    re.MULTILINE,
)


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``graph`` as a list of nodes (first == last), or ``None``."""
    state: dict[str, int] = {}  # 1 on the path, 2 done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def web_module(path: Path) -> str:
    """``routes.games_api`` for ``web/routes/games_api.py``; ``app`` for ``web/app.py``."""
    return ".".join(path.relative_to(WEB).with_suffix("").parts).removesuffix(".__init__")


def python_graph() -> dict[str, set[str]]:
    """The imports between the modules of ``damier.web`` (subpackages included)."""
    files = {web_module(p): p for p in WEB.rglob("*.py") if "static" not in p.parts}
    modules = set(files)
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        deps: set[str] = set()
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                base = node.module if node.level == 0 else f"damier.web.{node.module}"
                targets = [base] + [f"{base}.{a.name}" for a in node.names]
            for t in targets:
                if t.startswith("damier.web."):
                    rest = t.removeprefix("damier.web.")
                    while rest and rest not in modules:
                        rest = rest.rpartition(".")[0]
                    if rest and rest != name and not name.startswith(rest + "."):
                        deps.add(rest)
        graph[name] = deps
    return graph


FLOORS = {"storage": 0, "services": 1, "routes": 2}


def js_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in STATIC.glob("*.js"):  # i18n/*.js are data (catalogs), not page modules
        name = path.relative_to(STATIC).as_posix()
        deps = set()
        for match in JS_IMPORT.finditer(path.read_text(encoding="utf-8")):
            spec = next(g for g in match.groups() if g)
            target = (path.parent / spec).resolve().relative_to(STATIC.resolve()).as_posix()
            assert (STATIC / target).exists(), f"{name} imports {spec}, which does not exist"
            deps.add(target)
        graph[name] = deps
    return graph


def test_find_cycle_finds_one() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_js_import_pattern_reads_every_form() -> None:
    text = ('import { a } from "./a.js";\nimport "./b.js";\nexport { c } from \'./c.js\';\n'
            'const d = await import("./d.js");\nimport {\n  e,\n} from "./e.js";\n'
            'import x from "https://example.org/x.js";\n')
    found = {next(g for g in m.groups() if g) for m in JS_IMPORT.finditer(text)}
    assert found == {"./a.js", "./b.js", "./c.js", "./d.js", "./e.js"}


def test_python_modules_of_the_web_package_have_no_cycle() -> None:
    graph = python_graph()
    assert {"services.game_service", "services.game_session", "storage.game_store",
            "routes.games_api"} <= set(graph)
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle in damier.web: " + " -> ".join(cycle or [])


def test_routes_services_and_storage_are_floors() -> None:
    """storage imports no service, services import no route; app, guard and errors stand aside."""
    problems = []
    for name, deps in python_graph().items():
        floor = FLOORS.get(name.split(".")[0])
        for dep in deps:
            dep_floor = FLOORS.get(dep.split(".")[0])
            if floor is not None and dep_floor is not None and dep_floor > floor:
                problems.append(f"{name} imports {dep}")
            if floor is not None and dep in {"app", "guard"}:
                problems.append(f"{name} imports {dep}")
    assert not problems, "imports pointing up inside damier.web:\n" + "\n".join(problems)


def test_page_modules_have_no_cycle() -> None:
    graph = js_graph()
    assert "app.js" in graph and graph["app.js"], "the page's entry module imports nothing?"
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle in web/static: " + " -> ".join(cycle or [])


def test_only_the_entry_module_is_imported_by_no_one() -> None:
    """Every page module is reachable from ``app.js``, and nothing imports ``app.js``."""
    graph = js_graph()
    imported = set().union(*graph.values())
    assert "app.js" not in imported
    assert set(graph) - imported == {"app.js"}
