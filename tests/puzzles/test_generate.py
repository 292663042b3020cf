"""The generator: the same seed makes the same puzzles, and every puzzle it makes verifies."""

from __future__ import annotations

import itertools

import pytest

from fourinarow.agents.perfect import PerfectAgent
from fourinarow.core import Board
from fourinarow.puzzles.generate import (
    WIN_IN_ONE_SHARE,
    Game,
    classify,
    games_from_moves,
    generate,
    rate,
    self_play_games,
)
from fourinarow.puzzles.model import PuzzleError
from fourinarow.puzzles.verify import verify
from fourinarow.search.solver import Solver

GAME = "7444545445757715522127222171116666"
"""A self-play game (level 4 against level 7) with a win in 4, a win in 3 and a win in 1."""


@pytest.fixture(scope="module")
def solver() -> Solver:
    return Solver(tt_mb=16)


def test_the_same_seed_makes_the_same_puzzles_and_each_verifies(solver: Solver) -> None:
    first = generate(3, seed=7, solver=solver)
    assert first == generate(3, seed=7)
    assert sorted(p.kind for p in first) == ["only-move", "save-draw", "win"]
    assert [p.rating for p in first] == sorted(p.rating for p in first)
    for puzzle in first:
        assert verify(puzzle, solver) == [], puzzle
        assert puzzle.source.startswith("self-play level:")


def test_self_play_is_reproducible() -> None:
    one = list(itertools.islice(self_play_games(3), 2))
    assert one == list(itertools.islice(self_play_games(3), 2))
    assert one != list(itertools.islice(self_play_games(4), 2))
    for game in one:
        assert Board.from_moves("".join(str(c + 1) for c in game.moves)).is_game_over()


def test_given_games_are_mined_in_order_and_fill_up_when_they_run_out(solver: Solver) -> None:
    games = games_from_moves([(GAME, "a test game")])
    puzzles = generate(30, kinds=["win"], games=games, solver=solver)
    assert [(p.kind, p.distance) for p in sorted(puzzles, key=lambda p: p.moves)] == [
        ("win", 4),
        ("win", 3),
        ("win", 1),
    ]
    for puzzle in puzzles:
        assert verify(puzzle, solver) == []
        assert puzzle.source.startswith("a test game, after move ")


def test_wins_in_one_are_rationed(solver: Solver) -> None:
    game = Game(Board.from_moves(GAME).moves, "g")
    puzzles = generate(WIN_IN_ONE_SHARE, kinds=["win"], games=[game, game], solver=solver)
    assert sum(p.distance == 1 for p in puzzles) == 1


def test_a_position_and_its_mirror_image_are_one_puzzle(solver: Solver) -> None:
    mirror = "".join(str(8 - int(c)) for c in GAME)
    games = games_from_moves([(GAME, "a"), (mirror, "b")])
    puzzles = generate(30, kinds=["win"], games=games, solver=solver)
    assert len(puzzles) == 3
    assert all(p.source.startswith("a,") for p in puzzles)


def test_trivial_positions_are_not_puzzles(solver: Solver) -> None:
    assert classify(Board.from_moves("44556"), solver) is None  # block at 3 or 7
    assert classify(Board.from_moves("4455"), solver) is None  # four columns win
    assert classify(Board.from_moves("44"), solver) is None  # the opening
    candidate = classify(Board.from_moves(GAME[:27]), solver)
    assert candidate is not None
    assert (candidate.kind, candidate.solution, candidate.distance) == ("win", 0, 4)


def test_a_rating_is_reproducible_and_grows_with_the_depth(solver: Solver) -> None:
    board = Board.from_moves(GAME[:27])
    candidate = classify(board, solver)
    assert candidate is not None
    rating = rate(board, candidate)
    assert rating == rate(board, candidate)
    short = Board.from_moves(GAME[:33])
    quick = classify(short, solver)
    assert quick is not None
    assert quick.distance == 1
    assert 100 <= rate(short, quick) < rating <= 3000


def test_the_games_and_the_ratings_make_no_endgame_proofs(
    solver: Solver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Levels 7 and 8 would try to solve endgames within their nodes, and a faster solver would
    then play other moves: the games and the ratings would change with the solver's speed."""
    board = Board.from_moves(GAME[:27])  # 15 empty cells
    candidate = classify(board, solver)
    assert candidate is not None

    def refuse(*_: object, **__: object) -> None:
        raise AssertionError("an endgame proof in a puzzle's game or rating")

    monkeypatch.setattr(PerfectAgent, "choose", refuse)
    assert 100 <= rate(board, candidate) <= 3000
    games = list(itertools.islice(self_play_games(18), 6))  # games 2 and 6 reach 20 empty cells
    assert any("level:7" in game.source and len(game.moves) > 22 for game in games)


@pytest.mark.parametrize(
    ("count", "kinds", "words"),
    [
        (0, ["win"], "the number of puzzles is a whole number from 1"),
        (True, ["win"], "the number of puzzles is a whole number from 1"),
        (5, ["mate"], "a puzzle kind is one of win, only-move, save-draw"),
        (5, [], "ask for at least one kind"),
    ],
)
def test_bad_arguments_are_refused(count: int, kinds: list[str], words: str) -> None:
    with pytest.raises(PuzzleError, match=words):
        generate(count, kinds=kinds)


def test_a_kind_a_board_hardly_has_stops_the_search_after_a_stall() -> None:
    solver = Solver(tt_mb=16)
    puzzles = generate(4, width=5, height=4, connect=3, seed=2, solver=solver)
    assert 1 <= len(puzzles) <= 4
    for puzzle in puzzles:
        assert (puzzle.width, puzzle.height, puzzle.connect) == (5, 4, 3)
        assert verify(puzzle, solver) == []
