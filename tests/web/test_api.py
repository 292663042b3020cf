"""The HTTP API against a real server on 127.0.0.1 (see conftest.py): every endpoint, its
errors, its time cap, and many requests at once."""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from tests.bench import SETS, every
from tests.web.conftest import MAX_TIME_MS
from tests.web.running import Reply, request

EMPTY_7X6 = [0] * 42


def get(server_url: str, path: str, **params: Any) -> Reply:
    query = urllib.parse.urlencode(params)
    return request(f"{server_url}{path}" + (f"?{query}" if query else ""))


def post(server_url: str, path: str, body: Any = None, data: bytes | None = None) -> Reply:
    return request(f"{server_url}{path}", method="POST", body=body, data=data)


def assert_error(reply: Reply, status: int, *words: str) -> None:
    assert reply.status == status, reply.raw
    assert set(reply.body) == {"error"}, reply.body
    message = reply.body["error"]
    assert "\n" not in message
    for word in words:
        assert word in message, message


# ------------------------------------------------------------------------------ the page


def test_the_front_page_is_served(server_url: str) -> None:
    reply = request(f"{server_url}/")
    assert reply.status == 200
    assert reply.headers["content-type"].startswith("text/html")


def test_the_schema_is_served_without_a_cdn_page(server_url: str) -> None:
    schema = request(f"{server_url}/openapi.json").body
    assert {"/solve", "/api/v1/position", "/api/v1/analyze", "/api/v1/move"} <= set(schema["paths"])
    assert {"/api/v1/agents", "/api/v1/kaggle"} <= set(schema["paths"])
    move_body = schema["paths"]["/api/v1/move"]["post"]["requestBody"]
    assert "time_ms" in move_body["content"]["application/json"]["schema"]["properties"]
    assert_error(request(f"{server_url}/docs"), 404, "/docs")


def test_the_schema_documents_the_error_answers(server_url: str) -> None:
    """Beside 200, each route's schema lists the errors it answers, each ``{"error": ...}``."""
    paths = request(f"{server_url}/openapi.json").body["paths"]
    for path, method in [("/solve", "get"), ("/api/v1/analyze", "get"), ("/api/v1/move", "post")]:
        answers = paths[path][method]["responses"]
        assert {"400", "503"} <= set(answers), (path, sorted(answers))
        error = answers["400"]["content"]["application/json"]["schema"]
        assert error["properties"] == {"error": {"type": "string"}}
    assert {"413", "422"} <= set(paths["/api/v1/move"]["post"]["responses"])


# -------------------------------------------------------------------------- /solve (Pons)


def test_solve_answers_as_pons_api_does(server_url: str) -> None:
    reply = get(server_url, "/solve", pos="4453")
    assert reply.status == 200
    assert reply.body == {"pos": "4453", "score": [-5, -5, -2, -3, -4, -2, -2]}


def test_solve_of_the_empty_board(server_url: str) -> None:
    for params in ({}, {"pos": ""}, {"pos": "-"}):
        assert get(server_url, "/solve", **params).body == {
            "pos": "",
            "score": [-2, -1, 0, 1, 0, -1, -2],
        }


def test_solve_gives_100_for_a_full_column(server_url: str) -> None:
    score = get(server_url, "/solve", pos="444444").body["score"]
    assert score[3] == 100
    assert all(value != 100 for i, value in enumerate(score) if i != 3)


@pytest.mark.parametrize("name", list(SETS))
def test_solve_finds_the_exact_score_of_the_benchmark_positions(server_url: str, name: str) -> None:
    """The best column's value is the position's score, from Pons' standard sets."""
    for position in every(name, 50):
        reply = get(server_url, "/solve", pos=position.moves)
        assert reply.status == 200, reply.raw
        assert reply.body["pos"] == position.moves
        legal = [value for value in reply.body["score"] if value != 100]
        assert None not in legal, (position, reply.body)
        assert max(legal) == position.score, (position, reply.body)


def test_solve_takes_other_shapes(server_url: str) -> None:
    reply = get(server_url, "/solve", pos="1", size="4x4", connect="3")
    assert reply.status == 200
    assert len(reply.body["score"]) == 4


