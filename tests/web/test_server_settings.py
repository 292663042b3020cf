"""The server's settings (web/server_settings.py)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from fourinarow.agents import InvalidAgentSpecError
from fourinarow.web.server_settings import (
    MAX_ANSWERS,
    MAX_ANSWERS_MB,
    MAX_KEEP_GAMES,
    MAX_ORIGINS,
    MAX_REQUEST_TIMEOUT,
    MAX_SEARCHES,
    InvalidWebSettingError,
    Settings,
    default_searches,
)


def test_the_defaults() -> None:
    settings = Settings()
    assert settings.max_time_ms == 3000
    assert settings.max_time == 3.0
    assert settings.searches == default_searches() >= 1
    assert settings.kaggle_agent == "perfect"
    assert (settings.static_dir / "index.html").is_file()
    assert settings.max_body_bytes == 65536
    assert settings.allowed_origins == ("*",)
    assert (settings.games_file, settings.keep_games) == (None, 1000)
    origins = ("https://games.example", "http://localhost:8080", "http://[::1]:8000")
    assert Settings(allowed_origins=origins).allowed_origins == origins
    assert Settings(allowed_origins=()).allowed_origins == ()


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"max_time_ms": 0}, "above 0"),
        ({"max_time_ms": -1}, "above 0"),
        ({"max_time_ms": math.inf}, "above 0"),
        ({"max_time_ms": math.nan}, "above 0"),
        ({"max_time_ms": "3000"}, "above 0"),
        ({"max_time_ms": True}, "above 0"),
        ({"max_time_ms": 10**12}, "a day"),
        ({"searches": 0}, f"1 to {MAX_SEARCHES}"),
        ({"searches": 2.0}, f"1 to {MAX_SEARCHES}"),
        ({"tt_mb": 0}, "megabytes"),
        ({"tt_mb": 2.0**60}, "megabytes"),
        ({"max_body_bytes": 0}, "bytes"),
        ({"keep_answers": -1}, f"0 to {MAX_ANSWERS}"),
        ({"keep_answers": MAX_ANSWERS + 1}, f"0 to {MAX_ANSWERS}"),
        ({"keep_answers": True}, f"0 to {MAX_ANSWERS}"),
        ({"keep_games": -1}, f"keep_games is a whole number from 0 to {MAX_KEEP_GAMES}"),
        ({"keep_games": MAX_KEEP_GAMES + 1}, f"0 to {MAX_KEEP_GAMES}"),
        ({"keep_games": 5.0}, "keep_games"),
        ({"keep_games": True}, "keep_games"),
        ({"answers_mb": -1}, "answers_mb is a number of megabytes from 0"),
        ({"answers_mb": math.nan}, "answers_mb"),
        ({"answers_mb": 2.0**30}, "answers_mb"),
        ({"header_timeout": 0}, "header_timeout is a number of seconds above 0"),
        ({"header_timeout": math.inf}, "header_timeout"),
        ({"body_timeout": -1}, "body_timeout is a number of seconds above 0"),
        ({"body_timeout": 10**400}, "at most 3600"),
        ({"body_timeout": "10"}, "body_timeout"),
        ({"allowed_origins": "https://a.example"}, "a tuple of origins"),
        ({"allowed_origins": ("https://a.example/game",)}, "is not an origin"),
        ({"allowed_origins": ("ftp://a.example",)}, "is not an origin"),
        ({"allowed_origins": ("*", "https://a.example")}, "not both"),
        ({"allowed_origins": ("https://a.example",) * (MAX_ORIGINS + 1)}, f"at most {MAX_ORIGINS}"),
    ],
)
def test_settings_out_of_range_are_refused(changes: dict[str, Any], words: str) -> None:
    with pytest.raises(InvalidWebSettingError, match=words):
        Settings(**changes)


def test_a_bad_kaggle_agent_is_refused() -> None:
    with pytest.raises(InvalidAgentSpecError, match="bogus"):
        Settings(kaggle_agent="bogus")


def test_serve_has_the_same_bounds_and_defaults_as_the_settings() -> None:
    import argparse

    from fourinarow.cli import serve

    assert serve.MAX_SEARCHES == MAX_SEARCHES
    assert serve.MAX_ANSWERS == MAX_ANSWERS
    parser = argparse.ArgumentParser()
    serve.add_parser(parser.add_subparsers())
    args = parser.parse_args(["serve"])
    assert args.keep_answers == Settings().keep_answers
    assert serve.MAX_ANSWERS_MB == MAX_ANSWERS_MB
    assert args.answers_mb == Settings().answers_mb
    assert args.max_time_ms == Settings().max_time_ms
    assert args.tt_mb == Settings().tt_mb
    assert serve.MAX_REQUEST_TIMEOUT == MAX_REQUEST_TIMEOUT
    assert args.header_timeout == Settings().header_timeout
    assert args.body_timeout == Settings().body_timeout
