"""``fourinarow serve``: the web app and its HTTP API on this machine (extra ``web``)."""

from __future__ import annotations

import argparse
import contextlib
import os
from typing import Any

from fourinarow.agents import AGENTS, make_agent
from fourinarow.cli.options import (
    decimal_option,
    path_value,
    positive_number,
    table_megabytes,
    whole_option,
)
from fourinarow.core.paths import check_regular_file
from fourinarow.extras import require_extra

__all__ = ["MAX_SEARCHES", "add_parser", "run"]

MAX_SEARCHES = 256
"""The most searches at once (``--searches``); the web package's own bound is the same."""

port_number = whole_option(0, 65535)
"""``--port``: 0 picks a free port."""

search_count = whole_option(1, MAX_SEARCHES)
"""``--searches``: searches at once."""

MAX_ANSWERS = 10_000_000
"""The most proven /solve positions kept (``--keep-answers``); the web package's bound is the
same."""

answer_count = whole_option(0, MAX_ANSWERS)
"""``--keep-answers``: proven /solve positions kept."""

MAX_ANSWERS_MB = 1024 * 1024
"""The most megabytes of kept /solve values (``--answers-mb``); the web package's bound is the
same."""

answer_megabytes = decimal_option(0, MAX_ANSWERS_MB)
"""``--answers-mb``: megabytes of kept /solve values."""

MAX_KEEP_GAMES = 1_000_000
"""The most games played on the page a server keeps (``--keep-games``); the web package's
bound is the same."""

game_count = whole_option(0, MAX_KEEP_GAMES)
"""``--keep-games``: games played on the page kept."""

MAX_REQUEST_TIMEOUT = 3600
"""The longest ``--header-timeout`` and ``--body-timeout``, in seconds."""

request_timeout = decimal_option(0, MAX_REQUEST_TIMEOUT, above_low=True)
"""``--header-timeout``, ``--body-timeout``: seconds above 0."""


