"""Numbers as users type them: ASCII digits only, a range named in every refusal (property)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fourinarow.core import FourInARowError
from fourinarow.core.numbers import InvalidNumberError, parse_float, parse_int


@pytest.mark.parametrize(
    "text",
    [
        "\u0664",
        "\uff14",
        "\N{SUPERSCRIPT TWO}",
        "\u2463",
        "\u0967",
        "\U0001d7d2",
        "1_000",
        "0x10",
        "",
        " ",
        "4 4",
    ],
)
def test_only_ascii_digits_make_a_whole_number(text: str) -> None:
    with pytest.raises(InvalidNumberError, match="is not a whole number: write one from 1 to 20"):
        parse_int(text, 1, 20)


@pytest.mark.parametrize(
    "text", ["inf", "nan", "-inf", "Infinity", "\uff11.5", "\u0664.5", "1e", "e5", "."]
)
def test_only_ascii_decimals_make_a_number(text: str) -> None:
    with pytest.raises(InvalidNumberError, match="is not a number: write one from 0 to 10"):
        parse_float(text, 0, 10)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0", "0 is below 1: it must be from 1 to 20"),
        ("21", "21 is above 20: it must be from 1 to 20"),
        ("9" * 30, "9999999999... is above 20: it must be from 1 to 20"),
        ("-" + "9" * 5000, "-999999999... is below 1: it must be from 1 to 20"),
    ],
)
def test_whole_numbers_out_of_range_name_the_range(text: str, message: str) -> None:
    with pytest.raises(InvalidNumberError, match=message.replace(".", r"\.")):
        parse_int(text, 1, 20)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1e400", "1e400 is above 86400000: it must be from 0 to 86400000"),
        ("-1e400", "-1e400 is below 0: it must be from 0 to 86400000"),
        ("1e30", "1e30 is above 86400000"),
    ],
)
def test_numbers_out_of_range_name_the_range(text: str, message: str) -> None:
    with pytest.raises(InvalidNumberError, match=message):
        parse_float(text, 0, 86_400_000)


def test_an_open_lower_bound() -> None:
    with pytest.raises(
        InvalidNumberError, match="0 is too small: it must be above 0 and at most 1"
    ):
        parse_float("0", 0, 1, above_low=True)
    assert parse_float("1e-3", 0, 1, above_low=True) == 0.001


@given(st.integers(min_value=-(10**40), max_value=10**40), st.integers(0, 5))
def test_ascii_integers_read_as_int_does(value: int, spaces: int) -> None:
    text = " " * spaces + str(value) + " " * spaces
    if -1000 <= value <= 1000:
        assert parse_int(text, -1000, 1000) == value
    else:
        with pytest.raises(InvalidNumberError, match="it must be from -1000 to 1000"):
            parse_int(text, -1000, 1000)


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_ascii_floats_read_as_float_does(value: float) -> None:
    if abs(value) <= 1e300:
        assert parse_float(repr(value), -1e300, 1e300) == value


@given(st.text() | st.sampled_from(["1e400", "9" * 5000, "-0", "+5", "0.", ".5e-3"]))
def test_any_text_is_a_number_in_range_or_a_typed_error(text: str) -> None:
    for parse in (lambda t: parse_int(t, 0, 100), lambda t: parse_float(t, 0, 100)):
        message = None
        try:
            value = parse(text)
        except FourInARowError as error:  # anything else fails the test
            message = str(error)
        if message is None:
            assert 0 <= value <= 100
            assert text.strip().isascii()
        else:
            assert "\n" not in message
            assert len(message) < 200
