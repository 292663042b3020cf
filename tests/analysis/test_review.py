"""Game review against hand-verified annotations and an independent grading from the solver."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fourinarow.agents.perfect import PerfectAgent
from fourinarow.analysis import Review, ReviewError, review_game
from fourinarow.analysis.review import (
    Grade,
    MoveReview,
    grade_of,
    possible_grades,
    review_move,
)
from fourinarow.core import Board, InvalidPositionError
from fourinarow.search.limit import Limit
from fourinarow.search.scores import Bounds, Exact, Unvalued
from fourinarow.search.solver import Solver
from fourinarow.service.words import move_sentence


@pytest.fixture(scope="module")
def solver() -> Solver:
    """One solver (with the 7x6 book) for the whole module."""
    return Solver(tt_mb=16)


def test_missing_a_win_in_one_is_a_blunder(solver: Solver) -> None:
    # X stacks column 1, O column 2: at move 7 X wins with a fourth stone in column 1; X plays
    # 3 instead and O's fourth stone in column 2 wins at once.
    review = review_game("12121232", solver=solver)
    move = review.moves[6]
    assert (move.symbol, move.label, move.grade) == ("X", "3", "blunder")
    assert move.before == Exact(18, 1)  # 22 - 4 stones of X: a win with this stone
    assert move.played == Exact(-18, 2)  # O wins with its next stone
    assert move.best == (0,)
    assert move_sentence(move) == (
        "move 7 (X, column 3) threw the win: column 1 wins in 1, column 3 loses in 1"
    )
    # the winning stone that ends the game is best
    assert (review.moves[-1].label, review.moves[-1].grade) == ("2", "best")


def test_ignoring_an_immediate_threat_is_a_blunder(solver: Solver) -> None:
    # after 12121, X has three in column 1: O's 2 ignores it and X's 1 wins next move
    review = review_game("12121232", solver=solver)
    move = review.moves[5]
    assert (move.symbol, move.label, move.grade) == ("O", "2", "blunder")
    assert move.played == Exact(-18, 2)  # this stone, then X's winning one
    assert move.best == (0,)  # the block
    assert move.before.result == 1  # type: ignore[union-attr]
    assert move in review.turning_points


def test_a_slower_win_is_an_inaccuracy_with_partial_credit(solver: Solver) -> None:
    # X has 2, 3, 4 on the bottom row; O played 6, so X wins at once with 1 or 5. X plays 7
    # instead: O can block only one end, and X wins with its next stone.
    review = review_game("223346715", solver=solver)
    move = review.moves[6]
    assert (move.symbol, move.label, move.grade) == ("X", "7", "inaccuracy")
    assert move.before == Exact(18, 1)
    assert move.played == Exact(17, 3)
    assert move.best == (0, 4)
    assert move.credit == 0.5  # a win in 2 of X's moves instead of 1
    assert move_sentence(move) is None
    assert move not in review.turning_points
    # once the double threat stands, O's moves all lose at once: every one is best
    assert [m.grade for m in review.moves[5::2]] == ["best", "best"]


def test_accuracy_per_player(solver: Solver) -> None:
    review = review_game("223346715", solver=solver)
    grades = [m.grade for m in review.moves]
    assert grades[0::2] == ["blunder", "mistake", "best", "inaccuracy", "best"]
    first = review.summary(1)
    assert first.moves == 5
    assert first.counts["best"] == 2
    assert first.counts["inaccuracy"] == 1
    assert first.accuracy == pytest.approx(2 / 5)
    assert first.weighted_accuracy == pytest.approx((1 + 1 + 0.5) / 5)


def _perfect_game(opening: str, width: int, height: int) -> str:
    board = Board.from_moves(opening, width=width, height=height)
    agent = PerfectAgent(random.Random(1), tie_break="random", tt_mb=16)
    while not board.is_game_over():
        board.push(agent.choose(board).column)
    return board.to_moves()


@pytest.mark.parametrize(("width", "height"), [(7, 6), (5, 4), (6, 5)])
def test_a_perfect_game_is_graded_all_best(width: int, height: int) -> None:
    moves = _perfect_game("", width, height)
    review = review_game(moves, width=width, height=height, solver=Solver(tt_mb=16))
    assert {m.grade for m in review.moves} == {"best"}
    assert review.turning_points == ()
    for summary in review.summaries():
        assert summary.accuracy == summary.weighted_accuracy == 1.0
    assert all(m.column in m.best for m in review.moves)


def _naive_grade(board: Board, column: int, solver: Solver) -> Grade:
    """The grade straight from the definitions, from exact column values."""
    values = solver.analyze(board).exact_values()
    known = [v for v in values if v is not None]
    best, played = max(known), values[column]
    assert played is not None
    if played == best:
        return "best"
    if (played > 0) == (best > 0) and (played < 0) == (best < 0):
        return "inaccuracy"
    return "blunder" if best > 0 and played < 0 else "mistake"


def _random_game(seed: int, width: int, height: int, plies: int) -> str:
    rng = random.Random(seed)
    board = Board(width, height)
    while board.ply < plies and not board.is_game_over():
        board.push(rng.choice(board.legal_moves))
    return board.to_moves()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(1, 20))
def test_grades_agree_with_a_naive_grading(seed: int, plies: int) -> None:
    solver = Solver(tt_mb=4, book=False)
    moves = _random_game(seed, 5, 4, plies)
    review = review_game(moves, width=5, height=4, solver=solver)
    board = Board(5, 4)
    for move in review.moves:
        assert move.grade == _naive_grade(board, move.column, Solver(tt_mb=4, book=False))
        assert not move.from_bounds
        board.push(move.column)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), nodes=st.sampled_from([1, 5000, 20000, 80000]))
def test_a_limit_never_makes_a_grade_up(seed: int, nodes: int) -> None:
    moves = _random_game(seed, 5, 5, 8)
    exact = review_game(moves, width=5, height=5, solver=Solver(tt_mb=4, book=False))
    limited = review_game(
        moves, width=5, height=5, limit=Limit(nodes=nodes), solver=Solver(tt_mb=4, book=False)
    )
    for proven, move in zip(exact.moves, limited.moves, strict=True):
        if move.graded_by == "proof":  # estimates may err; a proof never does
            assert move.grade == proven.grade
        assert move.from_bounds == (
            move.graded_by == "proof"
            and not (isinstance(move.played, Exact) and isinstance(move.before, Exact))
        )
        for value, truth in ((move.played, proven.played), (move.before, proven.before)):
            assert isinstance(truth, Exact)
            if isinstance(value, Bounds):
                assert value.lower <= truth.value <= value.upper
            else:
                assert value == truth


def test_bounds_alone_can_decide_a_blunder() -> None:
    from fourinarow.analysis.review import _grade

    assert _grade(Bounds(-5, -1), Bounds(2, 9)) == ("blunder", True)
    assert _grade(Bounds(-5, 0), Bounds(1, 9)) == ("unproven", False)  # a mistake or a blunder
    assert _grade(Exact(0), Bounds(-3, 4)) == ("unproven", False)
    assert _grade(Bounds(-3, 4), Exact(0)) == ("unproven", False)
    assert _grade(Exact(4), Exact(4)) == ("best", False)


@settings(max_examples=300, deadline=None)
@given(st.integers(-6, 6), st.integers(0, 6), st.integers(-6, 6), st.integers(0, 6))
def test_possible_grades_are_those_of_every_pair_of_values(
    low: int, width: int, best_low: int, best_width: int
) -> None:
    high, best_high = low + width, best_low + best_width
    brute = {
        grade_of(p, b)
        for p in range(low, high + 1)
        for b in range(best_low, best_high + 1)
        if p <= b
    }
    assert possible_grades(low, high, best_low, best_high) == brute


def test_grade_of_covers_the_definitions() -> None:
    assert [grade_of(p, b) for p, b in [(3, 3), (0, 0), (-4, -4)]] == ["best"] * 3
    assert [grade_of(p, b) for p, b in [(2, 5), (-7, -3)]] == ["inaccuracy"] * 2
    assert [grade_of(p, b) for p, b in [(0, 5), (-2, 0)]] == ["mistake"] * 2
    assert grade_of(-1, 1) == "blunder"


def test_a_board_is_reviewed_with_its_own_shape() -> None:
    board = Board.from_moves("1212121", width=5, height=4)
    review = review_game(board, solver=Solver(tt_mb=4))
    assert (review.width, review.height, review.connect) == (5, 4, 4)
    assert len(review.moves) == 7
    assert review.board == board


def test_json_is_plain_and_complete(solver: Solver) -> None:
    review = review_game("12121232", solver=solver)
    data = json.loads(json.dumps(review.to_json()))
    assert data["moves"] == "12121232"
    assert data["result"] == 2
    assert data["review"][6]["played"] == {"kind": "exact", "value": -18, "distance": 2}
    assert data["review"][6]["column"] == 3
    assert data["review"][6]["mark"] == "??"
    assert [t["number"] for t in data["turning_points"]] == [1, 6, 7]
    assert data["players"][0]["player"] == 1


def test_bad_input_raises_user_errors() -> None:
    with pytest.raises(ReviewError, match="a Board or a move string"):
        review_game(42)  # type: ignore[arg-type]
    with pytest.raises(InvalidPositionError):
        review_game("1111111")
    with pytest.raises(ReviewError, match="solver is a Solver"):
        review_game("44", solver="fast")  # type: ignore[arg-type]
    with pytest.raises(ReviewError, match="a player is 1 or 2"):
        Review((), 7, 6, 4).summary(3)


def test_a_blunder_proven_by_bounds_says_what_the_bounds_prove() -> None:
    from fourinarow.analysis.review import MoveReview
    from fourinarow.search.scores import ColumnValues, Unvalued

    values = ColumnValues((Bounds(2, 9), Bounds(-5, -1), Unvalued.NOT_SEARCHED, Unvalued.FULL))
    move = MoveReview(
        ply=8,
        player=1,
        column=1,
        before=Bounds(2, 9),
        played=Bounds(-5, -1),
        best=(),
        grade="blunder",
        from_bounds=True,
        values=values,
    )
    assert (
        move_sentence(move) == "move 9 (X, column 2) threw the win: column 1 wins, column 2 loses"
    )
    assert move.credit == 0.0
    assert move.to_json()["played"] == {"kind": "bounds", "lower": -5, "upper": -1}


def _game_without_a_line(width: int, height: int, connect: int, plies: int) -> Board:
    """A random game of ``plies`` moves in which no move wins (tried again from the start
    when every column would)."""
    rng = random.Random(3)
    board = Board(width, height, connect)
    while board.ply < plies:
        wins = board.winning_moves()
        safe = [c for c in board.legal_moves if c not in wins]
        if safe:
            board.push(rng.choice(safe))
        else:
            board = Board(width, height, connect)
    return board


def _searched(move: MoveReview) -> bool:
    """Whether the move's position was searched (an unsearched one has no value at all)."""
    values = move.values
    return values.nodes > 0 or any(not isinstance(v, Unvalued) for v in values.values)


