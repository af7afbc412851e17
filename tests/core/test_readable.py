"""The pure-Python core stays readable (issue 13 item 7): it is the specification of the
rules and the fallback of the native kernel, so its functions stay short and its modules
do not import each other in a circle.

* no function in ``src/damier/core`` is longer than :data:`MAX_FUNCTION` lines, except a
  function that builds closures (a "factory": it binds tables to the functions it returns),
  which may reach :data:`MAX_FACTORY` lines counting the functions inside it; each of those
  inner functions is held to :data:`MAX_FUNCTION` itself;
* the imports between the modules of ``damier.core`` form no cycle (an import inside a
  function counts: it is still a dependency; one under ``if TYPE_CHECKING:`` does not, it
  is only read by the type checker).
"""

from __future__ import annotations

import ast
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "src" / "damier" / "core"
MAX_FUNCTION = 85
"""About 80 lines, docstring included."""
MAX_FACTORY = 150

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef


def functions(tree: ast.AST) -> list[tuple[FunctionNode, bool]]:
    """Every function of a module, with whether it defines functions inside it."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inner = any(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                        for n in ast.walk(node) if n is not node)
            out.append((node, inner))
    return out


def test_functions_are_short() -> None:
    long = []
    for path in sorted(CORE.rglob("*.py")):
        for node, factory in functions(ast.parse(path.read_text(encoding="utf-8"))):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            limit = MAX_FACTORY if factory else MAX_FUNCTION
            if length > limit:
                long.append(f"{path.relative_to(CORE)}:{node.lineno} {node.name}: {length} lines > {limit}")
    assert not long, "split these functions:\n" + "\n".join(long)


def runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node of a module outside ``if TYPE_CHECKING:`` blocks."""
    out: list[ast.AST] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        out.append(node)
        for child in ast.iter_child_nodes(node):
            test = child.test if isinstance(child, ast.If) else None
            if isinstance(test, ast.Name) and test.id == "TYPE_CHECKING":
                continue
            todo.append(child)
    return out


def core_imports() -> dict[str, set[str]]:
    """Module name (``movegen``, ``variants.thai`` …) -> the core modules it imports."""
    graph: dict[str, set[str]] = {}
    for path in sorted(CORE.rglob("*.py")):
        name = ".".join(path.relative_to(CORE).with_suffix("").parts).removesuffix(".__init__")
        deps: set[str] = set()
        for node in runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            for target in targets:
                if target.startswith("damier.core."):
                    deps.add(target.removeprefix("damier.core."))
        graph[name] = deps
    return {name: {d for d in deps if d in graph and d != name} for name, deps in graph.items()}


def test_core_imports_have_no_cycle() -> None:
    graph = core_imports()
    assert "huffing" in graph["pure_movegen"] and "pure_movegen" not in graph["huffing"]
    assert "native_movegen" in graph["movegen"] and "movegen" not in graph["native_movegen"]
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        if name in path:
            raise AssertionError("import cycle: " + " -> ".join(path[path.index(name):] + [name]))
        if name in done:
            return
        for dep in sorted(graph[name]):
            visit(dep, path + [name])
        done.add(name)

    for name in sorted(graph):
        visit(name, [])
