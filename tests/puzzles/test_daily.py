"""The daily puzzle: one per date, the same for everyone, whatever the set's order."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from fourinarow.puzzles.daily import daily_puzzle, today
from fourinarow.puzzles.model import Puzzle, PuzzleError
from tests.puzzles.examples import examples


@pytest.fixture(scope="module")
def puzzles() -> list[Puzzle]:
    return examples()


def test_the_same_date_gives_the_same_puzzle_in_any_order(puzzles: list[Puzzle]) -> None:
    day = date(2026, 11, 23)
    assert daily_puzzle(puzzles, day) == daily_puzzle(list(reversed(puzzles)), day)


def test_dates_spread_over_the_set(puzzles: list[Puzzle]) -> None:
    start = date(2026, 1, 1)
    picked = {daily_puzzle(puzzles, start + timedelta(days=d)).id for d in range(60)}
    assert picked == {p.id for p in puzzles}


def test_an_empty_set_has_no_daily_puzzle() -> None:
    with pytest.raises(PuzzleError, match="the set is empty"):
        daily_puzzle([], today())
