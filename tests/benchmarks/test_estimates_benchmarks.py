"""benchmarks/estimates.py and benchmarks/estimated_review.py run end to end on a few positions,
and their tables add up: the counts in each row are those of the positions and moves judged."""

from __future__ import annotations

import re

from tests.benchmarks.scripts import run_script


def test_estimates_prints_a_row_per_evaluation() -> None:
    result = run_script(
        "estimates.py", "--positions", "4", "--nodes", "20000", "--evaluations", "threats,network",
        timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    rows = [
        line
        for line in result.stdout.splitlines()
        if line.startswith("| threats") or line.startswith("| network")
    ]
    assert [row.split("|")[1].strip() for row in rows] == ["threats", "network"]
    for row in rows:
        cells = [cell.strip() for cell in row.split("|")[1:-1]]
        assert cells[1] == "4"  # positions
        kept, positions = (int(x) for x in re.search(r"\((\d+)/(\d+)\)", cells[2]).groups())  # type: ignore[union-attr]
        assert positions == 4
        assert 0 <= kept <= 4
        right, estimated = (int(x) for x in re.search(r"\((\d+)/(\d+)\)", cells[4]).groups())  # type: ignore[union-attr]
        assert estimated == int(cells[3])
        assert 0 <= right <= estimated
        static, same = (int(x) for x in re.search(r"\((\d+)/(\d+)\)", cells[6]).groups())  # type: ignore[union-attr]
        assert same == estimated  # the same columns, called from the evaluation alone
        assert 0 <= static <= estimated
        every, columns = (int(x) for x in re.search(r"\((\d+)/(\d+)\)", cells[7]).groups())  # type: ignore[union-attr]
        assert columns >= estimated  # proven columns and estimated ones
        assert right <= every <= columns


def test_estimated_review_tabulates_its_fit() -> None:
    result = run_script(
        "estimated_review.py", "--games", "1", "--nodes", "20000", "--evaluations", "network",
        "--fit", timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    judged = int(re.search(r"(\d+) moves judged", lines[0]).group(1))  # type: ignore[union-attr]
    assert judged > 0
    assert any(line.startswith("| network |") for line in lines)
    edges = [line.split("|")[1].strip() for line in lines if re.match(r"\| 0\.\d\d \|", line)]
    assert edges == [f"{tenth / 20:.2f}" for tenth in range(1, 11)]
