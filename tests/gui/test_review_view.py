"""The review screen's model without pygame: the background job, the steps, the words, the
layout."""

from __future__ import annotations

import itertools

import pytest

from fourinarow.core import Board
from fourinarow.gui.review_view import (
    REVIEW_BUTTONS,
    ReviewJob,
    ReviewLayout,
    ReviewView,
)
from fourinarow.search.limit import Limit
from fourinarow.service.budgets import review_position_limit


def test_the_job_reviews_the_game_and_counts_its_positions() -> None:
    board = Board.from_moves("12121272")
    job = ReviewJob(board, review_position_limit(board))
    assert job.limit is None
    assert (job.done, job.total, job.finished) == (0, 8, False)
    job.start()
    assert job.wait(60.0)
    assert job.done == 8
    assert job.review is not None
    assert [move.grade for move in job.review.moves][-2:] == ["blunder", "best"]
    assert job.is_for(board)
    assert not job.is_for(Board.from_moves("1212127"))
    assert not job.is_for(Board.from_moves("12121272", width=8))


def test_a_stopped_job_ends_before_its_next_position_and_gives_nothing() -> None:
    board = Board.from_moves("5,5,6,6,5,5,4,4,1", width=10, height=8)
    job = ReviewJob(board, Limit(nodes=2000))
    job.start()
    job.stop()
    assert not job.wait(30.0)  # the thread has ended, its result forgotten
    assert not job.running
    assert job.done < job.total
    assert job.review is None
    assert job.error is None


def test_the_view_steps_within_the_game_and_needs_the_review_for_turning_points() -> None:
    view = ReviewView(Board.from_moves("12121272"), ("Red", "Yellow"))
    assert view.shown == 1
    assert view.board.moves == (0,)
    assert view.board_before().moves == ()
    assert not view.step(-1)
    assert view.go(100)
    assert view.shown == 8
    assert not view.turning_point(-1)  # not reviewed yet
    assert view.move is None
    assert view.grade_words() == view.value_words() == ""
    assert view.summary_words() == ()
    assert view.move_words() == "Move 8 of 8: Yellow played column 2"


def test_an_empty_game_has_no_move_to_show() -> None:
    view = ReviewView(Board())
    assert view.shown == 0
    assert not view.step(1)
    assert view.move_words() == "No moves to review."


@pytest.mark.parametrize("size", [(200, 200), (720, 640), (1600, 500), (400, 1200)])
@pytest.mark.parametrize("shape", [(4, 4), (7, 6), (10, 8)])
def test_the_layout_keeps_every_part_in_the_window_without_overlaps(
    size: tuple[int, int], shape: tuple[int, int]
) -> None:
    layout = ReviewLayout.fit(size, *shape)
    width, height = size
    board = layout.board
    parts = [layout.header, board.board, board.hints, layout.bar, layout.buttons[0]]
    parts += [layout.summary, layout.status]
    for above, below in itertools.pairwise(parts):
        assert above.bottom <= below.y + 1e-9
    assert layout.status.bottom <= height
    assert all(box.x >= 0 and box.x + box.width <= width for box in layout.buttons)
    assert len(layout.buttons) == len(REVIEW_BUTTONS)
    assert layout.bar_at(layout.bar_cell(0, 40).centre, 40) == 1
    assert layout.bar_at(layout.bar_cell(39, 40).centre, 40) == 40
    assert layout.button_at(layout.buttons[-1].centre) == REVIEW_BUTTONS[-1][1]
    # the graph above the explanations, beside the board or under its values, above the bar
    assert layout.graph.bottom <= layout.notes.y <= layout.notes.bottom <= layout.bar.y + 1e-9
    if layout.beside:
        assert board.board.x + board.board.width <= layout.graph.x
    else:
        assert board.hints.bottom <= layout.graph.y
    assert layout.graph.x + layout.graph.width <= width


def test_grades_decided_by_estimates_are_said_so_and_counted() -> None:
    # 8x7 has no book: a third of a second a position proves nothing in the opening, so the
    # engine's estimates grade the moves, and every word of the screen says so.
    board = Board.from_moves("45451212", width=8, height=7)
    job = ReviewJob(board, Limit(time=0.3))
    job.start()
    assert job.wait(60.0)
    assert job.review is not None
    view = ReviewView(board, ("Red", "Yellow"))
    view.review = job.review
    estimated = [m for m in job.review.moves if m.graded_by == "estimate"]
    assert estimated
    view.go(estimated[0].number)
    assert view.shown == estimated[0].number
    assert view.grade_words().endswith("(estimated)")
    words = view.value_words()
    assert words.startswith(f"column {estimated[0].label} about ")
    assert "of the expected result lost" in words
    lines = view.summary_words()
    for summary, line in zip(job.review.summaries(), lines, strict=True):
        assert line.endswith(f"; {summary.by_proof} by proof, {summary.by_estimate} estimated")
    view.last()  # the turning-point keys step back through the likely turning points too
    likely = [m.number for m in job.review.likely_turning_points if m.number < view.count]
    assert view.turning_point(-1) == bool(likely)
    if likely:
        assert view.shown == likely[-1]
