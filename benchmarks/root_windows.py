"""Replay a solve's null-window tests of the root in other orders, node for node.

    python benchmarks/root_windows.py --empty 7x6,6x7 --sets none --tt-mb 1024
    python benchmarks/root_windows.py --sets begin-hard,begin-medium --sample 20,40

A solve narrows the score by null-window tests of the root ("is the score above w?"), halving
the bounds as the solver does. This script solves each position once per rule, on one thread
of the compiled kernel, with its own search of each test (``Kernel.negamax``), the table kept
between the tests of one solve and cleared before each position, and prints per group of
positions each rule's nodes and CPU time and their ratio to the first rule's. One thread
searches the same nodes on every run, so the nodes say what a rule saves; the CPU times are
only comparable within one run. Every rule must reach the score halving reaches (and the set's
file gives): a disagreement ends the script with status 1.

The rules, with W the width of the bounds (upper - lower) from which a rule takes over from
halving (no W: from the start):

- ``halving``: the solver's own (the first test halfway, pushed away from 0);
- ``zero:W``: test the window at 0 once, as soon as the bounds hold it and are at most W apart;
- ``middle:W``: the middle of the bounds, not pushed away from 0;
- ``cost:W``: the window nearest the score that the nodes of the two tests behind the bounds
  point to (a test costs more the nearer the score lies to it);
- ``mtd:W``: the window at the last test's result (MTD(f));
- ``known:W``: knowing the score (halving's): the test at the score, then the one below it, the
  best any order can do.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fourinarow.analysis.accuracy import BENCHMARK_SETS, PositionFileError
from fourinarow.analysis.standard_sets import published_directory, standard_set
from fourinarow.core import Board, parse_size

BESIDE = Path(__file__).resolve().parents[2] / "shared" / "bench" / "positions"
"""Where a developer's checkout finds Pascal Pons' published sets, when they are there."""

Test = tuple[int, int, int]  # window, result, nodes
Rule = Callable[[int, int, list[Test], int], int]  # lower, upper, tests so far, score -> window


@dataclass(frozen=True)
class Job:
    """A position to solve: its group, shape, bitboards and the set's score (None: unknown)."""

    group: str
    width: int
    height: int
    current: int
    mask: int
    ply: int
    score: int | None


@dataclass
class Total:
    """One group's sums per rule: nodes and CPU seconds."""

    positions: int = 0
    nodes: dict[str, int] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)


def halving(lower: int, upper: int) -> int:
    """The solver's next window: halfway, pushed away from 0 (C's division, toward 0)."""
    middle = lower + (upper - lower) // 2
    if middle <= 0 and int(lower / 2) < middle:
        return int(lower / 2)
    if middle >= 0 and int(upper / 2) > middle:
        return int(upper / 2)
    return middle


def make_rule(name: str, width: int) -> Rule:
    """The rule ``name`` taking over once the bounds are at most ``width`` apart."""

    def zero(lower: int, upper: int, tests: list[Test], score: int) -> int:
        if lower <= 0 < upper and all(window != 0 for window, _, _ in tests):
            return 0
        return halving(lower, upper)

    def middle(lower: int, upper: int, tests: list[Test], score: int) -> int:
        return lower + (upper - lower) // 2

    def cost(lower: int, upper: int, tests: list[Test], score: int) -> int:
        below = [(w, n) for w, r, n in tests if r > w and r == lower]
        above = [(w, n) for w, r, n in tests if r <= w and r == upper]
        if not below or not above:
            return halving(lower, upper)
        (a, cost_a), (b, cost_b) = below[-1], above[-1]
        # nodes ~ exp(-0.7 * distance to the score): solve for where the score lies
        between = (a + b) / 2 + math.log(max(cost_b, 1) / max(cost_a, 1)) / 1.4
        return min(max(math.floor(between), lower), upper - 1)

    def mtd(lower: int, upper: int, tests: list[Test], score: int) -> int:
        if not tests:
            return halving(lower, upper)
        window, result, _ = tests[-1]
        return min(max(result if result > window else result - 1, lower), upper - 1)

    def known(lower: int, upper: int, tests: list[Test], score: int) -> int:
        return score if lower <= score < upper else score - 1

    chosen = {"zero": zero, "middle": middle, "cost": cost, "mtd": mtd, "known": known}[name]

    def rule(lower: int, upper: int, tests: list[Test], score: int) -> int:
        if upper - lower <= width:
            return chosen(lower, upper, tests, score)
        return halving(lower, upper)

    return rule


RULES = ("halving", "zero", "middle", "cost", "mtd", "known")


def parse_rule(text: str) -> Rule:
    """``halving`` or ``NAME[:W]``; ValueError when it names no rule."""
    name, _, width = text.partition(":")
    if name not in RULES or (width and not width.isdigit()):
        raise ValueError(
            f"{text} is not a rule: one of {', '.join(RULES)}, with :W after all but halving"
        )
    if name == "halving":
        if width:
            raise ValueError("halving takes no :W")
        return lambda lower, upper, tests, score: halving(lower, upper)
    return make_rule(name, int(width) if width else 1000)


