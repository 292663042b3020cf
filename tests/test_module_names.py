"""No two modules of fourinarow share a name unless they are one feature seen from different
floors (the rules, the engine, the command line, the web app): a reader who finds
``review.py`` in two folders should find the same review in both, once as a library and once
as the command or the endpoint that serves it. Each name shared today is written out below with
where it lives and why; a module that takes a used name for something else fails here, and so
does one that takes a shared name in a new place until it is added with its reason."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "fourinarow"

SHARED: dict[str, tuple[str, frozenset[str]]] = {
    "__main__": (
        "what `python -m` runs: the fourinarow command, and the training commands",
        frozenset({"fourinarow.__main__", "fourinarow.training.__main__"}),
    ),
    "agents": (
        "the computer players: the package, and `fourinarow agents` that lists them",
        frozenset({"fourinarow.agents", "fourinarow.cli.agents"}),
    ),
    "analysis": (
        "a position's values: the analysis package, and the web app's analysis endpoints",
        frozenset({"fourinarow.analysis", "fourinarow.web.routes.analysis"}),
    ),
    "book": (
        "opening books: read beside the solver, built and installed above it, `fourinarow book`",
        frozenset({"fourinarow.search.book", "fourinarow.book", "fourinarow.cli.book"}),
    ),
    "checks": (
        "checks of public arguments: the rules' own, and the search's on top of them",
        frozenset({"fourinarow.core.checks", "fourinarow.search.checks"}),
    ),
    "experiment": (
        "the stored studies: run by the tournament package, started by `fourinarow experiment`",
        frozenset({"fourinarow.tournament.experiment", "fourinarow.cli.experiment"}),
    ),
    "games": (
        "the player's saved games: the package, the application layer's door to it, "
        "`fourinarow games` and the web app's /api/v1/games",
        frozenset(
            {
                "fourinarow.games",
                "fourinarow.service.games",
                "fourinarow.cli.games",
                "fourinarow.web.routes.games",
            }
        ),
    ),
    "gtp": (
        "the text engine protocol: spoken by the integration, served by `fourinarow gtp`",
        frozenset({"fourinarow.integrations.gtp", "fourinarow.cli.gtp"}),
    ),
    "gui": (
        "the desktop game: the package, and `fourinarow gui` that opens it",
        frozenset({"fourinarow.gui", "fourinarow.cli.gui"}),
    ),
    "kaggle": (
        "Kaggle ConnectX: its agents, its URL agent's request and endpoint, `fourinarow kaggle`",
        frozenset(
            {
                "fourinarow.integrations.kaggle",
                "fourinarow.web.kaggle",
                "fourinarow.web.routes.kaggle",
                "fourinarow.cli.kaggle",
            }
        ),
    ),
    "play": (
        "a move chosen by an agent: the terminal game and the web app's move endpoint",
        frozenset({"fourinarow.cli.play", "fourinarow.web.routes.play"}),
    ),
    "puzzles": (
        "puzzles: the package, and the application layer's door to it for the front ends",
        frozenset({"fourinarow.puzzles", "fourinarow.service.puzzles"}),
    ),
    "review": (
        "a game's review: graded by the analysis, shown by `fourinarow review` and the endpoint",
        frozenset(
            {
                "fourinarow.analysis.review",
                "fourinarow.cli.review",
                "fourinarow.web.routes.review",
            }
        ),
    ),
    "solve": (
        "every column's exact value: `fourinarow solve` and the web app's `/solve`",
        frozenset({"fourinarow.cli.solve", "fourinarow.web.routes.solve"}),
    ),
    "tournament": (
        "games between agents: the package, and `fourinarow match` and `tournament`",
        frozenset({"fourinarow.tournament", "fourinarow.cli.tournament"}),
    ),
}
"""Each name more than one module has: why they are one feature, and where each one is."""


def modules() -> dict[str, set[str]]:
    """Every module and package of fourinarow by its last name: Python files, the compiled
    kernels' sources (``.pyx``, whose ``.pyi`` is the same module) and packages; a package's
    ``__init__`` is the package itself."""
    found: dict[str, set[str]] = defaultdict(set)
    for path in PACKAGE.rglob("*"):
        if "__pycache__" in path.parts or path.suffix not in {".py", ".pyx", ".pyi"}:
            continue
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[parts[-1]].add(".".join(parts))
    return found


def test_modules_are_found() -> None:
    found = modules()
    assert found["fourinarow"] == {"fourinarow"}
    assert found["board"] == {"fourinarow.core.board"}
    assert found["_solver_kernel"] == {"fourinarow.search._solver_kernel"}  # .pyx and .pyi
    assert "fourinarow.search.book" in found["book"]  # a package, by its folder's name


def test_no_two_modules_share_a_name_unless_listed() -> None:
    shared = {name: places for name, places in modules().items() if len(places) > 1}
    unexplained = {
        name: sorted(places)
        for name, places in shared.items()
        if name not in SHARED or places != SHARED[name][1]
    }
    assert unexplained == {}, (
        "modules that share a name: rename one, or add the name to SHARED with the reason "
        "they are one feature"
    )


def test_every_listed_name_is_still_shared() -> None:
    found = modules()
    gone = {name for name, (_, places) in SHARED.items() if found[name] != places}
    assert gone == set(), "SHARED lists names no longer shared so: take them out"
    assert all(reason.strip() for reason, _ in SHARED.values())
