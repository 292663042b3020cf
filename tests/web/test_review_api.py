"""``GET /api/v1/review`` against a real server (see conftest.py): the grades, turning points
and accuracies of known games, the same record as ``fourinarow review --json``, the time cap,
and its errors."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from fourinarow.analysis import review_game
from fourinarow.core import Board
from fourinarow.search.solver import Solver
from tests.web.conftest import MAX_TIME_MS
from tests.web.test_api import assert_error, get, post

REVIEW = "/api/v1/review"


def test_a_known_game_has_its_blunders_and_turning_points(server_url: str) -> None:
    # 4455: X's 5 throws the win (4 keeps it), O's 5 throws it back (3 or 6 win).
    reply = get(server_url, REVIEW, pos="4455")
    assert reply.status == 200, reply.raw
    body = reply.body
    shape = (body["size"], body["connect"], body["moves"], body["result"])
    assert shape == ("7x6", 4, "4455", None)
    fields = ("number", "player", "column", "grade", "mark")
    grades = [tuple(move[key] for key in fields) for move in body["review"]]
    assert grades == [
        (1, 1, 4, "best", ""),
        (2, 2, 4, "best", ""),
        (3, 1, 5, "blunder", "??"),
        (4, 2, 5, "blunder", "??"),
    ]
    third = body["review"][2]
    assert third["before"] == {
        "kind": "exact",
        "value": 1,
        "distance": 39,
        "moves": 20,
        "words": "win in 20",
    }
    assert third["played"]["kind"] == "exact"
    assert third["played"]["value"] < 0
    assert third["best"] == [4]
    assert [t["number"] for t in body["turning_points"]] == [3, 4]
    assert body["turning_points"][1]["sentence"] == (
        "move 4 (O, column 5) threw the win: column 3 wins in 19, column 5 loses in 2"
    )
    for player in body["players"]:
        assert player["counts"]["blunder"] == 1
        assert player["accuracy"] == 0.5
    assert body["time_cap_ms"] == MAX_TIME_MS


def test_the_record_is_that_of_the_command_line(server_url: str) -> None:
    moves = "44444453"
    printed = subprocess.run(
        [sys.executable, "-m", "fourinarow", "review", moves, "--json"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    body = get(server_url, REVIEW, pos=moves).body
    assert body.pop("exercises") == []  # the page's own: no mistake in this game
    assert {**json.loads(printed), "time_cap_ms": MAX_TIME_MS} == body


def test_a_finished_game_has_its_result(server_url: str) -> None:
    body = get(server_url, REVIEW, pos="4455667").body
    assert body["result"] == 1
    assert body["review"][-1]["grade"] == "best"  # the winning stone
    assert body["players"][0]["accuracy"] is not None


def test_other_boards_get_a_share_of_the_time_and_say_what_graded_each_move(
    server_url: str,
) -> None:
    moves = "3344552"
    exact = review_game(moves, width=5, height=5, solver=Solver(tt_mb=4, book=False))
    for time_ms in (0, 500):
        body = get(server_url, REVIEW, pos=moves, size="5x5", time_ms=time_ms).body
        assert body["size"] == "5x5"
        assert body["time_cap_ms"] == time_ms
        for move, proven in zip(body["review"], exact.moves, strict=True):
            assert move["graded_by"] in ("proof", "estimate", None)
            assert (move["graded_by"] is None) == (move["grade"] == "unproven")
            if move["graded_by"] == "proof":  # a proof never errs; an estimate may
                assert move["grade"] == proven.grade
        counts = body["graded_by"]
        assert sum(counts.values()) == len(moves)
        assert counts["proof"] == sum(m["graded_by"] == "proof" for m in body["review"])
        # no time: nothing searched (5x5 has no book); else the winning stone is proven best
        assert body["review"][-1]["grade"] == ("unproven" if time_ms == 0 else "best")


def test_a_shape_with_a_shipped_book_is_proven_from_it_even_without_time(server_url: str) -> None:
    body = get(server_url, REVIEW, pos="334455", size="6x6", time_ms=0).body
    assert body["size"] == "6x6"
    exact = review_game("334455", width=6, height=6, solver=Solver(tt_mb=4, book=False))
    assert [move["grade"] for move in body["review"]] == [m.grade for m in exact.moves]


def test_no_time_on_a_large_board_grades_unproven_with_bounds(server_url: str) -> None:
    body = get(server_url, REVIEW, pos="4455", size="9x8", time_ms=0).body
    first = body["review"][0]
    assert (first["grade"], first["mark"], first["credit"]) == ("unproven", "~", None)
    assert (first["graded_by"], first["estimate"]) == (None, None)  # no time for estimates
    assert first["before"]["kind"] == "bounds"
    assert body["players"][0]["accuracy"] is None


def test_the_time_cap_cannot_be_raised(server_url: str) -> None:
    body = get(server_url, REVIEW, pos="4455", time_ms=10**9).body
    assert body["time_cap_ms"] == MAX_TIME_MS


@pytest.mark.parametrize(
    ("params", "status", "words"),
    [
        ({}, 422, ["pos is required"]),
        ({"pos": ""}, 400, ["no moves", "4455"]),
        ({"pos": "-"}, 400, ["no moves"]),
        ({"pos": "4458"}, 400, ["column 8", "1-7"]),
        ({"pos": "44556677"}, 400, []),  # a move after the game ended
        ({"pos": "4455", "size": "7by6"}, 400, ["size"]),
        ({"pos": "4455", "connect": "four"}, 422, ["connect"]),
        ({"pos": "4455", "time_ms": "-1"}, 422, ["time_ms"]),
        ({"pos": "4455", "time_ms": "nan"}, 422, ["time_ms"]),
        ({"pos": "4" * 5000}, 422, ["pos"]),
    ],
)
def test_review_errors(
    server_url: str, params: dict[str, str], status: int, words: list[str]
) -> None:
    assert_error(get(server_url, REVIEW, **params), status, *words)


def test_review_takes_get_only(server_url: str) -> None:
    assert_error(post(server_url, REVIEW, {"pos": "4455"}), 405, REVIEW, "GET")


def test_the_schema_lists_the_review(server_url: str) -> None:
    schema = get(server_url, "/openapi.json").body
    parameters = schema["paths"][REVIEW]["get"]["parameters"]
    assert {p["name"] for p in parameters} == {"pos", "size", "connect", "time_ms"}


def _long_20x20_game() -> str:
    """380 random moves on 20x20 (connect 5), none of which wins."""
    rng = random.Random(3)
    board = Board(20, 20, 5)
    while board.ply < 380:
        wins = board.winning_moves()
        safe = [c for c in board.legal_moves if c not in wins]
        board = board if safe else Board(20, 20, 5)
        if safe:
            board.push(rng.choice(safe))
    return board.to_moves()


def test_the_cap_covers_the_whole_review_of_a_long_game(server_url: str) -> None:
    # With no time, no position is searched (a 20x20 board has no book): every move unproven.
    moves = _long_20x20_game()
    body = get(server_url, REVIEW, pos=moves, size="20x20", connect=5, time_ms=0).body
    assert body["graded_by"] == {"proof": 0, "estimate": 0, "ungraded": 380}
    assert {move["grade"] for move in body["review"]} == {"unproven"}
    # 380 moves explained twice (some 17 ms each on 20x20) cannot fit the server's cap: the
    # coaching stops within it, and the moves it did not reach say so
    coached = body["coached"]
    assert coached < 380
    for move in body["review"][coached:]:
        uncoached = (move["explanation"], move["best_explanation"], move["best_line"])
        assert uncoached == (None, None, [])
    assert all(move["explanation"] is not None for move in body["review"][:coached])


def test_the_review_carries_its_mistakes_and_the_verdict_on_every_column(
    server_url: str,
) -> None:
    from fourinarow.service.coach import exercises
    from fourinarow.service.records import exercise_record

    body = get(server_url, REVIEW, pos="4455").body
    expected = exercises(review_game("4455"))
    assert [e["number"] for e in body["exercises"]] == [e.number for e in expected] == [3, 4]
    for given, exercise in zip(body["exercises"], expected, strict=True):
        assert given == exercise_record(exercise)
        assert sorted(given["answers"], key=int) == [str(c + 1) for c in exercise.board.legal_moves]
    third = body["exercises"][0]
    assert third["answers"]["4"]["right"] is True
    assert third["answers"]["5"]["sentence"].startswith("Not that: column 5 (the move played)")
    assert [point["ply"] for point in body["course"]] == [0, 1, 2, 3, 4]
    assert body["review"][2]["best_line"][0] == 4


def test_the_exercises_are_made_within_the_servers_cap() -> None:
    # A cap of 1 ms: the book grades 4455 at once, but its exercises (each column of each
    # mistake explained, some milliseconds) cannot be made within it, so none are sent.
    from tests.web.running import running_server

    with running_server("--max-time-ms", "1") as server:
        body = get(server.url, REVIEW, pos="4455").body
        assert [move["grade"] for move in body["review"]][2:] == ["blunder", "blunder"]
        assert body["exercises"] == []
        server.stop()
