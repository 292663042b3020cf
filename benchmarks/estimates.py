"""Do estimates call the result right? Analyses within a node limit against exact values.

    python benchmarks/estimates.py                                   # 7x6, 8-22 stones
    python benchmarks/estimates.py --size 8x7 --stones 20-34 --nodes 300000 --positions 60
    python benchmarks/estimates.py --evaluations threats,network --exclude 'data/*.npz'

Positions come from seeded noisy games (a share of random moves, else the engine's best at depth
4), one position a game at a stone count drawn from ``--stones``; positions where the game is
over are skipped, and so is any found in the ``--exclude`` training files (by cells, mirror
images included), so that a network is not judged on what it learned. Each is analysed as every
front end analyses (``prove_then_estimate``: the solver narrows the columns for three quarters of
the nodes, the engine estimates the rest) without an opening book, within ``--nodes`` nodes (the
same on any machine), once per engine evaluation (``--evaluations``). The truth is the solver's
exact analysis, with the shape's book where there is one.

Per evaluation the table gives: the share of positions where the likely best column
(``ColumnValues.likely_best``) keeps the position's result (win, draw or loss); the columns left
to estimates and the share whose call (``Estimate.likely_result``) is right; the Brier score of
the estimates' expected results against the real ones (1, 0.5, 0); the share of the same
columns the evaluation alone calls right (its value of the position after the column, without
a search: the solver leaves the hard columns to estimates, so this is below the evaluation's
share on positions at large); the share of every column whose result is proven or called
right; the mean nodes.
"""

from __future__ import annotations

import argparse
import glob
import random
import sys
import time
from dataclasses import dataclass, field, replace

from fourinarow.agents.proofs import prove_then_estimate
from fourinarow.core import Board
from fourinarow.search.engine_search import Engine
from fourinarow.search.estimates import settled
from fourinarow.search.limit import Limit
from fourinarow.search.scores import Bounds, ColumnValue, Estimate, Exact
from fourinarow.search.solver import Solver
from fourinarow.training.labelled import cells_of, play_noisily, proven_result

RESULT = {"win": 1, "draw": 0, "loss": -1}


def mirrored(cells: bytes, width: int, height: int) -> bytes:
    """The same cells, columns reversed."""
    columns = [cells[c * height : (c + 1) * height] for c in range(width)]
    return b"".join(reversed(columns))


def excluded(patterns: list[str], width: int, height: int) -> set[bytes]:
    """Every position of the training files matching ``patterns`` of this board's size."""
    if not patterns:
        return set()
    import numpy as np

    seen: set[bytes] = set()
    for pattern in patterns:
        for path in sorted(glob.glob(pattern)):
            data = np.load(path)
            if tuple(int(x) for x in data["shape"][:2]) != (width, height):
                continue
            seen.update(bytes(row) for row in data["cells"])
    return seen


def positions(
    width: int, height: int, connect: int, count: int, stones: tuple[int, int], seed: int,
    skip: set[bytes],
) -> list[Board]:  # fmt: skip
    """``count`` positions from seeded noisy games, one a game."""
    rng = random.Random(seed)
    engine = Engine(width, height, connect, tt_mb=8, evaluation="threats")
    found: list[Board] = []
    while len(found) < count:
        share = rng.uniform(0.1, 0.4)
        target = rng.randint(*stones)
        board = Board(width, height, connect)
        play_noisily(board, rng, engine, share, until=target)
        if board.is_game_over() or board.ply != target:
            continue
        cells = cells_of(board)
        if cells in skip or mirrored(cells, width, height) in skip:
            continue
        found.append(board)
    return found


