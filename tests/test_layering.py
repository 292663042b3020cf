"""The house layering: core uses the standard library only; search uses core; agents use search;
of the apps, only the desktop game imports pygame, and only when its window opens."""

from __future__ import annotations

import ast
import subprocess
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


GUI_WITHOUT_PYGAME = {
    "__init__",
    "end_buttons",
    "frame",
    "launch",
    "layout",
    "menu",
    "palette",
    "physics",
    "screen",
    "session",
    "settings",
    "thinking",
}
"""The desktop game's modules that compute without pygame (launch imports it only when run)."""


def top_level_imports(path: Path) -> list[str]:
    """The modules a file imports when it is imported (not those imported inside functions)."""
    found: list[str] = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.append(node.module)
    return found


def test_only_the_gui_imports_pygame() -> None:
    for layer, path in modules():
        if any(name.partition(".")[0] == "pygame" for name in imports_of(path)):
            assert layer == "gui", f"{path.name} ({layer}) imports pygame"
        if layer == "gui" and path.stem in GUI_WITHOUT_PYGAME:
            names = top_level_imports(path)
            assert not any(name.partition(".")[0] == "pygame" for name in names), path.name


def test_the_command_line_imports_pygame_only_to_open_the_window() -> None:
    code = (
        "import sys; from fourinarow.cli.main import build_parser; build_parser(); "
        "import fourinarow.gui.session, fourinarow.gui.menu; print('pygame' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == "False"
