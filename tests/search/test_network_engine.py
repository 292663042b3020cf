"""The learned evaluation in the compiled engine, held value for value to the pure-Python twin
(``Network`` of fourinarow.search.networks), on 64-bit words (7x6) and 128-bit words (9x7,
10x8); and the engine's choice of evaluation. Networks of random weights, as in
test_networks.py."""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import pytest

from fourinarow.core import Board, Geometry
from fourinarow.search.checks import InvalidSearchSettingError
from fourinarow.search.engine_search import Engine
from fourinarow.search.heuristic import WIN
from fourinarow.search.networks import Network
from tests.search.test_heuristic import needs_kernel, random_position
from tests.search.test_networks import flipped, random_game, random_network, ship, shipped

__all__ = ["shipped"]  # the fixture, imported for these tests

SHAPES = [(7, 6, 4), (9, 7, 4), (9, 7, 5), (10, 8, 4)]  # 42 and 56 bits; 72, 72 and 90 bits
SIZES = [(64, 16), (32, 16), (5, 3)]


def sides(board: Board) -> tuple[int, int]:
    first, second = board.bitboards
    return (first, second) if board.turn == 1 else (second, first)


def kernel_evaluate(engine: Engine, board: Board) -> int:
    assert engine._kernel is not None
    value: int = engine._kernel.evaluate(*sides(board), list(board.heights))
    return value


@needs_kernel
@pytest.mark.parametrize("features", [0, 1], ids=["stones", "threat cells"])
@pytest.mark.parametrize("sizes", SIZES, ids=str)
@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_the_compiled_leaf_is_the_twin_s_value(
    shape: tuple[int, int, int], sizes: tuple[int, int], features: int
) -> None:
    network = random_network(shape, *sizes, seed=sum(shape) + sizes[0], features=features)
    engine = Engine(*shape, tt_mb=1, network=network)
    assert engine.evaluation == "network"
    rng = random.Random(sizes[0])
    values = set()
    for _ in range(150):
        board = random_game(rng, shape)
        value = network.evaluate(board)
        assert kernel_evaluate(engine, board) == value, board.to_moves()
        values.add(value)
    assert len(values) > 5  # the positions are told apart


@needs_kernel
def test_the_compiled_leaf_adds_threat_rows_in_32_bits() -> None:
    for shape in ((7, 6, 4), (10, 8, 4)):
        cells = shape[0] * shape[1]
        network = random_network(shape, 40, 8, seed=8, features=1)
        for row in network.w1[2 * cells :]:
            row[:] = [32767 if j % 3 else -32768 for j in range(40)]  # 16-bit sums would wrap
        engine = Engine(*shape, tt_mb=1, network=network)
        board = Board.from_moves("4,4,5,5,6,6", width=shape[0], height=shape[1])
        assert len(network.threat_features(board)) == 4
        assert kernel_evaluate(engine, board) == network.evaluate(board)


@needs_kernel
def test_the_compiled_leaf_meets_the_limits_and_the_signs() -> None:
    # outputs far out of range both ways, and small negative ones (where C's division rounds
    # toward zero, not down)
    for b3 in (10**9, -(10**9), -100, -8128 * 3 - 1, 8128 * 3 + 1, 0):
        network = random_network((7, 6, 4), 8, 4, seed=2)
        network.b3 = b3
        network.w3 = [0] * 4
        engine = Engine(7, 6, 4, tt_mb=1, network=network)
        board = Board.from_moves("44")
        assert kernel_evaluate(engine, board) == network.evaluate(board)
    assert network.evaluate(board) == 0
    network.b3 = -100
    assert network.evaluate(board) == 0  # -900 / 8128 toward zero
    network.b3 = -8128 * 3 - 1
    assert network.evaluate(board) == -27


def negamax(network: Network, board: Board, depth: int, ply: int) -> int:
    """The engine's search by hand: a full board is 0, an immediate win ``WIN - (ply + 1)``,
    else at depth 0 the network's value for the side to move, else the best child negated."""
    if all(h == board.height for h in board.heights):
        return 0
    if board.winning_moves():
        return WIN - (ply + 1)
    if depth <= 0:
        return network.evaluate(board)
    best = -WIN - 1
    for column in board.legal_moves:
        board.push(column)
        best = max(best, -negamax(network, board, depth - 1, ply + 1))
        board.pop()
    return best


def root_values(network: Network, board: Board, depth: int) -> tuple[int | None, ...]:
    values: list[int | None] = [None] * board.width
    wins = board.winning_moves()
    for column in board.legal_moves:
        if column in wins:
            values[column] = WIN - 1
            continue
        board.push(column)
        values[column] = -negamax(network, board, depth - 1, 1)
        board.pop()
    return tuple(values)


