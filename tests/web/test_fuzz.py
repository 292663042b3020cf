"""Random queries and bodies against the real server: never a 5xx, always JSON with "error"
on a 4xx."""

from __future__ import annotations

import json
import urllib.parse
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fourinarow.core import Board
from tests.web.running import Reply, request

GET_PATHS = (
    "/solve",
    "/api/v1/position",
    "/api/v1/analyze",
    "/api/v1/agents",
    "/api/v1/review",
)
POST_PATHS = ("/api/v1/move", "/api/v1/kaggle")
KEYS = ("pos", "grid", "size", "connect", "agent", "time_ms", "seed")

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# Values near what the API takes, and anything at all.
near_values = st.one_of(
    st.sampled_from(
        [
            "",
            "-",
            "4453",
            "4455667",
            "44444444",
            "10,11",
            "7x6",
            "4x4",
            "0x0",
            "21x6",
            "3",
            "4",
            "99",
            "-1",
            "1e400",
            "nan",
            "inf",
            "perfect",
            "level:10",
            "level:0",
            "alphabeta:depth=2",
            "mcts:playouts=5",
            "perfect:book=none,tt_mb=1",
            "engine:tt_mb=0.5",
            "random:blunder=2",
            "......./......./......./......./......./...X...",
            ".X/..",
            "0",
            "50",
        ]
    ),
    st.text(max_size=40),
    st.integers(-(2**70), 2**70).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(str),
)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(st.sampled_from([*KEYS, "x"]), children, max_size=5)
    ),
    max_leaves=20,
)


def assert_sane(reply: Reply) -> None:
    assert reply.status < 500, reply.raw
    if reply.status >= 400:
        assert isinstance(reply.body, dict), reply.raw
        assert isinstance(reply.body.get("error"), str), reply.raw
        assert reply.body["error"], reply.raw


@FUZZ
@given(
    path=st.sampled_from(GET_PATHS),
    params=st.dictionaries(st.sampled_from([*KEYS, "zzz"]), near_values, max_size=5),
)
def test_random_queries_never_give_a_5xx(
    server_url: str, path: str, params: dict[str, str]
) -> None:
    query = urllib.parse.urlencode(params)
    assert_sane(request(f"{server_url}{path}?{query}"))


@FUZZ
@given(path=st.sampled_from(GET_PATHS), raw=st.binary(max_size=60))
def test_raw_query_strings_never_give_a_5xx(server_url: str, path: str, raw: bytes) -> None:
    query = urllib.parse.quote_from_bytes(raw, safe="=&%+")
    assert_sane(request(f"{server_url}{path}?{query}"))


move_bodies = st.fixed_dictionaries(
    {},
    optional={
        key: st.one_of(near_values, json_values)
        for key in ("pos", "grid", "size", "agent", "connect", "time_ms", "seed")
    },
)


def _played(draw: Any, rows: int, columns: int, inarow: int) -> tuple[list[int], int]:
    """The flat cells (top row first) and the mark to move after random legal moves."""
    board = Board(columns, rows, inarow)
    for _ in range(draw(st.integers(0, rows * columns))):
        if board.is_game_over():
            break
        board.push(draw(st.sampled_from(board.legal_moves)))
    return [cell for row in board.to_grid() for cell in row], board.turn


def _kaggle_body(draw: Any) -> Any:
    rows = draw(st.integers(0, 8))
    columns = draw(st.integers(0, 8))
    inarow = draw(st.integers(0, 6))
    odd_mark = st.one_of(st.integers(0, 3), json_values)
    mark: Any = draw(st.integers(1, 2) if draw(st.integers(0, 3)) else odd_mark)
    if 2 <= inarow <= max(rows, columns) and rows and columns and draw(st.booleans()):
        cells, mark = _played(draw, rows, columns, inarow)
    else:
        cells = draw(
            st.one_of(
                st.lists(st.integers(0, 2), min_size=rows * columns, max_size=rows * columns),
                st.lists(json_values, max_size=10),
            )
        )
    observation = {"board": cells, "mark": mark}
    configuration = {
        "rows": rows,
        "columns": columns,
        "inarow": inarow,
        "actTimeout": draw(st.floats(0, 0.2) if draw(st.integers(0, 3)) else json_values),
    }
    if draw(st.booleans()):
        return {
            "action": "act",
            "configuration": configuration,
            "state": {"observation": observation},
        }
    return {
        "action": draw(st.sampled_from(["act", "list", ""])),
        "agent": {"observation": observation, "configuration": configuration},
    }


kaggle_bodies = st.composite(_kaggle_body)()


@FUZZ
@given(path=st.sampled_from(POST_PATHS), body=st.one_of(move_bodies, json_values, kaggle_bodies))
def test_random_json_bodies_never_give_a_5xx(server_url: str, path: str, body: Any) -> None:
    data = json.dumps(body).encode()
    assert_sane(request(f"{server_url}{path}", method="POST", data=data))


@FUZZ
@given(path=st.sampled_from(POST_PATHS), data=st.binary(max_size=200))
def test_garbage_bodies_never_give_a_5xx(server_url: str, path: str, data: bytes) -> None:
    assert_sane(request(f"{server_url}{path}", method="POST", data=data))
