"""The web app's settings: the server's limits, fixed when the app is built."""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from fourinarow.agents import make_agent
from fourinarow.core import FourInARowError
from fourinarow.core.checks import finite_number
from fourinarow.core.machine import memory_bytes
from fourinarow.core.numbers import number_text
from fourinarow.search.checks import MAX_TABLE_MB, TableTooLargeError, table_too_large
from fourinarow.web.answers import DEFAULT_ANSWERS, DEFAULT_ANSWERS_MB

__all__ = [
    "ANY_ORIGIN",
    "DEFAULT_KEEP_GAMES",
    "DEFAULT_MAX_TIME_MS",
    "DEFAULT_REQUEST_TIMEOUT",
    "MAX_ANSWERS",
    "MAX_ANSWERS_MB",
    "MAX_BODY_BYTES",
    "MAX_KEEP_GAMES",
    "MAX_ORIGINS",
    "MAX_REQUEST_TIMEOUT",
    "MAX_SEARCHES",
    "InvalidWebSettingError",
    "Settings",
    "check_origins",
    "default_searches",
]

DEFAULT_MAX_TIME_MS = 3000.0
"""The longest a search may take unless the server is told otherwise (``--max-time-ms``)."""

MAX_BODY_BYTES = 64 * 1024
"""The largest request body the server reads; a larger one gets 413."""

MAX_ANSWERS = 10_000_000
"""The most proven ``/solve`` positions a server may keep (``--keep-answers``)."""

MAX_ANSWERS_MB = 1024 * 1024.0
"""The most megabytes of kept ``/solve`` values a server may hold (``--answers-mb``): a
tebibyte."""

DEFAULT_KEEP_GAMES = 1000
"""How many games played on the page a server keeps, the newest (``--keep-games``)."""

MAX_KEEP_GAMES = 1_000_000
"""The most games a server may keep."""

MAX_SEARCHES = 256
"""The most searches a server runs at once (``--searches``)."""

DEFAULT_REQUEST_TIMEOUT = 10.0
"""The seconds a client has, by default, to send a request's headers, and then its body
(``--header-timeout``, ``--body-timeout``)."""

MAX_REQUEST_TIMEOUT = 3600.0
"""The longest header or body timeout, in seconds."""

ANY_ORIGIN = "*"
"""The allowed origin that lets a page of any site read the answers."""

MAX_ORIGINS = 100
"""The most origins a server may name as allowed."""

_ORIGIN = re.compile(
    r"https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?|https?://\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?"
)
"""An origin as browsers send it: a scheme, a host and perhaps a port; no path."""

STATIC_DIR = Path(__file__).resolve().parent / "static"
"""The front end shipped in the package."""


class InvalidWebSettingError(FourInARowError):
    """A web server setting out of its range (a time cap, a number of searches, a table size)."""


def default_searches() -> int:
    """How many searches run at once by default: one per core."""
    return max(1, min(MAX_SEARCHES, os.cpu_count() or 1))


