"""The coach on real games: the evaluation graph agrees with the review's grades, the best
line is the solver's, and each exercise's right answers are the columns the solver says keep
the position's value."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from fourinarow.agents.proofs import prove_then_estimate
from fourinarow.analysis.review import Review
from fourinarow.core import Board, IllegalMoveError, InvalidMoveError
from fourinarow.puzzles.history import Progress
from fourinarow.search.engine_search import Engine
from fourinarow.search.estimates import ESTIMATE_TABLE_MB
from fourinarow.search.limit import Limit
from fourinarow.search.scores import Estimate
from fourinarow.search.solver import Solver
from fourinarow.service.coach import (
    LINE_LENGTH,
    LINE_SECONDS,
    MISTAKES_SET,
    CoachError,
    answer,
    best_line,
    course,
    exercise_id,
    exercises,
    line_limit,
    move_explanations,
    remember_missed,
    remember_missed_move,
)
from fourinarow.service.reviews import review_game

DROP = {"best": 0.0, "inaccuracy": 0.0, "mistake": 0.5, "blunder": 1.0}
"""What a proven grade loses of the mover's expected result."""


def random_game(seed: int, plies: int = 24) -> str:
    """A game of random moves (so with mistakes), up to ``plies`` stones or its end."""
    chooser = random.Random(seed)
    board = Board()
    while board.ply < plies and not board.is_game_over():
        board.push(chooser.choice(board.legal_moves))
    return board.to_moves()


@pytest.fixture(scope="module")
def reviews() -> list[Review]:
    solver = Solver(tt_mb=32)
    return [review_game(random_game(seed), solver=solver) for seed in range(6)]


def test_one_point_per_position_and_each_drop_is_what_the_grade_says(
    reviews: list[Review],
) -> None:
    checked = 0
    for review in reviews:
        points = course(review)
        assert [p.ply for p in points] == list(range(len(review.moves) + 1))
        assert all(p.proven and p.expected in (0.0, 0.5, 1.0) for p in points)
        for move, before, after in zip(review.moves, points, points[1:], strict=False):
            drop = before.expected - after.expected
            if move.player == 2:
                drop = -drop
            assert drop == DROP[move.grade], (review.board.to_moves(), move.number)
            checked += move.grade in ("mistake", "blunder")
    assert checked >= 10  # random play makes many


def test_the_words_are_the_first_players(reviews: list[Review]) -> None:
    points = course(review_game("4455"))
    assert [p.words for p in points] == ["win in 21", "win in 20", "win in 20", "loss in 19",
                                         "win in 2"]  # fmt: skip
    won = course(review_game("4455667"))[-1]
    assert (won.expected, won.proven, won.words) == (1.0, True, "X won")
    assert course(Review((), 7, 6, 4)) == ()
    with pytest.raises(CoachError):
        course("4455")  # type: ignore[arg-type]


def test_an_estimated_course_says_likely() -> None:
    points = course(review_game("1818", width=8, height=7, limit=Limit(nodes=2000)))
    assert len(points) == 5
    assert all(0.0 <= p.expected <= 1.0 for p in points)
    unproven = [p for p in points if not p.proven]
    assert unproven
    assert all(p.words.startswith(("likely ", "at ", "not proven")) for p in unproven)


