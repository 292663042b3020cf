"""Kaggle's URL agent requests (web/kaggle.py)."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from fourinarow.core import FourInARowError
from fourinarow.web.kaggle import (
    Configuration,
    KaggleRequest,
    KaggleRequestError,
    kaggle_board,
    kaggle_time_ms,
)

EMPTY = [0] * 42


def url_agent(**changes: Any) -> dict[str, Any]:
    """The request kaggle-environments' UrlAgent posts."""
    return {
        "action": "act",
        "configuration": {"rows": 6, "columns": 7, "inarow": 4, "actTimeout": 2, "timeout": 2},
        "environment": "connectx",
        "state": {"observation": {"board": EMPTY, "mark": 1, "remainingOverageTime": 60}},
        **changes,
    }


def test_both_shapes_give_the_observation_and_configuration() -> None:
    observation, configuration = KaggleRequest.model_validate(url_agent()).parts()
    assert (observation.mark, configuration.columns, configuration.actTimeout) == (1, 7, 2)
    other = {
        "action": "act",
        "agent": {
            "observation": {"board": [0] * 20, "mark": 1},
            "configuration": {"rows": 4, "columns": 5, "inarow": 3},
        },
    }
    observation, configuration = KaggleRequest.model_validate(other).parts()
    assert (configuration.rows, configuration.columns, configuration.inarow) == (4, 5, 3)
    assert configuration.actTimeout == 2.0  # ConnectX's default


def test_a_configuration_left_out_is_connectx_default() -> None:
    body = url_agent()
    del body["configuration"]
    _, configuration = KaggleRequest.model_validate(body).parts()
    assert (configuration.rows, configuration.columns, configuration.inarow) == (6, 7, 4)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"action": "list"}, "'list' is not served"),
        ({"environment": "tictactoe"}, "connectx"),
        ({"state": None}, "state.observation"),
    ],
)
def test_requests_this_server_does_not_answer(changes: dict[str, Any], words: str) -> None:
    with pytest.raises(KaggleRequestError, match=words):
        KaggleRequest.model_validate(url_agent(**changes)).parts()


def test_wrong_types_are_validation_errors() -> None:
    body = url_agent()
    body["state"]["observation"]["mark"] = 3
    with pytest.raises(ValidationError):
        KaggleRequest.model_validate(body)


def test_the_board_and_its_mark() -> None:
    cells = list(EMPTY)
    cells[38] = 1
    observation, configuration = KaggleRequest.model_validate(
        url_agent(state={"observation": {"board": cells, "mark": 2}})
    ).parts()
    assert kaggle_board(observation, configuration).to_moves() == "4"
    wrong, _ = KaggleRequest.model_validate(
        url_agent(state={"observation": {"board": cells, "mark": 1}})
    ).parts()
    with pytest.raises(FourInARowError, match="mark is 1"):
        kaggle_board(wrong, configuration)


@pytest.mark.parametrize(
    ("act_timeout", "cap", "expected"),
    [(2, 3000, 1500), (2, 1000, 1000), (1, 3000, 750), (0.2, 3000, 150), (0, 3000, 0)],
)
def test_the_time_is_act_timeout_less_a_margin_within_the_cap(
    act_timeout: float, cap: float, expected: float
) -> None:
    configuration = Configuration.model_validate({"actTimeout": act_timeout})
    assert kaggle_time_ms(configuration, cap) == pytest.approx(expected)