def solve(kernel: Any, job: Job, rule: Rule, score: int) -> tuple[int, list[Test]]:
    """The job's score by the rule's tests, and the tests (as Kernel.solve, one thread)."""
    cells = job.width * job.height
    if kernel.can_win_next(job.current, job.mask):
        return (cells + 1 - job.ply) // 2, []
    lower, upper = -((cells - job.ply) // 2), (cells + 1 - job.ply) // 2
    tests: list[Test] = []
    while lower < upper:
        window = rule(lower, upper, tests, score)
        if not lower <= window < upper:
            raise AssertionError(f"window {window} outside {lower}..{upper}")
        before = kernel.nodes
        result = kernel.negamax(job.current, job.mask, job.ply, window, window + 1)
        tests.append((window, result, kernel.nodes - before))
        if result <= window:
            upper = result
        else:
            lower = result
    return lower, tests


def jobs(
    sets: list[str], samples: list[int], directory: Path | None, empty: list[tuple[int, int]]
) -> list[Job]:
    """The positions to solve, in order: each set's evenly spaced sample, then the empty boards."""
    found = []
    for key, sample in zip(sets, samples, strict=True):
        chosen = standard_set(key, directory)
        if chosen is None:
            raise ValueError(f"--sets: {key} unknown; one of {', '.join(BENCHMARK_SETS)}")
        lines = chosen.path.read_text().splitlines()
        step = len(lines) / sample if 0 < sample < len(lines) else 1.0
        picked = [lines[int(i * step)] for i in range(min(sample or len(lines), len(lines)))]
        for line in picked:
            moves, score = line.split()[:2]
            board = Board.from_moves(moves)
            first, second = board.bitboards
            current = first if board.turn == 1 else second
            found.append(Job(chosen.title, 7, 6, current, first | second, board.ply, int(score)))
    for width, height in empty:
        found.append(Job(f"empty {width}x{height}", width, height, 0, 0, 0, None))
    return found


def parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--rules",
        default="halving,zero:5,middle:8,cost:8,known",
        help="comma-separated rules, the first the one to compare with "
        "(default halving,zero:5,middle:8,cost:8,known)",
    )
    parser.add_argument(
        "--sets",
        default="begin-hard,begin-medium",
        help="standard sets, or none (default begin-hard,begin-medium)",
    )
    parser.add_argument(
        "--sample",
        default="20",
        help="evenly spaced positions per set, one number or one per set (20; 0: all)",
    )
    parser.add_argument(
        "--bench-dir",
        type=Path,
        help="the directory of Pascal Pons' Test_L*_R* files (default: $FOURINAROW_BENCH_DIR, "
        "else shared/bench/positions beside the project if there, else fourinarow's own sets)",
    )
    parser.add_argument("--empty", default="", help="empty boards to solve too, such as 7x6,6x7")
    parser.add_argument("--tt-mb", type=int, default=128, help="the table, in MB (128)")
    parser.add_argument("--tests", action="store_true", help="print each solve's tests")
    args = parser.parse_args()
    try:
        args.rules = [(text, parse_rule(text)) for text in args.rules.split(",") if text.strip()]
    except ValueError as error:
        parser.error(f"--rules: {error}")
    args.sets = (
        [] if args.sets == "none" else [s.strip() for s in args.sets.split(",") if s.strip()]
    )
    try:
        samples = [int(s) for s in args.sample.split(",")]
    except ValueError:
        parser.error(f"--sample: {args.sample} is not whole numbers")
    if len(samples) == 1:
        samples *= len(args.sets)
    if len(samples) != len(args.sets) or min(samples, default=0) < 0:
        parser.error("--sample: one number, or one per set, each 0 or more")
    args.sample = samples
    if args.tt_mb < 1:
        parser.error("--tt-mb is a whole number from 1")
    try:
        args.empty = [parse_size(s)[:2] for s in args.empty.split(",") if s.strip()]
    except ValueError as error:
        parser.error(f"--empty: {error}")
    wide = [f"{w}x{h}" for w, h in args.empty if w * (h + 1) > 64]
    if wide:
        parser.error(f"--empty: {', '.join(wide)} over 64 bits; the script uses the 64-bit kernel")
    try:
        directory = args.bench_dir or published_directory(BESIDE)
        args.jobs = jobs(args.sets, args.sample, directory, args.empty)
    except (PositionFileError, ValueError) as error:
        parser.error(str(error))
    return args


def main() -> int:
    args = parse_arguments()
    import fourinarow.search._solver_kernel as compiled

    bits = max(16, (args.tt_mb * 2**20 // 8).bit_length() - 1)
    kernels: dict[tuple[int, int], Any] = {}
    totals: dict[str, Total] = {}
    agree = True
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    for job in args.jobs:
        kernel = kernels.get((job.width, job.height))
        if kernel is None:
            kernel = kernels[(job.width, job.height)] = compiled.Kernel(
                job.width, job.height, 4, bits
            )
        total = totals.setdefault(job.group, Total())
        total.positions += 1
        score = job.score
        for name, rule in args.rules:
            kernel.clear()
            kernel.reset_nodes()
            start = time.thread_time()
            found, tests = solve(kernel, job, rule, 0 if score is None else score)
            seconds = time.thread_time() - start
            if score is None and name == "halving":
                score = found  # what "known" knows on the empty boards
            if found != (found if score is None else score):
                print(f"{job.group}: {name} found {found}, not {score}", file=sys.stderr)
                agree = False
            total.nodes[name] = total.nodes.get(name, 0) + kernel.nodes
            total.seconds[name] = total.seconds.get(name, 0.0) + seconds
            if args.tests:
                shown = " ".join(f"{w}:{r}:{n}" for w, r, n in tests)
                print(f"{job.group} {name} score {found} tests {shown}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    first = args.rules[0][0]
    print(f"{'positions':<16}{'n':>5}  {'rule':<12}{'nodes':>15}{'ratio':>7}{'s':>9}{'ratio':>7}")
    for group, total in totals.items():
        for name, _ in args.rules:
            nodes, seconds = total.nodes[name], total.seconds[name]
            print(
                f"{group:<16}{total.positions:>5}  {name:<12}{nodes:>15,}"
                f"{nodes / max(1, total.nodes[first]):>7.3f}{seconds:>9.2f}"
                f"{seconds / max(1e-9, total.seconds[first]):>7.3f}"
            )
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
