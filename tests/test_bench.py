"""The committed sample of the benchmark sets (tests/bench.py) is a true part of the full sets."""

from __future__ import annotations

import pytest

from fourinarow.core import Board
from tests import bench


@pytest.mark.parametrize("name", list(bench.SETS))
def test_the_sample_holds_every_50th_line_and_is_well_formed(name: str) -> None:
    sample = bench.read_sample(name)
    lines = [p.line for p in sample]
    assert lines == sorted(set(lines))
    assert set(range(1, 1001, bench.SAMPLE_EVERY)) <= set(lines) <= set(range(1, 1001))
    for position in sample:
        board = Board.from_moves(position.moves)  # a legal position, not over
        assert not board.is_game_over(), position
        assert abs(position.score) <= (42 + 1 - board.ply) // 2, position


@pytest.mark.skipif(not bench.full_sets_available(), reason=bench.WITHOUT_FULL_SETS)
@pytest.mark.parametrize("name", list(bench.SETS))
def test_the_sample_matches_the_full_set(name: str) -> None:
    """Every sampled line is the full set's."""
    sample = bench.read_sample(name)
    available = {p.line: p for p in bench.positions(name)}
    assert len(available) == 1000
    for position in sample:
        assert available[position.line] == position


@pytest.mark.skipif(
    bench.full_sets_available(),
    reason="checks the sample without the full sets, and they are here",
)
@pytest.mark.parametrize("name", list(bench.SETS))
def test_without_the_full_sets_the_sample_stands_in(name: str) -> None:
    assert bench.positions(name) == bench.read_sample(name)


def test_every_and_at_lines_pick_the_same_lines_from_either_source() -> None:
    assert [p.line for p in bench.every("Test_L3_R1", 250)] == [1, 251, 501, 751]
    assert [p.line for p in bench.every("Test_L3_R1", 200, stop=400)] == [1, 201]
    assert [p.line for p in bench.at_lines("Test_L1_R3", [60, 49])] == [60, 49]
    with pytest.raises(KeyError):
        bench.positions("Test_L9_R9")
