"""``Limit``: (property) any arguments give a usable limit or an InvalidLimitError, and every
limit reaches the compiled kernels without an OverflowError."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fourinarow.core import Board
from fourinarow.search.limit import MAX_NODES, InvalidLimitError, Limit
from fourinarow.search.solver import Solver

_kernel = pytest.importorskip("fourinarow.search._solver_kernel")

ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=2**60, max_value=10**400) | st.integers(max_value=-(2**60)),
    st.floats(),
    st.sampled_from([math.inf, -math.inf, math.nan, 1e308, -0.0, 5e-324]),
    st.text(max_size=5),
    st.binary(max_size=5),
    st.decimals(allow_nan=True),
    st.fractions(),
)

LATE = Board.from_moves("6611663656535731732514123272")
"""A position with 14 empty cells: solved in a few thousand nodes, whatever the limit."""


@settings(max_examples=400, deadline=None)
@given(ANYTHING, ANYTHING, ANYTHING)
def test_any_arguments_give_a_usable_limit_or_a_typed_error(
    time: object, depth: object, nodes: object
) -> None:
    message: str | None = None
    try:
        limit = Limit(time, depth, nodes)  # type: ignore[arg-type]
    except InvalidLimitError as error:  # a FourInARowError; anything else fails the test
        message = str(error)
    if message is not None:
        assert len(message) < 200
        return
    assert isinstance(limit.spent_at_start, bool)
    assert 1 <= limit.capped_depth(42) <= 42
    assert limit.deadline(0.0) is None or math.isfinite(limit.deadline(0.0) or 0.0)
    limit.remaining(0.0)
    for fraction in (0.0, 0.25, 1.0):
        limit.share(fraction)
    node_limit, seconds = limit.kernel_budget()
    assert 0 <= node_limit <= MAX_NODES
    assert math.isfinite(seconds)
    assert seconds >= 0
    _kernel.Kernel(7, 6, 4, 16).set_limits(node_limit, seconds)


@settings(max_examples=40, deadline=None)
@given(
    st.none() | st.floats(allow_nan=False, allow_infinity=False, min_value=-1e300, max_value=1e300),
    st.none() | st.integers(min_value=-(10**30), max_value=MAX_NODES),
)
def test_the_solver_takes_any_valid_limit(time: float | None, nodes: int | None) -> None:
    solution = Solver(tt_mb=1, book=False).solve(LATE, Limit(time, nodes=nodes))
    assert solution.lower <= solution.upper


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"time": math.inf}, "a time limit is a finite number of seconds"),
        ({"time": -math.inf}, "a time limit is a finite number of seconds"),
        ({"time": math.nan}, "a time limit is a finite number of seconds"),
        ({"time": 10**400}, "a time limit is a finite number of seconds"),
        ({"time": "1"}, "a time limit is a finite number of seconds"),
        ({"nodes": 10**30}, f"a nodes limit is a whole number up to {MAX_NODES}"),
        ({"nodes": 10**5000}, "not an integer of 16610 bits"),
        ({"nodes": 2.5}, "a nodes limit is a whole number, not 2.5"),
        ({"depth": 1.0}, "a depth limit is a whole number, not 1.0"),
    ],
)
def test_out_of_range_limits_name_the_range(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidLimitError, match=message):
        Limit(**kwargs)  # type: ignore[arg-type]


def test_the_largest_limits_are_accepted_and_reach_the_kernel() -> None:
    limit = Limit(time=1e300, depth=10**400, nodes=MAX_NODES)
    assert limit.capped_depth(42) == 42
    _kernel.Kernel(7, 6, 4, 16).set_limits(*limit.kernel_budget())
    assert Limit(nodes=-(10**400)).spent_at_start
