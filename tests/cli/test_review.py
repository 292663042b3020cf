"""``fourinarow review``: the listing, JSON, standard input, bad input; its progress on a real
terminal."""

from __future__ import annotations

import json
import sys

import pexpect
import pytest

from fourinarow.cli.main import build_parser
from fourinarow.cli.review import DEFAULT_TIME_MS, ReviewSettings
from fourinarow.core.geometry import Geometry
from fourinarow.search.limit import Limit
from fourinarow.service.words import NO_TURNING_POINT_PROVEN, NO_TURNING_POINTS
from tests.cli.conftest import Run


def test_the_listing_grades_every_move_and_shows_the_turning_points(run: Run) -> None:
    # X stacks column 1, O column 2; O ignores X's three (move 6), X misses its win (move 7)
    result = run("review", "12121232")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Review of 12121232 (7x6, connect 4): O wins"
    rows = {line.split()[0]: line.split()[1:] for line in lines[3:11]}
    assert rows["7"][:4] == ["X", "3", "??", "+18"]
    assert rows["8"][:3] == ["O", "2", "+18"]  # the winning stone: best, no mark
    assert rows["4"][:3] == ["O", "2", "?!"]
    text = result.stdout
    assert "move 7 (X, column 3) threw the win: column 1 wins in 1, column 3 loses in 1." in text
    assert "move 6 (O, column 2) threw the win: column 1 wins in 19, column 2 loses in 1." in text
    # the board before move 7: three X stones in column 1, three O stones in column 2
    at = lines.index("move 7 (X, column 3) threw the win: column 1 wins in 1, column 3 loses in 1.")
    assert lines[at + 1 : at + 8] == [
        " 1  2  3  4  5  6  7",
        *[" .  .  .  .  .  .  ."] * 3,
        *[" X  O  .  .  .  .  ."] * 3,
    ]
    assert lines[-2].split() == ["X", "4", "2", "0", "0", "2", "0", "50%", "50%"]
    assert lines[-1].split()[:6] == ["O", "4", "2", "1", "0", "1"]


def test_json_gives_typed_scores_turning_points_and_accuracy(run: Run) -> None:
    result = run("review", "--json", "223346715")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["moves"] == "223346715"
    assert data["result"] == 1
    seventh = data["review"][6]
    assert seventh["grade"] == "inaccuracy"
    assert seventh["before"] == {
        "kind": "exact",
        "value": 18,
        "distance": 1,
        "moves": 1,
        "words": "win in 1",
    }
    assert seventh["played"] == {
        "kind": "exact",
        "value": 17,
        "distance": 3,
        "moves": 2,
        "words": "win in 2",
    }
    assert seventh["best"] == [1, 5]
    assert seventh["credit"] == 0.5
    assert [t["number"] for t in data["turning_points"]] == [1, 2, 3, 4]
    first = data["players"][0]
    assert first["accuracy"] == 0.4
    assert first["weighted_accuracy"] == 0.5


def test_a_game_from_standard_input_on_another_board(run: Run) -> None:
    result = run("review", "-", "--size", "5x4", stdin="\n4453 anything\n")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Review of 4453 (5x4, connect 4): unfinished")
    assert "move 3 (X, column 5) threw the draw: column 2 draws, column 5 loses in 9." in (
        result.stdout
    )


def test_a_node_limit_grades_by_estimates_and_says_so(run: Run) -> None:
    result = run("review", "--size", "6x5", "--max-nodes", "1", "--json", "3344251")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    by = [m["graded_by"] for m in data["review"]]
    assert "estimate" in by
    assert data["review"][-1]["grade"] == "best"  # a winning stone needs no search
    assert data["review"][-1]["graded_by"] == "proof"
    counts = data["graded_by"]
    assert (counts["proof"], counts["estimate"]) == (by.count("proof"), by.count("estimate"))
    listing = run("review", "--size", "6x5", "--max-nodes", "1", "3344251").stdout
    assert f"\n{NO_TURNING_POINT_PROVEN}\n" in listing
    assert (
        f"Graded: {counts['proof']} moves by proof, {counts['estimate']} by estimate "
        f"(marked est.), {counts['ungraded']} ungraded (marked ~)."
    ) in listing
    assert " est. " in listing


def test_bad_input_is_one_line_and_exit_2(run: Run) -> None:
    for args, stdin, words in [
        (["44x"], "", "'x'"),
        (["4444444"], "", "column 4 is full"),
        ([""], "", "no moves"),
        (["-"], "\n\n", "standard input holds no game"),
        (["--size", "3x", "44"], "", "not a board size"),
        (["--time-ms", "-1", "44"], "", "--time-ms"),
        (["--time-ms", "5", "--no-limit", "44"], "", "not allowed with"),
    ]:
        result = run("review", *args, stdin=stdin)
        assert result.returncode == 2, (args, result.stdout)
        assert len(result.stderr.splitlines()) == 1, result.stderr
        assert words in result.stderr
        assert "Traceback" not in result.stderr


def test_no_limit_proves_every_position_on_any_board(run: Run) -> None:
    result = run("review", "--size", "5x4", "--no-limit", "--json", "4453")
    assert result.returncode == 0, result.stderr
    review = json.loads(result.stdout)["review"]
    assert [m["grade"] for m in review] == ["best", "best", "mistake", "best"]
    assert all(m["before"]["kind"] == "exact" for m in review)


@pytest.mark.parametrize(
    ("size", "connect", "limited"),
    [
        ("7x6", 4, False),
        ("6x6", 4, False),
        ("5x4", 4, False),
        ("5x5", 4, True),
        ("8x7", 4, True),
        ("7x6", 5, True),
    ],
)
def test_only_boards_without_a_book_get_a_time_per_position(
    size: str, connect: int, limited: bool
) -> None:
    args = build_parser().parse_args(["review", "--size", size, "--connect", str(connect), "4"])
    width, height = args.size
    expected = Limit(DEFAULT_TIME_MS / 1000) if limited else None
    assert (
        ReviewSettings.from_args(args).limit_of(Geometry(width, height, args.connect)) == expected
    )


def test_a_board_with_a_shipped_book_is_proven_whole_by_default(run: Run) -> None:
    result = run("review", "--size", "6x6", "--json", "3344556")
    assert result.returncode == 0, result.stderr
    review = json.loads(result.stdout)["review"]
    assert all(m["before"]["kind"] == "exact" for m in review)
    assert [m["grade"] for m in review][-1] == "best"


def _on_a_terminal(*args: str) -> str:
    """What ``fourinarow review ARGS`` writes to a terminal (standard output and error)."""
    child = pexpect.spawn(
        sys.executable,
        ["-m", "fourinarow", "review", *args],
        encoding="utf-8",
        timeout=120,
        dimensions=(40, 120),
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    return child.before or ""


def test_a_long_review_on_a_terminal_shows_its_progress(run: Run) -> None:
    slow = ("--size", "8x7", "--time-ms", "400", "45451212")  # 8 positions, over a second
    seen = _on_a_terminal(*slow)
    assert "reviewing move " in seen
    assert " of 8" in seen
    assert "Graded: " in seen
    quick = _on_a_terminal("--size", "5x4", "4453")  # the book answers at once: no progress
    assert "reviewing move" not in quick
    piped = run("review", *slow)  # standard error not a terminal: nothing there
    assert piped.returncode == 0
    assert piped.stderr == ""


def test_a_game_without_turning_points_says_so_in_the_shared_words(run: Run) -> None:
    listing = run("review", "44").stdout
    assert f"\n{NO_TURNING_POINTS}\n" in listing
    assert "Turning points" not in listing