@dataclass
class Tally:
    """What one evaluation got right."""

    positions: int = 0
    kept: int = 0
    estimated: int = 0
    called: int = 0
    static: int = 0
    columns: int = 0
    settled: int = 0
    brier: list[float] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0

    def row(self, name: str) -> str:
        keep = 100 * self.kept / max(1, self.positions)
        calls = 100 * self.called / max(1, self.estimated)
        brier = sum(self.brier) / max(1, len(self.brier))
        static = 100 * self.static / max(1, self.estimated)
        settled = 100 * self.settled / max(1, self.columns)
        return (
            f"| {name} | {self.positions} | {keep:.1f}% ({self.kept}/{self.positions}) "
            f"| {self.estimated} | {calls:.1f}% ({self.called}/{self.estimated}) | {brier:.3f} "
            f"| {static:.1f}% ({self.static}/{self.estimated}) "
            f"| {settled:.1f}% ({self.settled}/{self.columns}) "
            f"| {self.nodes // max(1, self.positions):,} | {self.seconds:.0f} |"
        )


def proven(value: ColumnValue) -> int | None:
    """The result (1, 0, -1) that ``value``'s proof settles, or ``None``."""
    if isinstance(value, Exact):
        return value.result
    if isinstance(value, Bounds) and settled(value):
        return 1 if value.lower > 0 else -1 if value.upper < 0 else 0
    return None


def measure(boards: list[Board], truths: list[list[int | None]], evaluation: str,
            nodes: int) -> Tally:  # fmt: skip
    """Analyse every board within ``nodes`` with the engine's ``evaluation``."""
    tally = Tally()
    solver = Solver(book=False, tt_mb=64)
    shape = boards[0].geometry
    engine = Engine(shape.width, shape.height, shape.connect, tt_mb=16, evaluation=evaluation)
    started = time.perf_counter()
    for board, truth in zip(boards, truths, strict=True):
        solver.clear()
        engine.clear()
        values = prove_then_estimate(board, solver, Limit(nodes=nodes), engine)
        tally.positions += 1
        tally.nodes += values.nodes
        best = max(r for r in truth if r is not None)
        likely = values.likely_best()
        if likely and truth[likely[0]] == best:
            tally.kept += 1
        engine.clear()  # the table would answer the first ply with deeper values
        static = engine.search(board, 1, exact_root=True).scores
        for column, value in enumerate(values.values):
            real = truth[column]
            if real is None:
                continue
            tally.columns += 1
            if isinstance(value, Estimate):
                tally.estimated += 1
                tally.called += RESULT[value.likely_result] == real
                tally.settled += RESULT[value.likely_result] == real
                tally.brier.append((value.expected - (real + 1) / 2) ** 2)
                alone = replace(value, value=static[column] or 0, depth=1)
                tally.static += RESULT[alone.likely_result] == real
            else:
                tally.settled += proven(value) == real
    tally.seconds = time.perf_counter() - started
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", default="7x6")
    parser.add_argument("--connect", type=int, default=4)
    parser.add_argument("--stones", default="8-22", help="LOW-HIGH stones on the board")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--nodes", type=int, default=100_000)
    parser.add_argument("--evaluations", default="threats,network")
    parser.add_argument("--seed", type=int, default=20261129)
    parser.add_argument("--exclude", action="append", default=[], help="training files (glob)")
    args = parser.parse_args()
    width, height = (int(x) for x in args.size.split("x"))
    low, high = (int(x) for x in args.stones.split("-"))
    skip = excluded(args.exclude, width, height)
    boards = positions(width, height, args.connect, args.positions, (low, high), args.seed, skip)
    judge = Solver(tt_mb=256)
    truths = []
    for board in boards:
        values = judge.analyze(board, weak=True)
        truths.append([proven_result(v) for v in values.values])
    print(
        f"{args.size} connect {args.connect}, {len(boards)} positions of {low}-{high} stones "
        f"(seed {args.seed}, {len(skip):,} training positions excluded), {args.nodes:,} nodes, "
        "no book\n"
    )
    print(
        "| evaluation | positions | likely best keeps the result | estimated columns "
        "| calls right | Brier | static calls right | every column right | mean nodes | seconds |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for evaluation in args.evaluations.split(","):
        print(measure(boards, truths, evaluation, args.nodes).row(evaluation), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
