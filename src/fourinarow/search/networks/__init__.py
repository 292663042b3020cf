"""The learned evaluation: small integer networks, one per board shape, read from package data.

A network scores a position for the side to move, in the engine's units (so that
``Estimate.expected``'s logistic curve is the network's own when its ``value_scale`` is
``ESTIMATE_SCALE``). The compiled engine (``EngineKernel``) computes it with the first layer
updated per stone; :class:`Network` here is its pure-Python twin, with the same integer
arithmetic, value for value.

The model. Cell ``column * height + row`` (row 0 at the bottom); feature ``cell`` for a stone of
the player whose view it is, ``cells + cell`` for a stone of the other player (``2 * cells``
features, each 0 or 1). A network of ``features`` 1 has ``4 * cells`` features: those, and
``2 * cells + cell`` for an empty cell where a stone of the player whose view it is would complete
a line of ``connect`` (its threat cells; playable now or not), ``3 * cells + cell`` for one of
the other player's (a cell can be both). Then::

    acc   = b1 + sum of the rows W1[f] of the position's features        (one per hidden unit)
    a1    = clamp(acc, 0, 127)
    a2[k] = clamp((b2[k] + sum_j a1[j] * W2[k][j]) >> 6, 0, 127)          (floor division by 64)
    out   = b3 + sum_k a2[k] * w3[k]
    value = clamp(trunc(out * value_scale / (127 * 64)), -value_limit, value_limit)

where ``trunc`` rounds toward zero. Each player has an accumulator of the stones' rows (``acc``
in their view, less any threat rows); a stone of player ``q`` on cell ``c`` adds the row
``W1[c]`` to ``q``'s and ``W1[cells + c]`` to the other's (:meth:`Network.add_stone`), and a
position is scored with the accumulator of the side to move plus the rows of its view's threat
cells, found afresh (:meth:`Network.threat_features`, :meth:`Network.output`).

The file ``WxHcC.net`` (little-endian)::

    magic "FIARNET1" | width, height, connect, features (4 x uint8; features 0: stones only,
    1: stones and threat cells) | H1, H2 (2 x uint16) | value_scale, value_limit (2 x int32)
    | W1 int16[(2 + 2*features)*cells][H1] (the row of a feature is contiguous) | b1 int16[H1]
    | W2 int8[H2][H1] | b2 int32[H2] | w3 int16[H2] | b3 int32
    | SHA-256 of everything before it (32 bytes)

A file is refused (:class:`NetworkError`) when its header, size or digest is wrong, or when a
stones' accumulator could leave 16 bits (the compiled engine keeps them in 16 bits, and adds
the threat rows in 32): for each hidden unit, ``|b1| + sum over cells of max(|W1[c]|,
|W1[cells + c]|)`` is at most 32767. The files shipped in this package are also checked against
:data:`DIGESTS` when first read; :func:`network_for` warns once about a damaged or unknown one
and answers ``None``, so the engine keeps the ``threats`` evaluation.

>>> from fourinarow.core import Board
>>> net = Network.random(Geometry(5, 4, 4), 8, 4, seed=1)
>>> board = Board.from_moves("223", width=5, height=4)
>>> Network.from_bytes(net.to_bytes()).evaluate(board) == net.evaluate(board)
True
>>> Network.random(Geometry(5, 4, 4), 8, 4, seed=1, features=1).threat_features(board)
[]
"""

from __future__ import annotations

import hashlib
import random
import struct
import sys
import warnings
from array import array
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

from fourinarow.core import Board, Geometry
from fourinarow.core.errors import FourInARowError, InvalidBoardSizeError
from fourinarow.search.constants import FORCED

__all__ = [
    "DIGESTS",
    "FEATURES",
    "MAX_HIDDEN",
    "MAX_VALUE_SCALE",
    "Accumulators",
    "Network",
    "NetworkError",
    "network_file_name",
    "network_for",
    "shipped_network_path",
]

