"""Does an analysis value every column within its budget, on boards without books? In-process.

    python benchmarks/analysis.py                          # 4 shapes x 5 positions, 1000 ms
    python benchmarks/analysis.py --shapes 9x7c5 --positions 3 --budget-ms 300

For each shape (default 9x7 connect 5, 10x8, 8x7 and 7x6 without its book) the perfect agent
analyses the empty board and positions from seeded random games (none finished) within the budget,
as ``fourinarow analyze --time-ms`` does, and the table gives per shape: the columns valued
(proven exact, bounds that settle the result, estimates, and any left ``not searched``), the
estimates' median depth, and the median and maximum time against the budget. The baseline row
is the same analysis with the pure solver (``Solver.analyze``, what analyses gave before
estimates), in the same run. The exit status is 1 if any column is left unvalued or an analysis
overruns the budget by more than ``--margin-ms`` (default 100 ms).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from fourinarow.agents import Limit, PerfectAgent
from fourinarow.core import Board
from fourinarow.search.scores import Bounds, ColumnValues, Estimate, Exact, Unvalued
from fourinarow.search.solver import Solver

DEFAULT_SHAPES = "9x7c5,10x8c4,8x7c4,7x6c4"


def parse_shape(text: str) -> tuple[int, int, int]:
    """``9x7c5`` as ``(9, 7, 5)``."""
    size, _, connect = text.lower().partition("c")
    width, _, height = size.partition("x")
    return int(width), int(height), int(connect or 4)


def positions(shape: tuple[int, int, int], count: int, seed: int = 11) -> list[Board]:
    """The empty board, then seeded random positions of up to 24 plies, none finished."""
    rng = random.Random(seed)
    found = [Board(*shape)]
    while len(found) < count:
        board = Board(*shape)
        for _ in range(rng.randrange(2, 25)):
            board.push(rng.choice(board.legal_moves))
            if board.is_game_over() or board.winning_moves():
                break
        if not board.is_game_over():
            found.append(board)
    return found


def tally(values: ColumnValues) -> dict[str, int]:
    """How many legal columns hold each kind of value."""
    kinds = {"exact": 0, "bounds": 0, "estimate": 0, "unvalued": 0}
    for column in values.legal:
        value = values.values[column]
        if isinstance(value, Exact):
            kinds["exact"] += 1
        elif isinstance(value, Bounds):
            kinds["bounds"] += 1
        elif isinstance(value, Estimate):
            kinds["estimate"] += 1
        elif value is Unvalued.NOT_SEARCHED:
            kinds["unvalued"] += 1
    return kinds


def measure(
    name: str, boards: list[Board], seconds: float
) -> tuple[dict[str, int], list[int], list[float]]:
    """Kinds of values, estimate depths and seconds per analysis for ``name`` (``perfect``:
    proofs and estimates; ``solver``: proofs only) on each board."""
    shape = (boards[0].width, boards[0].height, boards[0].connect)
    agent = PerfectAgent(tt_mb=64, book=False)
    solver = Solver(tt_mb=64, book=False)
    warm = Board(*shape)
    agent.analyze(warm, Limit(time=0.05))  # tables allocated, not timed
    solver.analyze(warm, Limit(time=0.05))
    kinds = {"exact": 0, "bounds": 0, "estimate": 0, "unvalued": 0}
    depths: list[int] = []
    times: list[float] = []
    for board in boards:
        start = time.perf_counter()
        if name == "perfect":
            values = agent.analyze(board, Limit(time=seconds))
        else:
            values = solver.analyze(board, Limit(time=seconds))
        times.append(time.perf_counter() - start)
        for kind, count in tally(values).items():
            kinds[kind] += count
        depths += [v.depth for v in values.values if isinstance(v, Estimate)]
    return kinds, depths, times


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--shapes", default=DEFAULT_SHAPES, help="comma-separated, as 9x7c5")
    parser.add_argument("--positions", type=int, default=5, help="positions per shape")
    parser.add_argument("--budget-ms", type=float, default=1000.0, help="each analysis's time")
    parser.add_argument("--margin-ms", type=float, default=100.0, help="overrun allowed")
    args = parser.parse_args()
    seconds = args.budget_ms / 1000
    print(f"budget {args.budget_ms:.0f} ms per analysis, {args.positions} positions per shape")
    header = (
        f"{'shape':<8} {'analysis':<8} {'exact':>5} {'bounds':>6} {'estim.':>6} {'none':>5} "
        f"{'depth':>5} {'median ms':>9} {'max ms':>7} {'max/budget':>10}"
    )
    print(header)
    print("-" * len(header))
    failed = False
    for text in args.shapes.split(","):
        shape = parse_shape(text)
        boards = positions(shape, args.positions)
        for name in ("solver", "perfect"):
            kinds, depths, times = measure(name, boards, seconds)
            depth = f"{statistics.median(depths):.0f}" if depths else "-"
            worst = max(times)
            print(
                f"{text:<8} {name:<8} {kinds['exact']:>5} {kinds['bounds']:>6} "
                f"{kinds['estimate']:>6} {kinds['unvalued']:>5} {depth:>5} "
                f"{statistics.median(times) * 1000:>9.0f} {worst * 1000:>7.0f} "
                f"{worst / seconds:>10.2f}"
            )
            if name == "perfect":
                overrun = worst - seconds > args.margin_ms / 1000
                failed = failed or kinds["unvalued"] > 0 or overrun
    print("'solver' is the baseline: the solver alone, proofs only, as analyses were before.")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
