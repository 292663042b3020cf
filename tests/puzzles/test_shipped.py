"""The shipped set: every puzzle re-verified against the solver, a mix of kinds and ratings."""

from __future__ import annotations

import shlex
from collections import Counter
from pathlib import Path

import pytest

from fourinarow.cli.main import main
from fourinarow.puzzles import KINDS, shipped
from fourinarow.puzzles.generate import SHIPPED_COMMAND, WIN_IN_ONE_SHARE
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