def test_solve_refuses_a_finished_game(server_url: str) -> None:
    assert_error(get(server_url, "/solve", pos="4455667"), 400, "game is over")


# ----------------------------------------------------------------------------- position


def test_solve_keeps_one_answer_per_position_however_it_is_written(server_url: str) -> None:
    """The kept answers are found by the position, not by the query's text: padding, another
    order of the same moves or a diagram of the same stones find the first answer, so no
    client can fill the cache with spellings of one position."""
    queries = [
        "pos=1122",
        "pos=%20%201122%20",
        "pos=2211",
        "grid=......./......./......./......./OO...../XX.....",
        "pos=1122%20%20%20%20",
    ]
    replies = [request(f"{server_url}/solve?{query}") for query in queries]
    assert [reply.status for reply in replies] == [200] * len(queries)
    assert [reply.headers["x-cache"] for reply in replies[1:]] == ["hit"] * (len(queries) - 1)
    assert len({tuple(reply.body["score"]) for reply in replies}) == 1
    assert [reply.body["pos"] for reply in replies] == ["1122", "1122", "2211", "1122", "1122"]


def test_position_gives_the_state_of_a_game(server_url: str) -> None:
    reply = get(server_url, "/api/v1/position", pos="4453")
    assert reply.status == 200
    assert reply.body == {
        "position": "4453",
        "moves": [4, 4, 5, 3],
        "width": 7,
        "height": 6,
        "connect": 4,
        "ply": 4,
        "turn": 1,
        "grid": [[0] * 7] * 4 + [[0, 0, 0, 2, 0, 0, 0], [0, 0, 2, 1, 1, 0, 0]],
        "legal": [1, 2, 3, 4, 5, 6, 7],
        "over": False,
        "winner": None,
        "draw": False,
        "line": [],
    }


def test_position_of_a_won_game_has_the_line(server_url: str) -> None:
    body = get(server_url, "/api/v1/position", pos="4455667").body
    assert (body["over"], body["winner"], body["draw"], body["legal"]) == (True, 1, False, [])
    assert body["line"] == [[4, 0], [5, 0], [6, 0], [7, 0]]


def test_position_of_a_drawn_game(server_url: str) -> None:
    body = get(server_url, "/api/v1/position", pos="123123", size="3x2", connect="3").body
    assert (body["over"], body["winner"], body["draw"], body["line"]) == (True, None, True, [])
    assert body["grid"] == [[2, 1, 2], [1, 2, 1]]


def test_position_from_a_grid(server_url: str) -> None:
    grid = "......./......./......./......./...O.../..OXX.."
    body = get(server_url, "/api/v1/position", grid=grid).body
    assert body["moves"] == get(server_url, "/api/v1/position", pos="4453").body["moves"] or (
        sorted(body["moves"]) == [3, 4, 4, 5]
    )
    assert body["grid"][-1] == [0, 0, 2, 1, 1, 0, 0]
    small = get(server_url, "/api/v1/position", grid="..../..../X...", connect="3").body
    assert (small["width"], small["height"]) == (4, 3)


def test_position_on_a_wide_board_is_comma_separated(server_url: str) -> None:
    body = get(server_url, "/api/v1/position", pos="10,11", size="12x6").body
    assert body["position"] == "10,11"
    assert body["moves"] == [10, 11]


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"pos": "4458"}, ["8"]),
        ({"pos": "4444444"}, ["full"]),
        ({"pos": "x"}, ["x"]),
        ({"size": "7y6"}, ["WIDTHxHEIGHT"]),
        ({"size": "99x6"}, ["1 to 20"]),
        ({"connect": "9"}, ["connect"]),
        ({"pos": "1", "grid": "......."}, ["not both"]),
        ({"grid": ".X../...."}, ["rest"]),
        ({"grid": "......./...X...", "size": "7x6"}, ["7x2", "7x6"]),
    ],
)
def test_a_bad_position_gets_400_with_the_library_message(
    server_url: str, params: dict[str, str], words: list[str]
) -> None:
    assert_error(get(server_url, "/api/v1/position", **params), 400, *words)


def test_a_wrong_type_gets_422_in_one_line(server_url: str) -> None:
    assert_error(get(server_url, "/api/v1/position", connect="four"), 422, "connect", "integer")


