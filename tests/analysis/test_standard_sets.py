"""The standard sets by name (analysis/standard_sets.py), and the sets that ship with the
package: well formed, true to their rules, and their scores right when solved another way."""

from __future__ import annotations

from pathlib import Path

import pytest

from fourinarow.analysis.accuracy import BENCHMARK_SETS, PositionFileError
from fourinarow.analysis.set_making import SET_RULES, make_set
from fourinarow.analysis.standard_sets import (
    SHIPPED_COMMAND,
    SHIPPED_DIRECTORY,
    SHIPPED_SEED,
    StandardSet,
    published_directory,
    shipped_file_name,
    source_line,
    standard_set,
)
from fourinarow.core import Board
from fourinarow.search.scores import Exact
from fourinarow.search.solver import Solver
from tests import bench

SHIPPED_COUNT = 1000
"""Positions in each shipped set."""

VERIFY_EVERY = 50
"""The fast tests re-solve every 50th position of each shipped set (20 a set)."""


def shipped(name: str) -> list[tuple[str, int]]:
    """The shipped set ``name`` as ``(moves, score)`` lines."""
    lines = (SHIPPED_DIRECTORY / shipped_file_name(name)).read_text().splitlines()
    return [(moves, int(score)) for moves, score in (line.split() for line in lines)]


def test_names_and_pons_file_names_give_the_shipped_sets_without_a_directory() -> None:
    for name, (title, file) in BENCHMARK_SETS.items():
        for key in (name, name.upper(), file, file.lower(), f" {name} "):
            found = standard_set(key, None)
            assert found == StandardSet(name, title, SHIPPED_DIRECTORY / f"fourinarow-{name}.txt",
                                        published=False)  # fmt: skip
            assert found.path.is_file()
    assert standard_set("begin-impossible", None) is None
    assert standard_set("Test_L9_R9", Path("/nowhere")) is None


def test_a_directory_gives_pons_files_or_says_what_to_set(tmp_path: Path) -> None:
    found = standard_set("Test_L1_R3", bench.SAMPLE_SETS)
    assert found == StandardSet("begin-hard", "Begin-Hard", bench.SAMPLE_SETS / "Test_L1_R3", True)
    with pytest.raises(PositionFileError) as raised:
        standard_set("end-easy", tmp_path)
    message = str(raised.value)
    assert f"the standard set end-easy (Test_L3_R1) is not in {tmp_path}" in message
    assert "Pascal Pons' published Test_L*_R* files" in message
    assert "his connect4 solver's repository" in message
    assert "unset FOURINAROW_BENCH_DIR" in message


def test_the_published_directory_is_the_variable_else_an_existing_fallback(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("FOURINAROW_BENCH_DIR", raising=False)
    assert published_directory() is None
    assert published_directory(tmp_path) == tmp_path
    assert published_directory(tmp_path / "absent") is None
    monkeypatch.setenv("FOURINAROW_BENCH_DIR", "")
    assert published_directory(tmp_path) == tmp_path
    monkeypatch.setenv("FOURINAROW_BENCH_DIR", str(tmp_path / "named"))
    assert published_directory(tmp_path) == tmp_path / "named"  # named: used even if absent


def test_the_source_line_names_both_kinds() -> None:
    ours = standard_set("end-easy", None)
    theirs = standard_set("end-easy", bench.SAMPLE_SETS)
    assert ours is not None
    assert theirs is not None
    assert source_line([]) is None
    assert source_line([ours]) == "Standard sets: fourinarow's own sets (shipped with the package)"
    assert source_line([theirs, theirs]) == (
        f"Standard sets: Pascal Pons' published sets in {bench.SAMPLE_SETS}"
    )
    assert "published sets in" in (both := source_line([theirs, ours]) or "")
    assert both.endswith("and fourinarow's own sets (shipped with the package)")


@pytest.mark.parametrize("name", list(SET_RULES))
def test_a_shipped_set_keeps_its_rules(name: str) -> None:
    """1000 positions at the set's plies, none over, none where the side to move wins at once,
    none twice (mirror images included), every score possible at its ply."""
    rule = SET_RULES[name]
    positions = shipped(name)
    assert len(positions) == SHIPPED_COUNT
    seen = set()
    for moves, score in positions:
        board = Board.from_moves(moves)
        assert rule.first <= board.ply <= rule.last, moves
        assert not board.is_game_over(), moves
        assert not board.winning_moves(), moves
        assert abs(score) <= (42 + 1 - board.ply) // 2, moves
        key = min(board.key(), board.mirror().key())
        assert key not in seen, moves
        seen.add(key)


def test_the_shipped_sets_repeat_from_their_command() -> None:
    """SHIPPED_COMMAND's seed makes the shipped files' first lines again, the classes frozen
    in them kept and every score solved again."""
    assert f"--seed {SHIPPED_SEED}" in SHIPPED_COMMAND
    for name, count in [("end-easy", 5), ("middle-medium", 5), ("begin-hard", 3)]:
        lines = shipped(name)
        made = make_set(name, count, SHIPPED_SEED, frozen=[moves for moves, _ in lines])
        assert list(made.positions) == lines[:count]


@pytest.mark.parametrize("name", ["end-easy", "middle-easy"])
def test_easy_scores_agree_with_the_pure_python_solver(name: str) -> None:
    """The compiled kernel scored them; its pure-Python twin, without a book, agrees."""
    solver = Solver(tt_mb=4, use_kernel=False, book=False)
    for moves, score in shipped(name)[::VERIFY_EVERY]:
        solver.clear()
        assert solver.solve(Board.from_moves(moves)).score == score, moves


@pytest.mark.parametrize("name", ["middle-medium", "begin-easy", "begin-medium", "begin-hard"])
def test_scores_agree_with_the_best_column_valued_on_its_own(name: str) -> None:
    """A position's score is its best column's value: each column searched on its own (with
    the book where it reaches), not the one search that scored the set."""
    solver = Solver(tt_mb=64)
    for moves, score in shipped(name)[::VERIFY_EVERY]:
        board = Board.from_moves(moves)
        analysis = solver.analyze(board)
        values = [analysis.values[column] for column in board.legal_moves]
        exact = [value.value for value in values if isinstance(value, Exact)]
        assert len(exact) == len(values), moves
        assert max(exact) == score, moves


@pytest.mark.slow
def test_hard_scores_agree_without_the_book() -> None:
    """Begin-Hard was scored with the book: a sample of it, solved without one, agrees (the
    positions with the most stones of every 100th, the cheapest to solve)."""
    solver = Solver(tt_mb=128, book=False)
    sample = shipped("begin-hard")[::100]
    for moves, score in sorted(sample, key=lambda line: -len(line[0]))[:4]:
        solver.clear()
        assert solver.solve(Board.from_moves(moves)).score == score, moves