def test_a_review_within_no_time_searches_nothing_but_the_book() -> None:
    # The time covers the whole review: with none, no position is searched (each is graded
    # unproven at once), but those an opening book answers are still proven from it.
    moves = "3344552"
    hurried = review_game(moves, width=5, height=5, solver=Solver(tt_mb=4, book=False), within=0)
    assert [move.grade for move in hurried.moves] == ["unproven"] * len(moves)
    assert not any(_searched(move) for move in hurried.moves)
    assert hurried.moves[0].to_json()["before"] == {"kind": "bounds", "lower": -12, "upper": 13}
    booked = review_game("334455", width=6, height=6, solver=Solver(tt_mb=4), within=0)
    exact = review_game("334455", width=6, height=6, solver=Solver(tt_mb=4, book=False))
    assert [m.grade for m in booked.moves] == [m.grade for m in exact.moves]


def test_a_review_within_a_time_searches_from_the_last_position_back() -> None:
    # A 20x20 game of 380 moves in pure Python, in a twentieth of a second: the searches go
    # from the end of the game back and stop when the time is up.
    board = _game_without_a_line(20, 20, 5, 380)
    review = review_game(board, solver=Solver(tt_mb=4), within=0.05)
    searched = [_searched(move) for move in review.moves]
    assert searched[-1]
    first = searched.index(True)
    assert all(searched[first:]), "a position was left out between two searched"
    assert [move.number for move in review.moves] == list(range(1, 381))
    unhurried = review_game("3344552", width=5, height=5, solver=Solver(tt_mb=4), within=60)
    exact = review_game("3344552", width=5, height=5, solver=Solver(tt_mb=4, book=False))
    assert [m.grade for m in unhurried.moves] == [m.grade for m in exact.moves]


