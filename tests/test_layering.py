"""The house layering: every package of fourinarow has a rule saying which of its siblings and
which third-party modules it may import. core uses the standard library only; search uses core;
agents use search; the apps (book, tournament, gui, cli) use what is below them; the neutral
``extras`` and ``userdata`` modules may be used everywhere; optional third-party modules are
imported lazily by the app that needs them, and only the desktop game imports pygame, only when
its window opens; the web app imports FastAPI and uvicorn, and the command line imports the web
app lazily. A new package fails these tests until it is given its rule here."""

from __future__ import annotations

import ast
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "fourinarow"


@dataclass(frozen=True)
class Rule:
    """What one package (or top-level module) may import.

    Attributes:
        fourinarow: the other packages and top-level modules of fourinarow it may import
            (the :data:`NEUTRAL` modules are allowed everywhere and not listed).
        third_party: the third-party modules it may import (by their top-level name).
        lazily: third-party modules only inside functions, never when the module is imported
            (the desktop game's own rule for pygame is in the tests below).
    """

    fourinarow: frozenset[str] = frozenset()
    third_party: frozenset[str] = frozenset()
    lazily: bool = True


LIBRARY = ("core", "search", "agents")
RULES: dict[str, Rule] = {
    # the library: standard library only, each layer on those below it
    "core": Rule(),
    "search": Rule(frozenset({"core"})),
    "agents": Rule(frozenset({"core", "search"})),
    # the apps
    "book": Rule(frozenset({"core", "search"})),
    "analysis": Rule(frozenset(LIBRARY)),
    "integrations": Rule(
        frozenset({*LIBRARY, "service", "__init__"}),
        frozenset(
            {"pyspiel", "open_spiel", "pettingzoo", "gymnasium", "numpy", "kaggle_environments"}
        ),
    ),
    "puzzles": Rule(frozenset({*LIBRARY, "analysis"})),
    # the player's saved games: the rules core and a SQLite file
    "games": Rule(frozenset({"core"})),
    # positions labelled by the solver, and the network trained on them (the train extra)
    "training": Rule(frozenset(LIBRARY), frozenset({"numpy", "torch", "matplotlib"})),
    # the application layer: what the front ends ask of the engine, decided once
    "service": Rule(frozenset({*LIBRARY, "analysis", "puzzles", "games"})),
    "tournament": Rule(frozenset({*LIBRARY, "service"}), frozenset({"matplotlib", "ray"})),
    "gui": Rule(frozenset({*LIBRARY, "service"}), frozenset({"pygame"}), lazily=False),
    # the web app imports its framework when it is imported; only ``serve`` imports it
    "web": Rule(
        frozenset({*LIBRARY, "service", "integrations", "__init__"}),
        frozenset({"fastapi", "starlette", "uvicorn", "pydantic", "httptools"}),
        lazily=False,
    ),
    "cli": Rule(
        frozenset(
            {
                *LIBRARY,
                *("service", "book", "integrations", "tournament"),
                *("gui", "web"),
                "__init__",
            }
        ),
        # all but rich to check extras early
        frozenset({"rich", "matplotlib", "ray", "fastapi", "uvicorn", "httptools"}),
    ),
    # the top-level modules
    "__init__": Rule(frozenset({"core"})),
    "__main__": Rule(frozenset({"cli"})),
    "extras": Rule(third_party=frozenset({"ray"})),  # start_ray, for tournament and book
    "userdata": Rule(),  # where the user's files go, for tournament and puzzles
}
"""Every package and top-level module under src/fourinarow, by name."""

NEUTRAL = frozenset({"extras", "userdata"})
"""Top-level modules that import nothing of fourinarow, which every other unit may use."""


def units() -> list[str]:
    """The packages and top-level modules of fourinarow, as found on disk."""
    found = [path.parent.name for path in PACKAGE.glob("*/__init__.py")]
    found += [path.stem for path in PACKAGE.glob("*.py")]
    return sorted(found)


@dataclass(frozen=True)
class Import:
    """One imported module, and whether it is imported when its file is (at the top level)."""

    name: str
    top_level: bool