def _cores() -> int:
    return max(1, min(MAX_SEARCHES, os.cpu_count() or 1))


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Register the ``serve`` subcommand."""
    serve = commands.add_parser(
        "serve",
        help="the web app and HTTP API (needs pip install 'fourinarow[web]')",
        description=(
            "Serve the web app (play and analyse in the browser) and its HTTP API: GET /solve "
            "(Pons-compatible), GET /api/v1/position, GET /api/v1/analyze, POST /api/v1/move, "
            "GET /api/v1/review, GET and POST /api/v1/games, GET /api/v1/agents, POST "
            "/api/v1/kaggle (a Kaggle ConnectX URL agent); the page /api on the server "
            "describes them. Prints the URL once listening; Ctrl-C stops it."
        ),
    )
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default: 127.0.0.1, this machine only)",
    )
    serve.add_argument(
        "--port",
        type=port_number,
        default=8000,
        help="the port, 0-65535; 0 picks a free one and prints it (default: 8000)",
    )
    serve.add_argument(
        "--open", action="store_true", help="open the app in the web browser once listening"
    )
    serve.add_argument(
        "--max-time-ms",
        type=positive_number,
        default=3000,
        metavar="T",
        help="every search's time cap in milliseconds, above 0 and at most a day; a request "
        "may ask for less, never more (default: 3000)",
    )
    serve.add_argument(
        "--searches",
        type=search_count,
        default=None,
        metavar="N",
        help=f"searches at once, 1-{MAX_SEARCHES}; more requests wait (default: the number of "
        "cores)",
    )
    serve.add_argument(
        "--tt-mb",
        type=table_megabytes,
        default=64,
        metavar="MB",
        help="each search's transposition table in megabytes, and the largest tt_mb= a "
        "request's agent spec may ask for (default: 64)",
    )
    serve.add_argument(
        "--keep-answers",
        type=answer_count,
        default=100_000,
        metavar="N",
        help=f"how many proven /solve positions to keep and answer again without a search, 0-"
        f"{MAX_ANSWERS} (0: none; default: 100000), within --answers-mb",
    )
    serve.add_argument(
        "--answers-mb",
        type=answer_megabytes,
        default=64,
        metavar="MB",
        help="the most memory those kept answers take, in megabytes, 0 (none) up to "
        f"{MAX_ANSWERS_MB}; the least recently asked go first (default: 64)",
    )
    serve.add_argument(
        "--games-db",
        type=path_value,
        default=None,
        metavar="FILE",
        help="the games file where games finished on the page are saved (default: games.sqlite3 "
        "in your data folder, with the games of the terminal and the desktop game)",
    )
    serve.add_argument(
        "--puzzle-db",
        type=path_value,
        default=None,
        metavar="FILE",
        help="the puzzle history where the mistakes missed in the page's Learn from your "
        "mistakes are recorded (default: puzzles.sqlite3 in your data folder, with the "
        "terminal's; fourinarow puzzle --stats counts them)",
    )
    serve.add_argument(
        "--keep-games",
        type=game_count,
        default=1000,
        metavar="N",
        help=f"how many games finished on the page to keep, the newest, 0-{MAX_KEEP_GAMES}; the "
        "oldest go as new ones come; 0 saves none, nor any exercise missed (default: 1000)",
    )
    serve.add_argument(
        "--header-timeout",
        type=request_timeout,
        default=10,
        metavar="S",
        help="seconds a client has to send a request's headers; then it gets 408 and the "
        f"connection is closed (above 0, at most {MAX_REQUEST_TIMEOUT}; default: 10)",
    )
    serve.add_argument(
        "--body-timeout",
        type=request_timeout,
        default=10,
        metavar="S",
        help="seconds a client has to send a request's body once its headers are in; then "
        f"it gets 408 and the connection is closed (above 0, at most {MAX_REQUEST_TIMEOUT}; "
        "default: 10)",
    )
    serve.add_argument(
        "--allow-origin",
        action="append",
        default=None,
        metavar="ORIGIN",
        help="a site whose web pages may read the answers from a browser (Access-Control-"
        "Allow-Origin), as scheme://host[:port] (https://games.example); repeat it for more; "
        "'none' for no other site's pages (default: *, any page)",
    )
    serve.add_argument(
        "--kaggle-agent",
        default="perfect",
        metavar="SPEC",
        help=f"who plays for POST /api/v1/kaggle: {', '.join(AGENTS)} (default: perfect)",
    )


def _origins(given: list[str] | None) -> tuple[str, ...]:
    """``--allow-origin``'s origins: ``*`` when left out, none for ``none`` (after
    :func:`require_extra`: it imports the web package).

    Raises:
        InvalidWebSettingError: an origin the server cannot take, said for the option.
    """
    from fourinarow.web.server_settings import InvalidWebSettingError, check_origins

    if given is None:
        return ("*",)
    if given == ["none"]:
        return ()
    try:
        if "none" in given:
            raise InvalidWebSettingError("none stands alone: no other site's pages")
        check_origins(tuple(given))
    except InvalidWebSettingError as error:
        raise InvalidWebSettingError(f"--allow-origin: {error}") from None
    return tuple(given)


def run(args: argparse.Namespace) -> int:
    """Serve until Ctrl-C or SIGTERM; return 0."""
    require_extra("fastapi", "web", "the web app needs FastAPI")
    require_extra("uvicorn", "web", "the web app needs uvicorn")
    require_extra("httptools", "web", "the web app needs httptools (its header timeouts)")
    make_agent(args.kaggle_agent)  # refuse a bad spec before anything starts
    if args.games_db is not None:  # the store opens it at the first game: refuse it now
        check_regular_file(args.games_db, "the games file")
    if args.puzzle_db is not None:
        check_regular_file(args.puzzle_db, "the puzzle history")
    from fourinarow.web import Settings, serve

    settings = Settings(
        max_time_ms=args.max_time_ms,
        searches=args.searches if args.searches is not None else _cores(),
        tt_mb=args.tt_mb,
        kaggle_agent=args.kaggle_agent,
        keep_answers=args.keep_answers,
        answers_mb=args.answers_mb,
        header_timeout=args.header_timeout,
        body_timeout=args.body_timeout,
        allowed_origins=_origins(args.allow_origin),
        games_file=args.games_db,
        keep_games=args.keep_games,
        puzzle_file=args.puzzle_db,
    )
    with contextlib.suppress(KeyboardInterrupt):  # a second Ctrl-C during the shutdown
        serve(settings, args.host, args.port, open_browser=args.open)
    return 0
