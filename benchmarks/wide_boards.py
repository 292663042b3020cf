"""Measure the compiled solver on boards of 65 to 128 bits against the pure-Python one.

    python benchmarks/wide_boards.py                     # 9x7 connect 5, 10x8 connect 4 and 5
    python benchmarks/wide_boards.py --positions 5 --repeat 5
    python benchmarks/wide_boards.py --shapes 11x9c4:30,16x7c4:30 --min-nodes 20000

Boards with ``width * (height + 1)`` of 65 to 128 bits are solved by the compiled kernel on 128-bit
words (``_solver_kernel128``); before it, only in pure Python (``python_solver.py``). For each shape
(``WxHcN:E``: width, height, connect, and the empty cells left) the script plays seeded random
games, whose moves neither complete a line nor let the opponent complete one next while another move
can, stops each with E empty cells, and keeps the positions whose exact solve takes the compiled
kernel ``--min-nodes`` to ``--max-nodes`` nodes. Each kept position is then solved exactly by both
kernels, each with a table of ``2**--table-bits`` slots cleared before every solve, ``--repeat``
times, alternating; the table prints the nodes of each (``same`` when they agree, as they must with
tables of one size), the score of each, the median CPU time of each solve and their ratio (Python
over compiled). The moves of each position follow the table (1-based columns, comma separated). Exit
status 1 if any nodes or score differ.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass

from fourinarow.core import Board
from fourinarow.search.python_solver import ReferenceKernel

try:
    from fourinarow.search._solver_kernel128 import Kernel as Kernel128
except ImportError:
    Kernel128 = None  # type: ignore[assignment, misc]


@dataclass(frozen=True)
class Shape:
    """A board shape and how many empty cells its positions keep."""

    width: int
    height: int
    connect: int
    empties: int

    @property
    def name(self) -> str:
        return f"{self.width}x{self.height}c{self.connect}"


def parse_shapes(text: str) -> list[Shape]:
    """``9x7c5:24,10x8c4:32`` as shapes; ValueError saying what is accepted if not."""
    shapes = []
    for item in text.split(","):
        try:
            size, empties = item.split(":")
            dimensions, connect = size.split("c")
            width, height = dimensions.split("x")
            shape = Shape(int(width), int(height), int(connect), int(empties))
        except ValueError:
            raise ValueError(
                f"--shapes takes WxHcN:E items such as 9x7c5:24, not {item!r}"
            ) from None
        bits = shape.width * (shape.height + 1)
        if not 64 < bits <= 128 or not 0 < shape.empties < shape.width * shape.height:
            raise ValueError(
                f"--shapes: {item} is not a board of 65 to 128 bits (width * (height + 1)) "
                "with some empty cells"
            )
        shapes.append(shape)
    return shapes


def position(board: Board) -> tuple[int, int, int]:
    """The kernels' arguments: the side to move's stones, every stone, the stones' count."""
    first, second = board.bitboards
    return (first if board.turn == 1 else second), first | second, board.ply


def random_game(rng: random.Random, shape: Shape, kernel: Kernel128) -> Board | None:
    """A seeded random game stopped with ``shape.empties`` cells left, where the side to move
    cannot win at once; ``None`` if it ended before."""
    board = Board(shape.width, shape.height, shape.connect)
    while shape.width * shape.height - board.ply > shape.empties:
        quiet, safe = [], []
        for column in board.legal_moves:
            board.push(column)
            if not board.is_game_over():
                quiet.append(column)
                if not kernel.can_win_next(*position(board)[:2]):
                    safe.append(column)
            board.pop()
        if not quiet:
            return None
        board.push(rng.choice(safe or quiet))
    return None if kernel.can_win_next(*position(board)[:2]) else board


def solve(kernel: Kernel128 | ReferenceKernel, board: Board) -> tuple[int, int, float]:
    """The exact score, nodes and CPU seconds of one solve from an empty table."""
    kernel.clear()
    kernel.reset_nodes()
    kernel.set_limits(0, 0.0)
    start = time.thread_time()
    lower, upper = kernel.solve(*position(board), False)
    elapsed = time.thread_time() - start
    assert lower == upper
    return lower, kernel.nodes, elapsed


