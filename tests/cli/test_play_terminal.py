"""The terminal game through a real pseudo-terminal (pexpect): games, bad input, undo, exits."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from fourinarow.service.games import GameStore

PROMPT = r"your move \[[^\]]*\]: "


def spawn(*args: str, env: dict[str, str] | None = None) -> pexpect.spawn:
    environment = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    environment.update(env or {})
    return pexpect.spawn(
        sys.executable,
        ["-m", "fourinarow", "play", *args],
        encoding="utf-8",
        timeout=20,
        env=environment,
        dimensions=(50, 120),
    )


@pytest.fixture
def game() -> Iterator[pexpect.spawn]:
    child = spawn("--human-vs-human", "--no-color")
    yield child
    child.close(force=True)


def finish(child: pexpect.spawn) -> int:
    child.expect(pexpect.EOF)
    child.close()
    status: int = child.exitstatus if child.exitstatus is not None else -child.signalstatus
    assert "Traceback" not in (child.before or "")
    return status


def test_whole_human_vs_human_game_marks_the_winning_line(game: pexpect.spawn) -> None:
    for column in "121212":
        game.expect(PROMPT)
        game.sendline(column)
    game.expect(PROMPT)
    game.sendline("a")  # letters work too
    game.expect(r"Red \(X\) wins! The line: a1 a2 a3 a4\.")
    game.expect(r"Score: Red 1, Yellow 0, draws 0\.")
    game.expect("Play again")
    game.sendline("n")
    game.expect("Bye.")
    assert finish(game) == 0


def test_bad_input_reprompts_with_the_reason(game: pexpect.spawn) -> None:
    game.expect(PROMPT)
    game.sendline("9")
    game.expect(r"Not played: column 9 is out of range: enter 1-7 or a-g\.")
    game.expect(PROMPT)
    game.sendline("banana")
    game.expect(r"Not played: 'banana' is not a column")
    for _ in range(6):
        game.expect(PROMPT)
        game.sendline("3")
    game.expect(PROMPT)
    game.sendline("3")
    game.expect(r"Not played: column 3 is full; playable columns: 1, 2, 4, 5, 6, 7\.")
    game.expect(PROMPT)
    game.sendline("?")
    game.expect("u  undo the last move")
    game.expect("What each column is worth to the player to move")
    game.expect(r"  3: full\r\n")
    # a value, or bounds where loading the book took the second (a busy machine)
    game.expect(r"  4: ([+-]?\d|not searched)")
    game.expect(PROMPT)
    game.sendline("q")
    game.expect("Bye.")
    assert finish(game) == 0


def test_a_whole_game_against_the_computer_then_another() -> None:
    child = spawn("--opponent", "simple", "--seed", "4", "--no-color", "--name", "Ada")
    child.expect(r"Ada plays X, Computer \(simple\) plays O; X moves first\.")
    games = 0
    column = 0
    for _ in range(200):
        index = child.expect([PROMPT, r"Play again\? \[y/n/r\]: "])
        if index == 1:
            games += 1
            if games == 2:
                child.sendline("n")
                break
            child.sendline("y")
            continue
        child.sendline(str(column % 7 + 1))  # columns in turn; a full one is simply re-prompted
        column += 1
    assert games == 2
    child.expect("Bye.")
    assert finish(child) == 0


def test_undo_takes_back_the_last_full_turn() -> None:
    child = spawn("--seed", "1", "--no-color")
    child.expect(PROMPT)
    child.sendline("u")
    child.expect("Nothing to undo.")
    child.expect(PROMPT)
    child.sendline("4")
    child.expect(r"Computer plays (\d)\.")
    reply = child.match.group(1)
    child.expect(PROMPT)
    child.sendline("u")
    child.expect(rf"Undone: 4, {reply}\.")
    child.expect(PROMPT)
    child.sendline("q")
    assert finish(child) == 0


def test_computer_can_move_first() -> None:
    child = spawn("--first", "computer", "--seed", "3", "--no-color")
    child.expect(r"Computer \(level 5\) plays X, You play O; X moves first\.")
    child.expect(r"Computer plays \d\.")
    child.expect(r"You \(O\), " + PROMPT)
    child.sendline("q")
    assert finish(child) == 0


def test_end_of_file_and_ctrl_c_leave_cleanly() -> None:
    child = spawn("--no-color")
    child.expect(PROMPT)
    child.sendeof()
    child.expect("Bye.")
    assert finish(child) == 0

    child = spawn("--no-color")
    child.expect(PROMPT)
    child.sendintr()
    assert finish(child) == 130


def test_colour_by_default_and_off_with_no_color() -> None:
    child = spawn()
    child.expect(PROMPT)
    assert "\033[1;37;44m" in (child.before or "")
    child.sendline("q")
    finish(child)

    child = spawn(env={"NO_COLOR": "1"})
    child.expect(PROMPT)
    assert "\033[" not in (child.before or "")
    child.sendline("q")
    finish(child)


def test_other_sizes_play_in_the_terminal() -> None:
    child = spawn("--size", "12x5", "--connect", "5", "--no-color", "--human-vs-human")
    child.expect(r"Connect 5 on a 12x5 board")
    child.expect(r"\[1-12 or a-l, u, \?, q\]: ")
    child.sendline("12")
    child.expect(r"\[1-12 or a-l, u, \?, q\]: ")
    child.sendline("q")
    assert finish(child) == 0


def test_letters_name_columns_only_where_they_cannot_mean_a_command() -> None:
    child = spawn("--size", "9x7", "--connect", "5", "--no-color", "--human-vs-human")
    child.expect(r"\[1-9 or a-i, u, \?, q\]: ")
    child.sendline("h")  # column 8, not help
    child.expect(r" \.  \.  \.  \.  \.  \.  \.  X  \.")
    child.expect(PROMPT)
    child.sendline("q")
    assert finish(child) == 0

    child = spawn("--size", "17x4", "--no-color", "--human-vs-human")
    child.expect(r"\[1-17, u, \?, q\]: ")
    child.sendline("q")  # quits: letters are not columns on boards this wide
    child.expect("Bye.")
    assert finish(child) == 0


def test_score_is_kept_per_player_across_games_and_colours() -> None:
    child = spawn("--size", "2x2", "--connect", "2", "--first", "random", "--seed", "5")
    seen = []
    columns = iter("12" * 50)
    for _ in range(3):
        while child.expect([PROMPT, r"Play again\? \[y/n/r\]: "]) == 0:
            child.sendline(next(columns))  # a full column is simply asked again
        seen.append(child.before or "")
        child.sendline("y")
    child.expect(PROMPT)
    child.sendline("q")
    finish(child)
    tallies = [line for text in seen for line in text.splitlines() if line.startswith("Score:")]
    assert len(tallies) == 3
    for games, tally in enumerate(tallies, start=1):
        counts = dict(re.findall(r"(You|Computer|draws) (\d+)", tally))
        assert set(counts) == {"You", "Computer", "draws"}, tally
        assert sum(map(int, counts.values())) == games, tally


def test_the_game_says_when_the_computer_is_thinking() -> None:
    child = spawn("--opponent", "mcts", "--time-ms", "1500", "--first", "computer", "--no-color")
    child.expect(r"Computer is thinking\.\.\.")
    child.expect(r"Computer plays \d+\.")
    child.expect(PROMPT)
    child.sendline("q")
    assert finish(child) == 0


def test_the_hint_on_a_large_board_values_every_column() -> None:
    child = spawn("--human-vs-human", "--no-color", "--size", "20x20", "--connect", "5")
    child.expect(PROMPT)
    child.sendline("?")
    child.expect("What each column is worth")
    child.expect(PROMPT)
    values = child.before or ""
    assert "full" not in values
    assert "not searched" not in values
    valued = re.findall(
        r"^ +(\d+): (?:~[+-]\d+\.\d [a-z ]+ \(depth \d+|-?\d+\.\.-?\d+ )", values, re.M
    )
    assert valued == [str(c) for c in range(1, 21)], values
    child.sendline("q")
    assert finish(child) == 0


def test_r_at_the_end_of_a_game_reviews_it_then_asks_again(game: pexpect.spawn) -> None:
    for column in "1212121":  # X stacks column 1, O column 2 and misses X's three
        game.expect(PROMPT)
        game.sendline(column)
    game.expect(r"Red \(X\) wins!")
    game.expect(r"Type r to review this game: every move graded by the solver\.")
    game.expect(r"Play again\? \[y/n/r\]: ")
    game.sendline("maybe")
    game.expect(r"Please answer y or n \(or r to review the game\)\.")
    game.expect(r"Play again\? \[y/n/r\]: ")
    game.sendline("r")
    game.expect(r"Reviewing the game's 7 moves\.\.\.")
    game.expect("X = Red, O = Yellow")
    game.expect(r"Review of 1212121 \(7x6, connect 4\): X wins")
    game.expect(r"move 6 \(O, column 2\) threw the win: column 1 wins in 19, column 2 loses in 1\.")
    game.expect(r"X\s+4\s+3\s+0\s+0\s+1\s+0\s+75%\s+75%")
    game.expect(r"Play again\? \[y/n/r\]: ")
    game.sendeof()  # the end of input still leaves as before
    game.expect("Bye.")
    assert finish(game) == 0


def test_review_flag_reviews_each_game_on_other_boards_with_a_time_per_position() -> None:
    child = spawn("--review", "--human-vs-human", "--no-color", "--size", "5x5", "--name", "Ada")
    for column in "1212121":
        child.expect(PROMPT)
        child.sendline(column)
    child.expect(r"Ada \(X\) wins!")
    child.expect(r"Reviewing the game's 7 moves, 1 s a position")
    child.expect("X = Ada, O = Yellow")
    child.expect(r"Review of 1212121 \(5x5, connect 4\): X wins")
    child.expect(r"Play again\? \[y/n/r\]: ")
    assert "Type r to review" not in (child.before or "")
    child.sendline("n")
    child.expect("Bye.")
    assert finish(child) == 0


@pytest.mark.parametrize("size", ["6x6", "5x4"])
def test_a_board_with_a_shipped_book_is_reviewed_without_a_time_limit(size: str) -> None:
    child = spawn("--review", "--human-vs-human", "--no-color", "--size", size)
    for column in "1212121":
        child.expect(PROMPT)
        child.sendline(column)
    child.expect(r"Red \(X\) wins!")
    child.expect(r"Reviewing the game's 7 moves\.\.\.")
    child.expect(rf"Review of 1212121 \({size}, connect 4\): X wins")
    child.expect(r"move 6 \(O, column 2\) threw the win")
    child.expect(r"Play again\? \[y/n/r\]: ")
    child.sendline("n")
    child.expect("Bye.")
    assert finish(child) == 0


def test_a_game_left_with_ctrl_c_is_saved(tmp_path: Path) -> None:
    """In a real terminal: two moves, then Ctrl-C; the game is saved, unfinished, and its
    moves are printed before the command ends with status 130."""
    db = tmp_path / "games.sqlite3"
    child = spawn("--human-vs-human", "--no-color", "--db", str(db))
    for column in "45":
        child.expect(PROMPT)
        child.sendline(column)
    child.expect(PROMPT)
    child.sendintr()
    child.expect(r"Moves: 45\r?\n")
    child.expect(r"Saved as game 1\.")
    assert finish(child) == 130
    with GameStore(db) as store:
        assert [(g.moves, g.result) for g in store.games()] == [("45", "unfinished")]
