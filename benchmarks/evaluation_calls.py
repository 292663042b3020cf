"""How often does an evaluation call a position's result right, before any search?

    python benchmarks/evaluation_calls.py --data /work/data/7x6c4-*.npz \\
        --network src/fourinarow/search/networks/7x6c4.net

The held-out positions of the files (``python -m fourinarow.training positions``; held out as
the ``train`` command holds them out, so a network never trained on them) are valued by the
threats evaluation, the engine's evaluation before the learned one, and by each network given,
with the integer arithmetic the engine uses. Each value becomes an expected result on the
curve of ``Estimate.expected`` (``1 / (1 + exp(-value / ESTIMATE_SCALE))``), and that a call:
a win above 0.55, a loss below 0.45, else a draw (``scores.CALL_EDGES``). The table gives,
per group of stones on the board, the positions and the share of right calls, with the Brier
score of all.

``--fit-edges`` also tries every pair of call edges from 0.20 to 0.80 in steps of 0.01 on the
same held-out positions and prints, per evaluation, the pair that calls the most right.
"""

from __future__ import annotations

import argparse
import math
import sys
from typing import Any

from fourinarow.core import Geometry
from fourinarow.search.evaluation import make_evaluation
from fourinarow.search.scores import CALL_EDGES, ESTIMATE_SCALE

GROUPS = ((0, 7), (8, 22), (23, 30), (31, 99))
"""Groups of stones on the board (both ends in)."""


def threats_values(cells: Any, shape: Geometry) -> list[int]:
    """The threats evaluation of each position (rows of cells), for the side to move."""
    evaluate = make_evaluation("threats", shape.width, shape.height, shape.connect)
    values = []
    for row in cells:
        own = other = 0
        for cell, stone in enumerate(row.tolist()):
            if stone:
                column, height = divmod(cell, shape.height)
                bit = 1 << (column * (shape.height + 1) + height)
                if stone == 1:
                    own |= bit
                else:
                    other |= bit
        values.append(evaluate(own, other, True))
    return values


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", nargs="+", required=True, help="files of positions")
    parser.add_argument("--network", nargs="*", default=[], help=".net files of that shape")
    parser.add_argument(
        "--fit-edges", action="store_true", help="also find the call edges that call most right"
    )
    args = parser.parse_args(argv)
    import numpy as np

    from fourinarow.training.dataset import held_out, load_positions, measures
    from fourinarow.training.quantized import QuantizedNetwork

    with np.load(args.data[0]) as data:
        shape = Geometry(*(int(x) for x in data["shape"]))
    positions = load_positions(args.data, shape)
    held = positions.subset(held_out(positions))
    ways = {"threats": np.array(threats_values(held.cells, shape), dtype=np.float64)}
    for path in args.network:
        network = QuantizedNetwork.read(path)
        name = f"{path} ({network.h1}-{network.h2})"
        ways[name] = network.values(held.cells).astype(float)
    groups = [(low, high) for low, high in GROUPS if low <= int(held.ply.max())]
    head = " | ".join(f"{low}-{high} stones" for low, high in groups)
    lines = [f"| evaluation | {head} | all | Brier |", "|---|" + "---|" * (len(groups) + 2)]
    for name, values in ways.items():
        logits = values / ESTIMATE_SCALE
        cells = []
        for low, high in groups:
            at = (held.ply >= low) & (held.ply <= high)
            share = measures(logits[at], held.result[at])["accuracy"]
            cells.append("-" if math.isnan(share) else f"{share:.1%} ({int(at.sum()):,})")
        every = measures(logits, held.result)
        lines.append(
            f"| {name} | {' | '.join(cells)} | {every['accuracy']:.1%} | {every['brier']:.4f} |"
        )
    print(f"{shape.width}x{shape.height} connect {shape.connect}, {len(held):,} held out")
    print("\n".join(lines))
    if args.fit_edges:
        truth = (held.result + 1) / 2  # 0, 0.5 or 1
        for name, values in ways.items():
            low, high, share = fitted_edges(1 / (1 + np.exp(-values / ESTIMATE_SCALE)), truth)
            print(f"{name}: edges {low:.2f} and {high:.2f} call {share:.1%} right")
    return 0


def fitted_edges(expected: Any, truth: Any) -> tuple[float, float, float]:
    """The call edges (low, high) that call the most results right, and that share: every pair
    from 0.20 to 0.80 in steps of 0.01, the first best kept."""
    import numpy as np

    best = (CALL_EDGES[0], CALL_EDGES[1], -1.0)
    for low in np.arange(20, 51) / 100:
        for high in np.arange(max(50, int(low * 100)), 81) / 100:
            calls = np.where(expected > high, 1.0, np.where(expected < low, 0.0, 0.5))
            share = float((calls == truth).mean())
            if share > best[2]:
                best = (float(low), float(high), share)
    return best


if __name__ == "__main__":
    sys.exit(main())
