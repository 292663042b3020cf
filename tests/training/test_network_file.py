"""The network files: the shipped ones are laid out as the spec says, and the NumPy integer
forward of :mod:`fourinarow.training.quantized` computes what the spec's integer model does,
written here again in plain Python. None of this needs PyTorch."""

from __future__ import annotations

import hashlib
import random
import struct
from pathlib import Path
from typing import Any

import pytest

from fourinarow.core import Geometry
from fourinarow.training.quantized import FloatWeights, QuantizedNetwork

np = pytest.importorskip("numpy")

NETWORKS = Path(__file__).resolve().parents[2] / "src" / "fourinarow" / "search" / "networks"


def test_the_7x6_and_6x7_networks_are_shipped() -> None:
    assert {"7x6c4.net", "6x7c4.net"} <= {path.name for path in NETWORKS.glob("*.net")}


@pytest.mark.parametrize("path", sorted(NETWORKS.glob("*.net")), ids=lambda path: path.name)
def test_a_shipped_file_has_the_header_size_and_digest_of_the_spec(path: Path) -> None:
    data = path.read_bytes()
    assert len(data) < 1_000_000
    magic, width, height, connect, features, h1, h2, scale, limit = struct.unpack_from(
        "<8s4B2H2i", data
    )
    assert magic == b"FIARNET1"
    assert path.name == f"{width}x{height}c{connect}.net"
    assert features in (0, 1)
    assert (scale, limit) == (9, 1000)
    cells = width * height
    rows = (2 + 2 * features) * cells
    weights = rows * h1 * 2 + h1 * 2 + h2 * h1 + h2 * 4 + h2 * 2 + 4
    assert len(data) == 24 + weights + 32
    assert data[-32:] == hashlib.sha256(data[:-32]).digest()
    network = QuantizedNetwork.from_bytes(data)
    assert network.to_bytes() == data
    assert (network.shape.width, network.shape.height, network.shape.connect) == (
        width,
        height,
        connect,
    )


def threat_rows(shape: Geometry, cells: bytes) -> list[int]:
    """The threat-cell features of a position, found cell by cell: ``2 * cells + c`` where a
    stone of the side to move on the empty cell ``c`` makes a line, ``3 * cells + c`` for the
    opponent's."""
    count = shape.cells
    found = []
    for offset, stone in ((2 * count, 1), (3 * count, 2)):
        for cell in range(count):
            if cells[cell]:
                continue
            column, row = divmod(cell, shape.height)
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                run = 1
                for sign in (1, -1):
                    c, r = column + sign * dc, row + sign * dr
                    while 0 <= c < shape.width and 0 <= r < shape.height:
                        if cells[c * shape.height + r] != stone:
                            break
                        run += 1
                        c, r = c + sign * dc, r + sign * dr
                if run >= shape.connect:
                    found.append(offset + cell)
                    break
    return found


def spec_value(network: QuantizedNetwork, cells: bytes) -> tuple[int, int]:
    """The spec's integer model, one position, in Python ints: ``(out, value)``."""
    count = len(cells)
    rows = [cell if stone == 1 else count + cell for cell, stone in enumerate(cells) if stone]
    if network.features:
        rows += threat_rows(network.shape, cells)
    acc = [int(b) for b in network.b1]
    for feature in rows:
        acc = [a + int(w) for a, w in zip(acc, network.w1[feature], strict=True)]
    a1 = [min(127, max(0, a)) for a in acc]
    out = int(network.b3)
    for k in range(len(network.b2)):
        s2 = int(network.b2[k]) + sum(a * int(w) for a, w in zip(a1, network.w2[k], strict=True))
        out += min(127, max(0, s2 >> 6)) * int(network.w3[k])
    value = abs(out) * network.value_scale // (127 * 64) * (1 if out >= 0 else -1)
    return out, max(-network.value_limit, min(network.value_limit, value))


