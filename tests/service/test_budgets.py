"""The one policy for how long a hint, an analysis, a review position and a whole review may
search, and the one share of it that goes to proofs: defined once, in the application layer,
and used by every front end."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from fourinarow.core import Board
from fourinarow.core.geometry import Geometry
from fourinarow.search.book import Book, position_key
from fourinarow.search.limit import Limit
from fourinarow.service.budgets import (
    ANALYSIS_SECONDS,
    ANSWER_SECONDS_PER_MOVE,
    COACH_SHARE,
    LINE_LENGTH,
    LINE_SECONDS,
    LINE_SHARE,
    RECORD_SHARE,
    REVIEW_SECONDS,
    analysis_limit,
    answer_reserve,
    capped_line_limit,
    grading_seconds,
    hint_limit,
    inside_book,
    line_limit,
    record_seconds,
    review_position_limit,
    whole_review_limit,
)

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "fourinarow"
FRONT_ENDS = ("cli", "web", "gui", "integrations")


@pytest.mark.parametrize(("width", "height"), [(7, 6), (6, 6), (5, 4), (4, 4)])
def test_a_shape_with_a_shipped_book_is_reviewed_without_a_limit(width: int, height: int) -> None:
    assert review_position_limit(Geometry(width, height, 4)) is None


@pytest.mark.parametrize(("width", "height", "connect"), [(8, 7, 4), (5, 5, 4), (7, 6, 5)])
def test_a_shape_without_a_book_gets_a_time_per_position(
    width: int, height: int, connect: int
) -> None:
    assert review_position_limit(Geometry(width, height, connect)) == Limit(time=REVIEW_SECONDS)


def test_a_board_stands_for_its_shape() -> None:
    assert review_position_limit(Board.from_moves("44")) is None
    assert review_position_limit(Board(8, 7)) == Limit(time=REVIEW_SECONDS)


def test_what_the_user_asks_for_a_review_wins() -> None:
    assert review_position_limit(Geometry(7, 6, 4), time_ms=250) == Limit(time=0.25)
    assert review_position_limit(Geometry(8, 7, 4), no_limit=True) is None
    assert review_position_limit(Geometry(8, 7, 4), no_limit=True, max_nodes=5) == Limit(nodes=5)
    assert review_position_limit(Geometry(8, 7, 4), max_nodes=5) == Limit(REVIEW_SECONDS, nodes=5)


def test_an_installed_book_lifts_the_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "fourinarow" / "books"
    folder.mkdir(parents=True)
    key = position_key(Board.from_moves("3", width=5, height=5))
    Book.from_entries(5, 5, 4, 1, {key: 0}).save(folder / "5x5c4.book")
    assert review_position_limit(Geometry(5, 5, 4)) is None


@pytest.mark.parametrize(
    ("size", "limited"),
    [((7, 6), False), ((6, 6), False), ((5, 4), False), ((5, 5), True), ((8, 7), True)],
)
def test_a_whole_review_gives_each_position_an_even_share_where_no_book_is(
    size: tuple[int, int], limited: bool
) -> None:
    board = Board.from_moves("3344", width=size[0], height=size[1])
    assert whole_review_limit(board, 2.0) == (Limit(time=0.5) if limited else None)


def test_a_capped_review_splits_its_time_as_the_service_says() -> None:
    """The web's review under the server's cap: the answer's reserve, the grading, the best
    lines' share and the record's share of the coaching, decided here for every door."""
    booked, bare = Board.from_moves("4455"), Board.from_moves("4455", width=8, height=7)
    assert answer_reserve(bare) == 4 * ANSWER_SECONDS_PER_MOVE
    assert grading_seconds(booked, 10.0) == 10.0  # the book grades it: no lines' share kept
    assert grading_seconds(bare, 10.0) == pytest.approx(10.0 * (1 - COACH_SHARE))
    assert record_seconds(10.0) == pytest.approx(10.0 * RECORD_SHARE)
    assert line_limit(booked) is capped_line_limit(booked, 1.0) is None
    assert line_limit(bare) == Limit(time=LINE_SECONDS / LINE_LENGTH)
    assert capped_line_limit(bare, 1.0) == Limit(time=LINE_SHARE / (4 * LINE_LENGTH))
    assert capped_line_limit(bare, 100.0) == line_limit(bare)  # never more than a line's own


def test_a_hint_inside_the_book_needs_no_search_and_elsewhere_gets_the_analysis_time() -> None:
    assert inside_book(Board.from_moves("4444"))
    assert hint_limit(Board.from_moves("4444")) is None
    late = Board.from_moves("4444443333332222221")  # beyond the 7x6 book
    assert not inside_book(late)
    assert hint_limit(late) == Limit(time=ANALYSIS_SECONDS)
    assert hint_limit(Board(8, 7)) == analysis_limit() == Limit(time=ANALYSIS_SECONDS)


# ------------------------------------------------------------------- one definition each


def assigned_names(path: Path) -> set[str]:
    """The names a module binds at its top level to a number written out (``X = 0.5``)."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign):
            targets = [node.target]
        value = getattr(node, "value", None)
        if isinstance(value, ast.Constant) and isinstance(value.value, int | float):
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


