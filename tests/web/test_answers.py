"""The cache of proven /solve replies (web/answers.py)."""

from __future__ import annotations

import pytest

from fourinarow.web.answers import Answers


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