MAGIC = b"FIARNET1"
_HEADER = struct.Struct("<8s4B2H2i")
_DIGEST_BYTES = 32
FEATURES = (0, 1)
"""The inputs a network may read: 0 the stones only, 1 the stones and both sides' threat cells."""
MAX_HIDDEN = (4096, 1024)
"""The most units the first and the second hidden layer may have."""
MAX_VALUE_SCALE = 1_000_000
"""The largest ``value_scale`` a file may hold (the output times it stays within 64 bits)."""
_ACCUMULATOR_LIMIT = 32767  # the accumulators are 16-bit integers in the compiled engine
_SCALE_DIVISOR = 127 * 64

DIGESTS: dict[str, str] = {
    "6x7c4.net": "725c8f9cbfaffccf881a6677703e2570356c6448262984d51cafcce6e8956f09",
    "7x6c4.net": "858616ee7c280c259678a6b7782ed61c7232f8b8d0966d13e8de446173507831",
}
"""The SHA-256 (hex) of each network file shipped in this package, by file name: a shipped
file whose digest is not the one here, or that is not named here, is refused."""

Accumulators = tuple[list[int], list[int]]
"""The first layer's sums of a position in the view of the first player and of the second."""


class NetworkError(FourInARowError):
    """A network file that is missing, damaged, or not for the board shape asked for."""


