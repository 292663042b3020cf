"""benchmarks/tromp.py reproduces John Tromp's table of empty-board values on the small shapes."""

from __future__ import annotations

import json
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "tromp.py"
REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "REFERENCE.md"

TROMP = {"4x4": "=", "5x4": "=", "4x5": "=", "6x4": "-"}
"""The published values of the tiny shapes (REFERENCE.md), written out here on their own."""


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    """The script on one thread with a small table and these arguments, its output captured."""
    return subprocess.run(
        [sys.executable, str(SCRIPT), "--threads", "1", "--tt-mb", "16", *arguments],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def our_table(stdout: str) -> dict[str, str]:
    """The markdown table in Tromp's layout, as ``{"WxH": cell}`` for its non-blank cells."""
    lines = stdout.splitlines()
    start = lines.index("| height \\ width | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 |")
    cells = {}
    for line in lines[start + 2 : start + 10]:
        height, *row = (cell.strip() for cell in line.strip("|").split("|"))
        for width, cell in zip(range(4, 12), row, strict=True):
            if cell:
                cells[f"{width}x{height}"] = cell
    return cells


def shape_rows(stdout: str) -> dict[str, list[str]]:
    """The markdown list of shapes, as ``{"WxH": [value, score, ..., Tromp]}``."""
    lines = stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| shape | value |"))
    rows = {}
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        shape, *cells = (cell.strip() for cell in line.strip("|").split("|"))
        rows[shape] = cells
    return rows


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> tuple[subprocess.CompletedProcess[str], Path]:
    """One run on the tiny shapes, both colours checked, its JSON lines in a file."""
    path = tmp_path_factory.mktemp("tromp") / "tromp.jsonl"
    shapes = ",".join(TROMP)
    return run("--shapes", shapes, "--check-children", "--json", str(path), "--markdown"), path


def test_the_tiny_shapes_have_tromps_values(
    tiny: tuple[subprocess.CompletedProcess[str], Path],
) -> None:
    result, _ = tiny
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("before: load average ")
    assert "1 thread, table 16 MB, no book, at most 3600 s per shape" in lines[0]
    assert our_table(result.stdout) == TROMP


def test_every_tiny_shape_is_checked_three_ways(
    tiny: tuple[subprocess.CompletedProcess[str], Path],
) -> None:
    result, _ = tiny
    rows = shape_rows(result.stdout)
    assert list(rows) == ["4x4", "5x4", "4x5", "6x4"]  # cheapest first
    for shape, (value, _, wall, cpu, nodes, weak, agrees, colours, tromp) in rows.items():
        assert value == TROMP[shape]
        assert min(float(wall), float(cpu), float(weak)) >= 0
        assert int(nodes.replace(",", "")) > 0
        assert (agrees, colours, tromp) == ("yes", "yes", "yes")
    assert rows["4x4"][1] == "= (draw)"
    assert rows["6x4"][1] == "- (second player wins with their 12th stone)"  # its last


def test_the_json_file_holds_a_line_per_shape(
    tiny: tuple[subprocess.CompletedProcess[str], Path],
) -> None:
    _, path = tiny
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert [r["shape"] for r in records] == list(TROMP)
    six_four = records[-1]
    assert (six_four["score"], six_four["weak"]["score"], six_four["agree"]) == (-1, -1, True)
    assert six_four["children"]["values"] == [-1, -1, -1, -1, -1, -1]  # every first move loses
    assert six_four["children"]["agree"] is True
    assert six_four["matches_published"] is True


def test_resume_solves_only_the_shapes_not_in_the_file(
    tiny: tuple[subprocess.CompletedProcess[str], Path], tmp_path: Path
) -> None:
    path = tmp_path / "tromp.jsonl"
    path.write_text(tiny[1].read_text())
    result = run("--shapes", "4x4,6x4,5x5", "--json", str(path), "--resume", "--markdown")
    assert result.returncode == 0, result.stderr
    assert f"4x4    in {path} already" in result.stdout
    assert f"6x4    in {path} already" in result.stdout
    assert [json.loads(line)["shape"] for line in path.read_text().splitlines()] == [
        *TROMP,
        "5x5",
    ]
    assert our_table(result.stdout) == {**TROMP, "5x5": "="}  # the file's shapes and the new one
    assert shape_rows(result.stdout)["5x5"][7] == "yes"  # settled in seconds: children checked


def test_a_shape_not_settled_in_time_is_reported_and_larger_ones_skipped(tmp_path: Path) -> None:
    path = tmp_path / "tromp.jsonl"
    result = run(
        "--shapes", "7x4,8x4", "--max-seconds", "0.0001", "--json", str(path), "--markdown"
    )
    assert result.returncode == 0, result.stderr
    assert "8x4    skipped: 7x4 was not settled" in result.stdout
    rows = shape_rows(result.stdout)
    assert rows["7x4"][:2] == ["", "not settled in 0.0001 s"]
    assert rows["8x4"][1] == "skipped: 7x4 was not settled"
    assert our_table(result.stdout) == {}
    (record,) = (json.loads(line) for line in path.read_text().splitlines())
    assert (record["shape"], record["value"], record["score"]) == ("7x4", None, None)
    again = run("--shapes", "7x4", "--max-seconds", "0.0001", "--json", str(path), "--resume")
    assert f"7x4    in {path} already" in again.stdout  # not settled under as long a cap


def test_a_shape_the_published_table_leaves_blank_is_marked_with_its_checks(
    tiny: tuple[subprocess.CompletedProcess[str], Path], tmp_path: Path
) -> None:
    # The tiny run's 4x4 record relabelled 5x11: how the table shows a blank cell we fill,
    # without the hour the real 5x11 takes.
    record = json.loads(tiny[1].read_text().splitlines()[0])
    record.update(shape="5x11", width=5, height=11, published=None, matches_published=None)
    path = tmp_path / "tromp.jsonl"
    path.write_text(json.dumps(record) + "\n")
    result = run("--shapes", "none", "--json", str(path), "--resume", "--markdown")
    assert result.returncode == 0, result.stderr
    assert our_table(result.stdout) == {"5x11": "=*"}
    assert (
        "5x11 is blank in the published table; ours is = (draw). The weak and strong solves "
        "agree; the check from the second player's side (every first move solved) agrees."
    ) in result.stdout
    assert shape_rows(result.stdout)["5x11"][-3:] == ["yes", "yes", "not published"]


@pytest.mark.parametrize(
    ("shapes", "message"),
    [
        ("7x", "--shapes is all, none or shapes WIDTHxHEIGHT separated by commas"),
        ("4x4;5x4", "--shapes is all, none or shapes WIDTHxHEIGHT separated by commas"),
        ("12x4", "Tromp's table has widths and heights 4 to 11, not 12x4"),
        ("11x11", "11x11 is out of reach: the compiled kernel holds boards of width*(height+1)"),
    ],
)
def test_a_bad_shape_is_refused_in_one_line(shapes: str, message: str) -> None:
    result = run("--shapes", shapes)
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert result.stdout == ""


def test_resume_needs_a_file() -> None:
    result = run("--shapes", "4x4", "--resume")
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "tromp.py: error: --resume reads the file of --json: give one"
    ]


