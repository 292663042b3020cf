"""Benchmark the perfect solver on the standard position sets, against peers in the same run.

    python benchmarks/solver.py --sample 50
    python benchmarks/solver.py --sets end-easy,middle-easy           # all 1000 of each
    python benchmarks/solver.py --sample 20 --c4ai-python /path/to/python3.13
    python benchmarks/solver.py --sets begin-hard --book shipped   # with our book and bitbully's
    python benchmarks/solver.py --sample 20 --c4 ~/src/c4 --tt-mb 1024   # and c4, 1 GB tables

For every set it prints positions, exact answers, mean and median CPU time per position and mean
nodes, for fourinarow and for each peer found: bitbully (if importable here), connect-four-ai
(run in a subprocess by the Python given with --c4ai-python, since its wheel needs Python 3.13)
and c4 (Christophe Steininger's C++ solver, from a clone of
https://github.com/ChristopheSteininger/c4 given with --c4: benchmarks/peers/c4.py builds it
once for 7x6, one thread and a table of --tt-mb with g++ or $CXX, cached in
~/.cache/fourinarow-bench). The last column is our mean time over the peer's. As in the peers'
own benchmarks, each solver's transposition table is cleared before each position, outside the
timing, and, as the peers allocate and zero theirs up front, ours is backed with memory (and the
book read) before the first position (``Solver.prepare``), so no timing pays for first
touches. The times are CPU
times of the solve alone: ours, bitbully's and connect-four-ai's of the thread that searches,
c4's of its whole process around each solve call (its one search thread plus handing the
position over to it; our driver's clock, as c4's own counts whole milliseconds). --tt-mb sizes
both our table (the largest power of two of 8-byte entries within it) and c4's (the smallest
prime number of 8-byte entries at or above it): a power of two of megabytes gives both the same.
The peers are benchmark comparisons only, never dependencies. By default ours runs without an
opening book, as the peers do here; ``--book shipped`` (or a path) measures it with one, and
then bitbully runs with its 12-ply book with distances (``pip install bitbully-databases``),
the best peer with a book; c4 always runs without one.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from peers import c4 as c4_peer

from fourinarow.analysis.accuracy import BENCHMARK_SETS, PositionFileError
from fourinarow.analysis.standard_sets import published_directory, source_line, standard_set
from fourinarow.core import Board
from fourinarow.search.book import Book
from fourinarow.search.solver import Solver

SETS = BENCHMARK_SETS  # name: (title in tables, file name), easiest first
BESIDE = Path(__file__).resolve().parents[2] / "shared" / "bench" / "positions"
"""Where a developer's checkout finds Pascal Pons' published sets, when they are there."""
C4AI_DRIVER = Path(__file__).resolve().parent / "peers" / "c4ai_driver.py"


@dataclass
class Run:
    """One engine's results on one set."""

    times: list[float] = field(default_factory=list)
    nodes: list[int] = field(default_factory=list)
    exact: int = 0

    def add(self, seconds: float, nodes: int, correct: bool) -> None:
        self.times.append(seconds)
        self.nodes.append(nodes)
        self.exact += correct


def load(path: Path, sample: int | None) -> list[tuple[str, int]]:
    """The set's positions and scores; with ``sample``, that many evenly spaced ones."""
    rows = []
    for line in path.read_text().splitlines():
        moves, score = line.split()[:2]  # the tests' sample adds line numbers
        rows.append((moves, int(score)))
    if sample and sample < len(rows):
        step = len(rows) / sample
        rows = [rows[int(i * step)] for i in range(sample)]
    return rows


def run_ours(positions: list[tuple[str, int]], solver: Solver, weak: bool) -> Run:
    run = Run()
    solver.prepare()  # allocate and touch the table, read the book: outside the timing
    for moves, expected in positions:
        board = Board.from_moves(moves)
        solver.clear()
        start = time.thread_time()
        solution = solver.solve(board, weak=weak)
        seconds = time.thread_time() - start
        want = (expected > 0) - (expected < 0) if weak else expected
        run.add(seconds, solution.nodes, solution.score == want)
    return run


def bitbully_runner(book: bool) -> Callable[[list[tuple[str, int]]], Run] | None:
    """bitbully's solver, with its 12-ply book with distances if ``book``; None if not here."""
    try:
        from bitbully import bitbully_core
    except ImportError:
        return None
    if book:
        try:
            import bitbully_databases
        except ImportError:
            return None
        path = bitbully_databases.BitBullyDatabases.get_database_path("12-ply-dist")
        solver = bitbully_core.BitBullyCore(Path(path))  # reads the book here, outside the timing
    else:
        solver = bitbully_core.BitBullyCore()

    def run_bitbully(positions: list[tuple[str, int]]) -> Run:
        run = Run()
        for moves, expected in positions:
            board = bitbully_core.BoardCore()
            board.play("".join(str(int(c) - 1) for c in moves))
            solver.resetTranspositionTable()
            solver.resetNodeCounter()
            start = time.thread_time()
            score = solver.mtdf(board, 0)
            seconds = time.thread_time() - start
            run.add(seconds, solver.getNodeCounter(), score == expected)
        return run

    return run_bitbully


