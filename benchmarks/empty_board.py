"""Solve the empty board exactly, without a book, ours against c4, on 1 and more threads.

    python benchmarks/empty_board.py --c4 ~/src/c4                          # 7x6, one thread
    python benchmarks/empty_board.py --c4 ~/src/c4 --shape 7x6,6x7 --threads 1,2
    python benchmarks/empty_board.py --c4 ~/src/c4 --threads 1,2,4,8,16 --repeat 3
    python benchmarks/empty_board.py --shape 6x7 --threads 1,2             # ours only

For every shape and thread count it solves the empty board (four in a row) strongly, with no
opening book, with fourinarow (``Solver(tt_mb=..., book=False, threads=n)``) and with c4
(Christophe Steininger's C++ solver: give a clone of https://github.com/ChristopheSteininger/c4
with --c4; benchmarks/peers/c4.py builds it with g++ (or $CXX) once per shape, thread count and
table, as c4 fixes them at compile time, cached in ~/.cache/fourinarow-bench). Both get the same
table, --tt-mb megabytes (default 1024: ours the largest power of two of 8-byte entries within
it, c4's the smallest prime number of 8-byte entries at or above it, so a power of two gives both
the same), allocated and backed with memory before, and cleared outside, the timing. Each of
--repeat runs (default 1; the empty 7x6 board takes about a minute on one thread) solves once
with c4 and once with ours, in turn, so a change in the machine's load touches both alike.

The table prints the shape, the threads, then for c4 and for ours the median wall seconds (what a
user waits; c4's taken by our driver around its solve call) and nodes (each solver's own count),
and ours/c4, the ratio of the median seconds. Both scores must agree (the score column, Pascal
Pons' convention): a disagreement is reported and the script ends with status 1. The load
average before and after says how busy the machine was. Building c4 needs a C++20 compiler;
nothing else beyond a fresh clone of fourinarow and a c4 checkout.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

from peers import c4 as c4_peer

from fourinarow.core import Board, FourInARowError, parse_size
from fourinarow.search.solver import Solver


def load_text() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} on {os.cpu_count()} cores"


def solve_ours(solver: Solver, board: Board) -> tuple[int, int, float]:
    """Score, nodes and wall seconds of one solve of ``board`` from a cleared table."""
    solver.clear()
    start = time.perf_counter()
    solution = solver.solve(board)
    assert solution.score is not None  # an exact solve
    return solution.score, solution.nodes, time.perf_counter() - start


def parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument(
        "--c4",
        type=Path,
        metavar="DIR",
        help="a clone of https://github.com/ChristopheSteininger/c4 (without it: ours only)",
    )
    parser.add_argument(
        "--shape", default="7x6", metavar="WxH,...", help="comma-separated (default 7x6)"
    )
    parser.add_argument(
        "--threads", default="1", help="comma-separated thread counts (default 1), such as 1,2,4"
    )
    parser.add_argument(
        "--tt-mb", type=float, default=1024, help="the table size of each, in MB (default 1024)"
    )
    parser.add_argument(
        "--repeat", type=int, default=1, help="runs of each, of which the median (default 1)"
    )
    args = parser.parse_args()
    try:
        args.shapes = [parse_size(shape.strip()) for shape in args.shape.split(",")]
    except FourInARowError as error:
        parser.error(f"--shape: {error}")
    try:
        args.counts = [int(n) for n in args.threads.split(",")]
    except ValueError:
        parser.error(f"--threads takes counts such as 1,2,4, not {args.threads!r}")
    if not all(1 <= n <= 64 for n in args.counts):
        parser.error(f"--threads counts go from 1 to 64, not {args.threads!r}")
    if args.repeat < 1:
        parser.error(f"--repeat is 1 or more, not {args.repeat}")
    args.binaries = {}
    if args.c4:
        try:
            for width, height in args.shapes:
                for n in args.counts:
                    settings = c4_peer.C4Settings.for_table_mb(width, height, n, args.tt_mb)
                    print(f"c4 for {width}x{height}, threads={n}:", end=" ", flush=True)
                    binary = c4_peer.build(args.c4, settings)  # cached after the first time
                    print(f"built in {binary.parent}", flush=True)
                    args.binaries[width, height, n] = binary
        except c4_peer.C4Error as error:
            parser.error(str(error))
    return args


def main() -> int:
    args = parse_arguments()
    c4_table = f" (c4: {c4_peer.table_entries(args.tt_mb):,} entries)" if args.c4 else ""
    print(
        f"before: {load_text()}; table {args.tt_mb:g} MB each{c4_table}, "
        f"no book, medians of {args.repeat} run(s)"
    )
    header = (
        f"{'shape':<7}{'threads':>8}{'c4 s':>10}{'c4 nodes':>16}{'ours s':>10}"
        f"{'ours nodes':>16}{'ours/c4':>9}{'score':>7}"
    )
    print(header)
    print("-" * len(header))
    agreed = True
    for width, height in args.shapes:
        board = Board(width, height)
        for n in args.counts:
            solver = Solver(tt_mb=args.tt_mb, book=False, threads=n)
            solver.prepare(width, height)  # allocate and touch the table: outside the timing
            ours: list[tuple[int, int, float]] = []
            theirs: list[c4_peer.C4Result] = []
            for _ in range(args.repeat):
                if (width, height, n) in args.binaries:
                    theirs += c4_peer.run(args.binaries[width, height, n], [""])
                ours.append(solve_ours(solver, board))
            del solver  # free its table before the next one
            scores = {score for score, _, _ in ours} | {answer.score for answer in theirs}
            agreed &= len(scores) == 1
            seconds = statistics.median(wall for _, _, wall in ours)
            cells = [
                f"{seconds:>10.4g}",
                f"{statistics.median(nodes for _, nodes, _ in ours):>16,.0f}",
                "",
                "/".join(str(score) for score in sorted(scores)).rjust(7),
            ]
            c4_cells = [f"{'':>10}", f"{'':>16}"]
            if theirs:
                c4_seconds = statistics.median(answer.wall for answer in theirs)
                c4_nodes = statistics.median(answer.nodes for answer in theirs)
                c4_cells = [f"{c4_seconds:>10.4g}", f"{c4_nodes:>16,.0f}"]
                cells[2] = f"{seconds / c4_seconds:>9.2f}"
            else:
                cells[2] = f"{'':>9}"
            print(f"{f'{width}x{height}':<7}{n:>8}" + "".join(c4_cells + cells))
            sys.stdout.flush()
    print(f"after: {load_text()}")
    if not agreed:
        print("the scores disagree (score column: ours/c4 differ)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