class Network:
    """One board shape's network, with integer weights (see the module's docstring).

    Build it with :meth:`read`, :meth:`from_bytes` or :meth:`random`; the constructor takes the
    weights as lists (``w1``: ``2 * cells`` rows of ``h1``, ``4 * cells`` with ``features`` 1;
    ``w2``: ``h2`` rows of ``h1``) and checks nothing.
    """

    def __init__(
        self,
        shape: Geometry,
        w1: list[list[int]],
        b1: list[int],
        w2: list[list[int]],
        b2: list[int],
        w3: list[int],
        b3: int,
        *,
        value_scale: int,
        value_limit: int,
        features: int = 0,
    ) -> None:
        self.shape = shape
        self.features = features
        """0: the stones only; 1: the stones and both sides' threat cells."""
        self.h1 = len(b1)
        self.h2 = len(b2)
        self.w1 = w1
        self.b1 = b1
        self.w2 = w2
        self.b2 = b2
        self.w3 = w3
        self.b3 = b3
        self.value_scale = value_scale
        self.value_limit = value_limit

    def __repr__(self) -> str:
        s = self.shape
        inputs = ", threat cells" if self.features else ""
        return f"<Network {s.width}x{s.height} connect {s.connect}, {self.h1}-{self.h2}-1{inputs}>"

    # ------------------------------------------------------------------ the model
    def accumulators(self, board: Board) -> Accumulators:
        """The first layer's sums of ``board`` from scratch, in both players' views."""
        self._check_board(board)
        first = list(self.b1)
        second = list(self.b1)
        for column in range(board.width):
            for row in range(board.heights[column]):
                self._add(first, second, board.cell(column, row), column * board.height + row)
        return first, second

    def add_stone(self, accumulators: Accumulators, player: int, column: int, row: int) -> None:
        """Update both players' accumulators, in place, for a stone of ``player`` (1 or 2) put
        on ``(column, row)``."""
        self._add(*accumulators, player, column * self.shape.height + row)

    def _add(self, first: list[int], second: list[int], player: int, cell: int) -> None:
        cells = self.shape.cells
        mine, theirs = (cell, cells + cell) if player == 1 else (cells + cell, cell)
        for j, weight in enumerate(self.w1[mine]):
            first[j] += weight
        for j, weight in enumerate(self.w1[theirs]):
            second[j] += weight

    def threat_features(self, board: Board) -> list[int]:
        """The threat-cell features of ``board`` in its side to move's view, in order: ``2 *
        cells + cell`` for each empty cell where the side to move would complete a line, then
        ``3 * cells + cell`` for each of the opponent's; none for a network of ``features`` 0.
        """
        if not self.features:
            return []
        self._check_board(board)
        shape = self.shape
        mine, theirs = board.bitboards
        if board.turn == 2:
            mine, theirs = theirs, mine
        occupied = mine | theirs
        found = []
        for base, stones in ((2 * shape.cells, mine), (3 * shape.cells, theirs)):
            threats = 0
            for window in shape.windows:
                missing = window & ~stones
                if missing and missing & (missing - 1) == 0 and not missing & occupied:
                    threats |= missing
            while threats:
                low = threats & -threats
                index = low.bit_length() - 1
                column, row = divmod(index, shape.stride)
                found.append(base + column * shape.height + row)
                threats ^= low
        return found

    def output(self, accumulator: list[int], features: Iterable[int] = ()) -> int:
        """The value (layers 2 and 3) of the side to move whose stones' accumulator this is,
        with the rows of ``features`` (its :meth:`threat_features`) added."""
        accumulator = list(accumulator)
        for feature in features:
            for j, weight in enumerate(self.w1[feature]):
                accumulator[j] += weight
        a1 = [0 if x < 0 else 127 if x > 127 else x for x in accumulator]
        out = self.b3
        for weights, bias, w3 in zip(self.w2, self.b2, self.w3, strict=True):
            s2 = bias + sum(a * w for a, w in zip(a1, weights, strict=True))
            a2 = s2 >> 6
            out += (0 if a2 < 0 else 127 if a2 > 127 else a2) * w3
        scaled = abs(out) * self.value_scale // _SCALE_DIVISOR  # toward zero, as C divides
        value = scaled if out >= 0 else -scaled
        return max(-self.value_limit, min(self.value_limit, value))

    def evaluate(self, board: Board) -> int:
        """The value of ``board`` from the view of the side to move (any position of the
        network's shape, even a finished one).

        Raises:
            InvalidBoardSizeError: the board is of another shape.
        """
        return self.output(self.accumulators(board)[board.turn - 1], self.threat_features(board))

    def _check_board(self, board: Board) -> None:
        s = self.shape
        if (board.width, board.height, board.connect) != (s.width, s.height, s.connect):
            raise InvalidBoardSizeError(
                f"this network is for {_shape_text(s)} boards, not for "
                f"{_shape_text(board.geometry)}"
            )

    # ------------------------------------------------------------------ the file
    @classmethod
    def read(cls, path: str | Path) -> Network:
        """The network in a ``.net`` file, checked (see the module's docstring).

        Raises:
            NetworkError: the file cannot be read, or is damaged (the message names it).
        """
        path = Path(path)
        try:
            data = path.read_bytes()
        except OSError as error:
            raise NetworkError(
                f"network file {path} cannot be read ({error.strerror or error})"
            ) from None
        try:
            return cls.from_bytes(data)
        except NetworkError as error:
            raise NetworkError(f"network file {path} {error}") from None

    @classmethod
    def from_bytes(cls, data: bytes) -> Network:
        """The network a ``.net`` file's bytes hold, checked.

        Raises:
            NetworkError: the bytes are not a whole, undamaged network file (the message says
                what is wrong, starting with a verb: "is ...", "has ...").
        """
        if len(data) < _HEADER.size + _DIGEST_BYTES or data[:8] != MAGIC:
            raise NetworkError("is not a network file (it does not start with FIARNET1)")
        body, digest = data[:-_DIGEST_BYTES], data[-_DIGEST_BYTES:]
        if hashlib.sha256(body).digest() != digest:
            raise NetworkError("is damaged (its SHA-256 does not match its contents)")
        _, width, height, connect, features, h1, h2, scale, limit = _HEADER.unpack_from(body)
        try:
            shape = Geometry(width, height, connect)
        except InvalidBoardSizeError as error:
            raise NetworkError(f"has a bad board shape: {error}") from None
        problem = _header_problem(features, h1, h2, scale, limit)
        if problem:
            raise NetworkError(f"has {problem}")
        cells = shape.cells
        rows = (2 + 2 * features) * cells
        sizes = (rows * h1 * 2, h1 * 2, h2 * h1, h2 * 4, h2 * 2, 4)
        if len(body) != _HEADER.size + sum(sizes):
            raise NetworkError(
                f"has {len(body) - _HEADER.size} bytes of weights where its header says "
                f"{sum(sizes)}"
            )
        parts = []
        offset = _HEADER.size
        for code, size in zip("hhbihi", sizes, strict=True):
            values = array(code, body[offset : offset + size])
            if sys.byteorder == "big":
                values.byteswap()
            parts.append(values.tolist())
            offset += size
        w1, b1, w2, b2, w3, (b3,) = parts
        network = cls(
            shape,
            [w1[f * h1 : (f + 1) * h1] for f in range(rows)],
            b1,
            [w2[k * h1 : (k + 1) * h1] for k in range(h2)],
            b2,
            w3,
            b3,
            value_scale=scale,
            value_limit=limit,
            features=features,
        )
        unit = network._wide_unit()
        if unit is not None:
            raise NetworkError(
                f"has a first layer whose unit {unit} could leave 16 bits (at most 32767 in "
                "absolute value with every cell taken, the stones' rows alone)"
            )
        return network

    def _wide_unit(self) -> int | None:
        """The first hidden unit whose stones' accumulator could leave 16 bits, or ``None``."""
        cells = self.shape.cells
        for j in range(self.h1):
            bound = abs(self.b1[j]) + sum(
                max(abs(self.w1[c][j]), abs(self.w1[cells + c][j])) for c in range(cells)
            )
            if bound > _ACCUMULATOR_LIMIT:
                return j
        return None

    def to_bytes(self) -> bytes:
        """The network as a ``.net`` file's bytes (with its SHA-256)."""
        s = self.shape
        body = bytearray(
            _HEADER.pack(
                MAGIC, s.width, s.height, s.connect, self.features, self.h1, self.h2,
                self.value_scale, self.value_limit,
            )
        )  # fmt: skip
        for code, values in self._arrays():
            body += values.tobytes() if sys.byteorder == "little" else _swapped(values, code)
        return bytes(body) + hashlib.sha256(body).digest()

    def _arrays(self) -> list[tuple[str, array[int]]]:
        return [
            ("h", array("h", [w for row in self.w1 for w in row])),
            ("h", array("h", self.b1)),
            ("b", array("b", [w for row in self.w2 for w in row])),
            ("i", array("i", self.b2)),
            ("h", array("h", self.w3)),
            ("i", array("i", [self.b3])),
        ]

    def kernel_weights(
        self,
    ) -> tuple[int, int, int, int, bytes, bytes, bytes, bytes, bytes, int, int]:
        """What the compiled engine is built with: ``(h1, h2, value_scale, value_limit, w1, b1,
        w2, b2, w3, b3, features)``, the arrays as bytes in the machine's own byte order."""
        w1, b1, w2, b2, w3, _ = (values.tobytes() for _, values in self._arrays())
        return (
            self.h1, self.h2, self.value_scale, self.value_limit, w1, b1, w2, b2, w3, self.b3,
            self.features,
        )  # fmt: skip

    @classmethod
    def random(
        cls,
        shape: Geometry,
        h1: int,
        h2: int,
        *,
        seed: int,
        value_scale: int = 9,
        value_limit: int = 1000,
        features: int = 0,
    ) -> Network:
        """A network of random weights in the trained ranges (for tests and benchmarks):
        ``|W1|, |b1| <= 127 * 2``, ``W2`` int8, and so on, from ``random.Random(seed)``; with
        ``features`` 1 it reads the threat cells too."""
        rng = random.Random(seed)
        cells = shape.cells
        # a first layer within 16 bits whatever the position: each weight's share of the room
        step = min(254, _ACCUMULATOR_LIMIT // (cells + 1))
        return cls(
            shape,
            [
                [rng.randint(-step, step) for _ in range(h1)]
                for _ in range((2 + 2 * features) * cells)
            ],
            [rng.randint(-step, step) for _ in range(h1)],
            [[rng.randint(-128, 127) for _ in range(h1)] for _ in range(h2)],
            [rng.randint(-127 * 64 * 2, 127 * 64 * 2) for _ in range(h2)],
            [rng.randint(-255, 255) for _ in range(h2)],
            rng.randint(-127 * 64, 127 * 64),
            value_scale=value_scale,
            value_limit=value_limit,
            features=features,
        )


def _header_problem(features: int, h1: int, h2: int, scale: int, limit: int) -> str:
    """What is wrong with a header's numbers, or ``""``."""
    if features not in FEATURES:
        return f"a features byte of {features} (0: stones, 1: stones and threat cells)"
    if not (1 <= h1 <= MAX_HIDDEN[0] and 1 <= h2 <= MAX_HIDDEN[1]):
        return (
            f"hidden layers of {h1} and {h2} units (1 to {MAX_HIDDEN[0]} and 1 to "
            f"{MAX_HIDDEN[1]} are read)"
        )
    if not 1 <= scale <= MAX_VALUE_SCALE:
        return f"a value scale of {scale} (1 to {MAX_VALUE_SCALE} is read)"
    if not 0 <= limit < FORCED:
        return f"a value limit of {limit} (0 to {FORCED - 1} is read)"
    return ""


def _swapped(values: array[int], code: str) -> bytes:
    copy = array(code, values)
    copy.byteswap()
    return copy.tobytes()


def _shape_text(shape: Geometry) -> str:
    return f"{shape.width}x{shape.height} connect {shape.connect}"


def network_file_name(shape: Geometry) -> str:
    """The name of a shape's network file: ``WxHcC.net``.

    >>> network_file_name(Geometry(7, 6, 4))
    '7x6c4.net'
    """
    return f"{shape.width}x{shape.height}c{shape.connect}.net"


def shipped_network_path(shape: Geometry) -> Path | None:
    """The network file shipped in this package for ``shape``, or ``None`` if there is none."""
    path = _shipped_folder() / network_file_name(shape)
    return path if path.is_file() else None


def _shipped_folder() -> Path:
    return Path(str(resources.files(__name__)))


_loaded: dict[tuple[int, int, int], Network | None] = {}
"""The shipped networks read so far in this process, by shape (``None``: none, or refused)."""


def network_for(shape: Geometry) -> Network | None:
    """The network shipped for ``shape``, read and checked once per process; ``None`` when
    none is shipped, or when the file is damaged or not one of :data:`DIGESTS` (then one
    ``RuntimeWarning`` says so, and the engine keeps the ``threats`` evaluation).
    """
    key = (shape.width, shape.height, shape.connect)
    if key not in _loaded:
        _loaded[key] = _read_shipped(shape)
    return _loaded[key]


def _read_shipped(shape: Geometry) -> Network | None:
    path = shipped_network_path(shape)
    if path is None:
        return None
    try:
        data = path.read_bytes()
        expected = DIGESTS.get(path.name)
        if expected is None:
            raise NetworkError(f"network file {path} is not one this package ships")
        if hashlib.sha256(data).hexdigest() != expected:
            raise NetworkError(
                f"network file {path} is damaged (its SHA-256 is not the shipped one)"
            )
        try:
            network = Network.from_bytes(data)
        except NetworkError as error:
            raise NetworkError(f"network file {path} {error}") from None
    except OSError as error:
        problem = f"network file {path} cannot be read ({error.strerror or error})"
    except NetworkError as error:
        problem = str(error)
    else:
        if network.shape != shape:
            problem = f"network file {path} is for {_shape_text(network.shape)} boards"
        else:
            return network
    warnings.warn(
        f"{problem}; the engine uses the threats evaluation instead (reinstalling fourinarow "
        "fixes it)",
        RuntimeWarning,
        stacklevel=3,
    )
    return None
