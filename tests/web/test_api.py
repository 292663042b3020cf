"""The HTTP API against a real server (see conftest.py)."""

from __future__ import annotations

from tests.web.running import request


def test_the_front_page_is_served(server_url: str) -> None:
    reply = request(f"{server_url}/")
    assert reply.status == 200
    assert b"<html" in reply.raw.lower() or b"<!doctype html" in reply.raw.lower()


def test_position_gives_the_state_of_a_game(server_url: str) -> None:
    reply = request(f"{server_url}/api/v1/position?pos=4453")
    assert reply.status == 200
    assert reply.body["position"] == "4453"
    assert reply.body["moves"] == [4, 4, 5, 3]
    assert reply.body["turn"] == 1
    assert reply.body["grid"][-1] == [0, 0, 2, 1, 1, 0, 0]
    assert reply.body["grid"][-2] == [0, 0, 0, 2, 0, 0, 0]
    assert reply.body["legal"] == [1, 2, 3, 4, 5, 6, 7]
    assert (reply.body["over"], reply.body["winner"], reply.body["draw"]) == (False, None, False)
