"""No import circles in fourinarow: module A importing B while B (directly or through others)
imports A. Every import counts, at module level and inside functions, absolute and relative,
because a circle a function import closes today is one a module-level import breaks tomorrow;
``from package import name`` counts as importing the submodule ``package.name`` where there is
one. A circle is a strongly connected component of the import graph with more than one module."""

from __future__ import annotations

import ast
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1] / "src"
PACKAGE = "fourinarow"


def module_names(source: Path = SOURCE, package: str = PACKAGE) -> dict[str, Path]:
    """Every module of ``package`` under ``source`` by dotted name (a package by its own name)."""
    modules = {}
    for path in sorted((source / package).rglob("*.py")):
        parts = path.relative_to(source).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


def _imported(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    """The dotted names ``node`` in ``module`` imports: a module, or a name a module holds."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:  # relative: from the module's package, one level up per further dot
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        origin = ".".join([*base, *([node.module] if node.module else [])])
    else:
        origin = node.module or ""
    return [f"{origin}.{alias.name}" for alias in node.names]


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Each module's imports of other modules of ``modules``: ``import a.b`` and ``from a
    import b`` name ``a.b`` where it is a module, else the module ``a`` they come from."""
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            is_package = path.name == "__init__.py"
            for target in _imported(node, name, is_package):
                while target and target not in modules:
                    target = target.rpartition(".")[0]  # a name a module holds: that module
                if target and target != name:
                    graph[name].add(target)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of ``graph`` with more than one module (Tarjan's
    algorithm), each sorted, in sorted order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def _path(graph: dict[str, set[str]], component: list[str]) -> str:
    """One circle through ``component``'s first module: ``a -> b -> a``."""
    members, start = set(component), component[0]
    trail, seen = [start], {start}
    while True:
        targets = sorted(graph[trail[-1]] & members)
        if start in targets:
            return " -> ".join([*trail, start])
        step = next((t for t in targets if t not in seen), None)
        if step is None:  # a dead end within the component: report the members
            return ", ".join(component)
        trail.append(step)
        seen.add(step)


def test_the_graph_sees_every_kind_of_import(tmp_path: Path) -> None:
    """The graph counts absolute, relative, function-level and ``from pkg import submodule``
    imports, so that the test below can fail."""
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("def f():\n    from pkg.sub import b\n")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "b.py").write_text("from . import c\n")
    (package / "sub" / "c.py").write_text("from ..a import f\nimport pkg.d\n")
    (package / "d.py").write_text("from pkg import sub\n")
    graph = import_graph(module_names(tmp_path, "pkg"))
    assert graph["pkg.a"] == {"pkg.sub.b"}
    assert graph["pkg.sub.b"] == {"pkg.sub.c"}
    assert graph["pkg.sub.c"] == {"pkg.a", "pkg.d"}
    assert graph["pkg.d"] == {"pkg.sub"}
    assert circles(graph) == [["pkg.a", "pkg.sub.b", "pkg.sub.c"]]
    assert _path(graph, ["pkg.a", "pkg.sub.b", "pkg.sub.c"]) == (
        "pkg.a -> pkg.sub.b -> pkg.sub.c -> pkg.a"
    )


def test_no_import_circles() -> None:
    graph = import_graph(module_names())
    assert len(graph) > 50  # the whole package was read
    found = [_path(graph, component) for component in circles(graph)]
    assert not found, "import circles (move what both sides need to a third module):\n" + "\n".join(
        found
    )
