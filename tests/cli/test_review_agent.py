"""``fourinarow review --agent SPEC --positions FILE``: the table, the standard sets by name,
JSON, seeds and the one-line errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fourinarow.cli.main import build_parser
from fourinarow.core.geometry import Geometry
from fourinarow.search.limit import Limit
from fourinarow.service.budgets import REVIEW_SECONDS, review_position_limit
from tests import bench
from tests.cli.conftest import Run

SAMPLE = {"FOURINAROW_BENCH_DIR": str(bench.SAMPLE_SETS)}
"""The committed sample of the standard sets, found by name as the full sets would be."""


SHIPPED = {"FOURINAROW_BENCH_DIR": ""}
"""No published sets named: the standard sets are fourinarow's own, which every install has."""


def rows(stdout: str) -> dict[str, list[str]]:
    """The table's rows by set name (the lines after the header)."""
    lines = stdout.splitlines()
    assert lines[0].startswith("Accuracy of ")
    header = lines.index("", 1) + 1  # after the title and the line naming the standard sets
    assert lines[header].split()[:5] == ["set", "positions", "accuracy", "weighted", "outcome"]
    return {line.split()[0]: line.split()[1:] for line in lines[header + 1 :]}


def test_the_perfect_agent_is_right_everywhere_in_a_set_file(run: Run) -> None:
    result = run(
        "review", "--agent", "perfect", "--positions", str(bench.SAMPLE_SETS / "Test_L3_R1")
    )
    assert result.returncode == 0, result.stderr
    (row,) = rows(result.stdout).items()
    assert row[0] == "Test_L3_R1"
    # positions, accuracy, weighted, outcome, decisive, dec. accuracy, dec. weighted, grades, ms
    positions, accuracy, weighted, outcome, _, decisive, _, best, *others, _ = row[1]
    assert (positions, best) == ("20", "20")
    assert [accuracy, weighted, outcome, decisive] == ["100.0%"] * 4
    assert others == ["0", "0", "0", "0"]
    assert result.stdout.splitlines()[1] == ""  # a file of one's own: no standard sets named


