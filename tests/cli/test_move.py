"""``fourinarow move`` and ``fourinarow analyze`` as a robot calls them (their Ctrl-C, as
processes, is in test_interrupt.py)."""

from __future__ import annotations

import json

import pytest

from tests.cli.conftest import Run


def test_move_prints_a_1_based_column(run: Run) -> None:
    result = run("move", "445566")  # wins at once in column 3 or 7
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() in ("3", "7")


def test_move_json_has_every_field(run: Run) -> None:
    result = run("move", "4455", "--json", "--time-ms", "3000")
    assert result.returncode == 0, result.stderr
    record = json.loads(result.stdout)
    assert set(record) == {"column", "score", "depth", "nodes", "time_ms", "pv", "exact"}
    assert record["score"] == {
        "kind": "exact",
        "value": 18,
        "distance": 3,
        "moves": 2,
        "words": "win in 2",
    }
    assert record["exact"] is True
    assert record["pv"][0] == record["column"]


def test_move_within_a_short_budget_is_not_passed_off_as_proven(run: Run) -> None:
    result = run("move", "-", "--json", "--time-ms", "100", "--agent", "perfect:book=none")
    assert result.returncode == 0, result.stderr
    record = json.loads(result.stdout)
    assert record["column"] in range(1, 8)
    assert record["exact"] is False
    assert record["score"] is None or record["score"]["kind"] == "bounds"
    assert record["time_ms"] >= 0  # how close to its 100 ms: benchmarks/latency.py


def test_move_from_a_grid_argument_or_standard_input(run: Run) -> None:
    # X holds d1 e1 f1, O holds d2 e2 f2, X to move: it wins at c1 or g1.
    diagram = "......./......./......./......./...OOO./...XXX."
    assert run("move", "--grid", diagram).stdout.strip() in ("3", "7")
    rows = "0000000\n0000000\n0000000\n0000000\n0002220\n0001110\n"
    result = run("move", "--grid", "-", "--agent", "simple", stdin=rows)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() in ("3", "7")


@pytest.mark.parametrize("command", ["move", "analyze", "show"])
def test_a_grid_of_another_shape_than_the_size_given_is_refused(run: Run, command: str) -> None:
    """A diagram is read at its own shape; an explicit --size that disagrees is a mistake to
    report (the diagram's shape and the size's), never a question answered for the diagram."""
    diagram = "......./......./......./......./...OOO./...XXX."  # 7x6, X to move
    for given in (["--size", "8x7"], ["--size", "7x7", "--connect", "4"]):
        result = run(command, "--grid", diagram, *given)
        assert result.returncode == 2
        assert result.stdout == ""
        (line,) = result.stderr.splitlines()
        size = given[1]
        assert line == (
            f"fourinarow {command}: error: --grid: the diagram is 7x6 (7 columns, 6 rows) but "
            f"--size is {size}: give a diagram of {size}, or leave out --size to read the "
            "diagram's shape"
        )
    piped = run(command, "--grid", "-", "--size", "8x7", stdin=diagram.replace("/", "\n"))
    assert piped.returncode == 2
    assert "the diagram is 7x6" in piped.stderr
    # The same size, or none, reads the diagram as before:
    assert run(command, "--grid", diagram, "--size", "7x6").returncode == 0
    assert run(command, "--grid", diagram).returncode == 0
    small = run(command, "--grid", "..../..../.XO.", "--connect", "3")  # 4x3
    assert small.returncode == 0, small.stderr


def test_analyze_prints_every_column(run: Run) -> None:
    result = run("analyze", "37342133236232526427711116166777")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["-", "-", "-", "-5", "-4", "-5", "-"]
    record = json.loads(run("analyze", "37342133236232526427711116166777", "--json").stdout)
    assert record["scores"] == [None, None, None, -5, -4, -5, None]
    assert record["exact"] is True
    assert [c["kind"] for c in record["columns"]] == ["full"] * 3 + ["exact"] * 3 + ["full"]
    assert record["best_moves"] == [5]