@dataclass(frozen=True)
class Settings:
    """What a server allows: the app factory and the ``serve`` command share them.

    Attributes:
        max_time_ms: every search's time cap in milliseconds; a client may ask for less, never
            more (more than 0, at most a day).
        searches: searches at once (1 to ``MAX_SEARCHES``); requests beyond wait for a free
            one, or get 503 when the wait would pass the time cap.
        tt_mb: each perfect solver's transposition table in megabytes (one solver per search
            slot); also the largest ``tt_mb=`` an agent spec may ask for.
        kaggle_agent: the agent spec that plays for ``POST /api/v1/kaggle``.
        static_dir: the front end's folder (``index.html`` and its files).
        max_body_bytes: the largest request body read.
        keep_answers: how many proven ``/solve`` positions to keep and answer again without a
            search (0 to ``MAX_ANSWERS``; 0 keeps none).
        answers_mb: the most megabytes those kept values may take, by the cache's own estimate
            of each entry (0 to ``MAX_ANSWERS_MB``; 0 keeps none).
        header_timeout: the seconds a client has to send a request's line and headers, from
            its connection or its first byte after a reply; then the server answers 408 and
            closes the connection (above 0, at most ``MAX_REQUEST_TIMEOUT``).
        body_timeout: the seconds a client has to send a request's body once its headers are
            in; then the server answers 408 and closes the connection (the same range).
        allowed_origins: the origins (``scheme://host[:port]``, as a browser sends them) whose
            pages may read the answers (``Access-Control-Allow-Origin``); ``("*",)``, the
            default, any page; none, no page of another site. At most ``MAX_ORIGINS``.
        games_file: the games file where the page's finished games are saved (``None``:
            ``games.sqlite3`` in the user's data folder, with the terminal's and the desktop's).
        keep_games: how many of the page's games to keep, the newest (0 to
            ``MAX_KEEP_GAMES``): a flood of saved games cannot grow the file without bound;
            0 keeps none (the server then saves nothing and makes no file, and records no
            exercise missed either).
        puzzle_file: the puzzle history where the exercises missed on the page are recorded
            (``None``: ``puzzles.sqlite3`` in the user's data folder, with the terminal's).

    Raises:
        InvalidWebSettingError: a setting out of its range, or ``answers_mb`` more than this
            machine's memory.
        TableTooLargeError: ``searches`` tables of ``tt_mb`` are more than this machine's memory.
        InvalidAgentSpecError: ``kaggle_agent`` is not a spec ``make_agent`` takes.
    """

    max_time_ms: float = DEFAULT_MAX_TIME_MS
    searches: int = field(default_factory=default_searches)
    tt_mb: float = 64.0
    kaggle_agent: str = "perfect"
    static_dir: Path = STATIC_DIR
    max_body_bytes: int = MAX_BODY_BYTES
    keep_answers: int = DEFAULT_ANSWERS
    answers_mb: float = DEFAULT_ANSWERS_MB
    header_timeout: float = DEFAULT_REQUEST_TIMEOUT
    body_timeout: float = DEFAULT_REQUEST_TIMEOUT
    allowed_origins: tuple[str, ...] = (ANY_ORIGIN,)
    games_file: Path | None = None
    keep_games: int = DEFAULT_KEEP_GAMES
    puzzle_file: Path | None = None

    def __post_init__(self) -> None:
        time_ok = isinstance(self.max_time_ms, int | float) and not isinstance(
            self.max_time_ms, bool
        )
        if not time_ok or not (math.isfinite(self.max_time_ms) and self.max_time_ms > 0):
            raise InvalidWebSettingError(
                f"max_time_ms is a number of milliseconds above 0, not {self.max_time_ms!r}"
            )
        if self.max_time_ms > 86_400_000:
            raise InvalidWebSettingError("max_time_ms is at most 86400000 (a day)")
        if not isinstance(self.searches, int) or not 1 <= self.searches <= MAX_SEARCHES:
            raise InvalidWebSettingError(
                f"searches is a whole number from 1 to {MAX_SEARCHES}, not {self.searches!r}"
            )
        tt_ok = isinstance(self.tt_mb, int | float) and not isinstance(self.tt_mb, bool)
        if not tt_ok or not 0 < self.tt_mb <= MAX_TABLE_MB:
            raise InvalidWebSettingError(
                f"tt_mb is a number of megabytes above 0 and at most {MAX_TABLE_MB}, not "
                f"{self.tt_mb!r}"
            )
        problem = table_too_large(self.tt_mb, self.searches)
        if problem:
            raise TableTooLargeError(
                f"searches={self.searches}, tt_mb={number_text(self.tt_mb)}: {problem}"
            )
        if not isinstance(self.max_body_bytes, int) or self.max_body_bytes < 1:
            raise InvalidWebSettingError("max_body_bytes is a whole number of bytes above 0")
        keep = self.keep_answers
        if isinstance(keep, bool) or not isinstance(keep, int) or not 0 <= keep <= MAX_ANSWERS:
            raise InvalidWebSettingError(
                f"keep_answers is a whole number from 0 to {MAX_ANSWERS}, not {keep!r}"
            )
        megabytes = self.answers_mb
        if not finite_number(megabytes) or not 0 <= megabytes <= MAX_ANSWERS_MB:
            raise InvalidWebSettingError(
                f"answers_mb is a number of megabytes from 0 to {MAX_ANSWERS_MB:g}, not "
                f"{megabytes!r}"
            )
        memory = memory_bytes()
        if memory is not None and megabytes * 2**20 > memory:
            raise InvalidWebSettingError(
                f"answers_mb={number_text(megabytes)} is more than this machine's memory "
                f"({memory >> 20} MB); ask for at most {memory >> 20}"
            )
        for name in ("header_timeout", "body_timeout"):
            seconds = getattr(self, name)
            if not finite_number(seconds) or not 0 < seconds <= MAX_REQUEST_TIMEOUT:
                raise InvalidWebSettingError(
                    f"{name} is a number of seconds above 0 and at most "
                    f"{MAX_REQUEST_TIMEOUT:g}, not {seconds!r}"
                )
        check_origins(self.allowed_origins)
        games = self.keep_games
        if isinstance(games, bool) or not isinstance(games, int):
            games = -1
        if not 0 <= games <= MAX_KEEP_GAMES:
            raise InvalidWebSettingError(
                f"keep_games is a whole number from 0 to {MAX_KEEP_GAMES}, not {self.keep_games!r}"
            )
        make_agent(self.kaggle_agent)  # refuses a spec it cannot build

    @property
    def max_time(self) -> float:
        """The time cap in seconds."""
        return self.max_time_ms / 1000


def check_origins(origins: object) -> None:
    """Refuse a setting of allowed origins that is not a tuple of origins (or ``*`` alone).

    >>> check_origins(("https://games.example", "http://localhost:8080"))
    >>> check_origins(("https://games.example/",))
    Traceback (most recent call last):
        ...
    fourinarow.web.server_settings.InvalidWebSettingError: \
'https://games.example/' is not an origin: \
an origin is a scheme, a host and perhaps a port, as a browser sends it \
(https://games.example, http://localhost:8080), without a path or a slash at the end; * allows any

    Raises:
        InvalidWebSettingError: the setting, with the first origin refused and what is taken.
    """
    if not isinstance(origins, tuple) or not all(isinstance(o, str) for o in origins):
        raise InvalidWebSettingError(
            "allowed_origins is a tuple of origins such as https://a.example"
        )
    if len(origins) > MAX_ORIGINS:
        raise InvalidWebSettingError(
            f"allowed_origins holds at most {MAX_ORIGINS} origins, not {len(origins)}"
        )
    if ANY_ORIGIN in origins and len(origins) > 1:
        raise InvalidWebSettingError(
            "allowed origins are * (any page) or a list of origins, not both"
        )
    for origin in origins:
        if origin != ANY_ORIGIN and not _ORIGIN.fullmatch(origin):
            shown = origin if len(origin) <= 60 else origin[:57] + "..."
            raise InvalidWebSettingError(
                f"{shown!r} is not an origin: an origin is a scheme, a host and perhaps a port, "
                "as a browser sends it (https://games.example, http://localhost:8080), without "
                "a path or a slash at the end; * allows any"
            )
