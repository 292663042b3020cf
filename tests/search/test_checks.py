"""A transposition table larger than the machine's memory is a typed error in words, by every
door a table size comes in (the library, agent specs, the web app's settings), before anything
is allocated; the command line's doors are tested in ``tests/cli/test_table_sizes.py``."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fourinarow.agents import make_agent
from fourinarow.agents.engine import EngineAgent
from fourinarow.agents.perfect import PerfectAgent
from fourinarow.core import FourInARowError
from fourinarow.core.machine import memory_bytes
from fourinarow.search.checks import (
    MAX_TABLE_MB,
    TableTooLargeError,
    table_megabytes,
    table_too_large,
)
from fourinarow.search.engine_search import Engine
from fourinarow.search.solver import Solver


def beyond_memory() -> int:
    """Megabytes a gigabyte more than this machine's memory (the test is skipped where that
    is more than any table may ask for anyway, or the memory is not known)."""
    memory = memory_bytes()
    if memory is None or (memory >> 20) + 1024 > MAX_TABLE_MB:
        pytest.skip("this machine's memory is not known, or above what any table may ask for")
    return (memory >> 20) + 1024


def test_the_error_is_a_value_error_of_the_search_settings() -> None:
    assert issubclass(TableTooLargeError, FourInARowError)
    assert issubclass(TableTooLargeError, ValueError)


@pytest.mark.parametrize(
    "build",
    [
        lambda mb: Solver(tt_mb=mb),
        lambda mb: Engine(7, 6, 4, tt_mb=mb),
        lambda mb: PerfectAgent(tt_mb=mb),
        lambda mb: EngineAgent(tt_mb=mb),
        lambda mb: make_agent(f"perfect:tt_mb={mb}"),
        lambda mb: make_agent(f"engine:tt_mb={mb}"),
        lambda mb: make_agent(f"perfect:tt_mb={mb},threads=2,blunder=0.1"),
        table_megabytes,
    ],
    ids=[
        "Solver",
        "Engine",
        "PerfectAgent",
        "EngineAgent",
        "perfect:",
        "engine:",
        "blunder",
        "table_megabytes",
    ],
)
def test_a_table_beyond_the_memory_is_refused_in_one_line(build: Callable[[int], object]) -> None:
    megabytes = beyond_memory()
    memory = megabytes - 1024
    with pytest.raises(TableTooLargeError) as error:
        build(megabytes)
    message = str(error.value)
    assert "\n" not in message
    assert f"{megabytes} MB is more than this machine's memory ({memory} MB)" in message
    assert f"ask for at most {memory} MB" in message


def test_tables_that_fit_are_accepted() -> None:
    assert table_too_large(64) is None
    assert table_megabytes(0.5) == 0.5
    assert make_agent("perfect:tt_mb=8").name


def test_several_tables_count_together() -> None:
    memory = memory_bytes()
    if memory is None:
        pytest.skip("this machine's memory is not known")
    half = (memory >> 20) // 2 + 1
    assert table_too_large(half) is None
    problem = table_too_large(half, tables=2)
    assert problem is not None
    assert problem.startswith(f"2 tables of {half} MB are more than this machine's memory")
    assert problem.endswith(" each")