def defined_functions(path: Path) -> set[str]:
    return {
        node.name
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef)
    }


def python_files(*packages: str) -> list[Path]:
    return sorted(path for package in packages for path in (PACKAGE / package).rglob("*.py"))


def test_the_proof_share_has_one_definition() -> None:
    where = [
        path.relative_to(PACKAGE).as_posix()
        for path in sorted(PACKAGE.rglob("*.py"))
        if "PROOF_SHARE" in assigned_names(path)
    ]
    assert where == ["agents/proofs.py"]


BUDGET_FUNCTIONS = {
    "position_limit",
    "review_limit",
    "hint_limit",
    "analysis_limit",
    "solver_limit",
    # a capped review's split (the web's), and a best line's budget
    "review_seconds",
    "grading_seconds",
    "record_seconds",
    "line_limit",
    "capped_line_limit",
    "answer_reserve",
}
BUDGET_CONSTANTS = {
    "REVIEW_SECONDS",
    "ANALYSIS_SECONDS",
    "HINT_SECONDS",
    "DEFAULT_TIME_MS",
    "SOLVER_TIME_MS",
    "COACH_SHARE",
    "RECORD_SHARE",
    "LINE_SHARE",
    "LINE_SECONDS",
    "ANSWER_SECONDS_PER_MOVE",
}
OTHER_BUDGETS = {"puzzle_generate.py"}
"""Front-end modules whose limits are not a hint's, an analysis's or a review's (the puzzle
generator's search of each candidate position)."""


@pytest.mark.parametrize(
    "path",
    [p for p in python_files(*FRONT_ENDS) if p.name not in OTHER_BUDGETS],
    ids=lambda p: p.name,
)
def test_no_front_end_writes_its_own_review_or_hint_budget(path: Path) -> None:
    """The front ends take the budgets from the service: they neither define a limit function
    nor write a budget's seconds as a number of their own."""
    assert not defined_functions(path) & BUDGET_FUNCTIONS
    assert not assigned_names(path) & BUDGET_CONSTANTS


def test_the_front_ends_that_review_or_analyse_take_the_budgets_from_the_service() -> None:
    users = {
        "cli/review.py": "review_position_limit",
        "cli/play.py": "review_position_limit",
        "gui/main_loop.py": "review_position_limit",
        "web/routes/review.py": "whole_review_limit",
        "web/routes/review.py ": "grading_seconds",
    }
    for module, name in users.items():
        text = (PACKAGE / module.strip()).read_text(encoding="utf-8")
        assert "from fourinarow.service.budgets import" in text, module
        assert name in text, module
    for module in ("cli/play.py", "gui/game_screen.py"):
        assert "hint(" in (PACKAGE / module).read_text(encoding="utf-8"), module
    for module in ("cli/move.py", "web/routes/analysis.py"):
        assert "analysis(" in (PACKAGE / module).read_text(encoding="utf-8"), module
