"""The shipped set: every puzzle re-verified against the solver, a mix of kinds and ratings."""

from __future__ import annotations

import itertools
import re
import shlex
from collections import Counter
from pathlib import Path

import pytest

from fourinarow.cli.main import main
from fourinarow.puzzles import KINDS, shipped
from fourinarow.puzzles.generate import (
    SHIPPED_COMMAND,
    WIN_IN_ONE_SHARE,
    generate,
    self_play_games,
)
from fourinarow.puzzles.verify import verify
from fourinarow.search.solver import Solver

SHIPPED = shipped()


def test_the_set_has_a_few_hundred_puzzles_of_every_kind() -> None:
    assert len(SHIPPED) >= 300
    kinds = Counter(p.kind for p in SHIPPED)
    assert set(kinds) == set(KINDS)
    assert min(kinds.values()) >= 100
    assert sum(p.distance == 1 for p in SHIPPED) <= len(SHIPPED) // WIN_IN_ONE_SHARE
    assert all((p.width, p.height, p.connect) == (7, 6, 4) for p in SHIPPED)
    assert len({p.id for p in SHIPPED}) == len(SHIPPED)
    ratings = [p.rating for p in SHIPPED]
    assert ratings == sorted(ratings)
    assert ratings[-1] - ratings[0] >= 1000


def test_no_position_is_shipped_twice_even_mirrored() -> None:
    keys = [min(p.board.key(), p.board.mirror().key()) for p in SHIPPED]
    assert len(set(keys)) == len(keys)


def test_every_shipped_puzzle_verifies() -> None:
    solver = Solver(tt_mb=64)
    wrong: dict[str, list[str]] = {}
    for puzzle in SHIPPED:
        problems = verify(puzzle, solver)
        if problems:
            wrong[puzzle.id] = problems
    assert wrong == {}


FIRST_GAMES = 6
"""The self-play games the fast test plays again: 15 of the shipped puzzles come from them."""


def test_the_first_games_of_the_recorded_command_give_their_shipped_puzzles() -> None:
    """The recorded command's first games, played again, give exactly the shipped puzzles that
    name them, to the last field (the games, their positions' kinds, solutions, lines and
    ratings); the slow test below makes the whole set."""
    words = shlex.split(SHIPPED_COMMAND)
    seed = int(words[words.index("--seed") + 1])
    games = itertools.islice(self_play_games(seed), FIRST_GAMES)
    made = generate(1000, seed=seed, games=games, solver=Solver(tt_mb=64))
    game_number = re.compile(rf"^self-play level:\d v level:\d, seed {seed} game (\d+), after move")
    numbers = []
    for puzzle in SHIPPED:
        found = game_number.match(puzzle.source)
        assert found is not None, puzzle.source
        numbers.append(int(found[1]))
    from_first = [p for p, number in zip(SHIPPED, numbers, strict=True) if number <= FIRST_GAMES]
    assert len(from_first) >= 10
    assert made == from_first


@pytest.mark.slow
def test_the_recorded_command_makes_the_shipped_set(tmp_path: Path) -> None:
    """About 130 s of processor time: the set is what its recorded command writes."""
    words = shlex.split(SHIPPED_COMMAND)
    assert words[:3] == ["fourinarow", "puzzle", "generate"]
    out = words.index("--out") + 1
    words[out] = str(tmp_path / "set.jsonl")
    assert main([*words[1:], "--quiet"]) == 0
    shipped_file = Path(__file__).parents[2] / "src/fourinarow/puzzles/sets/7x6.jsonl"
    assert (tmp_path / "set.jsonl").read_bytes() == shipped_file.read_bytes()
