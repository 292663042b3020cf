"""``/solve`` without a search slot (web/quick.py), and cheap requests on a real server while
its only search is busy."""

from __future__ import annotations

import random
import threading
import time

import pytest

from fourinarow.agents import Limit
from fourinarow.core import Board
from fourinarow.search.solver import Solver
from fourinarow.web.quick import QuickSolver, pons_scores
from tests.bench import read_sample
from tests.web.running import Reply, request, running_server


def book_positions(count: int) -> list[Board]:
    """Distinct 7x6 positions of 1 to 10 moves where the game goes on."""
    rng = random.Random(7)
    found: dict[str, Board] = {}
    while len(found) < count:
        board = Board()
        for _ in range(rng.randint(1, 10)):
            board.push(rng.choice(list(board.legal_moves)))
            if board.is_game_over():
                break
        if not board.is_game_over():
            found[board.to_moves()] = board
    return list(found.values())


@pytest.fixture(scope="module")
def quick() -> QuickSolver:
    quick = QuickSolver()
    quick.prepare()
    return quick


def test_quick_answers_are_the_solvers(quick: QuickSolver) -> None:
    """Every book position is answered, and every answer, there and at the end of games, is
    what a full analysis gives."""
    solver = Solver(tt_mb=8)
    for board in book_positions(60):
        found = quick.scores(board)
        assert found is not None, board.to_moves()
        assert found == pons_scores(solver.analyze(board)), board.to_moves()
    answered = 0
    for position in read_sample("Test_L3_R1"):
        board = Board.from_moves(position.moves)
        found = quick.scores(board)
        if found is not None:
            answered += 1
            assert found == pons_scores(solver.analyze(board)), position.moves
    assert answered >= len(read_sample("Test_L3_R1")) // 2


def test_a_hard_position_is_left_to_a_search(quick: QuickSolver) -> None:
    """Few thousand nodes do not prove the empty board of a shape without a book."""
    assert quick.scores(Board(width=7, height=7)) is None
    assert quick.scores(Board(width=9, height=9)) is None  # not the compiled kernel's


def test_a_shape_is_tried_once_a_search_slot_has_searched_it() -> None:
    quick = QuickSolver()
    board = Board.from_moves("1", width=5, height=4)
    assert quick.scores(board) is None  # its book not read yet
    slot = Solver(tt_mb=1)
    slot.analyze(board, Limit(time=10))
    quick.searched(board, slot)
    assert quick.scores(board) == pons_scores(slot.analyze(board))


def test_cheap_requests_answer_while_the_only_search_is_busy() -> None:
    """With one search slot held by a 20x20 analysis for its whole cap, what needs no search
    answers at once, and what needs one answers only after it."""
    with running_server("--searches", "1", "--max-time-ms", "6000") as server:
        url = server.url
        assert request(f"{url}/solve?pos=4453").status == 200  # kept from now on
        held: list[Reply] = []
        answered: list[str] = []  # which search was answered first

        def hold() -> None:
            held.append(request(f"{url}/api/v1/analyze?size=20x20&pos="))
            answered.append("analysis")

        holder = threading.Thread(target=hold)
        holder.start()
        time.sleep(1)  # the analysis has the slot
        cheap = {
            "position": request(f"{url}/api/v1/position?pos=4453"),
            "kept": request(f"{url}/solve?pos=4453"),
            "book": request(f"{url}/solve?pos=3"),
            "end of a game": request(f"{url}/solve?pos={read_sample('Test_L3_R1')[0].moves}"),
            "finished": request(f"{url}/solve?pos=4455667"),
            "finished, analyze": request(f"{url}/api/v1/analyze?pos=4455667"),
            "bad move": request(f"{url}/api/v1/move", method="POST", body={"pos": "48"}),
        }
        assert holder.is_alive(), "the analysis ended before the cheap requests were answered"
        searched = request(f"{url}/api/v1/analyze?pos=4453&time_ms=0")
        answered.append("search")
        holder.join()
        status, err = server.stop()
    assert [reply.status for reply in cheap.values()] == [200, 200, 200, 200, 400, 400, 400]
    assert cheap["kept"].headers["x-cache"] == "hit"
    assert searched.status == 200
    assert answered == ["analysis", "search"], "the search did not wait for the slot"
    assert held[0].status == 200
    assert held[0].body["time_cap_ms"] == 6000
    assert status == 0, err


def test_shapes_beyond_those_kept_are_still_answered_right() -> None:
    """More ready shapes than keep a solver each: a shape whose solver went gets a new one."""
    quick = QuickSolver()
    shapes = [(7, 6, 4), (6, 6, 4), (5, 4, 4), (4, 4, 4), (7, 5, 4), (6, 5, 4)]
    for shape in shapes:
        quick.prepare(*shape)
    solver = Solver(tt_mb=1)
    for _ in range(2):
        for width, height, connect in shapes:
            board = Board.from_moves("2", width=width, height=height, connect=connect)
            found = quick.scores(board)
            if found is not None:
                assert found == pons_scores(solver.analyze(board)), (width, height)
    assert quick.scores(Board.from_moves("2")) is not None  # 7x6: its book answers