def imports_in(path: Path) -> list[Import]:
    """Every module a file imports, lazy imports inside functions included.

    Relative imports are resolved against the file's package; ``require_extra("m", ...)`` (the
    house's way to import an optional module) counts as importing ``m``.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ["fourinarow", *path.relative_to(PACKAGE).parent.parts]
    top = {id(node) for node in tree.body}
    top |= {
        id(child)  # imports in a module-level ``if``/``try`` still run on import
        for node in tree.body
        if isinstance(node, (ast.If, ast.Try)) and not _only_for_type_checking(node)
        for child in ast.walk(node)
    }
    found: list[Import] = []
    for node in ast.walk(tree):
        at_top = id(node) in top
        if isinstance(node, ast.Import):
            found.extend(Import(alias.name, at_top) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package[: len(package) - node.level + 1], base]).strip(".")
            if base == "fourinarow":  # ``from fourinarow import x``: a submodule or the root
                found.extend(Import(_root_member(alias.name), at_top) for alias in node.names)
            else:
                found.append(Import(base, at_top))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "require_extra"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.append(Import(node.args[0].value, at_top))
    return found


def _only_for_type_checking(node: ast.stmt) -> bool:
    """``if TYPE_CHECKING:``: its imports never run, they only inform the type checker."""
    test = node.test if isinstance(node, ast.If) else None
    return isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"


def _root_member(name: str) -> str:
    """``fourinarow.x`` when x is a package or module of fourinarow, else the root itself."""
    is_unit = (PACKAGE / name).is_dir() or (PACKAGE / f"{name}.py").is_file()
    return f"fourinarow.{name}" if is_unit else "fourinarow.__init__"


def modules() -> list[tuple[str, Path]]:
    """Every Python file of fourinarow with the package (or top-level module) it belongs to."""
    return [
        (
            path.relative_to(PACKAGE).parts[0]
            if len(path.relative_to(PACKAGE).parts) > 1
            else path.stem,
            path,
        )
        for path in sorted(PACKAGE.rglob("*.py"))
    ]


def test_every_package_and_top_level_module_has_a_rule() -> None:
    missing = sorted(set(units()) - set(RULES))
    assert not missing, f"give these a rule in tests/test_layering.py RULES: {missing}"
    assert not set(RULES) - set(units()), "a rule for a package that no longer exists"


def test_the_rules_only_point_downwards() -> None:
    """No two packages may import each other, directly or through others."""

    def below(unit: str, seen: frozenset[str]) -> set[str]:
        assert unit not in seen, f"an import cycle through {unit}"
        reached = set(RULES[unit].fourinarow)
        for other in RULES[unit].fourinarow:
            reached |= below(other, seen | {unit})
        return reached

    for unit in RULES:
        assert unit not in below(unit, frozenset())


@pytest.mark.parametrize(("unit", "path"), modules(), ids=lambda v: str(v))
def test_each_package_imports_only_what_its_rule_allows(unit: str, path: Path) -> None:
    rule = RULES[unit]
    allowed = rule.fourinarow | {unit} | (NEUTRAL - {unit})
    where = f"{path.relative_to(PACKAGE)} ({unit})"
    for imported in imports_in(path):
        top, _, rest = imported.name.partition(".")
        if top == "fourinarow":
            sub = rest.partition(".")[0] or "__init__"
            assert sub in allowed, f"{where} imports {imported.name}"
        elif top not in sys.stdlib_module_names and top != "__future__":
            assert top in rule.third_party, f"{where} imports the third-party module {top}"
            assert not (rule.lazily and imported.top_level), (
                f"{where} imports {top} when it is imported: import it inside the function "
                "that needs it (require_extra)"
            )


def test_the_import_reader_sees_every_kind_of_import() -> None:
    """The checks above are only as good as the reader: it must find each form."""
    source = PACKAGE / "cli" / "kernels.py"
    names = {i.name for i in imports_in(source)}
    assert "fourinarow.__init__" in names  # from fourinarow import __version__
    plots = {(i.name, i.top_level) for i in imports_in(PACKAGE / "tournament" / "plots.py")}
    assert ("matplotlib", False) in plots  # require_extra inside a function
    assert ("fourinarow.extras", True) in plots


GUI_WITHOUT_PYGAME = {
    "__init__",
    "best_line",
    "end_buttons",
    "frame",
    "games_view",
    "graph",
    "keeper",
    "launch",
    "layout",
    "menu",
    "palette",
    "physics",
    "retry_view",
    "review_layout",
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
        if any(i.name.partition(".")[0] == "pygame" for i in imports_in(path)):
            assert layer == "gui", f"{path.name} ({layer}) imports pygame"
        if layer == "gui" and path.stem in GUI_WITHOUT_PYGAME:
            names = top_level_imports(path)
            assert not any(name.partition(".")[0] == "pygame" for name in names), path.name


def test_the_command_line_imports_the_web_app_only_to_serve() -> None:
    code = (
        "import sys; from fourinarow.cli.main import build_parser; build_parser(); "
        "print(any(m.split('.')[0] in ('fastapi', 'uvicorn', 'starlette') or "
        "m.startswith('fourinarow.web') for m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == "False"


def test_the_command_line_imports_pygame_only_to_open_the_window() -> None:
    code = (
        "import sys; from fourinarow.cli.main import build_parser; build_parser(); "
        "import fourinarow.gui.game_state, fourinarow.gui.menu; print('pygame' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == "False"
