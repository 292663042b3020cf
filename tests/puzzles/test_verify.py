"""The verifier tells sound puzzles from wrong ones, by the solver's proof."""

from __future__ import annotations

import dataclasses

import pytest

from fourinarow.puzzles.model import Puzzle
from fourinarow.puzzles.verify import UnsoundPuzzleError, check_puzzle, verify
from fourinarow.search.solver import Solver

WIN = Puzzle(
    id="win",
    moves="744454544575771552212722217",
    width=7,
    height=6,
    connect=4,
    kind="win",
    solution=0,
    distance=4,
    value=5,
    line=(0, 0, 0, 5, 5, 2, 2),
    rating=600,
    source="test",
)
"""X wins in 4 with column 1, and only column 1 wins."""

ONLY_MOVE = Puzzle(
    id="only",
    moves="1517444442557",
    width=7,
    height=6,
    connect=4,
    kind="only-move",
    solution=0,
    distance=11,
    value=5,
    line=(0, 3, 4, 2, 2, 2, 2, 2, 2, 4, 4, 1, 0, 0, 0, 6, 6, 6, 6, 1, 1),
    rating=1400,
    source="test",
)
"""O wins in 11 with column 1 only."""

SAVE_DRAW = Puzzle(
    id="draw",
    moves="6145554",
    width=7,
    height=6,
    connect=4,
    kind="save-draw",
    solution=3,
    distance=None,
    value=0,
    line=(3,),
    rating=1100,
    source="test",
)
"""O draws with column 4; every other column loses."""


@pytest.fixture(scope="module")
def solver() -> Solver:
    return Solver(tt_mb=16)


@pytest.mark.parametrize("puzzle", [WIN, ONLY_MOVE, SAVE_DRAW], ids=lambda p: p.kind)
def test_sound_puzzles_pass(puzzle: Puzzle, solver: Solver) -> None:
    assert verify(puzzle, solver) == []
    check_puzzle(puzzle, solver)


WRONG: dict[str, tuple[Puzzle, str]] = {
    "another solution": (
        dataclasses.replace(WIN, solution=2, line=(2,)),
        "column 3 does not win; column 1 does",
    ),
    "a longer distance": (dataclasses.replace(WIN, distance=5), "takes 4 own moves, not 5"),
    "a wrong value": (dataclasses.replace(WIN, value=6), "the value is 5, not 6"),
    "a short win called only-move": (
        dataclasses.replace(WIN, kind="only-move"),
        "a win in 4 is a win puzzle",
    ),
    "a long win called win": (
        dataclasses.replace(ONLY_MOVE, kind="win"),
        "a win in 11 is an only-move puzzle",
    ),
    "a line with a slow defence": (
        dataclasses.replace(WIN, line=(0, 2, 0)),
        "move 2 of the line (column 3) is not a best move",
    ),
    "a line with a slow win": (
        dataclasses.replace(WIN, line=(0, 0, 2)),
        "move 3 of the line (column 3) is not a best move",
    ),
    "a line stopping short": (
        dataclasses.replace(WIN, line=(0, 0, 0, 5, 5)),
        "the line stops before the winning stone",
    ),
    "a line going on after the win": (
        dataclasses.replace(WIN, line=(*WIN.line, 3)),
        "ends the game, and the line goes on",
    ),
    "a line not starting with the solution": (
        dataclasses.replace(WIN, line=(5, 0)),
        "the line does not start with the solution",
    ),
    "an illegal move in the line": (
        dataclasses.replace(WIN, line=(0, 1)),
        "move 2 of the line (column 2) is not legal",
    ),
    "a draw called a win": (
        dataclasses.replace(SAVE_DRAW, kind="win", distance=1),
        "the side to move does not win (the value is 0)",
    ),
    "a losing save-draw column": (
        dataclasses.replace(SAVE_DRAW, solution=0, line=(0,)),
        "column 1 does not draw; column 4 does",
    ),
    "a save-draw with a distance": (
        dataclasses.replace(SAVE_DRAW, distance=3),
        "a save-draw puzzle has no distance",
    ),
    "a win called save-draw": (
        dataclasses.replace(WIN, kind="save-draw", distance=None, line=(0,)),
        "the position is not a draw (the value is 5)",
    ),
    "many winning columns": (
        dataclasses.replace(WIN, moves="4455", solution=2, distance=2, value=18, line=(2, 1, 5)),
        "columns 3, 4, 5, 6 win",
    ),
    "many drawing columns": (
        dataclasses.replace(SAVE_DRAW, moves="744577", solution=1, line=(1,)),
        "columns 2, 3, 6 draw: a save-draw puzzle has one",
    ),
    "a finished game": (
        dataclasses.replace(WIN, moves="1212121", line=(2,)),
        "the game is already over",
    ),
    "an illegal game": (
        dataclasses.replace(WIN, moves="11111111"),
        "the moves are not a legal game",
    ),
    "a full solution column": (
        dataclasses.replace(WIN, solution=1),
        "the solution 2 is not a legal column",
    ),
    "one legal column": (
        dataclasses.replace(WIN, moves="63462235736444637412271724576251163175531", solution=4),
        "only one column is legal",
    ),
}


@pytest.mark.parametrize("case", WRONG, ids=list(WRONG))
def test_wrong_puzzles_are_told_apart(case: str, solver: Solver) -> None:
    puzzle, words = WRONG[case]
    problems = verify(puzzle, solver)
    assert any(words in problem for problem in problems), problems
    with pytest.raises(UnsoundPuzzleError, match=f"puzzle {puzzle.id}: "):
        check_puzzle(puzzle, solver)


def test_an_unproven_value_is_a_problem() -> None:
    from fourinarow.search.limit import Limit

    big = dataclasses.replace(SAVE_DRAW, moves="4", width=9, height=8, line=(4,))
    problems = verify(big, Solver(tt_mb=16), Limit(time=0.01))
    assert problems == ["the solver did not prove every column's value within the limit"]