def pick(shape: Shape, count: int, least: int, most: int, bits: int, seed: int) -> list[Board]:
    """``count`` positions whose solve takes the compiled kernel ``least`` to ``most`` nodes."""
    assert Kernel128 is not None
    rng = random.Random(seed)
    kernel = Kernel128(shape.width, shape.height, shape.connect, bits)
    found: list[Board] = []
    for _ in range(500 * count):
        board = random_game(rng, shape, kernel)
        if board is not None and least <= solve(kernel, board)[1] <= most:
            found.append(board)
            if len(found) == count:
                break
    return found


def fmt_time(seconds: float) -> str:
    return f"{seconds:.2f} s" if seconds >= 1 else f"{seconds * 1e3:.1f} ms"


def load_text() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} on {os.cpu_count()} cores"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument(
        "--shapes",
        default="9x7c5:24,10x8c4:32,10x8c5:26",
        help="WxHcN:E, comma-separated (default 9x7c5:24,10x8c4:32,10x8c5:26)",
    )
    parser.add_argument("--positions", type=int, default=2, help="per shape (default 2)")
    parser.add_argument("--min-nodes", type=int, default=50_000, help="(default 50000)")
    parser.add_argument("--max-nodes", type=int, default=300_000, help="(default 300000)")
    parser.add_argument("--repeat", type=int, default=3, help="solves of each (default 3)")
    parser.add_argument("--table-bits", type=int, default=20, help="both tables (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="random games' seed (default 1)")
    args = parser.parse_args()
    try:
        shapes = parse_shapes(args.shapes)
    except ValueError as error:
        parser.error(str(error))
    if args.positions < 1 or args.repeat < 1 or not 0 <= args.min_nodes <= args.max_nodes:
        parser.error("--positions and --repeat are at least 1, and --min-nodes <= --max-nodes")
    if Kernel128 is None:
        sys.exit("the compiled kernel on 128-bit words is not built: nothing to compare")

    print(
        f"before: {load_text()}; tables 2**{args.table_bits} slots each, "
        f"medians of {args.repeat} solve(s), CPU time"
    )
    print("| position | nodes, compiled | nodes, Python | score | compiled | Python | ratio |")
    print("|---|---|---|---|---|---|---|")
    moves: list[str] = []
    differ = False
    for shape in shapes:
        boards = pick(
            shape, args.positions, args.min_nodes, args.max_nodes, args.table_bits, args.seed
        )
        if not boards:
            print(f"| {shape.name}: no position within the node range | | | | | | |")
        for number, board in enumerate(boards, 1):
            compiled = Kernel128(shape.width, shape.height, shape.connect, args.table_bits)
            python = ReferenceKernel(shape.width, shape.height, shape.connect, args.table_bits)
            times: dict[str, list[float]] = {"compiled": [], "python": []}
            results = {}
            for _ in range(args.repeat):
                for name, kernel in (("compiled", compiled), ("python", python)):
                    score, nodes, seconds = solve(kernel, board)
                    results[name] = (score, nodes)
                    times[name].append(seconds)
            (score, nodes), (py_score, py_nodes) = results["compiled"], results["python"]
            same = nodes == py_nodes and score == py_score
            differ = differ or not same
            fast, slow = statistics.median(times["compiled"]), statistics.median(times["python"])
            label = f"{shape.name} #{number} ({board.ply} stones)"
            print(
                f"| {label} | {nodes:,} | {'same' if nodes == py_nodes else f'{py_nodes:,}'} "
                f"| {score if score == py_score else f'{score} / {py_score}'} "
                f"| {fmt_time(fast)} | {fmt_time(slow)} | {slow / fast:,.0f} |"
            )
            moves.append(f"{label}: {','.join(str(c + 1) for c in board.moves)}")
    for line in moves:
        print(line)
    print(f"after: {load_text()}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