def c4ai_runner(python: str) -> Callable[[list[tuple[str, int]]], Run]:
    def run_c4ai(positions: list[tuple[str, int]]) -> Run:
        text = "".join(f"{moves}\n" for moves, _ in positions)
        result = subprocess.run(
            [python, str(C4AI_DRIVER)], input=text, capture_output=True, text=True, check=True
        )
        run = Run()
        for (_, expected), line in zip(positions, result.stdout.splitlines(), strict=True):
            row = json.loads(line)
            run.add(row["seconds"], row["nodes"], row["score"] == expected)
        return run

    return run_c4ai


def c4_runner(binary: Path, weak: bool) -> Callable[[list[tuple[str, int]]], Run]:
    """c4, built by benchmarks/peers/c4.py, on positions in one process of its driver."""

    def run_c4(positions: list[tuple[str, int]]) -> Run:
        run = Run()
        answers = c4_peer.run(binary, [moves for moves, _ in positions], weak=weak)
        for (_, expected), answer in zip(positions, answers, strict=True):
            want = (expected > 0) - (expected < 0) if weak else expected
            run.add(answer.cpu, answer.nodes, answer.score == want)
        return run

    return run_c4


def fmt_time(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.1f} us"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--sample", type=int, help="evenly spaced positions per set (default: all)")
    parser.add_argument(
        "--sets", default=",".join(SETS), help="comma-separated: " + ", ".join(SETS)
    )
    parser.add_argument(
        "--bench-dir",
        type=Path,
        help="the directory of Pascal Pons' Test_L*_R* files (default: $FOURINAROW_BENCH_DIR, "
        "else shared/bench/positions beside the project if there, else fourinarow's own sets)",
    )
    parser.add_argument(
        "--tt-mb",
        type=float,
        default=128,
        help="the table size in MB, ours and c4's (default 128; a power of two gives both the "
        "same number of entries)",
    )
    parser.add_argument(
        "--book", default="none", help="our opening book: none (default), shipped, or a path"
    )
    parser.add_argument("--weak", action="store_true", help="weak solves (ours and c4 only)")
    parser.add_argument("--no-peers", action="store_true", help="measure fourinarow only")
    parser.add_argument("--c4ai-python", help="a Python 3.13 with connect-four-ai-linux installed")
    parser.add_argument(
        "--c4",
        type=Path,
        metavar="DIR",
        help="a clone of https://github.com/ChristopheSteininger/c4 to build and compare with",
    )
    args = parser.parse_args()
    keys = [key.strip() for key in args.sets.split(",")]
    unknown = [key for key in keys if key not in SETS]
    if unknown:
        parser.error(f"--sets: {', '.join(unknown)} unknown; one of {', '.join(SETS)}")
    try:
        directory = args.bench_dir or published_directory(BESIDE)
        chosen = [found for key in keys if (found := standard_set(key, directory))]
    except PositionFileError as error:
        parser.error(str(error))

    book: Book | bool = args.book == "shipped"
    if args.book not in ("none", "shipped"):
        book = Book.load(args.book)
    solver = Solver(tt_mb=args.tt_mb, book=book)
    peers: dict[str, Callable[[list[tuple[str, int]]], Run]] = {}
    if not args.no_peers and not args.weak:
        with_book = args.book != "none"
        bitbully = bitbully_runner(with_book)
        if bitbully is not None:
            peers["bitbully+book" if with_book else "bitbully"] = bitbully
        else:
            if with_book:
                print(
                    "bitbully or its book not installed here:"
                    " pip install bitbully bitbully-databases to compare with it"
                )
            else:
                print("bitbully not installed here: pip install bitbully to compare with it")
        if args.c4ai_python:
            peers["connect-four-ai"] = c4ai_runner(args.c4ai_python)
    c4_line = ""
    if args.c4 and not args.no_peers:
        try:
            settings = c4_peer.C4Settings.for_table_mb(7, 6, threads=1, table_mb=args.tt_mb)
            binary = c4_peer.build(args.c4, settings)  # once, then cached: outside any timing
        except c4_peer.C4Error as error:
            parser.error(str(error))
        peers["c4"] = c4_runner(binary, args.weak)
        c4_line = (
            f"; c4: one thread, table {settings.entries:,} entries ({settings.table_mb:.1f} MB),"
            f" no book, built in {binary.parent}"
        )
    print(f"fourinarow backend: {solver.backend_for(Board())}, table {args.tt_mb:g} MB{c4_line}")
    print(source_line(chosen))
    header = (
        f"{'set':<14}{'engine':<17}{'n':>5}{'exact':>7}{'mean':>12}{'median':>12}"
        f"{'nodes':>14}{'ours/theirs':>13}"
    )
    print(header)
    print("-" * len(header))
    for found in chosen:
        name = found.title
        positions = load(found.path, args.sample)
        results = {"fourinarow": run_ours(positions, solver, args.weak)}
        for peer, runner in peers.items():
            results[peer] = runner(positions)
        ours = statistics.fmean(results["fourinarow"].times)
        for engine, run in results.items():
            mean = statistics.fmean(run.times)
            ratio = "" if engine == "fourinarow" else f"{ours / mean:.2f}"
            print(
                f"{name:<14}{engine:<17}{len(run.times):>5}{run.exact:>7}"
                f"{fmt_time(mean):>12}{fmt_time(statistics.median(run.times)):>12}"
                f"{statistics.fmean(run.nodes):>14,.0f}{ratio:>13}"
            )
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
