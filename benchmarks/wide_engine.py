"""The engine on boards of 65 to 128 bits: the compiled search on 128-bit words against Python.

    python benchmarks/wide_engine.py                   # 9x7c5 545545, 10x8, 11x9, 8x7 44
    python benchmarks/wide_engine.py 10x8: 9x7c5:545545 --seconds 1 --runs 5

Each case is ``WxH[cN]:MOVES`` (connect 4 without ``cN``; nothing after the colon for the empty
board). For each, the engine first does what ``fourinarow analyze --agent engine`` does: it
deepens, every column valued exactly, within ``--seconds`` (default 1), once compiled and once in
pure Python (``use_kernel=False``: plain alpha-beta, no table); the table gives the depth each
finished and the nodes each searched per second. Then both search the depth Python reached, once
each ``--runs`` times (default 3) from a fresh engine: the nodes, the median time and how many
times faster the compiled search is. 8x7 (64 bits) is on the 64-bit kernel, for comparison.
"""

from __future__ import annotations

import argparse
import statistics
import time

from fourinarow.core import Board
from fourinarow.search.deepening import column_values
from fourinarow.search.engine_search import Engine
from fourinarow.search.limit import Limit

DEFAULT_CASES = ["9x7c5:545545", "10x8:", "11x9:", "8x7:44"]


def parse_case(text: str) -> tuple[tuple[int, int, int], str]:
    """``9x7c5:545545`` as ``((9, 7, 5), "545545")``."""
    shape, _, moves = text.partition(":")
    size, _, connect = shape.lower().partition("c")
    width, _, height = size.partition("x")
    return (int(width), int(height), int(connect or 4)), moves


def depth_within(engine: Engine, board: Board, seconds: float) -> tuple[int, float]:
    """The depth an analysis reaches within ``seconds``, and its nodes per second."""
    start = time.perf_counter()
    most = board.width * board.height - board.ply
    _, depth, nodes = column_values(engine, board, most, Limit(time=seconds), start)
    return depth, nodes / (time.perf_counter() - start)


def timed_search(engine: Engine, board: Board, depth: int, runs: int) -> tuple[int, float]:
    """Nodes and median seconds of one search of ``depth`` plies from an empty table."""
    times = []
    for _ in range(runs):
        engine.clear()
        started = time.perf_counter()
        engine.search(board, depth, exact_root=True)
        times.append(time.perf_counter() - started)
    return engine.nodes, statistics.median(times)


def measure(case: str, seconds: float, runs: int) -> None:
    shape, moves = parse_case(case)
    board = Board.from_moves(moves, width=shape[0], height=shape[1], connect=shape[2])
    compiled, python = Engine(*shape), Engine(*shape, use_kernel=False)
    reached, rate = depth_within(compiled, board, seconds)
    depth, python_rate = depth_within(python, board, seconds)
    depth = max(depth, 1)
    fast_nodes, fast = timed_search(compiled, board, depth, runs)
    slow_nodes, slow = timed_search(python, board, depth, runs)
    width, height, connect = shape
    name = f"{width}x{height}c{connect}"
    print(
        f"{name:<9} {moves or '-':<10} {width * (height + 1):>4} "
        f"{compiled.backend:<9} {reached:>5} {depth:>8} "
        f"{rate / 1e6:>7.2f} {python_rate / 1e6:>7.3f} "
        f"{fast_nodes:>10,} {slow_nodes:>10,} {1000 * fast:>9.2f} {1000 * slow:>9.2f} "
        f"{slow / fast:>8.0f}x"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "cases", nargs="*", default=DEFAULT_CASES, help="WxH[cN]:MOVES (default: %(default)s)"
    )
    parser.add_argument("--seconds", type=float, default=1.0, help="analysis time (default 1)")
    parser.add_argument("--runs", type=int, default=3, help="timed searches each (default 3)")
    args = parser.parse_args()
    print(f"depth and million nodes/s: an analysis within {args.seconds:g} s, compiled and in")
    print("Python; then one search of Python's depth from an empty table: nodes, median ms, ratio")
    print(
        f"{'shape':<9} {'position':<10} {'bits':>4} {'kernel':<9} {'depth':>5} {'py depth':>8} "
        f"{'Mn/s':>7} {'py Mn/s':>7} {'nodes':>10} {'py nodes':>10} {'ms':>9} {'py ms':>9} "
        f"{'ratio':>9}"
    )
    for case in args.cases:
        measure(case, args.seconds, args.runs)


if __name__ == "__main__":
    main()
