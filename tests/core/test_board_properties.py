"""Property tests: the bitboard Board agrees with the naive 2-D-list board on random games."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fourinarow.core import Board
from tests.core.naive import NaiveBoard

SHAPES = [
    (7, 6, 4),
    (6, 6, 4),
    (8, 7, 4),
    (9, 7, 4),
    (4, 4, 3),
    (5, 4, 4),
    (1, 8, 4),
    (8, 1, 3),
    (3, 3, 3),
    (10, 4, 2),
    (6, 9, 5),
    (12, 3, 4),
    (20, 20, 5),
]


Snapshot = tuple[int, list[int], list[list[int]], object]


def snapshot(naive: NaiveBoard) -> Snapshot:
    """What the naive board says about its position: turn, legal moves, grid, outcome."""
    return naive.turn(), naive.legal_moves(), naive.grid(), naive.outcome()


def assert_matches(board: Board, expected: Snapshot) -> None:
    turn, legal, grid, naive_outcome = expected
    assert board.turn == turn
    assert board.legal_moves == legal
    assert board.to_grid() == grid
    outcome = board.outcome()
    assert board.is_game_over() == (naive_outcome is not None)
    if naive_outcome is None:
        assert outcome is None
    else:
        assert outcome is not None
        assert (outcome.winner, list(outcome.line)) == naive_outcome


@pytest.mark.parametrize(("width", "height", "connect"), SHAPES)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_games_match_naive_board(
    width: int, height: int, connect: int, data: st.DataObject
) -> None:
    board = Board(width, height, connect)
    naive = NaiveBoard(width, height, connect)
    # The naive scan is slow on 20x20: compare there every few moves and at the end.
    every = 1 if width * height <= 100 else 9
    snapshots = {0: snapshot(naive)}
    assert_matches(board, snapshots[0])
    while board.legal_moves:
        column = data.draw(st.sampled_from(board.legal_moves))
        board.push(column)
        naive.play(column)
        if board.ply % every == 0 or board.is_game_over():
            snapshots[board.ply] = snapshot(naive)
            assert_matches(board, snapshots[board.ply])
        assert board.ply == len(naive.moves)

    assert Board.from_moves(board.to_moves(), width=width, height=height, connect=connect) == board
    rebuilt = Board.from_grid(board.to_grid(), connect=connect)
    assert rebuilt == board
    assert rebuilt.outcome() == board.outcome()
    mirrored = board.mirror()
    assert mirrored.to_grid() == [row[::-1] for row in board.to_grid()]
    assert mirrored.mirror() == board

    # Unmake every move; the board must pass back through the same positions.
    history = list(naive.moves)
    while history:
        assert board.pop() == history.pop()
        if board.ply in snapshots:
            assert_matches(board, snapshots[board.ply])
    assert board == Board(width, height, connect)


@settings(max_examples=60, deadline=None)
@given(data=st.data(), shape=st.sampled_from(SHAPES[:8]))
def test_winning_moves_match_naive_lookahead(
    data: st.DataObject, shape: tuple[int, int, int]
) -> None:
    board = Board(*shape)
    naive = NaiveBoard(*shape)
    plies = data.draw(st.integers(0, shape[0] * shape[1]))
    while board.legal_moves and board.ply < plies:
        column = data.draw(st.sampled_from(board.legal_moves))
        board.push(column)
        naive.play(column)
    for player in (1, 2):
        expected = []
        for column in naive.legal_moves():
            naive.columns[column].append(player)
            if naive.line_cells(player):
                expected.append(column)
            naive.columns[column].pop()
        assert board.winning_moves(player) == expected


@settings(max_examples=80, deadline=None)
@given(data=st.data(), shape=st.sampled_from(SHAPES[:6]))
def test_key_identifies_positions(data: st.DataObject, shape: tuple[int, int, int]) -> None:
    """Two positions have the same key exactly when they have the same stones."""
    boards = []
    for _ in range(2):
        board = Board(*shape)
        plies = data.draw(st.integers(0, 8))
        while board.legal_moves and board.ply < plies:
            board.push(data.draw(st.sampled_from(board.legal_moves)))
        boards.append(board)
    first, second = boards
    assert (first.key() == second.key()) == (first.to_grid() == second.to_grid())
    assert (first == second) == (first.to_grid() == second.to_grid())
    assert (first == second) == (first.key() == second.key())
