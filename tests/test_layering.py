"""The house layering: core uses the standard library only; search uses core; agents use search."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "fourinarow"

# What each layer may import from fourinarow (besides itself). Apps may import anything.
ALLOWED = {
    "core": {"core"},
    "search": {"core", "search"},
    "agents": {"core", "search", "agents"},
}
LIBRARY_LAYERS = set(ALLOWED)


def imports_of(path: Path) -> list[str]:
    """Every module imported anywhere in a file, lazy imports inside functions included."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
    return found


def modules() -> list[tuple[str, Path]]:
    return [
        (path.relative_to(PACKAGE).parts[0], path)
        for path in sorted(PACKAGE.rglob("*.py"))
        if len(path.relative_to(PACKAGE).parts) > 1
    ]


@pytest.mark.parametrize(("layer", "path"), modules(), ids=lambda v: str(v))
def test_layers_import_only_what_is_below_them(layer: str, path: Path) -> None:
    for name in imports_of(path):
        top, _, rest = name.partition(".")
        if top == "fourinarow":
            if layer in ALLOWED:
                sub = rest.partition(".")[0]
                assert sub in ALLOWED[layer], f"{path.name} ({layer}) imports {name}"
        elif layer in LIBRARY_LAYERS:
            assert top in sys.stdlib_module_names or top == "__future__", (
                f"{path.name} ({layer}) imports the third-party module {name}"
            )


def test_the_package_root_imports_only_the_core() -> None:
    for name in imports_of(PACKAGE / "__init__.py"):
        assert name == "__future__" or name.startswith("fourinarow.core")
