"""A puzzle attempt: moves judged by the solver, its replies, hints, the end."""

from __future__ import annotations

import pytest

from fourinarow.core import IllegalMoveError, InvalidMoveError
from fourinarow.puzzles.attempt import PuzzleSession
from fourinarow.puzzles.model import Kind, Puzzle, PuzzleError
from fourinarow.search.limit import Limit
from fourinarow.search.solver import Solver
from tests.puzzles.examples import (
    ONLY_MOVE,
    SAVE_DRAW,
    SOLVER,
    WIN_IN_1,
    WIN_IN_2,
    WIN_IN_4,
    make_puzzle,
)


def session(moves: str, kind: Kind = "win") -> PuzzleSession:
    return PuzzleSession(make_puzzle(moves, kind), SOLVER)


def test_the_examples_are_what_they_claim() -> None:
    win = make_puzzle(WIN_IN_4, "win")
    assert (win.solution, win.distance, len(win.line)) == (2, 4, 7)
    assert make_puzzle(ONLY_MOVE, "only-move").distance == 19
    assert make_puzzle(SAVE_DRAW, "save-draw").value == 0


def test_the_task_says_who_moves_and_what_is_asked() -> None:
    assert session(WIN_IN_1).task == "X to play and win in 1"
    assert session(WIN_IN_2).task == "O to play and win in 2"
    assert session(SAVE_DRAW, "save-draw").task == "X to move: save the draw"
    assert session(ONLY_MOVE, "only-move").task == (
        "X to move: find the only move that keeps the win"
    )


def test_win_in_one_is_solved_by_the_winning_stone() -> None:
    attempt = session(WIN_IN_1)
    move = attempt.play(2)
    assert move.accepted
    assert move.reply is None
    assert move.status == "solved"
    assert attempt.board.outcome() is not None
    assert attempt.board.outcome().winner == 1  # type: ignore[union-attr]


def test_a_win_is_played_out_against_the_longest_defence() -> None:
    attempt = session(WIN_IN_4)
    line = attempt.puzzle.line
    for i in range(0, len(line) - 1, 2):
        assert attempt.remaining() == 4 - i // 2
        move = attempt.play(line[i])
        assert move.accepted
        assert move.status == "playing"
        assert move.reply == line[i + 1]  # the puzzle's line, deterministic
    final = attempt.play(line[-1])
    assert final.status == "solved"
    assert attempt.moves == list(line)


def test_any_column_keeping_the_fastest_win_is_accepted_later_on() -> None:
    attempt = session(WIN_IN_4)
    attempt.play(2)
    best = attempt.accepted_columns()
    values = attempt.values()
    fastest = max(v.value for v in values.values())
    assert set(best) == {c for c, v in values.items() if v.value == fastest}


def test_a_slower_win_fails_a_win_puzzle() -> None:
    attempt = session(WIN_IN_4)
    attempt.play(2)
    values = attempt.values()
    fastest = max(v.value for v in values.values())
    slower = [c for c, v in values.items() if 0 < v.value < fastest]
    if not slower:
        pytest.skip("no slower win in this position")
    move = attempt.play(slower[0])
    assert not move.accepted
    assert move.status == "failed"


def test_a_wrong_move_fails_and_says_what_it_was_worth() -> None:
    attempt = session(WIN_IN_2)
    move = attempt.play(3)
    assert not move.accepted
    assert move.status == "failed"
    assert move.reply is None
    assert move.best == (2,)
    assert move.value is not None
    assert move.value.value <= 0
    with pytest.raises(PuzzleError, match="is over"):
        attempt.play(2)


def test_only_move_and_save_draw_are_solved_by_their_one_move() -> None:
    only = session(ONLY_MOVE, "only-move")
    assert only.play(3).status == "solved"
    draw = session(SAVE_DRAW, "save-draw")
    assert draw.accepted_columns() == (4,)
    assert draw.play(4).status == "solved"
    assert session(SAVE_DRAW, "save-draw").play(3).status == "failed"


def test_the_solver_judges_not_the_stated_solution() -> None:
    """A set whose stated solution is wrong does not fail the player who finds the real one."""
    real = make_puzzle(SAVE_DRAW, "save-draw")
    wrong = Puzzle(**{**real.__dict__, "solution": 0, "line": (0,)})
    assert PuzzleSession(wrong, SOLVER).play(4).status == "solved"


def test_illegal_moves_raise_and_change_nothing() -> None:
    attempt = session(WIN_IN_2)
    with pytest.raises(InvalidMoveError):
        attempt.play(9)
    real = make_puzzle(WIN_IN_1, "win")
    full = PuzzleSession(Puzzle(**{**real.__dict__, "moves": "111111"}), SOLVER)
    with pytest.raises(IllegalMoveError):
        full.play(0)
    assert attempt.moves == []
    assert attempt.status == "playing"


def test_hints_tell_more_each_time() -> None:
    attempt = session(WIN_IN_4)
    first = attempt.hint()
    assert first.startswith("1 of the 7 columns wins in 4")
    second = attempt.hint()
    assert second.startswith("Look among the columns")
    assert "3" in second
    assert attempt.hints == 2


def test_giving_up_shows_the_line_and_ends_the_attempt() -> None:
    attempt = session(WIN_IN_4)
    assert attempt.give_up() == attempt.puzzle.line
    assert attempt.status == "skipped"
    off_line = session(WIN_IN_4)
    off_line.play(2)
    reply = off_line.moves[-1]
    rest = off_line.solution_line()
    assert len(rest) == 5
    assert off_line.moves == [2, reply]


def test_the_solution_of_an_only_move_is_its_one_move_however_long_the_line() -> None:
    real = make_puzzle(ONLY_MOVE, "only-move")
    long_line = Puzzle(**{**real.__dict__, "line": (3, 3, 3)})
    assert PuzzleSession(long_line, SOLVER).give_up() == (3,)


def test_a_finished_position_is_no_puzzle() -> None:
    real = make_puzzle(WIN_IN_1, "win")
    over = Puzzle(**{**real.__dict__, "moves": "1212121"})
    with pytest.raises(PuzzleError, match="already over"):
        PuzzleSession(over, SOLVER)


def test_columns_left_unproven_are_judged_by_the_puzzles_line() -> None:
    """With no book and no time, the solver proves nothing at ply 2: the line decides."""
    puzzle = make_puzzle(ONLY_MOVE, "only-move")
    hasty = Solver(tt_mb=1, book=False)
    assert PuzzleSession(puzzle, hasty, Limit(time=0)).values() == {}
    right = PuzzleSession(puzzle, hasty, Limit(time=0)).play(3)
    assert right.accepted
    assert right.value is None
    assert right.status == "solved"
    assert PuzzleSession(puzzle, hasty, Limit(time=0)).play(1).status == "failed"
