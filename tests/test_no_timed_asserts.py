"""No test asserts a measured time: the suite passes on a fast machine and a loaded one alike.

A test that asserts a time is above zero fails where a quick machine rounds a step to 0.0; one
that asserts a time is below a bound fails where a busy machine is slow. This reads every test
module and flags each ``assert`` that orders (``<``, ``<=``, ``>``, ``>=``) something measured:
a clock read (``time.perf_counter()``, ``time.monotonic()``, ``time.time()``) or a name that
holds one (``elapsed``, ``seconds``, ``took``, ``waited``, ``time_ms``, ...). Allowed: that a
time is a number at all (``>= 0``); a hang guard's loop (``time.monotonic() < deadline``); and
an assert whose lines say ``# not measured`` (a time computed from settings, such as a budget,
or the order of two readings of one clock). CONTRIBUTING's "Test" section says what to assert
instead.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

TESTS = Path(__file__).resolve().parent

CLOCKS = {"perf_counter", "monotonic", "time", "perf_counter_ns", "monotonic_ns", "time_ns"}
"""Functions of :mod:`time` whose value is a reading of a clock."""

MEASURED = re.compile(
    r"(^|_)(elapsed|seconds|secs|took|waited|duration|wall|time_ms|ms|cpu|latency)($|_)"
)
"""Names (variables, attributes, keys) that hold a measured time in our tests."""

ORDERS = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def names_in(node: ast.AST) -> Iterator[str]:
    """Every variable, attribute, subscript key and called function named in ``node``."""
    for child in ast.walk(node):
        if isinstance(child, ast.Name):
            yield child.id
        elif isinstance(child, ast.Attribute):
            yield child.attr
        elif isinstance(child, ast.Constant) and isinstance(child.value, str):
            yield child.value


def reads_a_clock(node: ast.AST) -> bool:
    """Whether ``node`` calls one of :mod:`time`'s clocks."""
    for child in ast.walk(node):
        if isinstance(child, ast.Call):
            func = child.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            owner = func.value if isinstance(func, ast.Attribute) else None
            if name in CLOCKS and (owner is None or getattr(owner, "id", "") == "time"):
                return True
    return False


def measured(node: ast.AST) -> bool:
    """Whether ``node`` is, or is made from, a measured time."""
    if isinstance(node, ast.Call) and not reads_a_clock(node):
        return False  # a function of it (``len``, a budget computed from settings): not a reading
    return reads_a_clock(node) or any(MEASURED.search(name.lower()) for name in names_in(node))


def is_zero(node: ast.AST) -> bool:
    """Whether ``node`` is the number 0."""
    return isinstance(node, ast.Constant) and node.value in (0, 0.0)


def is_deadline(node: ast.AST) -> bool:
    """Whether ``node`` names a hang guard's deadline."""
    return any("deadline" in name for name in names_in(node))


def timed_comparisons(tree: ast.AST, source: str) -> Iterator[ast.Compare]:
    """Each comparison inside an ``assert`` of ``source`` (parsed as ``tree``) that orders a
    measured time against anything but zero or a deadline, unless its lines say
    ``# not measured``."""
    lines = source.splitlines()
    for statement in ast.walk(tree):
        if not isinstance(statement, ast.Assert):
            continue
        end = statement.end_lineno or statement.lineno
        if any("# not measured" in line for line in lines[statement.lineno - 1 : end]):
            continue
        for compare in ast.walk(statement.test):
            if not isinstance(compare, ast.Compare):
                continue
            operands = [compare.left, *compare.comparators]
            for (left, right), op in zip(pairwise(operands), compare.ops, strict=True):
                if not isinstance(op, ORDERS):
                    continue
                if isinstance(op, ast.GtE) and is_zero(right):
                    continue
                if isinstance(op, ast.LtE) and is_zero(left):
                    continue
                if is_deadline(left) or is_deadline(right):
                    continue
                if measured(left) or measured(right):
                    yield compare
                    break


def test_no_test_asserts_a_measured_time() -> None:
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for compare in timed_comparisons(ast.parse(source, str(path)), source):
            where = f"{path.relative_to(TESTS.parent)}:{compare.lineno}"
            found.append(f"{where}: {ast.unparse(compare)}")
    assert not found, "assertions on a measured time:\n" + "\n".join(found)


def test_the_check_flags_what_it_should_and_nothing_else() -> None:
    flagged = """
assert time.perf_counter() - start < 0.5
assert took < seconds + 0.5
assert record["time_ms"] < 150
assert result.elapsed > 0
assert 1 <= took < 3
assert status.cpu_seconds > 0
assert (seconds,) < (3,)
"""
    allowed = """
assert record["time_ms"] >= 0
assert 0 <= reply.body["time_ms"]
assert decision.nodes <= 4097
assert len(seconds) < 3
assert move_seconds(2, 60, 42) > move_seconds(2, 30, 42)
assert depth < 12
assert record["time_ms"] == 5
assert time.monotonic() < deadline, "no file yet"
assert before.elapsed <= after.elapsed  # not measured: one clock's readings, in order
"""
    for line in flagged.strip().splitlines():
        assert list(timed_comparisons(ast.parse(line), line)), line
    for line in allowed.strip().splitlines():
        assert not list(timed_comparisons(ast.parse(line), line)), line
