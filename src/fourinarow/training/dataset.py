"""Training positions read back from the ``positions`` command's files, the network's input
features, the mirror image, the held-out split and the measures of a prediction.

A file (NumPy ``.npz``) holds ``cells`` (uint8, one row a position, ``column * height + row``:
0 empty, 1 the side to move's stone, 2 the opponent's), ``result`` (int8: 1 the side to move
wins, 0 a draw, -1 it loses), ``ply`` (uint8, the stones on the board) and ``shape`` (width,
height, connect). A file of positions whose result is not proven holds ``target`` instead of
``result`` (float, the expected result a search gives: 1 a win .. 0 a loss); such positions are
trained on but not measured. Positions found in several files, or as each other's mirror image,
are kept once (with a proven result where one file has it). The held-out share is chosen by
position (a keyed hash of the position or of its mirror image, whichever is smaller), so a
position and its mirror image are never on both sides, and adding files never moves a position
from one side to the other.

NumPy is imported when a function needs it (the ``train`` extra brings it).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fourinarow.core import Geometry
from fourinarow.core.errors import FourInARowError
from fourinarow.search.scores import CALL_EDGES

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "HELD_OUT_SHARE",
    "UNPROVEN",
    "Positions",
    "TrainingDataError",
    "calls",
    "features",
    "hard_positions",
    "held_out",
    "load_positions",
    "measures",
    "mirror_order",
    "sample_weights",
    "threat_cells",
]

HELD_OUT_SHARE = 10
"""One position in this many (by its hash) is held out of training, to measure the network."""

_HELD_OUT_KEY = b"fourinarow held-out positions"
"""The key of the hash that picks the held-out positions (fixed: the same split every run)."""

UNPROVEN = -128
"""The ``result`` of a position whose result is not proven (it has a ``target`` only)."""


class TrainingDataError(FourInARowError):
    """A training file that is missing, damaged or of another board shape."""


@dataclass(frozen=True)
class Positions:
    """Positions of one board shape with their results: ``result`` the proven one (1, 0, -1,
    or :data:`UNPROVEN`), ``target`` what the network learns (1 a win, 0.5 a draw, 0 a loss, or a
    search's expected result where none is proven)."""

    shape: Geometry
    cells: np.ndarray
    result: np.ndarray
    ply: np.ndarray
    target: np.ndarray

    def __len__(self) -> int:
        return len(self.result)

    def subset(self, mask: np.ndarray) -> Positions:
        """The positions where ``mask`` (booleans or indices) picks them."""
        return Positions(
            self.shape, self.cells[mask], self.result[mask], self.ply[mask], self.target[mask]
        )

    @property
    def proven(self) -> np.ndarray:
        """Which positions have a proven result (booleans)."""
        import numpy as np

        return np.asarray(self.result != UNPROVEN)


def _check_shape(path: Path | str, what: str, found: tuple[int, int, int], shape: Geometry) -> None:
    """Raise ``TrainingDataError`` unless the file ``path`` (a ``what``) holds positions of
    ``shape`` (``found``: its width, height and connect)."""
    width, height, connect = found
    if found != (shape.width, shape.height, shape.connect):
        raise TrainingDataError(
            f"{what} {path} holds {width}x{height} connect {connect} positions, not "
            f"{shape.width}x{shape.height} connect {shape.connect}"
        )


def _load_one(path: Path, shape: Geometry) -> tuple[Any, Any, Any, Any]:
    import numpy as np

    try:
        with np.load(path) as data:
            width, height, connect = (int(x) for x in data["shape"])
            cells, ply = data["cells"], data["ply"]
            if "result" in data:
                result = data["result"].astype(np.int8)
                target = (result.astype(np.float32) + 1) / 2
            else:
                target = np.clip(data["target"].astype(np.float32), 0, 1)
                result = np.full(len(target), UNPROVEN, dtype=np.int8)
    except FileNotFoundError:
        raise TrainingDataError(f"training file {path} does not exist") from None
    except (OSError, ValueError, KeyError) as error:
        raise TrainingDataError(
            f"training file {path} is not a file of positions ({error})"
        ) from None
    _check_shape(path, "training file", (width, height, connect), shape)
    if (
        cells.ndim != 2
        or cells.shape[1] != shape.cells
        or not len(cells) == len(result) == len(ply)
    ):
        raise TrainingDataError(f"training file {path} has arrays of mismatched sizes")
    return cells.astype(np.uint8), result, ply.astype(np.uint8), target


def load_positions(paths: Sequence[str | Path], shape: Geometry) -> Positions:
    """The positions of the files ``paths``, each once (mirror images count as one), in a
    fixed order (by the smaller of the position and its mirror image).

    Raises:
        TrainingDataError: a file is missing, is not a file of positions, or holds positions
            of another board shape (the message names it).
    """
    import numpy as np

    parts = [_load_one(Path(path), shape) for path in paths]
    parts.sort(key=lambda part: not (part[1] != UNPROVEN).all())  # proven files first
    cells, result, ply, target = (np.concatenate([p[k] for p in parts]) for k in range(4))
    rows = _rows(_canonical(cells, shape), shape)
    _, first = np.unique(rows, return_index=True)  # each position's first occurrence
    return Positions(shape, cells[first], result[first], ply[first], target[first])


def hard_positions(path: str | Path, positions: Positions) -> np.ndarray:
    """Which of ``positions`` (booleans) the ``hardness`` file ``path`` holds as hard (not
    settled within its node limit), a position's mirror image counting as the position.

    Raises:
        TrainingDataError: the file is missing, is not a file of hardness labels, or holds
            positions of another board shape (the message names it).
    """
    import numpy as np

    shape = positions.shape
    try:
        with np.load(path) as data:
            width, height, connect = (int(x) for x in data["shape"])
            cells, settled = data["cells"].astype(np.uint8), data["settled"].astype(bool)
    except FileNotFoundError:
        raise TrainingDataError(f"hardness file {path} does not exist") from None
    except (OSError, ValueError, KeyError) as error:
        raise TrainingDataError(
            f"hardness file {path} is not a file of hardness labels ({error})"
        ) from None
    _check_shape(path, "hardness file", (width, height, connect), shape)
    if cells.ndim != 2 or cells.shape[1] != shape.cells or len(cells) != len(settled):
        raise TrainingDataError(f"hardness file {path} has arrays of mismatched sizes")
    hard = _rows(_canonical(cells[~settled], shape), shape)
    return np.isin(_rows(_canonical(positions.cells, shape), shape), hard)


def _rows(cells: np.ndarray, shape: Geometry) -> np.ndarray:
    """Each position's cells as one comparable value (a byte string)."""
    import numpy as np

    return np.ascontiguousarray(cells).view(np.dtype((np.void, shape.cells)))[:, 0]


def sample_weights(hard: np.ndarray, weight: float) -> np.ndarray:
    """Each position's weight in the training loss (float32): ``weight`` for the hard ones
    (``hard`` True), 1 for the others."""
    import numpy as np

    return np.where(np.asarray(hard, dtype=bool), weight, 1.0).astype(np.float32)


def mirror_order(shape: Geometry) -> np.ndarray:
    """The cell indices of the mirror image: ``cells[:, mirror_order(shape)]`` mirrors."""
    import numpy as np

    order = np.arange(shape.cells).reshape(shape.width, shape.height)
    return np.ascontiguousarray(order[::-1]).reshape(-1)


def _canonical(cells: np.ndarray, shape: Geometry) -> np.ndarray:
    """Each position or its mirror image, whichever is smaller byte by byte."""
    import numpy as np

    mirrored = cells[:, mirror_order(shape)]
    differ = cells != mirrored
    first = np.where(differ.any(axis=1), differ.argmax(axis=1), 0)
    rows = np.arange(len(cells))
    keep = cells[rows, first] <= mirrored[rows, first]
    return np.where(keep[:, None], cells, mirrored)


def held_out(positions: Positions) -> np.ndarray:
    """Which positions are held out of training (booleans): one in :data:`HELD_OUT_SHARE`,
    picked by a keyed hash of the position (the same choice every run)."""
    import numpy as np

    canonical = _canonical(positions.cells, positions.shape)
    picks = [
        int.from_bytes(hashlib.blake2b(row.tobytes(), digest_size=8, key=_HELD_OUT_KEY).digest())
        % HELD_OUT_SHARE
        == 0
        for row in canonical
    ]
    return np.array(picks, dtype=bool)


def features(cells: np.ndarray, shape: Geometry | None = None) -> np.ndarray:
    """The network's inputs (uint8 0 or 1, ``2 * cells`` a position): a stone of the side to
    move on cell ``c`` sets feature ``c``, an opponent's sets ``cells + c``. Given ``shape``,
    the threat cells too (``4 * cells``, see :func:`threat_cells`): ``2 * cells + c`` for the
    side to move's, ``3 * cells + c`` for the opponent's."""
    import numpy as np

    parts = [cells == 1, cells == 2]
    if shape is not None:
        parts += list(threat_cells(cells, shape))
    return np.concatenate(parts, axis=1).astype(np.uint8)


def _windows(shape: Geometry) -> list[list[int]]:
    """Every line of ``connect`` cells (``Geometry.windows``), as cell indices
    (``column * height + row``)."""
    lines = []
    for mask in shape.windows:
        cells = []
        while mask:
            low = mask & -mask
            column, row = divmod(low.bit_length() - 1, shape.stride)
            cells.append(column * shape.height + row)
            mask ^= low
        lines.append(cells)
    return lines


def threat_cells(cells: np.ndarray, shape: Geometry) -> tuple[np.ndarray, np.ndarray]:
    """The threat cells of each position (booleans, one row of cells a position): the empty
    cells where a stone of the side to move (first array) or of the opponent (second) would
    complete a line of ``connect``, playable now or not."""
    import numpy as np

    cells = np.asarray(cells)
    rows = np.arange(len(cells))
    found = []
    for stone in (1, 2):
        threats = np.zeros(cells.shape, dtype=bool)
        for window in _windows(shape):
            values = cells[:, window]
            empty = values == 0
            hit = (empty.sum(axis=1) == 1) & ((values == stone).sum(axis=1) == shape.connect - 1)
            where = np.asarray(window)[empty.argmax(axis=1)]
            threats[rows[hit], where[hit]] = True
        found.append(threats)
    return found[0], found[1]


def calls(expected: np.ndarray) -> np.ndarray:
    """The win/draw/loss call (1, 0, -1) of each expected result, at the edges an estimate's
    call has (:data:`~fourinarow.search.scores.CALL_EDGES`)."""
    import numpy as np

    low, high = CALL_EDGES
    return np.where(expected > high, 1, np.where(expected < low, -1, 0)).astype(np.int8)


def measures(logits: np.ndarray, result: np.ndarray) -> dict[str, float]:
    """How well ``logits`` predict the exact results: the share of right win/draw/loss calls,
    the Brier score and the binary cross-entropy of the expected result (1 win, 0.5 draw)."""
    import numpy as np

    logits = np.asarray(logits, dtype=np.float64)
    target = (np.asarray(result, dtype=np.float64) + 1) / 2
    expected = 1 / (1 + np.exp(-logits))
    # log(1 + e^-x) written to stay finite for large |x|
    bce = np.maximum(logits, 0) - logits * target + np.log1p(np.exp(-np.abs(logits)))
    count = len(target)
    return {
        "positions": count,
        "accuracy": float(np.mean(calls(expected) == result)) if count else math.nan,
        "brier": float(np.mean((expected - target) ** 2)) if count else math.nan,
        "bce": float(np.mean(bce)) if count else math.nan,
    }
