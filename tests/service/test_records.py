"""The JSON records: every typed value with its words and N, solved positions, reviews."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fourinarow.analysis import review_game
from fourinarow.analysis.explain import explain
from fourinarow.core import Board
from fourinarow.search.scores import (
    Bounds,
    ColumnValue,
    ColumnValues,
    Estimate,
    Exact,
    Heuristic,
    Unvalued,
)
from fourinarow.service import words
from fourinarow.service.coach import answer, answer_words, best_line, course, exercises
from fourinarow.service.games import GameStore
from fourinarow.service.records import (
    analysis_record,
    exercise_record,
    game_record,
    review_record,
    score_record,
    solution_record,
    verdict_record,
)


@pytest.mark.parametrize(
    ("value", "record"),
    [
        (Exact(-2, 36), {"kind": "exact", "value": -2, "distance": 36, "moves": 18}),
        (Exact(0), {"kind": "exact", "value": 0, "distance": None}),
        (Bounds(0, 3), {"kind": "bounds", "lower": 0, "upper": 3}),
        (Heuristic(10**6, 1, 3), {"kind": "heuristic", "value": 10**6, "forced": 1}),
        (Unvalued.FULL, {"kind": "full"}),
        (Unvalued.NOT_SEARCHED, {"kind": "not searched"}),
    ],
)
def test_a_value_keeps_its_fields_and_gains_its_words(
    value: ColumnValue, record: dict[str, object]
) -> None:
    made = score_record(value)
    assert made.items() >= record.items()
    said = {"exact": ("loss in 18", "draw"), "bounds": ("at least a draw",)}
    said |= {"heuristic": ("win in 2",), "full": ("full",), "not searched": ("not searched",)}
    assert made["words"] in said[str(made["kind"])]
    assert ("moves" in made) == (value in (Exact(-2, 36), Heuristic(10**6, 1, 3)))


def test_an_estimate_says_it_is_one() -> None:
    assert score_record(Estimate(12, 9))["words"] == "estimate"


def test_the_analysis_record_numbers_columns_from_1() -> None:
    board = Board.from_moves("4435")
    values = ColumnValues.of([Exact.of(-2, board), None, *[Exact.of(-5, board)] * 5], board)
    record = analysis_record(board, values)
    columns = record["columns"]
    assert isinstance(columns, list)
    assert columns[0] == {
        "column": 1,
        "kind": "exact",
        "value": -2,
        "distance": 36,
        "moves": 18,
        "words": "loss in 18",
    }
    assert columns[1] == {"column": 2, "kind": "not searched", "words": "not searched"}


def test_a_solved_position_in_words_strong_weak_and_stopped() -> None:
    board = Board.from_moves("4435")
    strong = solution_record(board, -2, -2, best_moves=(0, 1, 4))
    assert (strong["score"], strong["moves"], strong["words"]) == (-2, 18, "loss in 18")
    assert strong["best_moves"] == [1, 2, 5]
    weak = solution_record(board, -1, -1, weak=True)
    assert (weak["score"], weak["words"], "moves" in weak) == (-1, "loss", False)
    stopped = solution_record(board, -5, 3)
    assert (stopped["score"], stopped["lower"], stopped["upper"]) == (None, -5, 3)
    assert "words" not in stopped
    assert stopped["exact"] is False


def test_a_review_record_names_its_turning_points_and_says_its_values() -> None:
    record = review_record(review_game("4455"))
    turning = record["turning_points"]
    assert turning == [
        {
            "number": 3,
            "grade": "blunder",
            "sentence": "move 3 (X, column 5) threw the win: column 4 wins in 20, column 5 "
            "loses in 19",
        },
        {
            "number": 4,
            "grade": "blunder",
            "sentence": "move 4 (O, column 5) threw the win: column 3 wins in 19, column 5 "
            "loses in 2",
        },
    ]
    moves = record["review"]
    assert isinstance(moves, list)
    assert moves[3]["played"]["words"] == "loss in 2"
    assert moves[0]["before"]["moves"] == 21


def test_a_review_record_draws_the_course_and_explains_each_move() -> None:
    review = review_game("4455")
    record = review_record(review)
    assert record["course"] == [p.to_json() for p in course(review)]
    points = record["course"]
    assert isinstance(points, list)
    assert [p["expected"] for p in points] == [1.0, 1.0, 1.0, 0.0, 1.0]
    moves = record["review"]
    assert isinstance(moves, list)
    for move, reviewed in zip(moves, review.moves, strict=True):
        before = review.board_after(reviewed.ply)
        assert move["explanation"] == explain(before, reviewed.column).to_json()
        best = reviewed.likely_best
        assert best is not None
        assert move["best_explanation"] == explain(before, best).to_json()
        line = move["best_line"]
        assert line[0] - 1 in reviewed.best  # the line starts with a best column
        assert list(best_line(before)) == [c - 1 for c in line]
    assert moves[2]["explanation"]["column"] == 5


def test_exercise_verdict_and_game_records(tmp_path: Path) -> None:
    (exercise,) = exercises(review_game("4455"), 1)
    record = exercise_record(exercise)
    assert {k: record[k] for k in ("number", "position", "player", "symbol", "played")} == {
        "number": 3, "position": "44", "player": 1, "symbol": "X", "played": 5
    }  # fmt: skip
    assert (record["good"], record["grade"], record["best"]) == ([4], "blunder", 4)
    assert record["answer_words"] == answer_words(exercise) == "The answer: column 4."
    task = "Move 3: X played column 5, a blunder. Find a better move for X."
    assert record["task_words"] == task
    assert record["played_explanation"] == exercise.played_explanation.to_json()
    assert sorted(record["answers"]) == [str(c) for c in range(1, 8)]  # type: ignore[call-overload]
    assert record["answers"]["4"]["right"] is True  # type: ignore[index]
    verdict = verdict_record(answer(exercise, 0))
    assert record["answers"]["1"] == verdict  # type: ignore[index]
    assert verdict == {
        "right": False,
        "sentence": "Not that: column 1 loses in 18.",
        "column": 1,
        "explanation": explain(exercise.board, 0).to_json(),
    }
    with GameStore(tmp_path / "g.sqlite3") as store:
        saved = store.save(Board.from_moves("4455"), first="you", second="engine", source="web")
    assert game_record(saved) == saved.to_json()
    assert game_record(saved)["moves"] == "4455"
    assert json.loads(json.dumps(record))["good"] == [4]


def test_a_review_record_within_a_time_coaches_the_moves_it_reaches() -> None:
    review = review_game("4455")
    assert review_record(review)["coached"] == 4
    record = review_record(review, within=0.0)  # no time at all: no move coached
    assert record["coached"] == 0
    moves = record["review"]
    assert isinstance(moves, list)
    assert all(m["explanation"] is None and m["best_line"] == [] for m in moves)
    assert all(m["best_explanation"] is None for m in moves)
    assert record["course"] == review_record(review)["course"]  # the graph is always drawn


def test_a_review_record_says_its_turning_points_in_the_shared_words() -> None:
    none = review_game("44")
    assert review_record(none)["turning_points_words"] == words.NO_TURNING_POINTS
    assert review_record(review_game("4455"))["turning_points_words"] == "2 turning points."
