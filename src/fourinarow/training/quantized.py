"""A trained network's weights: as floats (what training gives) and as the integers of a
``.net`` file, with the integer model computed in NumPy for many positions at once.

The float model, on the features of :func:`fourinarow.training.dataset.features`::

    h1 = clamp(W1 x + b1, 0, 1);  h2 = clamp(W2 h1 + b2, 0, 1);  logit = w3 . h2 + b3

and the expected result for the side to move is ``sigmoid(logit)``. Rounded to integers
(``W1, b1`` times 127 in int16; ``W2`` times 64 in int8, ``b2`` times 127 * 64 in int32; ``w3``
times 64 in int16, ``b3`` times 127 * 64 in int32), the integer model is::

    a1    = clamp(b1 + sum of the rows W1[f] of the position's features, 0, 127)
    a2[k] = clamp((b2[k] + sum_j a1[j] * W2[k][j]) >> 6, 0, 127)
    out   = b3 + sum_k a2[k] * w3[k]                              (logit ~ out / (127 * 64))
    value = clamp(trunc(out * value_scale / (127 * 64)), -value_limit, value_limit)

The file (little-endian): ``FIARNET1``, width, height, connect, features (uint8 each: 0 for
the stones, 1 for the stones and threat cells), H1, H2 (uint16), value_scale, value_limit
(int32), then W1 (int16, ``2 * cells`` rows of H1, ``4 * cells`` with threat cells), b1
(int16), W2 (int8, H2 rows of H1), b2 (int32), w3 (int16), b3 (int32), and the SHA-256 of all
that. The engine's ``fourinarow.search.networks`` reads and writes these files; this module
rounds the trained weights to them and computes the integer model for many positions at once.

NumPy is imported when a method needs it (the ``train`` extra brings it).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fourinarow.core import Geometry
from fourinarow.core.errors import FourInARowError, InvalidBoardSizeError
from fourinarow.search.networks import Network

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "LIMITS",
    "VALUE_LIMIT",
    "VALUE_SCALE",
    "FloatWeights",
    "NetworkFileError",
    "QuantizedNetwork",
]

_SCALE = 127 * 64

VALUE_SCALE = 9
"""The engine's units per unit of logit (``ESTIMATE_SCALE``): the engine's estimate of a
position is then the network's own expected result."""

VALUE_LIMIT = 1000
"""The largest value, in the engine's units, a network gives (far below a proven win's)."""

LIMITS = {"w1": 2.0, "b1": 2.0, "w2": 127 / 64, "w3": 32767 / 64}
"""The largest absolute float weight of each kind that its integer type holds once rounded:
training keeps the weights within these (``b2`` and ``b3`` have room to spare in 32 bits)."""

_KINDS = (  # name, scale, NumPy type, file type
    ("w1", 127, "<i2"),
    ("b1", 127, "<i2"),
    ("w2", 64, "<i1"),
    ("b2", _SCALE, "<i4"),
    ("w3", 64, "<i2"),
    ("b3", _SCALE, "<i4"),
)


class NetworkFileError(FourInARowError):
    """A network file that is damaged, or weights that its integer types cannot hold."""


@dataclass
class FloatWeights:
    """The float model's weights, as PyTorch's layers hold them: ``w1`` is ``H1 x 2cells``,
    ``w2`` is ``H2 x H1``, ``w3`` has ``H2`` entries, ``b3`` is a number."""

    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray
    w3: np.ndarray
    b3: float

    def logits(self, cells: np.ndarray, shape: Geometry | None = None) -> np.ndarray:
        """The float model's logit of each position (rows of cells, as in the data files);
        a model that reads threat cells needs the board's ``shape``."""
        import numpy as np

        from fourinarow.training.dataset import features

        threats = self.w1.shape[1] == 4 * np.asarray(cells).shape[1]
        if threats and shape is None:
            raise NetworkFileError("this model reads threat cells: give the board's shape")
        x = features(cells, shape if threats else None).astype(np.float64)
        h1 = np.clip(x @ self.w1.T + self.b1, 0, 1)
        h2 = np.clip(h1 @ self.w2.T + self.b2, 0, 1)
        return np.asarray(h2 @ self.w3 + self.b3)

    def save(self, path: str | Path) -> None:
        """Write the weights to a NumPy ``.npz`` file."""
        import numpy as np

        np.savez(path, w1=self.w1, b1=self.b1, w2=self.w2, b2=self.b2, w3=self.w3, b3=[self.b3])

    @classmethod
    def load(cls, path: str | Path) -> FloatWeights:
        """The weights :meth:`save` wrote."""
        import numpy as np

        with np.load(path) as data:
            return cls(
                data["w1"], data["b1"], data["w2"], data["b2"], data["w3"], float(data["b3"][0])
            )