@needs_kernel
@pytest.mark.parametrize("features", [0, 1], ids=["stones", "threat cells"])
@pytest.mark.parametrize("shape", [(7, 6, 4), (9, 7, 4), (9, 7, 5), (10, 8, 4)], ids=str)
def test_searches_to_depth_1_and_2_are_the_twin_s_negamax(
    shape: tuple[int, int, int], features: int
) -> None:
    network = random_network(shape, 32, 16, seed=11, features=features)
    rng = random.Random(sum(shape))
    engine = Engine(*shape, tt_mb=1, network=network)
    for _ in range(12):
        board = random_game(rng, shape)
        if board.is_game_over():
            continue
        for depth in (1, 2, 3):
            found = engine.search(board, depth, exact_root=True)
            assert found.scores == root_values(network, board, depth), (board.to_moves(), depth)


@needs_kernel
@pytest.mark.parametrize("features", [0, 1], ids=["stones", "threat cells"])
@pytest.mark.parametrize("shape", [(7, 6, 4), (10, 8, 4)], ids=str)
def test_the_accumulators_do_not_drift_in_a_search(
    shape: tuple[int, int, int], features: int
) -> None:
    network = random_network(shape, 64, 16, seed=4, features=features)
    engine = Engine(*shape, tt_mb=1, network=network)
    kernel = engine._kernel
    assert kernel is not None
    kernel.check_accumulators = True
    rng = random.Random(5)
    for _ in range(4):
        engine.search(random_position(rng, shape), 7)
    checks, mismatches = kernel.accumulator_checks
    assert checks > 1000
    assert mismatches == 0


# ------------------------------------------------------------------ the engine's choice


@needs_kernel
def test_the_engine_takes_the_shipped_network_unless_told_otherwise(shipped: Path) -> None:
    network = random_network((7, 6, 4), 32, 16)
    before = Engine(7, 6, 4, tt_mb=1)
    assert before.evaluation == "threats"  # none shipped
    ship(shipped, network)
    engine = Engine(7, 6, 4, tt_mb=1)
    assert engine.evaluation == "network"
    assert engine.network is not None
    assert engine.network.to_bytes() == network.to_bytes()
    board = Board.from_moves("4453")
    assert engine.search(board, 4) == Engine(7, 6, 4, tt_mb=1, network=network).search(board, 4)
    threats = Engine(7, 6, 4, tt_mb=1, evaluation="threats")
    assert (threats.evaluation, threats.network) == ("threats", None)
    assert threats.search(board, 4) == before.search(board, 4)
    assert threats.search(board, 4) != engine.search(board, 4)
    assert Engine(7, 6, 4, tt_mb=1, evaluation="network").evaluation == "network"


@needs_kernel
def test_a_damaged_network_leaves_the_engine_on_threats(shipped: Path) -> None:
    path = ship(shipped, random_network((7, 6, 4), 32, 16))
    path.write_bytes(flipped(path.read_bytes(), 200))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        engine = Engine(7, 6, 4, tt_mb=1)
        again = Engine(7, 6, 4, tt_mb=1)
    assert len(caught) == 1
    assert "is damaged" in str(caught[0].message)
    assert (engine.evaluation, again.evaluation) == ("threats", "threats")
    board = Board.from_moves("4453")
    plain = Engine(7, 6, 4, tt_mb=1, evaluation="threats").search(board, 5)
    assert engine.search(board, 5) == plain
    with pytest.raises(InvalidSearchSettingError, match="no network for 7x6 connect 4 boards"):
        Engine(7, 6, 4, evaluation="network")


def test_the_pure_python_engine_keeps_the_threats_evaluation(shipped: Path) -> None:
    ship(shipped, random_network((7, 6, 4), 8, 4))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        engine = Engine(7, 6, 4, use_kernel=False)
    assert (engine.backend, engine.evaluation) == ("python", "threats")
    with pytest.raises(InvalidSearchSettingError, match="this search runs in pure Python"):
        Engine(7, 6, 4, use_kernel=False, evaluation="network")


def test_the_engine_refuses_an_unknown_evaluation_or_a_foreign_network() -> None:
    with pytest.raises(InvalidSearchSettingError, match="evaluation='window' is not accepted"):
        Engine(7, 6, 4, evaluation="window")  # type: ignore[arg-type]
    with pytest.raises(InvalidSearchSettingError, match="a Network for 7x6 connect 4 boards"):
        Engine(7, 6, 4, network=random_network((6, 7, 4), 8, 4))
    with pytest.raises(InvalidSearchSettingError, match="with evaluation None or 'network'"):
        Engine(7, 6, 4, network=random_network((7, 6, 4), 8, 4), evaluation="threats")


def test_boards_beyond_128_bits_keep_the_threats_evaluation(shipped: Path) -> None:
    ship(shipped, random_network((12, 10, 4), 8, 4))  # 132 bits
    engine = Engine(12, 10, 4)
    assert (engine.backend, engine.evaluation) == ("python", "threats")
    assert Geometry(12, 10, 4).width * Geometry(12, 10, 4).stride > 128