# ------------------------------------------------------------------------------ analyze


def test_analyze_gives_the_record_of_analyze_json(server_url: str) -> None:
    # both with the cap's time, not the default second: a fresh process on a busy machine
    # (the suite on every core) may not prove every column within one
    time_ms = str(MAX_TIME_MS)
    reply = get(server_url, "/api/v1/analyze", pos="4453", time_ms=time_ms)
    assert reply.status == 200
    command = subprocess.run(
        [sys.executable, "-m", "fourinarow", "analyze", "4453", "--json", "--time-ms", time_ms],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    printed = json.loads(command.stdout)
    assert set(reply.body) == set(printed) | {"time_cap_ms"}
    for key in ("position", "scores", "columns", "best_moves", "exact"):
        assert reply.body[key] == printed[key], key
    assert reply.body["time_cap_ms"] == MAX_TIME_MS
    assert reply.body["columns"][2] == {
        "column": 3,
        "kind": "exact",
        "value": -2,
        "distance": 36,
        "moves": 18,
        "words": "loss in 18",
    }


def test_analyze_with_other_agents(server_url: str) -> None:
    heuristic = get(server_url, "/api/v1/analyze", pos="4453", agent="alphabeta:depth=2").body
    assert {c["kind"] for c in heuristic["columns"]} == {"heuristic"}
    assert heuristic["scores"] == [None] * 7
    chances = get(server_url, "/api/v1/analyze", pos="44", agent="mcts", time_ms="50").body
    assert {c["kind"] for c in chances["columns"]} == {"probability"}
    assert chances["time_cap_ms"] == 50
    levels = get(server_url, "/api/v1/analyze", pos="4453", agent="level:10").body
    assert levels["exact"] is True


@pytest.mark.parametrize(
    ("size", "connect", "pos"), [("9x7", 5, "545545"), ("8x7", 4, "454"), ("10x8", 4, "")]
)
def test_analyze_values_every_column_of_a_large_board_within_the_time(
    server_url: str, size: str, connect: int, pos: str
) -> None:
    """Where the solver proves little in the time, every legal column still gets a value: a
    proof, or an estimate (the engine's evaluation, typed "estimate"), never "not searched"."""
    reply = get(server_url, "/api/v1/analyze", pos=pos, size=size, connect=connect, time_ms="1000")
    assert reply.status == 200, reply.raw
    body = reply.body
    assert body["time_cap_ms"] == 1000  # how close it keeps to it: benchmarks/web.py
    columns = body["columns"]
    assert len(columns) == int(size.split("x")[0])
    kinds = {column["kind"] for column in columns}
    assert kinds <= {"exact", "bounds", "estimate"}, columns
    assert "estimate" in kinds
    for column, score in zip(columns, body["scores"], strict=True):
        if column["kind"] == "bounds":  # kept only where they settle the result
            assert column["lower"] > 0 or column["upper"] < 0, column
        if column["kind"] != "estimate":
            continue
        assert score is None  # scores holds proofs only
        fields = {"column", "kind", "value", "depth", "expected", "lower", "upper", "words"}
        assert set(column) == fields
        assert isinstance(column["value"], int)
        assert column["depth"] >= 1
        assert 0 <= column["expected"] <= 1
        assert (column["lower"] is None) == (column["upper"] is None)
    assert body["exact"] is False
    assert body["best_moves"]  # the likely best: proofs first, estimates second


def test_solve_stays_exact_only_where_analyze_estimates(server_url: str) -> None:
    """``/solve`` keeps Pons' format: exact values or null, never an estimate."""
    reply = get(server_url, "/solve", pos="545545", size="9x7", connect="5")
    assert reply.status == 200, reply.raw
    assert set(reply.body) == {"pos", "score"}
    assert all(value is None or isinstance(value, int) for value in reply.body["score"])
    assert None in reply.body["score"]  # far from proven within the cap


def test_the_schema_says_analyze_gives_estimates(server_url: str) -> None:
    schema = request(f"{server_url}/openapi.json").body
    assert "estimate" in schema["paths"]["/api/v1/analyze"]["get"]["description"]


def test_analyze_refuses_an_agent_that_does_not_value_columns(server_url: str) -> None:
    assert_error(get(server_url, "/api/v1/analyze", agent="random"), 400, "does not value")


def test_the_time_cap_cannot_be_raised(server_url: str) -> None:
    """A request may ask for less time than the cap, never more: the search stops short."""
    reply = get(server_url, "/api/v1/analyze", pos="", agent="perfect:book=none", time_ms="1e9")
    assert reply.status == 200, reply.raw
    assert reply.body["time_cap_ms"] == MAX_TIME_MS
    assert reply.body["exact"] is False  # the empty board without its book: not in 2 s
    short = get(server_url, "/api/v1/analyze", pos="", agent="perfect:book=none", time_ms="0")
    assert short.body["time_cap_ms"] == 0
    assert short.body["exact"] is False


@pytest.mark.parametrize(
    ("params", "status", "words"),
    [
        ({"agent": "bogus"}, 400, ["unknown agent", "perfect"]),
        ({"agent": "perfect:book=/etc/passwd"}, 400, ["book", "shipped"]),
        ({"agent": "perfect:tt_mb=100000"}, 400, ["tt_mb", "64"]),
        ({"agent": "alphabeta:depth=99"}, 400, ["depth"]),
        ({"time_ms": "-1"}, 422, ["time_ms"]),
        ({"time_ms": "soon"}, 422, ["time_ms"]),
        ({"time_ms": "nan"}, 422, ["time_ms"]),
        ({"seed": "-1"}, 422, ["seed"]),
        ({"pos": "4455667"}, 400, ["game is over"]),
        ({"agent": "level:1"}, 400, ["'level:1' does not value columns", "level:4 to level:10"]),
    ],
)
def test_analyze_errors(
    server_url: str, params: dict[str, str], status: int, words: list[str]
) -> None:
    assert_error(get(server_url, "/api/v1/analyze", **params), status, *words)


# --------------------------------------------------------------------------------- move


def test_move_gives_the_record_of_move_json(server_url: str) -> None:
    reply = post(server_url, "/api/v1/move", {"pos": "4453"})
    assert reply.status == 200
    command = subprocess.run(
        [sys.executable, "-m", "fourinarow", "move", "4453", "--json"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    printed = json.loads(command.stdout)
    assert set(reply.body) == set(printed) | {"position", "time_cap_ms"}
    for key in ("column", "score", "depth", "pv", "exact"):
        assert reply.body[key] == printed[key], key
    assert reply.body["position"] == "4453"
    assert reply.body["score"] == {
        "kind": "exact",
        "value": -2,
        "distance": 36,
        "moves": 18,
        "words": "loss in 18",
    }


def test_move_takes_a_winning_move(server_url: str) -> None:
    for agent in ("perfect", "simple", "level:7", "engine", "perfect:tiebreak=random"):
        reply = post(server_url, "/api/v1/move", {"pos": "445566", "agent": agent, "seed": 3})
        assert reply.body["column"] in (3, 7), (agent, reply.body)


def test_move_is_repeatable_with_a_seed(server_url: str) -> None:
    body = {"pos": "", "agent": "random", "seed": 11}
    columns = {post(server_url, "/api/v1/move", body).body["column"] for _ in range(3)}
    assert len(columns) == 1


def test_move_from_a_grid_on_another_board(server_url: str) -> None:
    reply = post(server_url, "/api/v1/move", {"grid": "..../..../X...", "connect": 3})
    assert reply.status == 200
    assert reply.body["position"] == "1"
    assert 1 <= reply.body["column"] <= 4


def test_move_reads_json_whatever_the_content_type(server_url: str) -> None:
    data = json.dumps({"pos": "4453"}).encode()
    for kind in ("application/json", "text/plain", "application/x-www-form-urlencoded"):
        reply = request(
            f"{server_url}/api/v1/move", method="POST", data=data, headers={"Content-Type": kind}
        )
        assert reply.status == 200, (kind, reply.raw)


@pytest.mark.parametrize(
    ("data", "status", "words"),
    [
        (b'{"pos": "4453"', 422, ["not JSON"]),
        (b"\xff\xfe", 422, ["not JSON"]),
        (b'{"pos": "\xff"}', 422, ["not JSON", "UTF-8"]),
        (b"[1, 2]", 422, ["a JSON object of fields"]),
        (b"null", 422, ["a JSON object of fields"]),
        (b'{"pos": 5}', 422, ["pos", "string"]),
        (b'{"position": "44"}', 422, ["position", "not a field"]),
        (b'{"time_ms": -5}', 422, ["time_ms"]),
        (b'{"seed": 1.5}', 422, ["seed"]),
        (b'{"connect": "x"}', 422, ["connect"]),
        (b'{"agent": 7}', 422, ["agent"]),
        (b'{"time_ms": true}', 422, ["time_ms", "number"]),
        (b'{"time_ms": "100"}', 422, ["time_ms", "number"]),
        (b'{"connect": "4"}', 422, ["connect", "integer"]),
        (b'{"seed": true}', 422, ["seed", "integer"]),
        (b"[" * 30000 + b"]" * 30000, 422, ["not JSON", "nested too deep"]),
        (b'{"seed": ' + b"9" * 5000 + b"}", 422, ["not JSON", "too many digits"]),
        (b'{"pos": "4458"}', 400, ["8"]),
        (b'{"agent": "level:11"}', 400, ["level"]),
        (b'{"pos": "4455667"}', 400, ["game is over"]),
    ],
)
def test_move_errors(server_url: str, data: bytes, status: int, words: list[str]) -> None:
    assert_error(post(server_url, "/api/v1/move", data=data), status, *words)


# ------------------------------------------------------------------------------- agents


def test_agents_lists_agents_and_levels(server_url: str) -> None:
    body = get(server_url, "/api/v1/agents").body
    names = [agent["name"] for agent in body["agents"]]
    assert {"random", "simple", "alphabeta", "engine", "mcts", "perfect", "level"} <= set(names)
    perfect = body["agents"][names.index("perfect")]
    assert perfect["options"] == ["tiebreak", "tt_mb", "book", "threads"]
    assert perfect["description"]
    assert [level["level"] for level in body["levels"]] == list(range(1, 11))
    assert body["default"] == "level:5"


# ------------------------------------------------------------------------------- kaggle


def url_agent_body(board: list[int], mark: int, **configuration: Any) -> dict[str, Any]:
    """The exact request kaggle-environments' UrlAgent posts (kaggle_environments/agent.py)."""
    config = {"rows": 6, "columns": 7, "inarow": 4, "actTimeout": 2, **configuration}
    return {
        "action": "act",
        "configuration": config,
        "environment": "connectx",
        "state": {"observation": {"board": board, "mark": mark, "step": 0}},
    }


def test_kaggle_answers_urlagents_request(server_url: str) -> None:
    board = list(EMPTY_7X6)
    board[35 + 3] = 1  # the bottom row is the last: one stone in the middle column
    reply = request(  # UrlAgent sends json.dumps(data) with requests' data=: no Content-Type
        f"{server_url}/api/v1/kaggle",
        method="POST",
        data=json.dumps(url_agent_body(board, 2)).encode(),
    )
    assert reply.status == 200, reply.raw
    assert reply.body == {"action": 3}  # the only reply that does not lose: on top of it


def test_kaggle_takes_a_win(server_url: str) -> None:
    board = list(EMPTY_7X6)
    board[35:42] = [0, 1, 1, 1, 0, 0, 0]
    board[28:35] = [0, 2, 2, 2, 0, 0, 0]
    reply = post(server_url, "/api/v1/kaggle", url_agent_body(board, 1, actTimeout=0.1))
    assert reply.body["action"] in (0, 4)


def test_kaggle_takes_the_agent_shape_too(server_url: str) -> None:
    body = {
        "action": "act",
        "agent": {
            "observation": {"board": EMPTY_7X6, "mark": 1},
            "configuration": {"rows": 6, "columns": 7, "inarow": 4, "actTimeout": 1},
        },
    }
    assert post(server_url, "/api/v1/kaggle", body).body == {"action": 3}


def test_kaggle_on_another_board(server_url: str) -> None:
    body = url_agent_body([0] * 20, 1, rows=4, columns=5, inarow=3)
    action = post(server_url, "/api/v1/kaggle", body).body["action"]
    assert 0 <= action < 5


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({**url_agent_body(EMPTY_7X6, 1), "action": "list"}, 400, ["'list'", "act"]),
        ({**url_agent_body(EMPTY_7X6, 1), "environment": "tictactoe"}, 400, ["connectx"]),
        (url_agent_body(EMPTY_7X6, 2), 400, ["mark", "player 1"]),
        (url_agent_body([0] * 41, 1), 400, ["41"]),
        (url_agent_body([3] * 42, 1), 400, ["3"]),
        (url_agent_body(EMPTY_7X6, 1, rows=99), 400, ["height"]),
        ({"action": "act"}, 400, ["observation"]),
        ({"state": {"observation": {"board": EMPTY_7X6, "mark": 1}}}, 422, ["action"]),
        (url_agent_body(EMPTY_7X6, 3), 422, ["mark"]),
        (url_agent_body(EMPTY_7X6, 1, actTimeout="soon"), 422, ["actTimeout"]),
    ],
)
def test_kaggle_errors(server_url: str, body: Any, status: int, words: list[str]) -> None:
    assert_error(post(server_url, "/api/v1/kaggle", body), status, *words)


# ------------------------------------------------------------------------- HTTP errors


def test_an_unknown_path_gets_404_json(server_url: str) -> None:
    assert_error(request(f"{server_url}/api/v2/nothing"), 404, "/api/v2/nothing")


def test_a_wrong_method_gets_405_json_naming_the_method_it_takes(server_url: str) -> None:
    assert_error(request(f"{server_url}/api/v1/move"), 405, "/api/v1/move", "GET", "POST")
    assert_error(post(server_url, "/solve", {}), 405, "/solve", "POST", "GET")


@pytest.mark.parametrize("path", ["/", "/solve?pos=4453", "/api/v1/position?pos=4", "/api"])
def test_head_answers_as_get_without_a_body(server_url: str, path: str) -> None:
    url = urllib.parse.urlsplit(server_url)
    connection = http.client.HTTPConnection(url.hostname or "", url.port, timeout=30)
    try:
        connection.request("HEAD", path)
        response = connection.getresponse()
        assert (response.status, response.read()) == (200, b"")
        assert int(response.getheader("content-length", "0")) > 0
    finally:
        connection.close()


def test_a_body_over_64_kib_gets_413(server_url: str) -> None:
    big = json.dumps({"pos": "4" * 70_000}).encode()
    assert_error(post(server_url, "/api/v1/move", data=big), 413, "65536")


def test_a_streamed_body_over_64_kib_gets_413(server_url: str) -> None:
    """Chunked, without a Content-Length: counted as it arrives."""
    host, port = urllib.parse.urlsplit(server_url).netloc.split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    chunks = iter([b'{"pos": "'] + [b"4" * 8192] * 10 + [b'"}'])
    connection.request(
        "POST",
        "/api/v1/move",
        body=chunks,
        headers={"Transfer-Encoding": "chunked"},
        encode_chunked=True,
    )
    answer = connection.getresponse()
    assert answer.status == 413
    assert "65536" in json.loads(answer.read())["error"]
    connection.close()


def test_a_body_just_under_the_limit_is_read(server_url: str) -> None:
    data = json.dumps({"pos": "4453", "grid": None, "agent": "perfect" + " " * 60_000}).encode()
    assert len(data) < 65536
    reply = post(server_url, "/api/v1/move", data=data)
    assert reply.status in (200, 422), reply.raw  # read, and judged (agent is over 200 chars)


# ------------------------------------------------------------------------- concurrency


def test_many_requests_at_once_are_all_answered(server_url: str) -> None:
    positions = [p.moves for name in SETS for p in every(name, 50)][:48]

    def one(index: int) -> int:
        moves = positions[index % len(positions)]
        if index % 3 == 0:
            return post(server_url, "/api/v1/move", {"pos": moves, "time_ms": 200}).status
        return get(server_url, "/solve", pos=moves).status

    with ThreadPoolExecutor(24) as workers:
        statuses = list(workers.map(one, range(96)))
    assert statuses == [200] * 96