def test_analyze_within_a_short_budget_estimates_what_it_cannot_prove(run: Run) -> None:
    result = run("analyze", "4", "--time-ms", "100", "--agent", "perfect:book=none", "--json")
    assert result.returncode == 0, result.stderr
    record = json.loads(result.stdout)
    kinds = [column["kind"] for column in record["columns"]]
    assert set(kinds) <= {"exact", "bounds", "estimate"}
    assert "estimate" in kinds
    assert record["exact"] is False
    assert len(record["best_moves"]) >= 1  # the likely best, from the estimates
    text = run("analyze", "4", "--time-ms", "100", "--agent", "perfect:book=none").stdout.split()
    assert len(text) == 7
    assert all(v.startswith("~") or v.lstrip("-").replace("..", "").isdigit() for v in text)


def test_analyze_with_heuristic_agents(run: Run) -> None:
    result = run("analyze", "445566", "--agent", "alphabeta:depth=4", "--json")
    assert result.returncode == 0, result.stderr
    record = json.loads(result.stdout)
    assert record["exact"] is False
    assert record["scores"] == [None] * 7  # heuristic values are not exact scores
    columns = record["columns"]
    assert {c["kind"] for c in columns} == {"heuristic"}
    wins = [c["column"] for c in columns if c["forced"] == 1 and c["distance"] == 1]
    assert wins == record["best_moves"] == [3, 7]  # the two immediate wins
    engine = run("analyze", "4453", "--agent", "level:8", "--time-ms", "100")
    assert len(engine.stdout.split()) == 7


def test_analyze_with_a_heuristic_agent_prints_one_word_a_column(run: Run) -> None:
    """As without ``--agent``: the values split on spaces, one a column (a forced win too)."""
    result = run("analyze", "4455", "--agent", "alphabeta:depth=4")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "h+3 h+5 win-in-2 h+7 h+6 win-in-2 h+3\n"
    assert len(run("analyze", "4455").stdout.split()) == 7


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["move", "1212121"], "the game is over"),
        (["move", "44x"], "'x'"),
        (["move", "4", "--agent", "deepblue"], "unknown agent 'deepblue'"),
        (["move", "4", "--time-ms", "-1"], "argument --time-ms: -1 is below 0"),
        (["move", "4", "--time-ms", "nan"], "argument --time-ms: 'nan' is not a number"),
        (["move", "--grid", "...X/....", "--connect", "3"], "row"),
        (["analyze", "4", "--agent", "simple"], "agents that do: minimax, alphabeta, engine"),
    ],
)
def test_bad_input_exits_2_with_one_line(run: Run, args: list[str], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_analyze_sees_through_blunders(run: Run) -> None:
    # level:5 is alpha-beta with a few random moves: its values are alpha-beta's.
    result = run("analyze", "4453", "--agent", "level:5", "--time-ms", "200")
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.split()) == 7
    assert run("analyze", "4453", "--agent", "simple:blunder=0.5").returncode == 2


@pytest.mark.parametrize(
    ("shape", "position"),
    [
        ([], "4"),
        ([], "-"),
        (["--size", "9x7", "--connect", "5"], "-"),
        (["--size", "20x20", "--connect", "5"], "-"),
    ],
)
def test_a_tiny_budget_never_calls_a_column_full_nor_claims_exactness(
    run: Run, shape: list[str], position: str
) -> None:
    """Columns not proven in time show bounds, estimates or "not searched", never "full"."""
    args = ["analyze", position, "--time-ms", "1", "--agent", "perfect:book=none", *shape]
    result = run(*args)
    assert result.returncode == 0, result.stderr
    assert "-" not in result.stdout.split()  # no column is full here
    record = json.loads(run(*args, "--json").stdout)
    kinds = {c["kind"] for c in record["columns"]}
    assert "full" not in kinds
    assert record["exact"] is (kinds == {"exact"})
    assert kinds <= {"exact", "bounds", "estimate", "not searched"}


def test_no_time_at_all_answers_at_once_with_a_legal_move(run: Run) -> None:
    result = run("move", "-", "--size", "20x20", "--connect", "5", "--time-ms", "0", "--json")
    assert result.returncode == 0, result.stderr
    record = json.loads(result.stdout)
    assert record["column"] in range(1, 21)
    assert record["exact"] is False
    assert (record["nodes"], record["depth"]) == (0, 0)


def test_analyze_names_the_agent_spec_given_when_it_cannot_value_columns(run: Run) -> None:
    result = run("analyze", "4453", "--agent", "level:1")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1, result.stderr
    assert "agent 'level:1' does not value columns" in result.stderr
