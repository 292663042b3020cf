"""Does every agent answer within its time budget, on every shape? Time per move, in-process.

    python benchmarks/latency.py                       # 3 shapes x 3 budgets x every agent
    python benchmarks/latency.py --shapes 7x6c4 --budgets 50 --agents engine,perfect
    python benchmarks/latency.py --positions 40 --margin-ms 5

For each shape (default 7x6 connect 4, 9x7 connect 5 and 20x20 connect 5: the compiled kernels
cover the first, the heuristic ones the second too; the rest runs in pure Python, where a node
costs a hundred times more) and
each budget (default 1, 10 and 100 ms), every agent plays ``choose(board, Limit(time=t))`` on
positions from seeded random games (none finished) and the table gives the median, p99 and
maximum time per move and the p99 overrun beyond the budget. The baseline column is the p99 of
``random`` (which does no work) in the same run: the cost of the machinery around a move. An
agent passes when its p99 is within the budget plus ``--margin-ms`` (default 10 ms); the exit
status is 1 if any fails. One-time costs (reading the book, allocating tables, the fallback's
table) are paid on other positions before the timings.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from fourinarow.agents import Limit, make_agent
from fourinarow.core import Board

DEFAULT_AGENTS = "random,simple,minimax,alphabeta:depth=12,engine,mcts,perfect,level:5,level:10"
DEFAULT_SHAPES = "7x6c4,9x7c5,20x20c5"
DEFAULT_BUDGETS = "1,10,100"


def parse_shape(text: str) -> tuple[int, int, int]:
    """``7x6c4`` as ``(7, 6, 4)``."""
    size, _, connect = text.lower().partition("c")
    width, _, height = size.partition("x")
    return int(width), int(height), int(connect or 4)


def positions(shape: tuple[int, int, int], count: int, seed: int = 7) -> list[Board]:
    """``count`` unfinished positions from seeded random games of up to 30 plies."""
    rng = random.Random(seed)
    found: list[Board] = []
    while len(found) < count:
        board = Board(*shape)
        for _ in range(rng.randrange(0, 31)):
            board.push(rng.choice(board.legal_moves))
            if board.is_game_over():
                break
        if not board.is_game_over():
            found.append(board)
    return found


def measure(spec: str, boards: list[Board], seconds: float) -> list[float]:
    """Seconds per move of a fresh agent on each board (one warm-up move first)."""
    agent = make_agent(spec, seed=1)
    shape = (boards[0].width, boards[0].height, boards[0].connect)
    agent.choose(Board(*shape), Limit(time=0.05))  # the book, if any: not timed
    for board in positions(shape, 10, seed=99):  # tables, fallbacks: allocated, not timed
        agent.choose(board, Limit(time=seconds))
    times = []
    for board in boards:
        start = time.perf_counter()
        agent.choose(board, Limit(time=seconds))
        times.append(time.perf_counter() - start)
    return times


def p99(times: list[float]) -> float:
    """The 99th percentile (the maximum for fewer than 100 samples, conservatively)."""
    return statistics.quantiles(times, n=100)[98] if len(times) >= 100 else max(times)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--agents", default=DEFAULT_AGENTS, help="comma-separated specs")
    parser.add_argument("--shapes", default=DEFAULT_SHAPES, help=f"default {DEFAULT_SHAPES}")
    parser.add_argument("--budgets", default=DEFAULT_BUDGETS, help="ms, default 1,10,100")
    parser.add_argument("--positions", type=int, default=20, help="positions per cell (20)")
    parser.add_argument("--margin-ms", type=float, default=10, help="allowed p99 overrun (10)")
    args = parser.parse_args()
    header = (
        f"{'shape':<9}{'budget':>7} {'agent':<20}{'median':>9}{'p99':>9}{'max':>9}"
        f"{'p99-t':>9}{'baseline':>10}  ok"
    )
    print(f"{args.positions} positions per cell; p99 is the maximum below 100 samples")
    print(header)
    print("-" * len(header))
    failed = []
    for shape_text in args.shapes.split(","):
        shape = parse_shape(shape_text)
        boards = positions(shape, args.positions)
        for budget_ms in (float(b) for b in args.budgets.split(",")):
            seconds = budget_ms / 1000
            baseline = p99(measure("random", boards, seconds))
            for spec in args.agents.split(","):
                times = measure(spec, boards, seconds)
                over = p99(times) - seconds
                ok = over * 1000 <= args.margin_ms
                if not ok:
                    failed.append(f"{spec} on {shape_text} at {budget_ms:g} ms")
                print(
                    f"{shape_text:<9}{budget_ms:>5g}ms {spec:<20}"
                    f"{statistics.median(times) * 1e3:>7.1f}ms{p99(times) * 1e3:>7.1f}ms"
                    f"{max(times) * 1e3:>7.1f}ms{over * 1e3:>7.1f}ms{baseline * 1e3:>8.2f}ms  "
                    f"{'yes' if ok else 'NO'}",
                    flush=True,
                )
    if failed:
        print(f"over budget + {args.margin_ms:g} ms: " + "; ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
