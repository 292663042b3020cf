"""Agent specs: numbers in ASCII digits and in range, and (property) only typed errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fourinarow.agents import InvalidAgentSpecError, make_agent
from fourinarow.agents.registry import AGENTS, MAX_ENGINE_NODES, MAX_PLAYOUTS, MAX_TT_MB
from fourinarow.core import FourInARowError

UNICODE_DIGITS = [
    "\u0664",  # ARABIC-INDIC DIGIT FOUR: int() reads it as 4
    "\uff14",  # FULLWIDTH DIGIT FOUR
    "\N{SUPERSCRIPT TWO}",  # isdigit() but not int()
    "\u2463",  # CIRCLED DIGIT FOUR
    "\u0967",  # DEVANAGARI DIGIT ONE
    "\U0001d7d2",  # MATHEMATICAL BOLD DIGIT FOUR
    "1_0",
    "\u0664.5",
    "\uff11.5",
]
"""Digits that ``str.isdigit()`` accepts or ``int()``/``float()`` read, but are not ASCII."""


@pytest.mark.parametrize("digits", UNICODE_DIGITS)
@pytest.mark.parametrize(
    "template",
    [
        "minimax:depth={}",
        "alphabeta:depth={}",
        "level:{}",
        "level:level={}",
        "engine:nodes={}",
        "engine:tt_mb={}",
        "perfect:tt_mb={}",
        "mcts:playouts={}",
        "mcts:c={}",
        "simple:blunder={}",
    ],
)
def test_numbers_are_ascii_digits_only(template: str, digits: str) -> None:
    with pytest.raises(InvalidAgentSpecError, match=r"is not accepted; .*\(digits 0-9\)"):
        make_agent(template.format(digits))


@pytest.mark.parametrize(
    ("spec", "accepted"),
    [
        ("engine:tt_mb=inf", f"tt_mb is a number above 0 and at most {MAX_TT_MB}"),
        ("engine:tt_mb=nan", f"tt_mb is a number above 0 and at most {MAX_TT_MB}"),
        ("engine:tt_mb=1e400", f"tt_mb is a number above 0 and at most {MAX_TT_MB}"),
        ("perfect:tt_mb=1e30", f"tt_mb is a number above 0 and at most {MAX_TT_MB}"),
        ("engine:nodes=" + "9" * 30, f"nodes is a whole number from 0 to {MAX_ENGINE_NODES}"),
        ("engine:nodes=" + "9" * 5000, f"nodes is a whole number from 0 to {MAX_ENGINE_NODES}"),
        ("engine:nodes=1e9", f"nodes is a whole number from 0 to {MAX_ENGINE_NODES}"),
        ("mcts:playouts=1000001", f"playouts is a whole number from 0 to {MAX_PLAYOUTS}"),
        ("mcts:c=inf", "c is a number above 0 and at most 100"),
        ("minimax:depth=400", "depth is a whole number from 1 to 9"),
        ("alphabeta:depth=" + "4" * 30, "depth is a whole number from 1 to 12"),
        ("level:11", "level is a whole number from 1 to 10"),
        ("simple:blunder=nan", "blunder is a probability from 0 to 1"),
        ("simple:blunder=-inf", "blunder is a probability from 0 to 1"),
        ("perfect:book=a\0b", "book is shipped, none or the path of a book file"),
    ],
)
def test_huge_and_infinite_numbers_name_the_accepted_range(spec: str, accepted: str) -> None:
    with pytest.raises(InvalidAgentSpecError, match=accepted.replace("(", r"\(")) as error:
        make_agent(spec)
    assert len(str(error.value)) < 200
    assert "\n" not in str(error.value)


def test_the_bounds_themselves_are_accepted() -> None:
    for spec in (
        "minimax:depth=9",
        "alphabeta:depth=12",
        "level:10",
        f"engine:nodes={MAX_ENGINE_NODES}",
        f"mcts:playouts={MAX_PLAYOUTS}",
        "mcts:c=100",
        "simple:blunder=1",
        "simple:blunder=0",
        " level: 7 ",
        "engine:tt_mb=0.5",
    ):
        assert make_agent(spec, seed=1).name


OPTION_VALUES = st.one_of(
    st.text(max_size=12),
    st.sampled_from(
        [
            "0",
            "-1",
            "1e400",
            "inf",
            "-inf",
            "nan",
            "1_000",
            "\u0664",
            "\uff14",
            "0x10",
            "1e-400",
            " 3 ",
        ]
    ),
    st.integers().map(str),
    st.floats().map(repr),
)


@st.composite
def specs(draw: st.DrawFn) -> str:
    """An agent spec with a known or random name and options of any text."""
    name = draw(st.sampled_from([*AGENTS, "unknown"]) | st.text(max_size=8))
    keys = ["depth", "eval", "tiebreak", "tt_mb", "nodes", "playouts", "c", "book", "blunder"]
    options = draw(
        st.lists(st.tuples(st.sampled_from(keys) | st.text(max_size=6), OPTION_VALUES), max_size=3)
    )
    if name == "level" and draw(st.booleans()):
        return f"level:{draw(OPTION_VALUES)}"
    return name + ":" + ",".join(f"{key}={value}" for key, value in options)


ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=10**30, max_value=10**60),
    st.floats(),
    st.text(),
    st.binary(),
    st.lists(st.integers(), max_size=2),
)


def _build(spec: object, seed: object) -> None:
    """Build an agent; any error must be a FourInARowError (InvalidAgentSpecError, BookError)."""
    try:
        agent = make_agent(spec, seed=seed)  # type: ignore[arg-type]
    except FourInARowError:
        return
    assert isinstance(agent.name, str)


@settings(max_examples=100, deadline=None)  # each builds an agent: entry points read anew
@given(specs(), st.none() | st.integers())
def test_any_spec_builds_an_agent_or_raises_a_typed_error(spec: str, seed: int | None) -> None:
    _build(spec, seed)


@settings(max_examples=200, deadline=None)
@given(ANYTHING, ANYTHING)
def test_arguments_of_any_type_raise_only_a_typed_error(spec: object, seed: object) -> None:
    _build(spec, seed)


@pytest.mark.parametrize(("spec", "seed"), [(None, 1), (b"simple", 1), ("simple", 1.5), (7, None)])
def test_a_spec_that_is_not_a_string_or_a_seed_that_is_not_whole(
    spec: object, seed: object
) -> None:
    with pytest.raises(InvalidAgentSpecError, match=r"is a string|a seed is a whole number"):
        make_agent(spec, seed=seed)  # type: ignore[arg-type]