def test_the_best_line_is_the_solvers(reviews: list[Review]) -> None:
    solver = Solver(tt_mb=32)
    for review in reviews[:3]:
        board = review.board_after(len(review.moves) // 2)
        line = best_line(board, solver=solver)
        assert 0 < len(line) <= 12
        for column in line:
            assert column in solver.best_moves(board)
            board.push(column)
        assert len(line) == 12 or board.is_game_over()
    assert best_line(Board.from_moves("4455667")) == ()
    assert len(best_line(Board(), length=3)) == 3


def test_a_limited_best_line_follows_the_estimates_where_nothing_is_proven() -> None:
    board = Board.from_moves("1818", width=8, height=7)
    limit = Limit(nodes=5000)
    line = best_line(board, limit=limit, length=4)
    assert len(line) == 4
    engine = Engine(8, 7, 4, tt_mb=ESTIMATE_TABLE_MB)
    analysis = prove_then_estimate(board, Solver(tt_mb=32), limit, engine)
    assert any(isinstance(v, Estimate) for v in analysis.values)  # not proven in 5000 nodes
    assert line[0] in analysis.likely_best()  # as a review's analysis calls it
    for column in line:
        board.push(column)  # raises if illegal


def test_right_answers_are_the_columns_the_solver_says_keep_the_value(
    reviews: list[Review],
) -> None:
    solver = Solver(tt_mb=32)
    seen = 0
    for review in reviews:
        for exercise in exercises(review):
            move = review.moves[exercise.number - 1]
            assert exercise.grade == move.grade in ("mistake", "blunder")
            assert exercise.board.to_moves() == review.board_after(move.ply).to_moves()
            values = solver.analyze(exercise.board)
            best = max(v.value for v in values.scores().values())  # type: ignore[union-attr]
            sign = (best > 0) - (best < 0)
            for column in exercise.board.legal_moves:
                value = values.values[column].value  # type: ignore[union-attr]
                keeps = (value > 0) - (value < 0) == sign
                verdict = answer(exercise, column)
                assert verdict.right == keeps == (column in exercise.good)
                assert verdict.sentence.startswith("Right: " if keeps else "Not that: ")
                assert verdict.explanation.column == column
            assert not answer(exercise, exercise.played).right
            assert "(the move played)" in answer(exercise, exercise.played).sentence
            assert exercise.best_explanation.column == exercise.best in exercise.good
            assert exercise.played_explanation.column == exercise.played
            seen += 1
    assert seen >= 10


def test_exercises_of_one_player_and_bad_arguments(reviews: list[Review]) -> None:
    every = [e for review in reviews for e in exercises(review)]
    mine = [e for review in reviews for player in (1, 2) for e in exercises(review, player)]
    assert sorted(e.number for e in mine) == sorted(e.number for e in every)
    assert all(e.player == 1 for review in reviews for e in exercises(review, 1))
    with pytest.raises(CoachError, match="a player is 1, 2 or None"):
        exercises(reviews[0], 3)
    (exercise,) = exercises(review_game("4455"), 1)
    with pytest.raises(InvalidMoveError):
        answer(exercise, 99)
    with pytest.raises(CoachError):
        answer("4", 3)  # type: ignore[arg-type]
    (late,) = exercises(review_game("44444415"), 1)  # column 4 full, X's 1 blunders
    with pytest.raises(IllegalMoveError):
        answer(late, 3)


def test_exercises_stop_at_their_bound() -> None:
    """A capped review's exercises: none begun once ``within`` has passed (none for 0), all
    without it or with time enough; the same first ones, in order, whatever the bound."""
    review = review_game("4455432")  # three blunders
    every = exercises(review)
    assert [e.number for e in every] == [3, 4, 7]
    assert exercises(review, within=0) == ()
    assert exercises(review, 2, within=0.0) == ()
    assert [e.number for e in exercises(review, within=3600)] == [3, 4, 7]
    for bad in (-1, float("nan"), "1", True):
        with pytest.raises(CoachError, match="within is a number of seconds"):
            exercises(review, within=bad)  # type: ignore[arg-type]


def test_a_missed_exercise_joins_the_puzzle_history(tmp_path: Path) -> None:
    (exercise,) = exercises(review_game("4455"), 1)
    assert exercise_id(exercise) == "7x6:44"
    with Progress(tmp_path / "puzzles.sqlite3") as progress:
        remember_missed(exercise, progress)
    with Progress(tmp_path / "puzzles.sqlite3") as progress:
        (attempt,) = progress.attempts()
        assert (attempt.puzzle, attempt.puzzle_set, attempt.result, attempt.moves) == (
            "7x6:44",
            MISTAKES_SET,
            "failed",
            "5",
        )
        assert progress.stats().failed == 1


def test_an_exercise_whose_answer_was_shown_joins_the_history_as_skipped(tmp_path: Path) -> None:
    (exercise,) = exercises(review_game("4455"), 1)
    with Progress(tmp_path / "puzzles.sqlite3") as progress:
        remember_missed(exercise, progress, answer_shown=True)
        (attempt,) = progress.attempts()
        assert (attempt.result, attempt.moves) == ("skipped", "")
        assert (progress.stats().failed, progress.stats().skipped) == (0, 1)


def test_a_mistake_named_by_its_position_joins_the_history_as_its_exercise(
    tmp_path: Path,
) -> None:
    """The web page names a missed exercise by its position and the column played: the same
    entry as the exercise's own."""
    (exercise,) = exercises(review_game("4455"), 1)
    path = tmp_path / "puzzles.sqlite3"
    with Progress(path) as progress:
        assert remember_missed_move(Board.from_moves("44"), 4, progress) == exercise_id(exercise)
        remember_missed(exercise, progress)
        remember_missed_move(Board.from_moves("44"), 4, progress, answer_shown=True)
        attempts = progress.attempts()
    fields = [(a.puzzle, a.puzzle_set, a.result, a.moves) for a in attempts]
    assert fields == [
        ("7x6:44", MISTAKES_SET, "failed", "5"),
        ("7x6:44", MISTAKES_SET, "failed", "5"),
        ("7x6:44", MISTAKES_SET, "skipped", ""),
    ]
    with Progress(path) as progress:
        with pytest.raises(InvalidMoveError):
            remember_missed_move(Board.from_moves("44"), 7, progress)
        with pytest.raises(CoachError, match="at a Board"):
            remember_missed_move("44", 4, progress)  # type: ignore[arg-type]
        assert len(progress.attempts()) == 3


def test_a_moves_explanations_are_of_the_column_played_and_the_best() -> None:
    review = review_game("4455")
    played, best = move_explanations(review, 3)
    assert (played.column, played.board.to_moves()) == (4, "44")
    assert best is not None
    assert best.column == 3
    with pytest.raises(CoachError, match="moves 1 to 4, not 5"):
        move_explanations(review, 5)


def test_a_best_line_stops_where_columns_cannot_be_weighed() -> None:
    """Within 50 nodes on 20x20 the solver only bounds a few columns and the engine estimates
    none: no column is known better than another, so the line is empty, not column 1."""
    assert best_line(Board(20, 20, 5), limit=Limit(nodes=50)) == ()
    assert line_limit(Board()) is None  # a book: the solver's line, no limit
    limit = line_limit(Board(20, 20, 5))
    assert limit is not None
    assert limit.time == LINE_SECONDS / LINE_LENGTH
    assert limit.nodes is None  # a time: a node costs far more on large boards
