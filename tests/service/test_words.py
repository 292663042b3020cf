"""The one vocabulary of values: every kind of score in words, with "win in N" counted in the
winner's own moves (the winning stone's included)."""

from __future__ import annotations

import pytest

from fourinarow.core import Board
from fourinarow.search.scores import (
    Bounds,
    ColumnValue,
    Estimate,
    Exact,
    Heuristic,
    Probability,
    Unvalued,
)
from fourinarow.service import words


@pytest.mark.parametrize(
    ("value", "said", "moves"),
    [
        (Exact(21, 1), "win in 1", 1),
        (Exact(-20, 2), "loss in 1", 1),
        (Exact(18, 3), "win in 2", 2),
        (Exact(-2, 36), "loss in 18", 18),
        (Exact(-1, 35), "loss in 18", 18),
        (Exact(0), "draw", None),
        (Exact(3), "win", None),  # made without a board: no distance known
        (Bounds(1, 9), "win", None),
        (Bounds(-4, -1), "loss", None),
        (Bounds(0, 4), "at least a draw", None),
        (Bounds(-4, 0), "at most a draw", None),
        (Bounds(-3, 2), "not proven", None),
        (Heuristic(10**6, 1, 3), "win in 2", 2),
        (Heuristic(-(10**6), -1, 2), "loss in 1", 1),
        (Heuristic(12), "estimate", None),
        (Estimate(17, 14), "estimate", None),
        (Estimate(17, 14, 0, 5), "at least a draw", None),
        (Probability(0.731), "73% to win", None),
        (Unvalued.FULL, "full", None),
        (Unvalued.NOT_SEARCHED, "not searched", None),
    ],
)
def test_every_kind_of_value_in_words(value: ColumnValue, said: str, moves: int | None) -> None:
    assert words.value_words(value) == said
    assert words.moves_to_end(value) == moves


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Exact(-2, 36), "-2 loss in 18"),
        (Exact(18, 1), "+18 win in 1"),
        (Exact(0), "0 draw"),
        (Bounds(1, 9), "1..9 win"),
        (Bounds(-3, 2), "-3..2 not proven"),
        (Estimate(-12, 9), "~-1.2 estimate"),
        (Heuristic(12), "h+12"),
        (Heuristic(10**6, 1, 3), "win in 2"),
    ],
)
def test_a_value_with_its_words(value: ColumnValue, text: str) -> None:
    assert words.value_text(value) == text


@pytest.mark.parametrize(
    ("value", "cell"),
    [
        (Exact(-2, 36), "-2"),
        (Bounds(-1, 3), "-1..3"),
        (Estimate(12, 9), "~+1.2"),
        (Heuristic(12), "h+12"),
        (Heuristic(10**6, 1, 3), "win-in-2"),
        (Heuristic(-(10**6), -1, 2), "loss-in-1"),
        (Probability(0.731), "p=0.731"),
        (Unvalued.FULL, "-"),
        (Unvalued.NOT_SEARCHED, "?"),
    ],
)
def test_a_label_is_one_word_a_line_of_them_splits_into(value: ColumnValue, cell: str) -> None:
    assert words.label(value) == cell
    assert cell.split() == [cell]


@pytest.mark.parametrize(
    ("value", "verb"),
    [
        (Exact(9, 17), "wins in 9"),
        (Exact(-2, 36), "loses in 18"),
        (Exact(0), "draws"),
        (Bounds(1, 9), "wins"),
        (Bounds(0, 9), "does not lose"),
        (Bounds(-3, 2), "is not proven"),
        (Estimate(12, 9), "is about +1.2"),
    ],
)
def test_a_value_as_a_verb_counts_the_same(value: ColumnValue, verb: str) -> None:
    assert words.verb_words(value) == verb


def test_n_is_the_winners_own_moves_whoever_wins() -> None:
    # 4435: every column loses; column 1 loses to the opponent's 18th move from here (its
    # stone number 20 in the game, two of its stones being on the board already)
    board = Board.from_moves("4435")
    lost = Exact.of(-2, board)
    assert (lost.distance, words.moves_to_end(lost)) == (36, 18)
    assert words.value_words(lost) == "loss in 18"
    won = Exact.of(18, Board.from_moves("4455"))  # X, O, X: X's second stone wins
    assert (won.distance, words.value_words(won)) == (3, "win in 2")


def test_the_labels_of_an_analysis_are_the_notation_of_each_column() -> None:
    board = Board.from_moves("4435")
    values = (Exact.of(-2, board), Unvalued.FULL, Bounds(-3, 2), Estimate(-5, 9))
    assert words.label(values[0]) == "-2"
    assert [words.label(v) for v in values[1:]] == ["-", "-3..2", "~-0.5"]


def test_the_rules_are_said_once_and_name_the_marks() -> None:
    assert "own moves" in words.MOVES_RULE
    assert words.ESTIMATE_RULE.startswith("~")
    assert "not a proof" in words.ESTIMATE_RULE
