"""The coach in the terminal: the review's course chart and its reasons, the hint's, and
``review --retry`` (learn from your mistakes), run in process through ``main(argv)``."""

from __future__ import annotations

import random
from pathlib import Path

from fourinarow.core import Board
from fourinarow.puzzles.history import Progress
from fourinarow.service.coach import MISTAKES_SET
from fourinarow.service.games import GameStore
from tests.cli.conftest import Run

GAME = "4455432"  # three blunders: X's 5 (move 3), O's 5 (move 4), X's 2 (move 7)


def chart(text: str) -> list[str]:
    """The course chart's lines: from its heading to its axis's numbers."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Course ("))
    return lines[start : start + 7]


def test_the_review_draws_the_course_within_80_columns(run: Run) -> None:
    result = run("review", GAME)
    assert result.returncode == 0, result.stderr
    lines = chart(result.stdout)
    assert lines[0].startswith("Course (X's expected result")
    assert lines[1].startswith(" X wins │")
    assert lines[3].startswith("   draw ┤")
    assert lines[4].startswith(" O wins │")
    # positions 0..7: X wins until move 3 throws it, O's 5 throws it back, X's 2 again
    assert lines[1][9:] == "██████  ██████"  # two characters a position in a short game
    assert "^ after a mistake or blunder (move 3, 4, 7)" in result.stdout
    assert all(len(line) <= 80 for line in result.stdout.splitlines())


def test_the_review_says_why_and_the_best_line(run: Run) -> None:
    out = run("review", GAME).stdout
    turning = out[out.index("Turning points:") :]
    assert "Why: Playing column 5 loses, as X answers in column 3." in turning
    assert turning.count("Best line from the board above: ") == 3
    assert "Best line from the board above: 4 4 4 4" in turning


def test_a_long_game_on_a_large_board_keeps_within_80_columns(run: Run) -> None:
    chooser = random.Random(5)
    board = Board(12, 12, 8)
    while board.ply < 100 and not board.is_game_over():
        board.push(chooser.choice(board.legal_moves))
    assert board.ply == 100
    moves = board.to_moves()
    result = run("review", moves, "--size", "12x12", "--connect", "8", "--max-nodes", "300")
    assert result.returncode == 0, result.stderr
    assert "        (a column every 2 positions)\n" in result.stdout
    # every line but the heading, which holds the move string
    assert all(len(line) <= 80 for line in result.stdout.splitlines()[1:])


def test_an_ascii_stream_gets_the_chart_in_ascii(run_process: Run) -> None:
    result = run_process("review", GAME, env={"PYTHONIOENCODING": "ascii"})
    assert result.returncode == 0, result.stderr
    result.stdout.encode("ascii")  # nothing else
    lines = chart(result.stdout)
    assert lines[1] == " X wins |######  ######"
    assert lines[3] == "   draw |######  ######"


def test_retry_asks_for_a_better_move_and_keeps_the_missed_ones(run: Run, tmp_path: Path) -> None:
    history = tmp_path / "puzzles.sqlite3"
    # move 3: 9 is no column, then 4 (right); move 4: 5 (the move played); move 7: s
    result = run("review", GAME, "--retry", "--puzzle-db", str(history),
                 stdin="9\n4\n5\ns\n")  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout[result.stdout.index("Learn from your mistakes") :]
    assert "3 mistakes to retry" in out
    assert "1/3. Move 3: X played column 5, a blunder. Find a better move for X." in out
    assert "Not a move: column 9 is out of range" in out
    assert "Right: column 4 keeps the win." in out
    assert "Not that: column 5 (the move played) loses in 2." in out
    assert "The answer: columns 3, 5 or 7." in out
    assert "Found 1 of 3.\nThe 2 missed join your puzzle history" in out
    # what follows a prompt shows on a line of its own on a terminal (the answer's newline)
    assert all(len(line.split("]: ")[-1]) <= 80 for line in out.splitlines())
    with Progress(history) as progress:
        attempts = progress.attempts()
    assert [(a.puzzle, a.puzzle_set, a.result) for a in attempts] == [
        ("7x6:445", MISTAKES_SET, "failed"),
        ("7x6:445543", MISTAKES_SET, "skipped"),  # s: the answer shown, as in a puzzle
    ]


def test_retry_of_one_side_and_stopping(run: Run, tmp_path: Path) -> None:
    history = tmp_path / "puzzles.sqlite3"
    result = run("review", GAME, "--retry", "O", "--puzzle-db", str(history), stdin="3\n")
    assert "1 mistake of O to retry" in result.stdout
    assert "Found 1 of 1." in result.stdout
    stopped = run("review", GAME, "--retry", "x", "--puzzle-db", str(history), stdin="q\n")
    assert "Found 0 of 0." in stopped.stdout
    clean = run("review", "4444", "--retry", "--puzzle-db", str(history))
    assert "No mistakes to retry: every move kept the position's value." in clean.stdout


def test_retry_of_a_saved_game_replays_your_mistakes(run: Run, tmp_path: Path) -> None:
    history, db = tmp_path / "puzzles.sqlite3", tmp_path / "games.sqlite3"
    with GameStore(db) as store:  # you played O (as the web page once spelt it), then X
        store.save(Board.from_moves(GAME), first="level 5", second="you", source="web")
        store.save(Board.from_moves(GAME), first="You", second="Computer (level 5)",
                   source="desktop")  # fmt: skip
    for number, whose in (("1", "1 mistake of O"), ("2", "2 mistakes of X")):
        result = run("games", "--db", str(db), "review", number, "--retry",
                     "--puzzle-db", str(history), stdin="q\n")  # fmt: skip
        assert result.returncode == 0, result.stderr
        assert f"{whose} to retry" in result.stdout
    both = run("games", "--db", str(db), "review", "2", "--retry", "both",
               "--puzzle-db", str(history), stdin="q\n")  # fmt: skip
    assert "3 mistakes to retry" in both.stdout


def test_retry_is_refused_where_it_cannot_ask(run: Run) -> None:
    for args, message in (
        (("review", GAME, "--retry", "--json"), "leave out --json"),
        (("review", "-", "--retry"), "give MOVES"),
        (("review", "--game", "1", "--retry"), "not the results database's"),
        (("review", GAME, "--retry", "Z"), "--retry takes X, O or both"),
    ):
        result = run(*args, stdin=GAME + "\n")
        assert result.returncode == 2, args
        assert message in result.stderr
        assert len(result.stderr.splitlines()) == 1


def test_the_hint_says_why_and_the_best_line(run: Run) -> None:
    result = run("play", "--human-vs-human", "--no-color", "--no-save",
                 stdin="4\n4\n5\n5\n3\n?\nq\n")  # fmt: skip
    assert result.returncode == 0, result.stderr
    hint = result.stdout[result.stdout.index("What each column is worth") :]
    assert "Why: X holds two threats O cannot both stop" in hint
    assert "Best line: " in hint


def test_the_hint_explains_the_column_it_marks_best(run: Run) -> None:
    # Columns 4 (win in 3) and 5 (win in 2) both win by force: the hint marks 5 best, so its
    # "Why" is about 5, not about the first column whose win it can put in words.
    result = run("play", "--from", "45264333", "--no-color", "--no-save", stdin="?\nq\n")
    assert result.returncode == 0, result.stderr
    hint = result.stdout[result.stdout.index("What each column is worth") :]
    assert "5: +16 win in 2  <- best" in hint
    why = " ".join(hint[hint.index("Why:") : hint.index("Best line:")].split())
    assert why.startswith("Why: Playing column 5"), why
    assert "Best line: 5 " in hint