class QuantizedNetwork:
    """One board shape's network with the integer weights of its ``.net`` file (NumPy arrays:
    ``w1`` is ``2cells x H1``, feature-major as in the file; ``w2`` is ``H2 x H1``)."""

    def __init__(
        self,
        shape: Geometry,
        arrays: dict[str, Any],
        *,
        value_scale: int = VALUE_SCALE,
        value_limit: int = VALUE_LIMIT,
    ) -> None:
        import numpy as np

        self.shape = shape
        self.features = 1 if len(arrays["w1"]) == 4 * shape.cells else 0
        self.w1 = np.asarray(arrays["w1"], dtype=np.int16)
        self.b1 = np.asarray(arrays["b1"], dtype=np.int16)
        self.w2 = np.asarray(arrays["w2"], dtype=np.int8)
        self.b2 = np.asarray(arrays["b2"], dtype=np.int32)
        self.w3 = np.asarray(arrays["w3"], dtype=np.int16)
        self.b3 = int(arrays["b3"])
        self.h1 = len(self.b1)
        self.h2 = len(self.b2)
        self.value_scale = value_scale
        self.value_limit = value_limit

    @classmethod
    def from_float(
        cls,
        shape: Geometry,
        weights: FloatWeights,
        *,
        value_scale: int = VALUE_SCALE,
        value_limit: int = VALUE_LIMIT,
    ) -> QuantizedNetwork:
        """The float weights rounded to the file's integers (W1 transposed to feature-major).

        Raises:
            NetworkFileError: a weight does not fit its integer type once rounded (the message
                names the kind); training within :data:`LIMITS` avoids it.
        """
        import numpy as np

        floats = {
            "w1": np.asarray(weights.w1, dtype=np.float64).T,
            "b1": weights.b1,
            "w2": weights.w2,
            "b2": weights.b2,
            "w3": weights.w3,
            "b3": weights.b3,
        }
        arrays: dict[str, Any] = {}
        for name, scale, code in _KINDS:
            rounded = np.rint(np.asarray(floats[name], dtype=np.float64) * scale)
            info = np.iinfo(np.dtype(code))
            if rounded.size and (rounded.min() < info.min or rounded.max() > info.max):
                raise NetworkFileError(
                    f"{name.upper()} has a weight of {np.abs(rounded).max() / scale:.3f}, more "
                    f"than its {np.dtype(code).name} holds at a scale of {scale}"
                )
            arrays[name] = rounded.astype(np.dtype(code).newbyteorder("="))
        rows = arrays["w1"].shape[0]
        if rows not in (2 * shape.cells, 4 * shape.cells):
            raise InvalidBoardSizeError(
                f"W1 has {rows} features, not the {2 * shape.cells} (or {4 * shape.cells} with "
                f"threat cells) of {shape.width}x{shape.height} boards"
            )
        return cls(shape, arrays, value_scale=value_scale, value_limit=value_limit)

    # ------------------------------------------------------------------ the model
    def outputs(self, cells: np.ndarray) -> np.ndarray:
        """The integer model's ``out`` (int64) of each position (rows of cells)."""
        import numpy as np

        from fourinarow.training.dataset import features

        x = features(np.asarray(cells), self.shape if self.features else None).astype(np.int32)
        acc = x @ self.w1.astype(np.int32) + self.b1.astype(np.int32)
        a1 = np.clip(acc, 0, 127).astype(np.int64)
        s2 = a1 @ self.w2.astype(np.int64).T + self.b2.astype(np.int64)
        a2 = np.clip(s2 >> 6, 0, 127)
        return np.asarray(a2 @ self.w3.astype(np.int64) + self.b3)

    def values(self, cells: np.ndarray) -> np.ndarray:
        """The value of each position in the engine's units (the spec's ``value``)."""
        import numpy as np

        out = self.outputs(cells)
        scaled = np.abs(out) * self.value_scale // _SCALE  # toward zero, as C divides
        return np.asarray(np.clip(np.sign(out) * scaled, -self.value_limit, self.value_limit))

    # ------------------------------------------------------------------ the file
    def to_bytes(self) -> bytes:
        """The ``.net`` file's bytes, its SHA-256 last (written by the engine's own reader and
        writer, :class:`~fourinarow.search.networks.Network`)."""
        return self.twin().to_bytes()

    def twin(self) -> Network:
        """The same network as the engine's pure-Python twin holds it."""
        return Network(
            self.shape,
            self.w1.tolist(),
            self.b1.tolist(),
            self.w2.tolist(),
            self.b2.tolist(),
            self.w3.tolist(),
            int(self.b3),
            value_scale=self.value_scale,
            value_limit=self.value_limit,
            features=self.features,
        )

    def write(self, path: str | Path) -> str:
        """Write the file; answer its SHA-256 (hex), the digest the package lists."""
        data = self.to_bytes()
        Path(path).write_bytes(data)
        return hashlib.sha256(data).hexdigest()

    @classmethod
    def from_bytes(cls, data: bytes) -> QuantizedNetwork:
        """The network of a ``.net`` file's bytes, read and checked as the engine reads them
        (:meth:`~fourinarow.search.networks.Network.from_bytes`).

        Raises:
            NetworkError: the bytes are not a whole, undamaged network file.
        """
        network = Network.from_bytes(data)
        arrays = {
            "w1": network.w1,
            "b1": network.b1,
            "w2": network.w2,
            "b2": network.b2,
            "w3": network.w3,
            "b3": network.b3,
        }
        return cls(
            network.shape,
            arrays,
            value_scale=network.value_scale,
            value_limit=network.value_limit,
        )

    @classmethod
    def read(cls, path: str | Path) -> QuantizedNetwork:
        """The network of a ``.net`` file."""
        return cls.from_bytes(Path(path).read_bytes())