def random_weights(
    shape: Geometry, h1: int, h2: int, seed: int, *, threats: bool = False
) -> FloatWeights:
    rng = np.random.default_rng(seed)
    features = (4 if threats else 2) * shape.cells
    return FloatWeights(
        w1=rng.uniform(-0.6, 0.6, (h1, features)),
        b1=rng.uniform(-0.5, 0.5, h1),
        w2=rng.uniform(-1.5, 1.5, (h2, h1)),
        b2=rng.uniform(-0.5, 0.5, h2),
        w3=rng.uniform(-4, 4, h2),
        b3=0.3,
    )


def random_cells(shape: Geometry, count: int, seed: int) -> Any:
    rng = random.Random(seed)
    rows = []
    for _ in range(count):
        cells = bytearray(shape.cells)
        for column in range(shape.width):
            for row in range(rng.randint(0, shape.height)):
                cells[column * shape.height + row] = rng.choice((1, 2))
        rows.append(bytes(cells))
    return np.frombuffer(b"".join(rows), dtype=np.uint8).reshape(count, shape.cells)


@pytest.mark.parametrize("threats", [False, True], ids=["stones", "threat cells"])
def test_the_numpy_integer_forward_is_the_spec_value_for_value(threats: bool) -> None:
    shape = Geometry(5, 4, 4)
    weights = random_weights(shape, 12, 6, seed=4, threats=threats)
    network = QuantizedNetwork.from_float(shape, weights)
    assert network.features == int(threats)
    cells = random_cells(shape, 300, seed=5)
    spec = [spec_value(network, bytes(row)) for row in cells]
    assert network.outputs(cells).tolist() == [out for out, _ in spec]
    assert network.values(cells).tolist() == [value for _, value in spec]
    assert {value > 0 for _, value in spec} == {True, False}


def test_the_integer_forward_follows_the_float_model_it_was_rounded_from() -> None:
    shape = Geometry(7, 6, 4)
    weights = random_weights(shape, 32, 8, seed=6)
    network = QuantizedNetwork.from_float(shape, weights)
    cells = random_cells(shape, 500, seed=7)
    logits = weights.logits(cells)
    assert np.abs(network.outputs(cells) / (127 * 64) - logits).max() < 0.25
    assert np.mean(np.sign(network.outputs(cells)) == np.sign(logits)) > 0.95


def test_a_file_survives_writing_and_reading_and_damage_is_refused() -> None:
    shape = Geometry(6, 7, 4)
    network = QuantizedNetwork.from_float(shape, random_weights(shape, 16, 4, seed=8))
    data = network.to_bytes()
    again = QuantizedNetwork.from_bytes(data)
    cells = random_cells(shape, 50, seed=9)
    assert again.values(cells).tolist() == network.values(cells).tolist()
    damaged = bytearray(data)
    damaged[40] ^= 1
    with pytest.raises(ValueError, match="SHA-256"):
        QuantizedNetwork.from_bytes(bytes(damaged))


def test_weights_beyond_the_format_are_refused_rather_than_wrapped() -> None:
    shape = Geometry(5, 4, 4)
    weights = random_weights(shape, 4, 2, seed=10)
    weights.w2[0, 0] = 3.0  # 192 does not fit an int8
    with pytest.raises(ValueError, match="W2"):
        QuantizedNetwork.from_float(shape, weights)


@pytest.mark.parametrize("threats", [False, True], ids=["stones", "threat cells"])
def test_the_engine_s_python_twin_reads_the_file_and_gives_the_same_values(
    threats: bool,
) -> None:
    from fourinarow.core import Board
    from fourinarow.search.networks import Network
    from fourinarow.training.labelled import cells_of

    shape = Geometry(6, 5, 4)
    network = QuantizedNetwork.from_float(
        shape, random_weights(shape, 16, 4, seed=11, threats=threats)
    )
    twin = Network.from_bytes(network.to_bytes())
    rng = random.Random(12)
    boards: list[Board] = []
    while len(boards) < 60:
        board = Board(6, 5, 4)
        for _ in range(rng.randint(0, 25)):
            if board.is_game_over():
                break
            board.push(rng.choice(board.legal_moves))
        boards.append(board)
    cells = np.frombuffer(b"".join(cells_of(b) for b in boards), dtype=np.uint8)
    values = network.values(cells.reshape(len(boards), shape.cells))
    assert values.tolist() == [twin.evaluate(board) for board in boards]
