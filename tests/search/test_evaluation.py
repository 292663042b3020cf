"""The seeds' evaluations on bitboards against naive 2-D window scans written out here."""

from __future__ import annotations

import random

import pytest

from fourinarow.core import Board, Geometry
from fourinarow.search.evaluation import EVALUATIONS, make_evaluation
from tests.core.naive import DIRECTIONS, NaiveBoard

SHAPES = [(7, 6, 4), (6, 6, 4), (8, 7, 4), (5, 4, 3), (9, 7, 5), (4, 4, 2), (12, 3, 3)]


def windows(naive: NaiveBoard, length: int) -> list[list[int]]:
    """The contents of every straight run of ``length`` cells on the board (0, 1, 2)."""
    found = []
    for column in range(naive.width):
        for row in range(naive.height):
            for dc, dr in DIRECTIONS:
                cells = [(column + k * dc, row + k * dr) for k in range(length)]
                if all(0 <= c < naive.width and 0 <= r < naive.height for c, r in cells):
                    found.append([naive.cell(c, r) for c, r in cells])
    return found


def naive_window(naive: NaiveBoard, me: int) -> int:
    n, them = naive.connect, 3 - me
    middle = {naive.width // 2, (naive.width - 1) // 2}
    score = 3 * sum(naive.cell(c, r) == me for c in middle for r in range(naive.height))
    for window in windows(naive, n):
        mine, theirs, empty = window.count(me), window.count(them), window.count(0)
        if mine == n:
            score += 100
        elif mine == n - 1 and empty == 1:
            score += 5
        elif mine == n - 2 and mine > 0 and empty == 2:
            score += 2
        if theirs == n - 1 and empty == 1:
            score -= 4
    return score


def naive_rivest(naive: NaiveBoard, me: int) -> int:
    n = naive.connect
    value = {k: 1 if k <= n - 3 else 10 if k == n - 2 else 50 for k in range(1, n)}
    value.update({0: 0, n: 512})
    score = 16 if naive.turn() == me else -16
    for window in windows(naive, n):
        if window.count(3 - me) == 0:
            score += value[window.count(me)]
        elif window.count(me) == 0:
            score -= value[window.count(3 - me)]
    return score


def naive_streaks(naive: NaiveBoard, me: int) -> int:
    n = naive.connect

    def count(player: int, length: int) -> int:
        if length < 2:
            return 0
        return sum(w.count(player) == length for w in windows(naive, length))

    if count(3 - me, n):
        return -100_000
    mine = count(me, n) * 100_000 + count(me, n - 1) * 100 + count(me, n - 2) * 10
    return mine - count(3 - me, n - 1) * 100 - count(3 - me, n - 2) * 10


def naive_connections(naive: NaiveBoard, me: int) -> int:
    def side(player: int) -> int:
        total = 0
        for column in range(naive.width):
            for row in range(naive.height):
                if naive.cell(column, row) != player:
                    continue
                for dc, dr in DIRECTIONS:
                    before = (column - dc, row - dr)
                    inside = 0 <= before[0] < naive.width and 0 <= before[1] < naive.height
                    if inside and naive.cell(*before) == player:
                        continue  # not the start of a run
                    length = 0
                    c, r = column, row
                    while 0 <= c < naive.width and 0 <= r < naive.height:
                        if naive.cell(c, r) != player:
                            break
                        length += 1
                        c, r = c + dc, r + dr
                    after_open = 0 <= c < naive.width and 0 <= r < naive.height
                    after_open = after_open and naive.cell(c, r) == 0
                    before_open = inside and naive.cell(*before) == 0
                    if length >= 2 and (before_open or after_open):
                        total += 1000 if length >= naive.connect else length * length
        return total

    return side(me) - side(3 - me)


NAIVE = {
    "window": naive_window,
    "rivest": naive_rivest,
    "streaks": naive_streaks,
    "connections": naive_connections,
}


@pytest.mark.parametrize("name", sorted(NAIVE))
@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_evaluations_match_naive_window_scans(name: str, shape: tuple[int, int, int]) -> None:
    rng = random.Random(hash((name, shape)) & 0xFFFF)
    evaluate = make_evaluation(name, *shape)
    for _ in range(25):
        board, naive = Board(*shape), NaiveBoard(*shape)
        for _ in range(rng.randrange(shape[0] * shape[1])):
            if board.is_game_over():
                break
            column = rng.choice(board.legal_moves)
            board.push(column)
            naive.play(column)
        first, second = board.bitboards
        for me, (own, other) in ((1, (first, second)), (2, (second, first))):
            expected = NAIVE[name](naive, me)
            assert evaluate(own, other, board.turn == me) == expected, (name, board.to_moves())


def test_threats_prefers_the_parity_each_player_needs() -> None:
    evaluate = make_evaluation("threats", 7, 6, 4)
    shape = Geometry(7, 6, 4)

    def three_in_row(row: int) -> int:
        return sum(shape.cell_mask(column, row) for column in range(3))

    # three stones: the player who just moved (not to move) moved first, i.e. is X, who wants
    # its threats in odd rows (1-based): row index 2 is the third row, row index 3 the fourth.
    odd, even = three_in_row(2), three_in_row(3)
    assert evaluate(odd, 0, False) > evaluate(even, 0, False)
    # with one opponent stone more on the board, an even count: the first player is to move, so
    # the player not to move is O, the second player, who wants its threats in even rows
    stone = shape.cell_mask(6, 0)
    assert evaluate(even, stone, False) > evaluate(odd, stone, False)


def test_every_evaluation_is_listed() -> None:
    assert set(EVALUATIONS) == {*NAIVE, "threats"}
