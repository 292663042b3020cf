"""What the routes read from a request: a position's query parameters, a JSON body, the time.

A position given as moves is read on the event loop (at most a few milliseconds, even for 400
moves); a diagram in a worker thread that is not a search slot: ordering the stones of a large
diagram may take up to a second of pure Python.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Query, Request
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException

from fourinarow.core import Board
from fourinarow.core.json_text import JSONTextError, read_json
from fourinarow.web.positions import read_board
from fourinarow.web.settings import Settings

__all__ = [
    "DEFAULT_AGENT",
    "MAX_SEED",
    "MAX_TEXT",
    "Position",
    "PositionQuery",
    "cap_ms",
    "json_body",
    "json_body_schema",
    "position_query",
]

MAX_SEED = 2**63 - 1
MAX_TEXT = 4000
"""The longest position or diagram text read from a query or body field."""

DEFAULT_AGENT = "perfect"


class PositionQuery(BaseModel):
    """The query parameters that give a position."""

    pos: str | None = None
    grid: str | None = None
    size: str | None = None
    connect: int = 4

    def board(self) -> Board:
        """The board they describe (FourInARowError when it is not valid)."""
        return read_board(self.pos, self.grid, self.size, self.connect)

    async def read(self) -> Board:
        """:meth:`board`, read on the event loop when given as moves (a few milliseconds at
        most), in a worker thread that is not a search slot when given as a diagram."""
        if self.grid is None:
            return self.board()
        return await run_in_threadpool(self.board)


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
