"""Positions with exact results drawn from a board's opening book.

A book holds every position of up to its number of stones with its exact score (7x6: every
position of up to 12 stones, 9,188,816 of them), folded by mirror symmetry. The games of
:mod:`fourinarow.training.labelled` reach few of the early ones; a sample of the book covers
them evenly: up to ``per_ply`` positions of each number of stones, drawn at random. They are
written in the same form as the games' positions (cells from the side to move's view, the
result, the ply), so the ``train`` command reads both alike.

NumPy is imported when a sample is drawn (the ``train`` extra brings it).
"""

from __future__ import annotations

from typing import Any

from fourinarow.core import Geometry
from fourinarow.search.book.default import default_book
from fourinarow.training.dataset import TrainingDataError

__all__ = ["book_positions"]


def book_positions(
    shape: Geometry, per_ply: int, *, seed: int = 0, first_ply: int = 1
) -> tuple[Any, Any, Any]:
    """Up to ``per_ply`` positions of each number of stones from ``first_ply`` to the book's
    last, drawn from ``shape``'s default opening book with ``seed``: ``(cells, result, ply)``
    as NumPy arrays (uint8 rows of cells, int8 results 1/0/-1, uint8 plies).

    Raises:
        TrainingDataError: the shape has no opening book.
    """
    import numpy as np

    book = default_book(shape.width, shape.height, shape.connect)
    if book is None:
        raise TrainingDataError(
            f"{shape.width}x{shape.height} connect {shape.connect} has no opening book"
        )
    keys = np.frombuffer(book.keys, dtype=np.uint64)
    scores = np.frombuffer(book.values, dtype=np.int8)
    stride = shape.height + 1
    heights = np.empty((len(keys), shape.width), dtype=np.int64)
    stones = np.empty((len(keys), shape.width), dtype=np.int64)
    for column in range(shape.width):
        # a column holds 2**h - 1 + (the side to move's stones there), h its height
        value = ((keys >> np.uint64(column * stride)) & np.uint64((1 << stride) - 1)).astype(
            np.int64
        )
        height = np.floor(np.log2(value + 1)).astype(np.int64)
        heights[:, column] = height
        stones[:, column] = value + 1 - (1 << height)
    plies = heights.sum(axis=1)
    rng = np.random.default_rng(seed)
    chosen = []
    for ply in range(first_ply, book.plies + 1):
        at = np.flatnonzero(plies == ply)
        if len(at):
            chosen.append(np.sort(rng.choice(at, size=min(per_ply, len(at)), replace=False)))
    picked = np.concatenate(chosen) if chosen else np.zeros(0, dtype=np.int64)
    cells = np.zeros((len(picked), shape.width, shape.height), dtype=np.uint8)
    for row in range(shape.height):
        present = heights[picked] > row
        own = (stones[picked] >> row) & 1
        cells[:, :, row] = np.where(present, np.where(own == 1, 1, 2), 0)
    return (
        cells.reshape(len(picked), shape.cells),
        np.sign(scores[picked]).astype(np.int8),
        plies[picked].astype(np.uint8),
    )
