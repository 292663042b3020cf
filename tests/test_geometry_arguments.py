"""A board's shape travels as one ``Geometry`` (or a ``Board``): only the public entry points
whose ``width=``, ``height=`` and ``connect=`` keywords users write take the three apart."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "fourinarow"

PUBLIC = {
    "core/board.py": {"__init__", "from_moves", "from_grid"},  # Board(width=, ...)
    "search/heuristic.py": {"__init__"},  # HeuristicSearch(width=, ...)
    "search/engine_search.py": {"__init__"},  # Engine(width=, ...)
    "search/python_solver.py": {"__init__"},  # ReferenceKernel: the compiled Kernel's constructor
    "search/book/lookup.py": {"__init__", "from_entries", "require_shape"},  # Book
    "search/book/default.py": {  # the default books of a shape, by its three numbers
        "book_file_name",
        "default_book",
        "default_book_path",
        "default_book_plies",
        "has_default_book",
        "installed_book_path",
        "shipped_book_path",
    },
    "book/build.py": {"build_book"},
    "book/estimate.py": {"estimate_build", "layer_sizes"},
    "book/install.py": {"remove_book"},
    "book/layers.py": {"layers"},
    "puzzles/generate.py": {"generate", "games_from_moves", "self_play_games"},
    "analysis/review.py": {"review_game"},
    "analysis/accuracy.py": {"read_positions"},
    "integrations/pettingzoo.py": {"env", "__init__"},
    "integrations/gymnasium.py": {"__init__"},
    "integrations/gtp.py": {"__init__"},  # GtpEngine(width=, ...)
    "integrations/openspiel.py": {"game_for"},
}

NOT_YET = {
    "search/evaluation.py": {"make_evaluation"},
    "search/solver.py": {"prepare"},
    "web/searches.py": {"prepare"},
    "web/quick.py": {"prepare"},
}
"""Internal functions that still take the three numbers apart (each to take a Geometry)."""


def _loose_shapes() -> set[tuple[str, str]]:
    found = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                names = {a.arg for a in node.args.args + node.args.kwonlyargs}
                if {"width", "height", "connect"} <= names:
                    found.add((path.relative_to(PACKAGE).as_posix(), node.name))
    return found


def test_only_public_entry_points_take_width_height_and_connect_apart() -> None:
    allowed = {
        (module, name)
        for table in (PUBLIC, NOT_YET)
        for module, names in table.items()
        for name in names
    }
    assert sorted(_loose_shapes() - allowed) == []
