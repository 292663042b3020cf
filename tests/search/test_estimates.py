"""Estimates: the typed value of an unproven column, and analyses that value every column."""

from __future__ import annotations

import json
import random
import time

import pytest

from fourinarow.agents.perfect import PerfectAgent
from fourinarow.core import Board
from fourinarow.search.constants import FORCED, WIN
from fourinarow.search.deepening import column_estimates, column_values
from fourinarow.search.engine_search import Engine
from fourinarow.search.estimates import settled, with_estimates
from fourinarow.search.limit import Limit
from fourinarow.search.scores import (
    Bounds,
    ColumnValues,
    Estimate,
    Exact,
    InvalidScoreError,
    Unvalued,
)
from fourinarow.search.solver import Solver


def test_an_estimate_is_typed_shown_apart_from_proofs_and_turns_with_the_side() -> None:
    estimate = Estimate(17, 14, -2, 5)
    assert not estimate.exact
    assert estimate.kind == "estimate"
    assert str(estimate) == "~+1.7"
    assert str(Estimate(-3, 2)) == "~-0.3"
    assert estimate.describe() == "about +1.7 (an estimate, depth 14, proven -2..5)"
    assert -estimate == Estimate(-17, 14, -5, 2)
    assert estimate.bounds == Bounds(-2, 5)
    assert Estimate(1, 1).bounds is None
    record = json.loads(json.dumps(estimate.to_json()))
    assert record == {
        "kind": "estimate",
        "value": 17,
        "depth": 14,
        "expected": round(estimate.expected, 3),
        "lower": -2,
        "upper": 5,
    }
    expected = [Estimate(v, 3).expected for v in (-(10**9), -40, -1, 0, 1, 40, 10**9)]
    assert expected == sorted(expected)
    assert expected[3] == 0.5
    assert 0 <= expected[0] < 1e-9
    assert 1 - 1e-9 < expected[-1] <= 1


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((1.5, 3), "whole number"),
        ((1, 0), "at least 1 ply"),
        ((1, True), "whole number"),
        ((1, 3, 2, None), "both given or both None"),
        ((1, 3, 4, 2), "lower..upper"),
    ],
)
def test_an_estimate_refuses_what_it_cannot_hold(arguments: tuple, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(InvalidScoreError, match=message):
        Estimate(*arguments)


def test_likely_best_puts_proofs_first_and_estimates_second() -> None:
    proven_win = ColumnValues((Estimate(90, 9), Bounds(1, 5), Estimate(-4, 9)))
    assert proven_win.likely_best() == (1,)
    no_hope = ColumnValues((Estimate(90, 9, -9, -1), Exact(0), Estimate(-4, 9)))
    assert no_hope.likely_best() == (1,)  # a proven draw beats a proven loss, however it looks
    leaning = ColumnValues((Estimate(30, 9), Exact(0), Unvalued.FULL, Estimate(-4, 9)))
    assert leaning.likely_best() == leaning.best_moves() == (0,)
    exact = ColumnValues((Exact(-2), Exact(3), Unvalued.FULL))
    assert exact.likely_best() == exact.best_moves() == (1,)
    assert ColumnValues((Unvalued.NOT_SEARCHED,)).likely_best() == ()


def test_settled_values_stay_and_the_rest_get_estimates() -> None:
    board = Board.from_moves("4455")
    assert settled(Unvalued.FULL)
    assert settled(Exact(-3))
    assert settled(Bounds(1, 4))
    assert settled(Bounds(-4, -1))
    assert not settled(Bounds(0, 3))
    assert not settled(Estimate(1, 1))
    proven = ColumnValues(  # -19..18: every value a move at ply 4 can have
        (Bounds(-19, 18), Bounds(0, 3), Exact(2), Unvalued.NOT_SEARCHED)
        + (Unvalued.NOT_SEARCHED,) * 3
    )
    merged = with_estimates(proven, (5, -6, 40, None, 2, 3, 4), 7, board, nodes=9, elapsed=0.5)
    assert merged.values[:4] == (Estimate(5, 7), Estimate(-6, 7, 0, 3), Exact(2), proven.values[3])
    assert merged.nodes == 9
    assert merged.elapsed == 0.5
    assert with_estimates(proven, (None,) * 7, 0, board) == proven
    with pytest.raises(InvalidScoreError, match="6 estimates and 7 values"):
        with_estimates(proven, (1,) * 6, 3, board)


def test_a_win_or_loss_the_engine_proves_narrows_the_bounds_soundly() -> None:
    board = Board.from_moves("4455")  # column 3 or 6 wins in 3 plies (the mover's 2nd stone)
    nothing = ColumnValues((Unvalued.NOT_SEARCHED,) * 7)
    merged = with_estimates(nothing, (0, 0, WIN - 3, 0, 0, -(WIN - 2), 0), 5, board)
    win, loss = merged.values[2], merged.values[5]
    exact = Solver(tt_mb=8, book=False).analyze(board)
    assert isinstance(win, Exact | Bounds)
    assert isinstance(loss, Exact | Bounds)
    low = win.value if isinstance(win, Exact) else win.lower
    high = loss.value if isinstance(loss, Exact) else loss.upper
    assert low == exact.values[2].value  # type: ignore[union-attr]
    assert high < 0


def test_estimates_average_the_two_deepest_searches() -> None:
    board = Board.from_moves("4121")

    def fresh() -> Engine:  # a table holds deeper results that a shallower search would reuse
        return Engine(7, 6, 4)

    averaged, depth, _ = column_estimates(fresh(), board, 30, Limit(depth=6), time.perf_counter())
    deep, deep_depth, _ = column_values(fresh(), board, 30, Limit(depth=6), time.perf_counter())
    shallow, _, _ = column_values(fresh(), board, 30, Limit(depth=5), time.perf_counter())
    assert depth == deep_depth == 6
    assert averaged == tuple(int((a + b) / 2) for a, b in zip(deep, shallow, strict=True))  # type: ignore[operator]
    once, one, _ = column_estimates(fresh(), board, 30, Limit(depth=1), time.perf_counter())
    assert one == 1
    assert None not in once


@pytest.mark.parametrize("seed", range(6))
def test_every_proof_in_a_limited_analysis_holds_the_exact_value(seed: int) -> None:
    rng = random.Random(seed)
    board = Board()
    while board.ply < 14:
        board.push(rng.choice(board.legal_moves))
        if board.is_game_over():
            board = Board()
    agent = PerfectAgent(tt_mb=8, book=False)
    values = agent.analyze(board, Limit(nodes=4000))
    exact = Solver(tt_mb=32, book=False).analyze(board)
    assert len(values.legal) == len(exact.legal)
    for value, truth in zip(values.values, exact.values, strict=True):
        assert value is not Unvalued.NOT_SEARCHED
        if truth is Unvalued.FULL:
            assert value is Unvalued.FULL
            continue
        assert isinstance(truth, Exact)
        if isinstance(value, Exact):
            assert value.value == truth.value
        elif isinstance(value, Bounds):
            assert value.lower <= truth.value <= value.upper
        elif isinstance(value, Estimate) and value.lower is not None:
            assert value.lower <= truth.value <= value.upper  # type: ignore[operator]


@pytest.mark.parametrize(
    ("size", "connect", "moves"),
    [((9, 7), 5, "545545"), ((10, 8), 4, ""), ((8, 7), 4, "44"), ((9, 7), 5, "")],
)
def test_boards_without_books_get_a_value_in_every_column_within_the_time(
    size: tuple[int, int], connect: int, moves: str
) -> None:
    board = Board.from_moves(moves, width=size[0], height=size[1], connect=connect)
    values = PerfectAgent(tt_mb=16).analyze(board, Limit(time=0.3))
    assert all(isinstance(v, Exact | Bounds | Estimate) for v in values.values)
    assert values.likely_best()


def test_estimates_deepen_past_a_win_found_in_one_column() -> None:
    board = Board.from_moves("4455")  # columns 3 and 6 win in 3 plies; the others are open
    engine = Engine(7, 6, 4)
    scores, depth, _ = column_estimates(engine, board, 30, Limit(depth=6), time.perf_counter())
    assert depth == 6  # not the third, which already finds the wins
    assert scores[2] == scores[5] == WIN - 3
    deep, _, _ = column_values(Engine(7, 6, 4), board, 30, Limit(depth=6), time.perf_counter())
    shallow, _, _ = column_values(Engine(7, 6, 4), board, 30, Limit(depth=5), time.perf_counter())
    for column in (0, 1, 3, 4, 6):
        assert abs(scores[column]) < FORCED  # type: ignore[arg-type]
        assert scores[column] == int((deep[column] + shallow[column]) / 2)  # type: ignore[operator]
