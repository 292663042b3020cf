"""The cache of proven /solve replies (web/answers.py)."""

from __future__ import annotations

import gc
import random
import tracemalloc

import pytest

from fourinarow.core import Board
from fourinarow.web.answers import ENTRY_OVERHEAD, AnswerKey, Answers, answer_key, approximate_size
from fourinarow.web.positions import read_board


def test_the_least_recently_used_reply_goes_first() -> None:
    answers: Answers[int, str] = Answers(3)
    for key in range(3):
        answers.put(key, str(key))
    assert answers.get(0) == "0"  # now 1 is the least recently used
    answers.put(3, "3")
    assert answers.get(1) is None
    assert [answers.get(key) for key in (0, 2, 3)] == ["0", "2", "3"]
    assert len(answers) == 3
    assert (answers.hits, answers.misses) == (4, 1)


def test_putting_a_key_again_replaces_its_reply_without_growing() -> None:
    answers: Answers[str, int] = Answers(2)
    answers.put("a", 1)
    answers.put("a", 2)
    assert (answers.get("a"), len(answers)) == (2, 1)


def test_a_capacity_of_zero_keeps_nothing() -> None:
    answers: Answers[str, int] = Answers(0)
    answers.put("a", 1)
    assert answers.get("a") is None
    assert len(answers) == 0


@pytest.mark.parametrize("capacity", [-1, 1.5, True, "10"])
def test_a_capacity_is_a_whole_number_from_zero(capacity: object) -> None:
    with pytest.raises(ValueError, match="whole number"):
        Answers(capacity)  # type: ignore[arg-type]


def test_the_bytes_kept_stay_under_the_bound() -> None:
    answers: Answers[int, tuple[int, ...]] = Answers(10**6, max_bytes=50_000)
    for key in range(1000, 3000):
        answers.put(key, (key,) * 7)
        assert answers.size <= 50_000
    assert 0 < len(answers) < 2000
    assert answers.get(2999) is not None  # the newest are kept
    assert answers.get(1000) is None  # the oldest went first
    assert answers.size == sum(
        approximate_size(key) + approximate_size((key,) * 7) + ENTRY_OVERHEAD
        for key in range(3000 - len(answers), 3000)
    )


def test_an_entry_larger_than_the_bound_is_not_kept() -> None:
    answers: Answers[str, str] = Answers(10, max_bytes=100)
    answers.put("a", "x" * 200)
    assert (len(answers), answers.size) == (0, 0)


def test_the_estimate_is_at_least_what_python_takes_and_not_far_above() -> None:
    """Measured with tracemalloc: what the cache's entries (7x6 positions and their values)
    really take, against the cache's own count."""
    rng = random.Random(5)
    boards: dict[AnswerKey, Board] = {}
    while len(boards) < 3000:
        board = Board()
        for _ in range(rng.randint(6, 30)):
            board.push(rng.choice(list(board.legal_moves)))
            if board.is_game_over():
                break
        if not board.is_game_over():
            boards[answer_key(board)] = board
    gc.collect()
    tracemalloc.start()
    try:
        answers: Answers[AnswerKey, tuple[int | None, ...]] = Answers(10**6, max_bytes=10**9)
        before = tracemalloc.get_traced_memory()[0]
        for board in boards.values():
            answers.put(answer_key(board), tuple(rng.randint(-20, 20) for _ in range(7)))
        taken = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert taken <= answers.size <= 1.5 * taken


def test_a_position_has_one_key_however_it_is_written() -> None:
    same = [
        read_board("4453"),
        read_board("  4453 "),
        read_board("5344"),
        read_board(None, "......./......./......./......./...O.../..OXX.."),
    ]
    assert len({answer_key(board) for board in same}) == 1
    assert answer_key(read_board("4453", size="8x6")) != answer_key(read_board("4453"))
