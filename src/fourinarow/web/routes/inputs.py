"""What the routes read from a request: a position's query parameters, a JSON body, the time;
a searching route reads its board, time cap and limit in one call (:func:`search_inputs`).

A position given as moves is read on the event loop (at most a few milliseconds, even for 400
moves); a diagram by the :class:`~fourinarow.web.diagrams.DiagramReader`, in its own worker
thread and by the request's :class:`Deadline`: ordering the stones of a large diagram may take
a second or more of pure Python.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Query, Request
from pydantic import BaseModel
from starlette.exceptions import HTTPException

from fourinarow.core import Board
from fourinarow.core.json_text import JSONTextError, read_json
from fourinarow.search.limit import Limit
from fourinarow.web.dependencies import SettingsDep
from fourinarow.web.diagrams import DiagramReader, Reading
from fourinarow.web.positions import playable, read_board
from fourinarow.web.server_settings import Settings

__all__ = [
    "DEFAULT_AGENT",
    "MAX_SEED",
    "MAX_TEXT",
    "Deadline",
    "DeadlineDep",
    "Position",
    "PositionQuery",
    "SearchInputs",
    "cap_ms",
    "json_body",
    "json_body_schema",
    "position_query",
    "request_deadline",
    "search_inputs",
]

MAX_SEED = 2**63 - 1
MAX_TEXT = 4000
"""The longest position or diagram text read from a query or body field."""

DEFAULT_AGENT = "perfect"


@dataclass(frozen=True)
class Deadline:
    """When a request must be done: the server's time cap from its arrival, which covers
    reading its position and its search together.

    Attributes:
        at: the :func:`time.monotonic` time by which it must be answered.
        cap_ms: the server's time cap, in milliseconds.
    """

    at: float
    cap_ms: float

    def left(self) -> float:
        """The seconds left, 0 once it has passed."""
        return max(0.0, self.at - time.monotonic())

    def search_seconds(self, cap: float, *, diagram: bool) -> float:
        """A search's time: ``cap`` milliseconds (what the client asked, capped); after a
        diagram was read, at most what is left (reading a position given as moves takes a few
        milliseconds at most, and is not counted).

        >>> Deadline(at=time.monotonic() + 60, cap_ms=60_000).search_seconds(500, diagram=True)
        0.5
        """
        seconds = cap / 1000
        return min(seconds, self.left()) if diagram else seconds


async def request_deadline(settings: SettingsDep) -> Deadline:
    """The request's :class:`Deadline`, from now (a dependency: FastAPI makes it as it routes
    the request, before the route reads its body or position)."""
    return Deadline(time.monotonic() + settings.max_time, settings.max_time_ms)


DeadlineDep = Annotated[Deadline, Depends(request_deadline)]


class PositionQuery(BaseModel):
    """The query parameters that give a position."""

    pos: str | None = None
    grid: str | None = None
    size: str | None = None
    connect: int = 4

    def board(self, within: float | None = None) -> Board:
        """The board they describe, a diagram's order of play searched for at most ``within``
        seconds (FourInARowError when it is not valid)."""
        return read_board(self.pos, self.grid, self.size, self.connect, within=within)

    async def read(self, diagrams: DiagramReader, deadline: Deadline) -> Board:
        """:meth:`board`, read on the event loop when given as moves (a few milliseconds at
        most), by ``diagrams`` by the deadline when given as a diagram."""
        if self.grid is None:
            return self.board()
        return await diagrams.read(self.board, deadline.at, deadline.cap_ms)


async def position_query(
    pos: Annotated[
        str | None, Query(max_length=MAX_TEXT, description="moves, 1-based; '' or - empty")
    ] = None,
    grid: Annotated[
        str | None, Query(max_length=MAX_TEXT, description="a diagram: rows top first, by /")
    ] = None,
    size: Annotated[str | None, Query(max_length=40, description="WxH (default 7x6)")] = None,
    connect: Annotated[int, Query(description="the line length that wins")] = 4,
) -> PositionQuery:
    """The position parameters of a GET request (async: FastAPI runs a plain function in a
    thread of its own, which costs more than this takes)."""
    return PositionQuery(pos=pos, grid=grid, size=size, connect=connect)


Position = Annotated[PositionQuery, Depends(position_query)]


def cap_ms(settings: Settings, time_ms: float | None) -> float:
    """The time a search may take: what was asked, at most the server's cap."""
    return float(settings.max_time_ms if time_ms is None else min(time_ms, settings.max_time_ms))


@dataclass(frozen=True)
class SearchInputs:
    """What a searching route reads from its request, checked once, here: the library's
    entry point the route then calls checks them once more, its inner calls never.

    Attributes:
        board: the position (a game that goes on, unless the route reviews whole games).
        cap_ms: the time the client asked for, at most the server's cap (``time_cap_ms``).
        limit: the search's limit: ``cap_ms``, less the time reading a diagram took.
    """

    board: Board
    cap_ms: float
    limit: Limit

    @property
    def seconds(self) -> float:
        """The search's time, in seconds."""
        assert self.limit.time is not None
        return self.limit.time


async def search_inputs(
    given: PositionQuery | Reading,
    time_ms: float | None,
    settings: Settings,
    diagrams: DiagramReader,
    deadline: Deadline,
    *,
    finished: bool = False,
    from_arrival: bool = False,
) -> SearchInputs:
    """A searching route's inputs, read in one call: the board (``given`` as query
    parameters, or a :data:`~fourinarow.web.diagrams.Reading` of another shape of request,
    read as a diagram by the deadline), the time capped by the server's, and the limit.

    Args:
        finished: a finished game is accepted (a review); else it is refused.
        from_arrival: the search's time counts from the request's arrival however the
            position was given (a review: the cap covers reading the moves too).

    Raises:
        FourInARowError: the position is not valid, or the game is over (unless
            ``finished``).
        ServerBusyError: a diagram could not be read in time (see :class:`DiagramReader`).
    """
    cap = cap_ms(settings, time_ms)
    if isinstance(given, PositionQuery):
        board = await given.read(diagrams, deadline)
        diagram = given.grid is not None
    else:
        board = await diagrams.read(given, deadline.at, deadline.cap_ms)
        diagram = True
    if not finished:
        board = playable(board)
    seconds = deadline.search_seconds(cap, diagram=diagram or from_arrival)
    return SearchInputs(board, cap, Limit(time=seconds))


def json_body_schema(model: type[BaseModel]) -> dict[str, object]:
    """The ``openapi_extra`` of a route that reads its body with :func:`json_body`: a required
    JSON body of ``model``'s shape, which the route checks itself."""
    return {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": model.model_json_schema()}},
        }
    }


async def json_body(request: Request) -> object:
    """The request body read as JSON.

    Raises:
        HTTPException: 422 when it is not JSON (or nests too deep to read).
    """
    raw = await request.body()
    try:
        return read_json(raw)
    except JSONTextError as error:
        raise HTTPException(422, f"the body is not JSON ({error}): send a JSON object") from None
