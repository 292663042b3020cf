"""Agent accuracy against the solver: hand-checked positions, the standard sets' sample, the
figures' arithmetic and the position files."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

from fourinarow.agents import Decision, InvalidAgentSpecError
from fourinarow.analysis import ReviewError
from fourinarow.analysis.accuracy import (
    BENCHMARK_SETS,
    AccuracyReport,
    PositionFileError,
    SolvedPosition,
    agent_accuracy,
    evenly_spaced,
    read_positions,
    solve_positions,
)
from fourinarow.core import Board, Column, InvalidBoardSizeError
from fourinarow.search.limit import Limit
from fourinarow.search.solver import Solver
from tests import bench


class Fixed:
    """An agent that always plays one column (0-based): a move known in advance."""

    def __init__(self, column: Column) -> None:
        self.column = column

    @property
    def name(self) -> str:
        """``fixed`` and the column."""
        return f"fixed:{self.column}"

    def choose(self, board: Board, limit: Limit | None = None) -> Decision:
        """The fixed column."""
        return Decision(self.column)


@pytest.fixture(scope="module")
def solver() -> Solver:
    """One solver (with the 7x6 book) for the module."""
    return Solver(tt_mb=16)


@pytest.fixture(scope="module")
def sample(solver: Solver) -> tuple[SolvedPosition, ...]:
    """Every 100th position of each standard set (ten each), solved once."""
    boards = [Board.from_moves(p.moves) for name in bench.SETS for p in bench.every(name, 100)]
    return solve_positions(boards, solver=solver)


def test_after_44_only_column_4_keeps_the_win(solver: Solver) -> None:
    # X opens in the centre, O answers on top: X wins only by stacking a third stone there
    boards = [Board.from_moves("44")]
    centre = agent_accuracy(Fixed(3), boards, solver=solver)
    beside = agent_accuracy(Fixed(4), boards, solver=solver)
    assert (centre.accuracy, centre.counts["best"]) == (1.0, 1)
    assert (beside.accuracy, beside.outcome_accuracy, beside.counts["blunder"]) == (0.0, 0.0, 1)
    (record,) = beside.records
    assert (record.index, record.moves, record.grade, record.decisive) == (0, "44", "blunder", True)
    assert record.review.best == (3,)
    assert record.to_json()["column"] == 5
    assert record.to_json()["best"] == [4]


def test_a_slower_win_is_an_inaccuracy_with_half_credit(solver: Solver) -> None:
    # X has 4, 5 and 6 on the bottom row: 3 or 7 wins at once; 1 wins a move later (O blocks
    # one end, X takes the other)
    board = Board.from_moves("445566")
    slow = agent_accuracy(Fixed(0), [board], solver=solver)
    assert slow.counts["inaccuracy"] == 1
    assert (slow.accuracy, slow.weighted_accuracy, slow.outcome_accuracy) == (0.0, 0.5, 1.0)
    quick = agent_accuracy("aggressive", [board], seed=3, solver=solver)  # wins at once
    assert quick.records[0].review.column in (2, 6)
    assert (quick.accuracy, quick.weighted_accuracy) == (1.0, 1.0)


def test_the_perfect_agent_plays_best_in_every_sampled_position(
    sample: tuple[SolvedPosition, ...],
) -> None:
    report = agent_accuracy("perfect", sample)
    assert report.positions == len(sample) == 60
    assert report.accuracy == report.weighted_accuracy == 1.0
    assert report.decisive_accuracy == 1.0
    assert report.counts["best"] == 60


def test_random_play_is_less_accurate_and_repeatable_with_a_seed(
    sample: tuple[SolvedPosition, ...],
) -> None:
    first = agent_accuracy("random", sample, seed=7)
    again = agent_accuracy("random", sample, seed=7)
    assert [r.review.column for r in first.records] == [r.review.column for r in again.records]
    assert first.accuracy is not None
    assert first.accuracy < 0.7
    assert first.weighted_accuracy is not None
    assert first.accuracy <= first.weighted_accuracy < 1.0
    level = agent_accuracy("level:7", sample, seed=7)
    assert level.accuracy is not None
    assert level.accuracy > first.accuracy


def test_the_counts_add_up_and_unproven_moves_are_left_out() -> None:
    # on 8x7 a few hundred nodes prove little: some moves stay unproven
    boards = [Board.from_moves(m, width=8, height=7) for m in ("45", "4554", "12345678", "1")]
    report = agent_accuracy(
        "random", boards, seed=1, solver=Solver(tt_mb=1), solver_limit=Limit(nodes=300)
    )
    counts = report.counts
    assert set(counts) == {"best", "inaccuracy", "mistake", "blunder", "unproven"}
    assert sum(counts.values()) == report.positions == 4
    assert report.graded == report.positions - counts["unproven"]
    assert counts["unproven"] > 0
    assert report.decisive <= report.graded
    if report.graded:
        assert report.accuracy == counts["best"] / report.graded
    else:
        assert report.accuracy is report.weighted_accuracy is None
    data = report.to_json()
    assert data["counts"] == counts
    assert data["positions"] == 4
    assert len(data["records"]) == 4  # type: ignore[arg-type]


def test_a_position_with_one_legal_column_is_not_decisive(solver: Solver) -> None:
    board = Board.from_moves("111132232323", width=4, height=4, connect=4)
    assert board.legal_moves == [3]
    report = agent_accuracy("random", [board, Board.from_moves("44")], seed=1, solver=solver)
    assert [r.decisive for r in report.records] == [False, True]
    assert report.records[0].grade == "best"
    assert report.decisive == 1
    assert report.decisive_accuracy == (1.0 if report.records[1].grade == "best" else 0.0)


def test_no_positions_give_no_figures() -> None:
    report = agent_accuracy("random", [], seed=1)
    assert report == AccuracyReport("random", ())
    assert report.accuracy is report.weighted_accuracy is report.seconds_per_move is None


@pytest.mark.parametrize(
    ("agent", "positions", "seed", "message"),
    [
        (Fixed(0), [Board.from_moves("4")], 1, "seed"),
        (3, [Board.from_moves("4")], None, "agent spec"),
        ("random", ["44"], 1, "Board"),
        ("random", [Board.from_moves("1212121")], 1, "game is over"),
    ],
)
def test_bad_arguments_are_named(
    agent: object, positions: list[object], seed: int | None, message: str
) -> None:
    with pytest.raises(ReviewError, match=message):
        agent_accuracy(agent, positions, seed=seed)  # type: ignore[arg-type]


def test_an_unknown_spec_is_refused() -> None:
    with pytest.raises(InvalidAgentSpecError, match="unknown agent"):
        agent_accuracy("nobody", [Board()])


def test_position_files_in_either_format(tmp_path: Path) -> None:
    path = tmp_path / "mixed.txt"
    path.write_text("# a comment\n4453 -2\n\n44  # the centre twice\n1,2 0 17\n")
    boards = read_positions(path)
    assert [b.to_moves() for b in boards] == ["4453", "44", "12"]
    wide = tmp_path / "wide.txt"
    wide.write_text("10,1\n")
    (board,) = read_positions(wide, width=10, height=8)
    assert (board.width, board.to_moves()) == (10, "10,1")


def test_the_committed_sample_reads_as_positions() -> None:
    boards = read_positions(bench.SAMPLE_SETS / "Test_L1_R3")  # moves, score and line numbers
    assert [b.to_moves() for b in boards] == [p.moves for p in bench.read_sample("Test_L1_R3")]
    assert {file for _, file in BENCHMARK_SETS.values()} == set(bench.SETS)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("44\n4x5\n", "line 2"),
        ("44 12\n4453 draw\n", r"line 2: 'draw' is not a whole number"),
        ("1111111\n", "line 1"),
        ("44\n\n1212121\n", "line 3: the game is over"),
        ("44\n" + "4" * 5000 + "\n", "line 2: longer than 4,096 characters"),
    ],
)
def test_a_malformed_line_is_named_with_its_file(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(text)
    with pytest.raises(PositionFileError, match=message) as caught:
        read_positions(path)
    assert str(path) in str(caught.value)


def test_a_bad_shape_is_refused_before_the_file_is_read(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("")  # no line to replay: only the shape can be wrong
    with pytest.raises(InvalidBoardSizeError, match="width 0 is out of range"):
        read_positions(empty, width=0)


def test_an_unreadable_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(PositionFileError, match=r"cannot read positions from .*missing"):
        read_positions(tmp_path / "missing")
    binary = tmp_path / "binary"
    binary.write_bytes(b"\xff\xfe44\n")
    with pytest.raises(PositionFileError, match="cannot read"):
        read_positions(binary)


def test_evenly_spaced_keeps_the_first_and_spreads_the_rest() -> None:
    assert evenly_spaced(list(range(1000)), 4) == [0, 250, 500, 750]
    assert evenly_spaced([1, 2], 5) == [1, 2]
    assert evenly_spaced([1, 2], None) == [1, 2]


def test_a_line_of_20_mb_is_refused_before_it_is_held(tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    path.write_bytes(b"44\n" + b"4" * (20 * 2**20) + b"\n")
    tracemalloc.start()
    try:
        with pytest.raises(PositionFileError, match="line 2: longer than"):
            read_positions(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 2**20  # a few kilobytes at a time, not the 20 MB line