def test_a_file_not_of_this_script_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.jsonl"
    path.write_text('{"shape": "4x4"}\n')
    result = run("--shapes", "4x4", "--json", str(path), "--resume")
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        f"tromp.py: error: {path}:1 is not a record of benchmarks/tromp.py"
    ]


@pytest.mark.skipif(
    not REFERENCE.exists(),
    reason="compares the script's copy of John Tromp's table with the project's reference "
    "notes, which a clone does not include",
)
def test_the_script_holds_the_published_table_as_reference_gives_it() -> None:
    lines = REFERENCE.read_text().splitlines()
    start = lines.index("| height \\ width | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 |")
    published = {}
    for line in lines[start + 2 : start + 10]:
        height, *row = (cell.strip() for cell in line.strip("|").split("|"))
        for width, cell in zip(range(4, 12), row, strict=True):
            if cell:
                published[int(width), int(height)] = cell
    script = runpy.run_path(str(SCRIPT), run_name="tromp_benchmark")
    assert published == script["PUBLISHED"]


@pytest.mark.slow
def test_the_shapes_that_settle_in_seconds_have_tromps_values() -> None:
    shapes = "4x6,4x7,4x8,4x9,5x5,5x6,5x7,6x5,7x4,8x4,7x5,6x6"
    result = run("--shapes", shapes, "--no-check-children", "--markdown")
    assert result.returncode == 0, result.stderr
    assert our_table(result.stdout) == {
        "4x6": "=", "4x7": "=", "4x8": "=", "4x9": "=", "5x5": "=", "5x6": "=", "5x7": "=",
        "6x5": "=", "7x4": "=", "8x4": "-", "7x5": "=", "6x6": "-",
    }  # fmt: skip
    rows = shape_rows(result.stdout)
    assert {row[6:] for row in map(tuple, rows.values())} == {("yes", "not checked", "yes")}


def test_resume_solves_again_a_shape_whose_exact_score_ran_out_of_time() -> None:
    script = runpy.run_path(str(SCRIPT), run_name="tromp_benchmark")
    done_before, latest = script["done_before"], script["latest"]
    exact = {"width": 5, "height": 11, "value": "=", "score": 0, "max_seconds": 600}
    weak_only = {**exact, "score": None, "max_seconds": 1900}
    neither = {**exact, "value": None, "score": None, "max_seconds": 3600}
    assert done_before(exact, 14400)
    assert not done_before(weak_only, 14400)  # the strong solve gets its longer cap
    assert done_before(weak_only, 1900)  # not under a longer cap than before: skipped
    assert not done_before(None, 1)
    # The record that says most stands for its shape, whatever order the file holds them in.
    assert latest([exact, weak_only, neither])[5, 11] is exact
    assert latest([neither, weak_only])[5, 11] is weak_only
    assert latest([weak_only, neither, exact])[5, 11] is exact


def test_a_value_from_the_weak_solve_alone_is_marked_in_the_table(
    tiny: tuple[subprocess.CompletedProcess[str], Path], tmp_path: Path
) -> None:
    records = [json.loads(line) for line in tiny[1].read_text().splitlines()[:2]]  # 4x4, 5x4
    records[0].update(score=None, score_text=None, agree=None, strong=None)
    path = tmp_path / "tromp.jsonl"
    path.write_text("".join(json.dumps(record) + "\n" for record in records))
    result = run("--shapes", "none", "--json", str(path), "--resume", "--markdown")
    assert result.returncode == 0, result.stderr
    assert our_table(result.stdout) == {"4x4": "=?", "5x4": "="}
    assert "? the weak solve's value alone (the exact score not settled)" in result.stdout
