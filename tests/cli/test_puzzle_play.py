"""``fourinarow puzzle``: solving by piping moves, failing, bad input, hints and the solution,
the daily puzzle, progress and its errors; a real process killed mid-puzzle."""

from __future__ import annotations

import os
import re
import signal
import sys
from pathlib import Path

import pexpect
import pytest

from fourinarow.cli.puzzle_play import OTHER_BOARD_SECONDS, puzzle_limit
from fourinarow.puzzles.model import Puzzle
from fourinarow.search.limit import Limit
from tests.cli.conftest import Run
from tests.puzzles.examples import examples, many_wins, write_set

PROMPT = r"your move \[[^\]]*\]: "


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("puzzles")


@pytest.fixture(scope="module")
def small_set(folder: Path) -> Path:
    """Win in 1 (X: 3), win in 2 (O: 3, then 3), win in 4, only-move (X: 4), save-draw (X: 5)."""
    return write_set(folder / "small.jsonl", examples())


@pytest.fixture(scope="module")
def big_set(folder: Path) -> Path:
    return write_set(folder / "big.jsonl", many_wins(30))


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "progress.sqlite3")


def play(run: Run, small_set: Path, db: str, stdin: str, *options: str) -> str:
    result = run("puzzle", "--set", str(small_set), "--db", db, *options, stdin=stdin)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return result.stdout


def test_piping_the_right_moves_solves_puzzles(run: Run, small_set: Path, db: str) -> None:
    out = play(run, small_set, db, "3\n3\n3\nq\n", "--count", "3")
    assert "Puzzle 1 of 3: 7x6c4-1116514624 (win, rating 800)" in out
    assert "X to play and win in 1." in out
    assert "O to play and win in 2." in out
    assert "3 keeps the win; X answers 4." in out
    assert "O to play and win in 1." in out
    assert out.count("3 is right (wins in 1).") == 2
    assert "Solved! Streak: 1 (best 1)." in out
    assert "Solved! Streak: 2 (best 2)." in out
    assert "Puzzle 3 of 3: 7x6c4-11165146246152744" in out
    assert "The unfinished puzzle is not counted." in out
    assert out.endswith("This session: 2 of 2 solved.\nBye.\n")
    stats = run("puzzle", "--stats", "--db", db)
    assert "solved    2 (2 different puzzles)" in stats.stdout
    assert "streak    2 (best 2)" in stats.stdout


def test_a_wrong_move_fails_and_shows_the_right_one(run: Run, small_set: Path, db: str) -> None:
    out = play(run, small_set, db, "4\n", "--count", "1")
    assert "Not it: 4 (" in out
    assert "does not win in 1. The solution: 3." in out
    assert "Failed. Streak: 0 (best 0)." in out


def test_bad_input_reprompts(run: Run, small_set: Path, db: str) -> None:
    out = play(run, small_set, db, "x\n9\n\n3\n", "--count", "1")
    assert "Not played: 'x' is not a column: enter 1-7 or a-g." in out
    assert "Not played: column 9 is out of range: enter 1-7 or a-g." in out
    assert len(re.findall(PROMPT, out)) == 4
    assert "Solved!" in out


def test_hints_and_the_solution(run: Run, small_set: Path, db: str) -> None:
    out = play(run, small_set, db, "h\nh\ns\n", "--kind", "save-draw")
    assert "X to move: save the draw." in out
    assert "Hint: 1 of the 7 columns saves the draw; of the others 6 lose." in out
    assert "Hint: Look among the columns 4, 5, 6." in out
    assert "The solution: 5." in out
    assert "Skipped. Streak: 0 (best 0)." in out
    out = play(run, small_set, db, "s\n", "--count", "1", "--kind", "win", "--rating", "1100-")
    assert "The solution: 3 (then X 4, O 3)." in out


def test_solved_puzzles_are_skipped_unless_again(run: Run, small_set: Path, db: str) -> None:
    play(run, small_set, db, "3\n", "--count", "1")
    out = play(run, small_set, db, "q\n", "--count", "1")
    assert "Puzzle 1: 7x6c4-1116514624615274452" in out
    out = play(run, small_set, db, "q\n", "--count", "1", "--again")
    assert "Puzzle 1: 7x6c4-1116514624 " in out
    out = play(run, small_set, db, "", "--kind", "win", "--rating", "-800")
    assert out == (
        "You have solved every puzzle of the set that the options ask for; "
        "--again plays them anew.\n"
    )
    out = play(run, small_set, db, "", "--rating", "-700")
    assert out == "No puzzle of the set matches the options.\n"


def test_the_daily_puzzle_is_the_same_on_a_date(run: Run, big_set: Path, db: str) -> None:
    def daily(day: str) -> str:
        out = play(run, big_set, db, "q\n", "--date", day)
        found = re.search(rf"Daily puzzle, {day}: (\S+) \(win", out)
        assert found, out
        return found.group(1)

    first = daily("2026-11-23")
    assert daily("2026-11-23") == first
    others = {daily(f"2026-12-{d:02d}") for d in range(1, 6)}
    assert len(others | {first}) >= 3  # 30 puzzles: a repeat now and then, never all alike