def test_a_review_within_time_keeps_a_tighter_limit_and_proves_with_the_book(
    solver: Solver,
) -> None:
    from fourinarow.analysis.review import _within

    assert _within(None, None, 0.0) is None
    assert _within(Limit(nodes=5), None, 0.0) == Limit(nodes=5)
    kept = Limit(time=0.001)
    assert _within(kept, 3600.0, 1e18) is kept  # a start in the future: the whole hour is left
    cut = _within(Limit(time=5.0, nodes=7), 0.0, 0.0)
    assert cut is not None
    assert cut.spent_at_start
    assert cut.nodes == 7
    review = review_game("4455", solver=solver, within=60.0)  # the book proves these at once
    assert [m.grade for m in review.moves] == ["best", "best", "blunder", "blunder"]


# level:3 (X) against simple (O) on 8x7, 100 ms a move, seeds 1 and 101; unfinished after 30.
GAME_8X7 = "442678536434456844533571238752"
# What a longer review (8 s a position) proves: moves 15 to 30; 20, 23 and 24 throw the win.
PROVEN_8X7: dict[int, Grade] = {
    **dict.fromkeys((15, 17, 18, 26, 27, 29), "inaccuracy"),
    **dict.fromkeys((16, 19, 21, 22, 25, 28, 30), "best"),
    **dict.fromkeys((20, 23, 24), "blunder"),
}


