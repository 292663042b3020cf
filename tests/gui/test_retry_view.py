"""The retry's model without pygame: one try per mistake, full columns refused, the missed ones
handed on to be remembered even when that fails."""

from __future__ import annotations

import pytest

from fourinarow.core import Board
from fourinarow.gui.retry_view import RetryLayout, RetryView
from fourinarow.service import coach
from fourinarow.service.reviews import review_game

FULL_MIDDLE = "44444412121272"
"""A game whose mistakes are all made with the middle column full."""


def test_a_full_column_is_refused_with_the_reason_and_the_exercise_stays_open() -> None:
    review = review_game(FULL_MIDDLE)
    view = RetryView(review.board, coach.exercises(review), ("Red", "Yellow"))
    assert not view.try_column(3)
    assert view.notice == "Column 4 is full: try another one."
    assert view.verdict is None
    assert not view.try_column(7)
    assert view.notice == "There is no column 8 on this board."
    assert view.try_column(2)
    assert view.verdict is not None
    assert view.verdict.right


def test_a_failing_record_is_said_and_the_retry_goes_on() -> None:
    review = review_game(FULL_MIDDLE)
    missed: list[int] = []

    def remember(exercise: coach.Exercise) -> None:
        missed.append(exercise.number)
        raise OSError("the disk is full")

    view = RetryView(review.board, coach.exercises(review), ("Red", "Yellow"), remember)
    assert view.try_column(0)  # wrong
    assert missed == [7]
    assert view.notice == "Not recorded in your puzzle history: the disk is full"
    assert view.next()
    assert view.exercise is not None
    assert view.exercise.number == 10


def test_a_game_without_mistakes_says_so() -> None:
    review = review_game("4444")
    view = RetryView(review.board, coach.exercises(review), ("Red", "Yellow"))
    assert view.done
    assert view.words() == (
        "No mistakes to retry",
        "Every move kept its result: nothing to replay.",
    )
    assert view.board.moves == Board.from_moves("4444").moves
    assert not view.try_column(0)


@pytest.mark.parametrize("size", [(200, 200), (720, 640), (1600, 500), (400, 1200)])
def test_the_retry_layout_keeps_its_buttons_in_the_window_apart(size: tuple[int, int]) -> None:
    layout = RetryLayout.fit(size, 7, 6)
    back, forward = layout.buttons
    assert 0 <= back.x < back.x + back.width <= forward.x
    assert forward.x + forward.width <= size[0]
    assert layout.review.board.board.bottom <= back.y
    assert back.bottom <= layout.review.status.y
    assert layout.button_at(forward.centre) == "next"
