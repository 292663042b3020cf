"""Does every agent answer within its time budget? p99 of the time per move, in-process.

    python benchmarks/latency.py                      # 300 positions, 100 ms budget
    python benchmarks/latency.py --time-ms 50 --positions 500 --agents engine,perfect

For each agent it plays ``choose(board, Limit(time=t))`` on positions from seeded random games
(0 to 30 plies, none finished) and prints the median, p99 and maximum time per move, and the p99
overshoot over the budget. The goal is p99 <= t + 20 ms for every agent. The baseline column is
the same measure for ``random`` (which does no work), taken in the same run: the cost of the
machinery around a move.
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


def positions(count: int, seed: int = 7) -> list[Board]:
    rng = random.Random(seed)
    found: list[Board] = []
    while len(found) < count:
        board = Board()
        for _ in range(rng.randrange(0, 31)):
            board.push(rng.choice(board.legal_moves))
            if board.is_game_over():
                break
        if not board.is_game_over():
            found.append(board)
    return found


def measure(spec: str, boards: list[Board], seconds: float) -> list[float]:
    agent = make_agent(spec, seed=1)
    agent.choose(boards[0], Limit(time=seconds))  # tables allocated outside the timing
    times = []
    for board in boards:
        start = time.perf_counter()
        agent.choose(board, Limit(time=seconds))
        times.append(time.perf_counter() - start)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--agents", default=DEFAULT_AGENTS, help="comma-separated specs")
    parser.add_argument("--time-ms", type=float, default=100, help="the budget per move (100)")
    parser.add_argument("--positions", type=int, default=300, help="positions per agent (300)")
    args = parser.parse_args()
    seconds = args.time_ms / 1000
    boards = positions(args.positions)
    baseline = statistics.quantiles(measure("random", boards, seconds), n=100)[98]
    header = (
        f"{'agent':<22}{'median':>10}{'p99':>10}{'max':>10}{'p99-t':>10}{'baseline p99':>14}  ok"
    )
    print(f"budget {args.time_ms:g} ms, {len(boards)} positions")
    print(header)
    print("-" * len(header))
    failed = False
    for spec in args.agents.split(","):
        times = measure(spec, boards, seconds)
        p99 = statistics.quantiles(times, n=100)[98]
        over = p99 - seconds
        ok = over <= 0.020
        failed |= not ok
        print(
            f"{spec:<22}{statistics.median(times) * 1e3:>8.1f}ms{p99 * 1e3:>8.1f}ms"
            f"{max(times) * 1e3:>8.1f}ms{over * 1e3:>8.1f}ms{baseline * 1e3:>12.3f}ms  "
            f"{'yes' if ok else 'NO'}",
            flush=True,
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