def test_standard_sets_by_name_and_all_six(run: Run) -> None:
    result = run(
        "review", "--agent", "level:3", "--positions", "end-easy", "--positions", "Test_L1_R3",
        "--count", "4", "--seed", "1", env=SAMPLE,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    table = rows(result.stdout)
    assert list(table) == ["End-Easy", "Begin-Hard"]
    assert all(row[0] == "4" for row in table.values())
    for row in table.values():  # the grades add up to the positions
        assert sum(int(count) for count in row[7:12]) == 4
    every = run("review", "--agent", "random", "--positions", "all", "--count", "2", env=SAMPLE)
    assert every.returncode == 0, every.stderr
    assert list(rows(every.stdout)) == [
        "End-Easy", "Middle-Easy", "Middle-Medium", "Begin-Easy", "Begin-Medium", "Begin-Hard",
    ]  # fmt: skip
    named = f"Standard sets: Pascal Pons' published sets in {bench.SAMPLE_SETS}"
    assert every.stdout.splitlines()[1] == named


def test_every_install_has_standard_sets_of_its_own(run: Run) -> None:
    """Without FOURINAROW_BENCH_DIR the names give the sets shipped in the package."""
    result = run(
        "review", "--agent", "perfect", "--positions", "all", "--count", "2", env=SHIPPED,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1] == "Standard sets: fourinarow's own sets (shipped with the package)"
    table = rows(result.stdout)
    assert list(table) == [
        "End-Easy", "Middle-Easy", "Middle-Medium", "Begin-Easy", "Begin-Medium", "Begin-Hard",
    ]  # fmt: skip
    assert all(row[:2] == ["2", "100.0%"] for row in table.values())
    document = json.loads(
        run("review", "--agent", "random", "--positions", "Test_L1_R3", "--count", "1", "--json",
            env=SHIPPED).stdout
    )  # fmt: skip
    assert Path(document["sets"][0]["file"]).name == "fourinarow-begin-hard.txt"


def test_json_is_repeatable_with_a_seed(run: Run) -> None:
    arguments = ("review", "--agent", "random", "--positions", "middle-easy", "--count", "10")
    first, again = (run(*arguments, "--seed", "5", "--json", env=SAMPLE) for _ in range(2))
    assert first.returncode == again.returncode == 0, first.stderr
    data, other = json.loads(first.stdout), json.loads(again.stdout)
    assert (data["agent"], data["seed"]) == ("random", 5)
    (found,) = data["sets"]
    assert (found["set"], found["positions"], found["graded"]) == ("Middle-Easy", 10, 10)
    assert sum(found["counts"].values()) == 10
    assert found["accuracy"] == found["counts"]["best"] / 10
    kept = found["counts"]["best"] + found["counts"]["inaccuracy"]
    assert found["outcome_accuracy"] == kept / 10
    assert set(found["decisive"]) == {"positions", "accuracy", "weighted_accuracy"}
    record = found["records"][0]
    assert set(record) == {
        "index", "moves", "column", "grade", "credit", "best", "decisive", "seconds",
    }  # fmt: skip
    assert record["moves"] == bench.read_sample("Test_L2_R1")[0].moves

    def played(report: dict[str, Any]) -> list[tuple[str, int, str]]:
        return [(r["moves"], r["column"], r["grade"]) for r in report["sets"][0]["records"]]

    assert played(data) == played(other)


def test_a_plain_file_of_moves_on_another_board(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "small.txt"
    path.write_text("# 5x4 openings\n3\n33\n\n3322\n")
    result = run(
        "review", "--agent", "alphabeta:depth=4", "--positions", str(path), "--size", "5x4",
        "--seed", "2", "--max-nodes", "100000",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert rows(result.stdout)["small.txt"][0] == "3"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--agent", "random"], "--agent needs positions"),
        (["--positions", "end-easy"], "--positions grades an agent"),
        (["--agent", "nobody", "--positions", "end-easy"], "unknown agent 'nobody'"),
        (["--agent", "random", "--positions", "no/such/file"], "not a standard set"),
        (["44", "--agent", "random", "--positions", "end-easy"], "not both"),
        ([], "give the game's MOVES"),
    ],
)
def test_errors_are_one_line_with_exit_status_2(
    run: Run, arguments: list[str], message: str
) -> None:
    result = run("review", *arguments, env=SAMPLE)
    assert result.returncode == 2
    (line,) = result.stderr.splitlines()
    assert message in line, line
    assert result.stdout == ""


def test_a_malformed_line_is_named_with_its_file_and_line(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "set.txt"
    path.write_text("4453 -2\n44 x\n")
    result = run("review", "--agent", "random", "--positions", str(path))
    assert result.returncode == 2
    (line,) = result.stderr.splitlines()
    assert f"{path}, line 2: 'x' is not a whole number" in line


def test_a_standard_set_not_found_says_where_it_was_looked_for(run: Run, tmp_path: Path) -> None:
    result = run(
        "review", "--agent", "random", "--positions", "begin-hard",
        env={"FOURINAROW_BENCH_DIR": str(tmp_path)},
    )  # fmt: skip
    assert result.returncode == 2
    (line,) = result.stderr.splitlines()
    assert f"the standard set begin-hard (Test_L1_R3) is not in {tmp_path}" in line
    assert "put Pascal Pons' published Test_L*_R* files there" in line
    assert "from his connect4 solver's repository" in line
    assert "or unset FOURINAROW_BENCH_DIR to use the sets that ship with fourinarow" in line


@pytest.mark.parametrize(
    ("size", "limited"),
    [("7x6", False), ("6x6", False), ("5x4", False), ("5x5", True), ("8x7", True)],
)
def test_the_solver_is_limited_only_on_boards_without_a_book(size: str, limited: bool) -> None:
    args = build_parser().parse_args(
        ["review", "--size", size, "--agent", "random", "--positions", "x"]
    )
    width, height = args.size
    assert review_position_limit(Geometry(width, height, args.connect)) == (
        Limit(REVIEW_SECONDS) if limited else None
    )
