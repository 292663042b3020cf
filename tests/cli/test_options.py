"""Numbers on the command line: ASCII digits only, within a range the message names; one line
and exit status 2 otherwise, never a traceback."""

from __future__ import annotations

import pytest

from fourinarow.agents.registry import MAX_TT_MB
from fourinarow.cli.options import MAX_NODES, MAX_SEED, MAX_TIME_MS, MAX_WORKERS
from tests.cli.conftest import Run

HUGE = "1" + "0" * 30
ARABIC_4, ARABIC_2, ARABIC_1 = "\u0664", "\u0662", "\u0661"
WIDE_1, WIDE_2, WIDE_4, WIDE_5 = "\uff11", "\uff12", "\uff14", "\uff15"
WIDE_7X6 = "\uff17x\uff16"
SUPERSCRIPT_2, CIRCLED_4, DEVANAGARI_2 = "\N{SUPERSCRIPT TWO}", "\u2463", "\u0968"

NON_ASCII_DIGITS = [
    (["show", "--size", WIDE_7X6, "44"], f"argument --size: '{WIDE_7X6}' is not a board size"),
    (["show", "--connect", ARABIC_4, "44"], f"--connect: '{ARABIC_4}' is not a whole number"),
    (["solve", "--tt-mb", WIDE_4, "4"], f"argument --tt-mb: '{WIDE_4}' is not a number"),
    (["solve", "--time-ms", WIDE_1 + ".5", "4"], f"--time-ms: '{WIDE_1}.5' is not a number"),
    (["solve", "--max-nodes", ARABIC_4 * 2, "4"], f"--max-nodes: '{ARABIC_4 * 2}' is not a whole"),
    (["move", "4", "--time-ms", SUPERSCRIPT_2], f"--time-ms: '{SUPERSCRIPT_2}' is not a number"),
    (["move", "4", "--seed", ARABIC_4], f"argument --seed: '{ARABIC_4}' is not a whole number"),
    (["move", "4", "--agent", f"minimax:depth={ARABIC_4}"], f"depth={ARABIC_4} is not accepted"),
    (["move", "4", "--agent", f"level:{WIDE_5}"], f"level:{WIDE_5} is not accepted"),
    (["play", "--time-ms", CIRCLED_4], f"argument --time-ms: '{CIRCLED_4}' is not a number"),
    (["tournament", "simple", "random", "--games", WIDE_2], f"--games: '{WIDE_2}' is not"),
    (["match", "simple", "random", "--workers", ARABIC_1], f"--workers: '{ARABIC_1}' is not"),
    (["match", "a", "b", "--opening-plies", DEVANAGARI_2], f"--opening-plies: '{DEVANAGARI_2}'"),
    (
        ["experiment", "minimax-depths", "--games", ARABIC_2],
        f"--games: '{ARABIC_2}' is not a whole",
    ),
    (["book", "build", "--plies", ARABIC_4], f"--plies: '{ARABIC_4}' is not a number of moves"),
    (["book", "info", "shipped", "--verify", WIDE_5], f"--verify: '{WIDE_5}' is not a whole"),
    (["gui", "--level", WIDE_5], f"argument --level: '{WIDE_5}' is not a level"),
    (["gui", "--window", f"{WIDE_4}00x600"], f"--window: '{WIDE_4}00x600' is not a window size"),
]

HUGE_OR_INFINITE = [
    (["solve", "--time-ms", "inf", "4"], f"from 0 to {MAX_TIME_MS}"),
    (["solve", "--time-ms", "1e400", "4"], f"1e400 is above {MAX_TIME_MS}"),
    (
        ["solve", "--tt-mb", "nan", "4"],
        f"'nan' is not a number: write one above 0 and at most {MAX_TT_MB}",
    ),
    (["solve", "--tt-mb", "1e400", "4"], f"above 0 and at most {MAX_TT_MB}"),
    (["solve", "--tt-mb", "1e30", "4"], f"1e30 is above {MAX_TT_MB}"),
    (["solve", "--max-nodes", HUGE, "4"], f"it must be from 1 to {MAX_NODES}"),
    (["solve", "--max-nodes", "9" * 5000, "4"], f"it must be from 1 to {MAX_NODES}"),
    (["move", "4", "--time-ms", "1e400"], f"argument --time-ms: 1e400 is above {MAX_TIME_MS}"),
    (["move", "4", "--seed", HUGE], f"it must be from 0 to {MAX_SEED}"),
    (
        ["move", "4", "--agent", "engine:tt_mb=inf"],
        f"tt_mb is a number above 0 and at most {MAX_TT_MB}",
    ),
    (["move", "4", "--agent", "perfect:tt_mb=1e400"], "perfect: tt_mb=1e400 is not accepted"),
    (["move", "4", "--agent", f"engine:nodes={HUGE}"], "nodes is a whole number from 0 to"),
    (["move", "4", "--agent", "minimax:depth=400"], "depth is a whole number from 1 to 9"),
    (["analyze", "4", "--agent", "alphabeta:depth=400"], "depth is a whole number from 1 to 12"),
    (["play", "--time-ms", "inf"], "argument --time-ms: 'inf' is not a number"),
    (["tournament", "a", "b", "--games", HUGE], "argument --games: 1000000000... is above"),
    (["tournament", "a", "b", "--workers", HUGE], f"it must be from 1 to {MAX_WORKERS}"),
    (["tournament", "a", "b", "--time-ms", "1e400"], f"1e400 is above {MAX_TIME_MS}"),
    (["book", "build", "--plies", "4", "--tt-mb", "inf"], "argument --tt-mb: 'inf' is not"),
    (["book", "build", "--plies", "4", "--workers", HUGE], f"from 1 to {MAX_WORKERS}"),
    (["book", "build", "--plies", HUGE], "is not a number of moves: write one from 0 to 400"),
    (["show", "--size", f"{HUGE}x6"], "width 1000000000... is out of range: width and height"),
]


@pytest.mark.parametrize(("args", "message"), NON_ASCII_DIGITS + HUGE_OR_INFINITE)
def test_a_bad_number_is_one_line_naming_the_option_and_range(
    run: Run, args: list[str], message: str
) -> None:
    result = run(*args)
    assert result.returncode == 2, result.stderr
    assert message in result.stderr
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr
    assert len(result.stderr) < 300


def test_the_largest_accepted_numbers_work(run: Run) -> None:
    result = run(
        "solve", "--time-ms", str(MAX_TIME_MS), "--max-nodes", str(MAX_NODES), "--tt-mb", "1",
        "--connect", "4", "--size", " 7 x 6 ", "4453",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout == "4453 -2\n"
    move = run(
        "move", "4", "--agent", "minimax:depth=9", "--time-ms", "50", "--seed", str(MAX_SEED)
    )
    assert move.returncode == 0, move.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["play", "--size", "2x2"],
            "fourinarow play: error: connect 4 does not fit a 2x2 board: "
            "the only length that fits is 2 (the larger of width and height)",
        ),
        (
            ["show", "--size", "7x6", "--connect", "8"],
            "fourinarow show: error: connect 8 does not fit a 7x6 board: "
            "it goes from 2 to 7 (the larger of width and height)",
        ),
    ],
)
def test_a_connect_length_that_does_not_fit_says_which_do(
    run: Run, args: list[str], message: str
) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [message]
