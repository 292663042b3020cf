"""Measure the perfect solver on one thread against several: wall time, CPU time and nodes.

    python benchmarks/threads.py                       # Begin-Medium, Begin-Hard, 20 each
    python benchmarks/threads.py --sample 50 --threads 1,2,4
    python benchmarks/threads.py --sets begin-hard --sample 10 --tt-mb 256
    python benchmarks/threads.py --sets none --empty 6x7,8x5,7x6 --tt-mb 1024

Each position is solved (exactly, without an opening book, as in benchmarks/solver.py) once per
thread count, one count after the other, so a change in the machine's load between positions
touches every count alike. Every solver's table is backed with memory before the first position
(and before the first of each other board shape, which takes a table of its own) and cleared
before each one, outside the timing. Wall time is what a user waits; CPU time is that
of the whole process (every thread). The table prints, for each set and thread count, the
positions, how many were exact, the medians of wall time, CPU time and nodes per position, and
the median over positions of one thread's wall time over this count's (the speed-up) and of
this count's nodes over one thread's. ``--empty`` adds the empty boards of the shapes given, each
solved once per thread count (exact means: the same score as on one thread). The load average
before and after says how busy the machine was.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from fourinarow.analysis.accuracy import BENCHMARK_SETS, PositionFileError
from fourinarow.analysis.standard_sets import published_directory, source_line, standard_set
from fourinarow.core import Board, parse_size
from fourinarow.search.solver import Solver

BESIDE = Path(__file__).resolve().parents[2] / "shared" / "bench" / "positions"
"""Where a developer's checkout finds Pascal Pons' published sets, when they are there."""


@dataclass
class Run:
    """One thread count's results on one set."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    nodes: list[int] = field(default_factory=list)
    exact: int = 0


def load(path: Path, sample: int) -> list[tuple[str | Board, int | None]]:
    """``sample`` evenly spaced positions of the set and their scores (all if fewer); a line is
    ``moves score``, anything after is ignored (the tests' sample adds line numbers)."""
    rows: list[tuple[str | Board, int | None]] = []
    for line in path.read_text().splitlines():
        moves, score = line.split()[:2]
        rows.append((moves, int(score)))
    if sample < len(rows):
        step = len(rows) / sample
        rows = [rows[int(i * step)] for i in range(sample)]
    return rows


def fmt_time(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    return f"{seconds * 1e3:.1f} ms"


def load_text() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} on {os.cpu_count()} cores"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--sample", type=int, default=20, help="positions per set (default 20)")
    parser.add_argument(
        "--sets",
        default="begin-medium,begin-hard",
        help="comma-separated, of: " + ", ".join(BENCHMARK_SETS) + "; or none",
    )
    parser.add_argument(
        "--empty",
        default="",
        metavar="WxH,...",
        help="also solve the empty boards of these shapes (connect 4), such as 6x7,8x5,7x6",
    )
    parser.add_argument(
        "--threads", default="1,2", help="comma-separated thread counts, 1 first (default 1,2)"
    )
    parser.add_argument(
        "--bench-dir",
        type=Path,
        help="the directory of Pascal Pons' Test_L*_R* files (default: $FOURINAROW_BENCH_DIR, "
        "else shared/bench/positions beside the project if there, else fourinarow's own sets)",
    )
    parser.add_argument("--tt-mb", type=float, default=128, help="table size (default 128)")
    args = parser.parse_args()
    counts = [int(n) for n in args.threads.split(",")]
    if counts[0] != 1:
        parser.error("--threads starts with 1, the baseline")
    sets = [] if args.sets == "none" else [key.strip() for key in args.sets.split(",")]
    unknown = [key for key in sets if key not in BENCHMARK_SETS]
    if unknown:
        parser.error(f"--sets: {', '.join(unknown)} unknown; one of {', '.join(BENCHMARK_SETS)}")
    directory = args.bench_dir or published_directory(BESIDE)
    try:
        chosen = [found for key in sets if (found := standard_set(key, directory))]
    except PositionFileError as error:
        parser.error(str(error))
    empty = []
    for shape in filter(None, args.empty.split(",")):
        try:
            empty.append(Board(*parse_size(shape)))
        except ValueError:
            parser.error(f"--empty takes shapes such as 6x7,8x5, not {shape!r}")

    solvers = {n: Solver(tt_mb=args.tt_mb, book=False, threads=n) for n in counts}
    for solver in solvers.values():
        solver.prepare()  # allocate and touch the table: outside the timing
    print(f"before: {load_text()}; table {args.tt_mb:g} MB per solver, no book")
    if chosen:
        print(source_line(chosen))
    header = (
        f"{'set':<14}{'threads':>8}{'n':>5}{'exact':>7}{'wall':>11}{'cpu':>11}"
        f"{'nodes':>14}{'speed-up':>10}{'nodes x':>9}"
    )
    print(header)
    print("-" * len(header))
    jobs = [(found.title, load(found.path, args.sample)) for found in chosen]
    jobs += [(f"empty {board.width}x{board.height}", [(board, None)]) for board in empty]
    shape = (7, 6, 4)  # the shape the solvers' tables were prepared for
    for name, positions in jobs:
        runs = {n: Run() for n in counts}
        for position, expected in positions:
            board = Board.from_moves(position) if isinstance(position, str) else position
            if (board.width, board.height, board.connect) != shape:
                # another shape takes a new table: touch it now, not in the timed solve
                shape = (board.width, board.height, board.connect)
                for solver in solvers.values():
                    solver.prepare(*shape)
            for n, solver in solvers.items():
                solver.clear()
                wall, cpu = time.perf_counter(), time.process_time()
                solution = solver.solve(board)
                runs[n].wall.append(time.perf_counter() - wall)
                runs[n].cpu.append(time.process_time() - cpu)
                runs[n].nodes.append(solution.nodes)
                if expected is None and n == 1:
                    expected = solution.score
                runs[n].exact += solution.score == expected
        base = runs[1]
        for n, run in runs.items():
            speed_up = statistics.median(b / t for b, t in zip(base.wall, run.wall, strict=True))
            more = statistics.median(m / b for b, m in zip(base.nodes, run.nodes, strict=True))
            print(
                f"{name:<14}{n:>8}{len(run.wall):>5}{run.exact:>7}"
                f"{fmt_time(statistics.median(run.wall)):>11}"
                f"{fmt_time(statistics.median(run.cpu)):>11}"
                f"{statistics.median(run.nodes):>14,.0f}{speed_up:>10.2f}{more:>9.2f}"
            )
        sys.stdout.flush()
    print(f"after: {load_text()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
