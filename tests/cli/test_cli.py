"""The command line: help, version, errors exit 2 with no traceback; the console script, a
process and a closed pipe."""

from __future__ import annotations

import subprocess
import sysconfig
from pathlib import Path

import pytest

from fourinarow import __version__
from fourinarow.agents import AGENTS
from fourinarow.agents.registry import plugin_names
from tests.cli.conftest import Run


def test_console_script_is_installed_and_reports_its_version() -> None:
    script = Path(sysconfig.get_path("scripts")) / "fourinarow"
    result = subprocess.run(
        [str(script), "--version"], capture_output=True, text=True, check=False, timeout=60
    )
    assert result.returncode == 0
    assert result.stdout.startswith(f"fourinarow {__version__} (")


def test_help_lists_the_subcommands(run: Run) -> None:
    result = run("--help")
    assert result.returncode == 0
    for command in ("play", "show", "solve", "review", "move", "analyze", "agents"):
        assert command in result.stdout
    assert run().returncode == 0  # bare command prints help


@pytest.mark.parametrize(
    "command", ["play", "show", "solve", "review", "move", "analyze", "agents"]
)
def test_every_subcommand_has_help(run: Run, command: str) -> None:
    result = run(command, "--help")
    assert result.returncode == 0
    assert "usage: fourinarow " + command in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "--size", "7by6"], "'7by6' is not a board size: write WIDTHxHEIGHT, such as 7x6"),
        (["play", "--size", "0x6"], "width 0 is out of range"),
        (["play", "--size", "7x21"], "height 21 is out of range"),
        (["play", "--connect", "9"], "connect 9 does not fit a 7x6 board"),
        (["play", "--connect", "four"], "'four' is not a whole number: write one from 2 to 20"),
        (
            ["play", "--opponent", "deepblue"],
            f"unknown agent 'deepblue'; accepted agents: {', '.join(AGENTS)}",
        ),
        (["play", "--first", "dog"], "invalid choice: 'dog'"),
        (["show", "4458"], "move 4 of '4458' is column 8, out of range: moves are the numbers 1-7"),
        (["show", "4444444"], "move 7 of '4444444': column 4 is full"),
        (["fly"], "invalid choice: 'fly'"),
    ],
)
def test_bad_input_exits_2_with_a_message_and_no_traceback(
    run: Run, args: list[str], message: str
) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_show_prints_the_board(run: Run) -> None:
    result = run("show", "4453", "--no-color")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0] == " 1  2  3  4  5  6  7"
    assert lines[-2] == " .  .  O  X  X  .  ."
    assert lines[-1] == "X to move."
    assert "X has won." in run("show", "1212121").stdout


def test_agents_lists_one_line_each(run_process: Run) -> None:
    """As a process (this command's one): the built-ins, then the installed adapters'."""
    *lines, note = run_process("agents").stdout.splitlines()
    assert [line.split()[0] for line in lines] == [*AGENTS, *plugin_names()]
    assert "openspiel" in plugin_names()  # the adapters' agents are listed after the built-ins
    assert "blunder=P" in note


def test_play_from_a_pipe_ends_cleanly_at_end_of_input(run: Run) -> None:
    result = run("play", "--seed", "2", stdin="4\nq-not-a-move\n9\n")
    assert result.returncode == 0
    assert "Not played: 'q-not-a-move' is not a column" in result.stdout
    assert "Not played: column 9 is out of range: enter 1-7 or a-g." in result.stdout
    assert result.stdout.rstrip().endswith("Bye.")
    assert "\033[" not in result.stdout  # no colour when output is not a terminal
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "--bogus"], "fourinarow play: error: unrecognized arguments: --bogus"),
        (["agents", "extra"], "fourinarow agents: error: unrecognized arguments: extra"),
        (
            ["play", "--seed", "abc"],
            "fourinarow play: error: argument --seed: 'abc' is not a whole",
        ),
    ],
)
def test_usage_errors_are_one_line_and_name_the_subcommand(
    run: Run, args: list[str], message: str
) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith(message)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["pley"], "fourinarow: error: argument COMMAND: invalid choice: 'pley' (did you mean "
         "'play'?); choose from 'play', 'show'"),
        (["play", "--opponent", "perfct"], "fourinarow play: error: unknown agent 'perfct' (did "
         "you mean 'perfect'?); accepted agents: random,"),
        (["play", "--sise", "8x7"], "fourinarow play: error: unrecognized arguments: --sise 8x7 "
         "(did you mean '--size'?)"),
        (["solve", "--no-bok", "44"], "fourinarow solve: error: unrecognized arguments: --no-bok "
         "(did you mean '--no-book'?)"),
        (["book", "build", "--plies", "2", "--chunks=3"], "fourinarow book: error: unrecognized "
         "arguments: --chunks=3 (did you mean '--chunk'?)"),
        (["puzzle", "--level", "99"], "fourinarow puzzle: error: unrecognized arguments: "
         "--level 99 (see"),
        (["games", "--bogus", "3", "--db", "x"], "fourinarow games: error: unrecognized "
         "arguments: --bogus 3"),
        (["play", "--first", "compter"], "fourinarow play: error: argument --first: invalid "
         "choice: 'compter' (did you mean 'computer'?); choose from 'human', 'computer'"),
        (["match", "perfect:tt_bm=4", "simple"], "fourinarow match: error: agent 'perfect' does "
         "not take the option 'tt_bm' (did you mean 'tt_mb'?); its options:"),
    ],
)  # fmt: skip
def test_a_typo_names_the_closest_command_agent_or_option(
    run: Run, args: list[str], message: str
) -> None:
    """A newcomer's typo is refused in one line that names what was probably meant."""
    result = run(*args)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith(message)
    assert "Traceback" not in result.stderr


def test_a_typo_far_from_every_name_gets_no_guess(run: Run) -> None:
    assert "did you mean" not in run("fly").stderr
    assert "did you mean" not in run("play", "--opponent", "deepblue").stderr
    assert "did you mean" not in run("play", "--bogus").stderr


def test_a_closed_pipe_ends_quietly() -> None:
    import sys

    command = f"{sys.executable} -m fourinarow show 4,4,5,3 --size 20x20 | head -c 1"
    result = subprocess.run(
        command, shell=True, capture_output=True, text=True, check=False, timeout=60
    )
    assert "Traceback" not in result.stderr
    assert "BrokenPipe" not in result.stderr


def test_show_takes_a_grid_too(run: Run) -> None:
    diagram = "......./......./......./......./...OOO./...XXX."
    from_grid = run("show", "--grid", diagram, "--no-color")
    assert from_grid.returncode == 0, from_grid.stderr
    assert from_grid.stdout == run("show", "445566", "--no-color").stdout
    assert from_grid.stdout.splitlines()[-1] == "X to move."
    bad = run("show", "--grid", "...X/....")
    assert bad.returncode == 2
    assert "Traceback" not in bad.stderr
