"""The compiled kernels and their Python twins share their numbers through ``constants.py``.

The kernels read most values from that module when imported; the few they need as C compile-time
constants are repeated in their ``cdef enum`` blocks, and these tests fail when a copy drifts,
or when a shared number is written out again anywhere else in the searches.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from fourinarow.core import Board
from fourinarow.search import constants, deepening, heuristic
from fourinarow.search.heuristic import HeuristicSearch
from fourinarow.search.python_solver import ReferenceKernel
from fourinarow.search.solver import compiled_kernel_available

if TYPE_CHECKING:
    from fourinarow.search._solver_kernel import Kernel

SEARCH = Path(constants.__file__).parent
needs_kernel = pytest.mark.skipif(
    not compiled_kernel_available(), reason="the compiled kernel is not built"
)


def enum_values(pyx: str) -> dict[str, int]:
    """The ``NAME = value`` members of every ``cdef enum:`` block of a kernel's source."""
    values: dict[str, int] = {}
    text = (SEARCH / pyx).read_text(encoding="utf-8")
    for block in re.findall(r"^cdef enum\b.*?:\n((?:    .*\n)+)", text, flags=re.MULTILINE):
        for name, value in re.findall(r"^    (\w+) = (-?\d+)", block, flags=re.MULTILINE):
            values[name] = int(value)
    return values


@pytest.mark.parametrize(
    ("pyx", "name", "shared"),
    [
        ("_solver_kernel.pyx", "CHECK_EVERY", "SOLVER_CHECK_EVERY"),
        ("_solver_kernel.pyx", "NO_LOWER", "NO_LOWER"),
        ("_solver_kernel.pyx", "NO_UPPER", "NO_UPPER"),
        ("_heuristic_kernel.pyx", "CHECK_EVERY", "HEURISTIC_CHECK_EVERY"),
    ],
)
def test_the_compile_time_copies_match_the_shared_values(pyx: str, name: str, shared: str) -> None:
    assert enum_values(pyx)[name] == getattr(constants, shared)


def test_the_enum_parser_reads_the_kernel_sources() -> None:
    assert enum_values("_solver_kernel.pyx")["MAX_WIDTH"] == 32
    assert enum_values("_heuristic_kernel.pyx")["MAX_CONNECT"] == 21


SHARED_LITERALS = {
    "HASH_MULTIPLIER": r"0x9E3779B97F4A7C15",
    "WIN": r"\b1_?000_?000_?00[01]\b",
    "FORCED": r"\bWIN - 1000\b",
}


@pytest.mark.parametrize("name", sorted(SHARED_LITERALS))
@pytest.mark.parametrize(
    "source",
    [
        "_solver_kernel.pyx",
        "_heuristic_kernel.pyx",
        "python_solver.py",
        "heuristic.py",
        "evaluation.py",
        "deepening.py",
        "engine_search.py",
    ],
)
def test_shared_numbers_are_written_only_in_constants(name: str, source: str) -> None:
    text = (SEARCH / source).read_text(encoding="utf-8")
    assert not re.search(SHARED_LITERALS[name], text, flags=re.IGNORECASE), (
        f"{source} writes out {name}: import it from fourinarow.search.constants"
    )


def test_the_python_searches_use_the_shared_values() -> None:
    assert heuristic.WIN is constants.WIN
    assert deepening.FORCED is constants.FORCED
    assert constants.FORCED < constants.WIN < constants.INFINITY


def reference_settings(kernel: ReferenceKernel) -> tuple[int, int, int, int, int, list[int]]:
    return (
        kernel.symmetry_plies,
        kernel.etc_plies,
        kernel.table_plies,
        kernel.near_plies,
        kernel.table_bits,
        kernel.order,
    )


def test_the_reference_kernel_takes_its_tuning_from_constants() -> None:
    kernel = ReferenceKernel(7, 6, 4, 1)
    assert reference_settings(kernel) == (
        constants.SYMMETRY_PLIES,
        constants.ETC_PLIES,
        42 - constants.TABLE_MIN_EMPTIES + 1,
        42 - constants.NEAR_EMPTIES,
        constants.MIN_TABLE_BITS,
        constants.solver_column_order(7),
    )


@needs_kernel
def test_the_compiled_kernel_takes_its_tuning_from_constants() -> None:
    from fourinarow.search._solver_kernel import Kernel

    kernel = Kernel(7, 6, 4, 1)
    reference = ReferenceKernel(7, 6, 4, 1)
    assert (kernel.symmetry_plies, kernel.etc_plies, kernel.table_plies, kernel.near_plies) == (
        reference.symmetry_plies,
        reference.etc_plies,
        reference.table_plies,
        reference.near_plies,
    )
    assert kernel.table_bits == constants.MIN_TABLE_BITS


@pytest.mark.parametrize("compiled", [False, pytest.param(True, marks=needs_kernel)])
def test_the_solver_looks_at_its_limits_every_check_every_nodes(compiled: bool) -> None:
    kernel: Kernel | ReferenceKernel
    if compiled:
        from fourinarow.search._solver_kernel import Kernel

        kernel = Kernel(7, 6, 4, 16)
    else:
        kernel = ReferenceKernel(7, 6, 4, 16)
    kernel.set_limits(1, 0)
    kernel.solve(0, 0, 0, False)
    assert kernel.stopped
    every = constants.SOLVER_CHECK_EVERY if compiled else constants.PYTHON_SOLVER_CHECK_EVERY
    assert kernel.nodes == every + 1


@pytest.mark.parametrize("use_kernel", [False, pytest.param(True, marks=needs_kernel)])
def test_both_heuristic_searches_score_a_win_with_the_shared_win(use_kernel: bool) -> None:
    search = HeuristicSearch(7, 6, 4, "window", use_kernel=use_kernel)
    result = search.search(Board.from_moves("4455"), depth=4)
    assert result.score == constants.WIN - 3  # a double threat: the win comes on the third ply
    assert result.score > constants.FORCED
