"""Hardness labels: which training positions the solver does not settle quickly.

The estimates a position gets within a node limit are proofs where the solver settles a column
fast and the network's calls elsewhere, so the network's calls matter most on the positions
the solver cannot settle within a small search. :func:`hardness_labels` solves a sample of
positions, each from an empty transposition table and without a book, within ``node_limit``
nodes, and records whether the bounds found settle its win/draw/loss (a win, a loss, or exactly
a draw). The ``train`` command can weight the positions not settled up and measure them apart
(``--hard``, ``--hard-weight``).

NumPy is imported when a function needs it (the ``train`` extra brings it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from fourinarow.search.limit import Limit
from fourinarow.search.solver import Solver
from fourinarow.training.dataset import Positions

if TYPE_CHECKING:
    import numpy as np

__all__ = ["HardnessLabels", "hardness_labels", "position_bits"]


@dataclass(frozen=True)
class HardnessLabels:
    """The positions labelled (``picked``: their indices in the positions given), whether the
    solver settled each one's result (``settled``), and the nodes and bounds it took."""

    picked: np.ndarray
    settled: np.ndarray
    nodes: np.ndarray
    lower: np.ndarray
    upper: np.ndarray


def position_bits(cells: np.ndarray, height: int) -> tuple[int, int]:
    """One position's cells (``column * height + row``; 1 the side to move's stone, 2 the
    opponent's) as the solver's bitboards: the side to move's stones and every stone, with
    ``height + 1`` bits per column."""
    current = mask = 0
    for cell, stone in enumerate(cells.tolist()):
        if stone:
            column, row = divmod(cell, height)
            bit = 1 << (column * (height + 1) + row)
            mask |= bit
            if stone == 1:
                current |= bit
    return current, mask


def hardness_labels(
    positions: Positions,
    count: int,
    *,
    node_limit: int,
    first_ply: int,
    last_ply: int,
    seed: int,
) -> HardnessLabels:
    """Label up to ``count`` positions of ``first_ply`` to ``last_ply`` stones, drawn at
    random (``seed``) from ``positions``: settled or not by a solve of ``node_limit`` nodes.
    The same arguments label the same positions the same way."""
    import numpy as np

    shape = positions.shape
    within = np.flatnonzero((positions.ply >= first_ply) & (positions.ply <= last_ply))
    rng = np.random.default_rng(seed)
    picked = np.sort(rng.choice(within, size=min(count, len(within)), replace=False))
    solver = Solver(tt_mb=16, book=False)
    # the kernel of the solver, driven directly: a position here is cells, not a Board
    kernel = solver._kernel_for_shape(shape, 0)
    budget = Limit(nodes=node_limit).kernel_budget()
    settled = np.zeros(len(picked), dtype=bool)
    nodes = np.zeros(len(picked), dtype=np.int64)
    lower = np.zeros(len(picked), dtype=np.int16)
    upper = np.zeros(len(picked), dtype=np.int16)
    for i, k in enumerate(picked.tolist()):
        current, mask = position_bits(positions.cells[k], shape.height)
        kernel.clear(False)
        kernel.reset_nodes()
        kernel.set_limits(*budget)
        low, high = kernel.solve(current, mask, int(positions.ply[k]), False)
        nodes[i], lower[i], upper[i] = kernel.nodes, low, high
        settled[i] = low > 0 or high < 0 or low == high == 0
    return HardnessLabels(picked, settled, nodes, lower, upper)