@pytest.mark.slow
def test_a_30_move_8x7_game_is_graded_with_the_default_second_a_position() -> None:
    review = review_game(GAME_8X7, width=8, height=7, limit=Limit(1.0), solver=Solver(tt_mb=64))
    counts = review.graded_by()
    assert counts["proof"] + counts["estimate"] >= 0.9 * len(GAME_8X7)
    for move in review.moves:
        if move.graded_by == "proof" and move.number in PROVEN_8X7:
            assert move.grade == PROVEN_8X7[move.number]
        if move.graded_by == "estimate":
            assert move.loss is not None
            assert 0 <= move.loss <= 1
    # every move the longer proof shows threw a win is flagged, whatever graded it
    for number, grade in PROVEN_8X7.items():
        if grade == "blunder":
            assert review.moves[number - 1].grade in ("mistake", "blunder")


def test_an_estimate_never_grades_against_the_bounds_proven_beside_it() -> None:
    from fourinarow.analysis.review import review_move
    from fourinarow.search.scores import ColumnValue, ColumnValues, Estimate

    board = Board.from_moves("4455", width=7, height=6)
    # column 1 a proven win; column 2 estimated far behind, but proven not to lose
    values: list[ColumnValue] = [Bounds(1, 9), Estimate(-60, 9, 0, 5), *[Estimate(0, 9)] * 5]
    move = review_move(board, 1, ColumnValues(tuple(values)))
    assert move.played == Bounds(0, 5)
    assert move.graded_by == "estimate"
    assert move.loss == 0.5  # a win (1) against at worst a draw (0.5)
    assert move.grade == "mistake"  # the drop says blunder; a draw at worst is a mistake at most
    assert move.credit == 0.0


def test_a_position_left_unsearched_is_reviewed_as_review_move_would() -> None:
    from fourinarow.analysis.review import _not_searched, _unsearched_review

    game = _game_without_a_line(5, 4, 4, 19)  # one cell left: the bounds alone decide there
    board = Board(5, 4, 4)
    for column in game.moves:
        nothing = _not_searched(tuple(not board.is_legal(c) for c in range(board.width)))
        assert _unsearched_review(board, column, nothing) == review_move(board, column, nothing)
        board.push(column)