def test_stats_of_an_empty_and_a_used_file(run: Run, small_set: Path, db: str) -> None:
    empty = run("puzzle", "--stats", "--db", db)
    assert empty.returncode == 0
    assert empty.stdout == f"Puzzle progress in {db}:\n  no puzzle attempted yet\n"
    assert not Path(db).exists()  # asking made no file
    play(run, small_set, db, "3\n4\n", "--count", "2")
    used = run("puzzle", "--stats", "--db", db).stdout.splitlines()
    assert used[1:] == [
        "  attempts  2",
        "  solved    1 (1 different puzzle)",
        "  failed    1",
        "  skipped   0 (solution shown)",
        "  streak    0 (best 1)",
        "  daily     0 solved (one a day)",
    ]


def test_the_default_progress_file_is_in_the_user_data_folder(
    run: Run, small_set: Path, tmp_path: Path
) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path)}
    result = run("puzzle", "--set", str(small_set), "--count", "1", stdin="3\n", env=env)
    assert result.returncode == 0
    assert (tmp_path / "fourinarow" / "puzzles.sqlite3").is_file()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            ["--set", "/nonexistent/set.jsonl"],
            "cannot read the puzzle set /nonexistent/set.jsonl: No such file or directory\n",
        ),
        (
            ["--daily", "--kind", "win"],
            "--daily plays the one puzzle of the day: it takes no --kind",
        ),
        (["--date", "2026-13-1"], "a date is YYYY-MM-DD"),
        (["--date", "2026-02-30"], "2026-02-30 is no day of the calendar"),
        (["--rating", "high"], "a rating range is MIN-MAX"),
        (["--rating", "1600-1200"], "the range 1600-1200 is empty"),
        (["--count", "0"], "--count"),
        (["--db", "/dev/null/progress.sqlite3"], "/dev/null is a character device, not a folder"),
    ],
)
def test_errors_are_one_line_with_status_2(
    run: Run, small_set: Path, options: list[str], message: str
) -> None:
    if "--set" not in options:
        options = ["--set", str(small_set), *options]
    result = run("puzzle", *options)
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert result.stdout == ""


def test_the_usage_shows_the_action_as_optional(run: Run) -> None:
    result = run("puzzle", "--help")
    assert result.returncode == 0, result.stderr
    usage = result.stdout.split("\n\n")[0]
    assert "ACTION" not in usage  # argparse's "ACTION ..." reads as required; it is not
    assert usage.startswith("usage: fourinarow puzzle [-h] [--set FILE]")
    assert usage.endswith("\n       fourinarow puzzle generate [options]")
    assert "Without one, puzzle plays puzzles" in result.stdout


def test_the_shipped_set_is_the_default(run: Run, db: str) -> None:
    """Its first puzzle comes first, and the daily puzzle is one of it; without a shipped set,
    the error says what to do."""
    import fourinarow.puzzles

    shipped = getattr(fourinarow.puzzles, "shipped", None)
    if shipped is None:
        result = run("puzzle", "--db", db)
        assert result.returncode == 2
        assert "give one with --set FILE" in result.stderr
        return
    puzzles = shipped()
    out = run("puzzle", "--db", db, "--count", "1", stdin="s\n").stdout
    assert f"Puzzle 1: {puzzles[0].id} ({puzzles[0].kind}" in out
    daily = run("puzzle", "--db", db, "--daily", stdin="q\n").stdout
    found = re.search(r"Daily puzzle, \d{4}-\d\d-\d\d: (\S+) ", daily)
    assert found, daily
    assert found.group(1) in {p.id for p in puzzles}


def test_a_process_killed_mid_puzzle_keeps_what_was_solved(small_set: Path, db: str) -> None:
    environment = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "fourinarow", "puzzle", "--set", str(small_set), "--db", db],
        encoding="utf-8",
        timeout=30,
        env=environment,
        dimensions=(50, 120),
    )
    try:
        child.expect(PROMPT)
        child.sendline("3")
        child.expect(r"Solved! Streak: 1")
        child.expect(PROMPT)
        child.sendline("3")
        child.expect("X answers 4")
        child.expect(PROMPT)
        child.kill(signal.SIGKILL)
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    from fourinarow.puzzles.history import Progress

    with Progress(db) as progress:
        assert [(a.puzzle, a.result) for a in progress.attempts()] == [
            ("7x6c4-1116514624", "solved")
        ]


@pytest.mark.parametrize(
    ("width", "height", "limited"),
    [(7, 6, False), (6, 6, False), (5, 4, False), (5, 5, True), (8, 7, True)],
)
def test_only_puzzles_on_boards_without_a_book_are_solved_within_a_time(
    width: int, height: int, limited: bool
) -> None:
    puzzle = Puzzle("p", "4455", width, height, 4, "win", 2, 2, 18, (2, 3, 5), 0, "")
    assert puzzle_limit(puzzle) == (Limit(time=OTHER_BOARD_SECONDS) if limited else None)
