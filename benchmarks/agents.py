"""Time per move of the searching agents, by depth and evaluation, against a NumPy baseline.

    python benchmarks/agents.py                       # alphabeta depths 2-8, every evaluation
    python benchmarks/agents.py --kinds alphabeta --evals window --depths 4,6,8
    python benchmarks/agents.py --baseline-positions 0   # skip the slow NumPy baseline

The positions are the first moves of seeded random games (6 to 16 plies) on 7x6. For each
agent, evaluation and depth it prints the median and 90th-percentile time per move. The baseline
is a direct NumPy implementation in the style of the classic minimax tutorials (a NumPy board
copied at every node, window scoring from the searching player's view, alpha-beta, a random
first column), written here for comparison only; the last column is the baseline's median over
ours, at the same depth and evaluation, measured in the same run. Needs numpy for the baseline
(pip install numpy).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

from fourinarow.agents import make_agent
from fourinarow.core import Board

ROWS, COLUMNS, CONNECT = 6, 7, 4


def positions(count: int, seed: int = 2026) -> list[Board]:
    """Positions from seeded random games, none finished and none with a win in one."""
    rng = random.Random(seed)
    found: list[Board] = []
    while len(found) < count:
        board = Board()
        for _ in range(rng.randrange(6, 17)):
            board.push(rng.choice(board.legal_moves))
            if board.is_game_over():
                break
        if not board.is_game_over() and not board.winning_moves():
            found.append(board)
    return found


def numpy_baseline() -> Callable[[Board, int], int] | None:
    """The tutorials' NumPy search, or None without numpy."""
    try:
        import numpy as np
    except ImportError:
        return None

    def score_window(window: list[int], piece: int) -> int:
        other = 3 - piece
        mine, theirs, empty = window.count(piece), window.count(other), window.count(0)
        score = 0
        if mine == 4:
            score += 100
        elif mine == 3 and empty == 1:
            score += 5
        elif mine == 2 and empty == 2:
            score += 2
        if theirs == 3 and empty == 1:
            score -= 4
        return score

    def evaluate(grid: np.ndarray, piece: int) -> int:
        score = 3 * list(grid[:, COLUMNS // 2]).count(piece)
        for r in range(ROWS):
            row = list(grid[r, :])
            for c in range(COLUMNS - 3):
                score += score_window(row[c : c + 4], piece)
        for c in range(COLUMNS):
            column = list(grid[:, c])
            for r in range(ROWS - 3):
                score += score_window(column[r : r + 4], piece)
        for r in range(ROWS - 3):
            for c in range(COLUMNS - 3):
                score += score_window([int(grid[r + i][c + i]) for i in range(4)], piece)
                score += score_window([int(grid[r + 3 - i][c + i]) for i in range(4)], piece)
        return score

    def wins(grid: np.ndarray, piece: int) -> bool:
        for r in range(ROWS):
            for c in range(COLUMNS):
                for dr, dc in ((0, 1), (1, 0), (1, 1), (-1, 1)):
                    end_r, end_c = r + 3 * dr, c + 3 * dc
                    if (
                        0 <= end_r < ROWS
                        and 0 <= end_c < COLUMNS
                        and all(grid[r + i * dr][c + i * dc] == piece for i in range(4))
                    ):
                        return True
        return False

    def open_columns(grid: np.ndarray) -> list[int]:
        return [c for c in range(COLUMNS) if grid[ROWS - 1][c] == 0]

    def drop(grid: np.ndarray, column: int, piece: int) -> np.ndarray:
        child = grid.copy()
        row = next(r for r in range(ROWS) if child[r][column] == 0)
        child[row][column] = piece
        return child

    def search(
        grid: np.ndarray, depth: int, alpha: float, beta: float, maximising: bool, piece: int
    ) -> tuple[int | None, float]:
        columns = open_columns(grid)
        if wins(grid, piece):
            return None, 10**9
        if wins(grid, 3 - piece):
            return None, -(10**9)
        if not columns:
            return None, 0
        if depth == 0:
            return None, evaluate(grid, piece)
        best_column: int | None = random.choice(columns)
        value = -float("inf") if maximising else float("inf")
        for column in columns:
            child = drop(grid, column, piece if maximising else 3 - piece)
            _, score = search(child, depth - 1, alpha, beta, not maximising, piece)
            if (maximising and score > value) or (not maximising and score < value):
                value, best_column = score, column
            if maximising:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best_column, value

    def choose(board: Board, depth: int) -> int:
        grid = np.zeros((ROWS, COLUMNS), dtype=np.int64)
        for row_from_top, cells in enumerate(board.to_grid()):
            grid[ROWS - 1 - row_from_top, :] = cells
        column, _ = search(grid, depth, -float("inf"), float("inf"), True, board.turn)
        assert column is not None
        return column

    return choose


def timed(choose: Callable[[Board], object], boards: list[Board]) -> list[float]:
    times = []
    for board in boards:
        start = time.process_time()
        choose(board)
        times.append(time.process_time() - start)
    return times


def fmt(seconds: float) -> str:
    return f"{seconds * 1e3:.2f} ms" if seconds < 1 else f"{seconds:.2f} s"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--kinds", default="alphabeta", help="minimax,alphabeta")
    parser.add_argument(
        "--evals", default="window,connections,rivest,streaks,threats", help="evaluations"
    )
    parser.add_argument("--depths", default="2,4,6,8", help="comma-separated depths")
    parser.add_argument("--positions", type=int, default=20, help="positions per row (20)")
    parser.add_argument(
        "--baseline-positions", type=int, default=4, help="positions for the slow baseline (4)"
    )
    args = parser.parse_args()
    boards = positions(args.positions)
    baseline = numpy_baseline() if args.baseline_positions else None
    if args.baseline_positions and baseline is None:
        print("numpy not installed: pip install numpy to measure the NumPy baseline")
    header = (
        f"{'agent':<12}{'eval':<13}{'depth':>6}{'median':>12}{'p90':>12}"
        f"{'baseline':>12}{'ratio':>9}"
    )
    print(header)
    print("-" * len(header))
    for kind in args.kinds.split(","):
        for name in args.evals.split(","):
            for depth in (int(d) for d in args.depths.split(",")):
                agent = make_agent(f"{kind}:depth={depth},eval={name}", seed=1)
                times = timed(agent.choose, boards)
                ours = statistics.median(times)
                p90 = statistics.quantiles(times, n=10)[-1] if len(times) > 1 else ours
                base_text = ratio_text = ""
                if baseline is not None and name == "window" and kind == "alphabeta" and depth <= 6:
                    few = boards[: args.baseline_positions]
                    base = statistics.median(timed(lambda b, d=depth: baseline(b, d), few))
                    base_text, ratio_text = fmt(base), f"{base / ours:.0f}x"
                print(
                    f"{kind:<12}{name:<13}{depth:>6}{fmt(ours):>12}{fmt(p90):>12}"
                    f"{base_text:>12}{ratio_text:>9}",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
