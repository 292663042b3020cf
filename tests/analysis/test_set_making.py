"""Making the standard sets (analysis/set_making.py): difficulty by nodes, the candidate
positions of a game, and sets that repeat from their seed."""

from __future__ import annotations

import random

import pytest

from fourinarow.agents.perfect import PerfectAgent
from fourinarow.analysis import set_making
from fourinarow.analysis.set_making import (
    EASY_NODES,
    HARD_NODES,
    SET_RULES,
    SetRule,
    StaleSetError,
    candidates,
    classifying_solver,
    difficulty,
    make_set,
)
from fourinarow.core import Board


def test_difficulty_is_set_by_the_nodes_of_a_search_without_a_book() -> None:
    solver = classifying_solver()
    assert solver.book is None
    assert difficulty(Board.from_moves("4455"), solver) == ("easy", 18)
    medium = Board.from_moves("454455465747517")  # about 40,000 nodes
    kind, score = difficulty(medium, solver)
    assert (kind, score) == ("medium", -7)
    assert EASY_NODES <= solver.last_nodes <= HARD_NODES
    assert difficulty(Board(), solver) == ("hard", None)  # the empty board: far beyond
    assert solver.last_nodes >= HARD_NODES
    assert difficulty(medium, solver, at_most="easy") == (None, None)
    assert solver.last_nodes < 2 * HARD_NODES / 100  # stopped early: only easy was wanted


def test_the_candidates_of_a_game_keep_the_rule() -> None:
    rule = SetRule(10, 20, "easy")
    rng = random.Random(5)
    found = [board for _ in range(20) for board in candidates(rule, rng)]
    assert found
    for board in found:
        assert 10 <= board.ply <= 20
        assert not board.is_game_over()
        assert not board.winning_moves()
    again = random.Random(5)
    assert [b.to_moves() for _ in range(20) for b in candidates(rule, again)] == [
        b.to_moves() for b in found
    ]


def test_a_set_repeats_from_its_seed() -> None:
    made = make_set("middle-easy", 8, 1)
    assert len(made.positions) == 8
    assert made.games >= 8
    assert make_set("middle-easy", 8, 1) == made
    assert make_set("middle-easy", 8, 2).positions != made.positions
    for moves, score in made.positions:
        board = Board.from_moves(moves)
        assert 15 <= board.ply <= 28
        assert difficulty(board, classifying_solver()) == ("easy", score)


def test_max_games_stops_a_set_short() -> None:
    made = make_set("end-easy", 1000, 1, max_games=3)
    assert made.games == 3
    assert len(made.positions) <= 3
    assert set(SET_RULES) == {
        "end-easy", "middle-easy", "middle-medium", "begin-easy", "begin-medium", "begin-hard",
    }  # fmt: skip


def test_a_set_made_again_keeps_its_classes_whatever_the_solver_counts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A faster solver moves positions across the lines; a set made again from its earlier
    self keeps them where they were, and scores them exactly."""
    made = make_set("middle-easy", 6, 1)
    frozen = [moves for moves, _ in made.positions]
    monkeypatch.setattr(set_making, "EASY_NODES", 30)  # as if the solver counted otherwise
    assert make_set("middle-easy", 6, 1).positions != made.positions
    again = make_set("middle-easy", 6, 1, frozen=frozen)
    assert again == made
    longer = make_set("middle-easy", 8, 1, frozen=frozen)  # past its end: today's solver
    assert longer.positions[:6] == made.positions
    for moves, _ in longer.positions[6:]:
        board = Board.from_moves(moves)
        assert difficulty(board, classifying_solver())[0] == "easy"
        assert classifying_solver().solve(board).nodes < 30


def test_a_set_the_games_no_longer_make_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(set_making, "REPLAY_PATIENCE", 3)
    with pytest.raises(StaleSetError) as raised:
        make_set("end-easy", 2, 1, frozen=["444444"])
    assert isinstance(raised.value, ValueError)
    assert str(raised.value) == (
        "the games no longer make the earlier end-easy set: position 1 of it did not come in "
        "3 games; make the set anew"
    )


def test_the_games_make_no_endgame_proofs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Level 7 would try to solve endgames within its nodes, and a faster solver would then
    play other moves: the sets' games would change with the solver's speed."""

    def refuse(*_: object, **__: object) -> None:
        raise AssertionError("an endgame proof in a set's game")

    monkeypatch.setattr(PerfectAgent, "choose", refuse)
    rng = random.Random(5)
    found = [board for _ in range(20) for board in candidates(SET_RULES["end-easy"], rng)]
    assert found
