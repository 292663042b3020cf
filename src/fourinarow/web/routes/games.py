"""``/api/v1/games``: the games finished on the web page, saved by the server, listed and
opened again (:mod:`fourinarow.web.saved_games`); ``/api/v1/exercises/missed``: the mistakes
of a reviewed game that the page's player missed, recorded in the puzzle history."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, model_validator
from starlette.exceptions import HTTPException

from fourinarow.core import InvalidMoveError
from fourinarow.service.coach import MISTAKES_SET
from fourinarow.service.games import MAX_NAME, UnknownGameError, player_names
from fourinarow.web.dependencies import SavedGamesDep
from fourinarow.web.error_answers import error_answers
from fourinarow.web.positions import read_board
from fourinarow.web.routes.inputs import MAX_TEXT, json_body, json_body_schema
from fourinarow.web.saved_games import NoGamesKeptError

__all__ = ["MAX_LIST", "GameRequest", "MissedRequest", "router"]

router = APIRouter()

MAX_LIST = 200
"""The most games one ``GET /api/v1/games`` lists."""


class GameRequest(BaseModel):
    """The body of ``POST /api/v1/games``: a game played on the page. The players are named
    as every door names them (``You``, ``Computer (level 5)``; ``Red`` and ``Yellow`` for two
    people) from ``computer`` and ``agent``, unless ``first`` and ``second`` name them."""

    model_config = ConfigDict(extra="forbid", strict=True)
    moves: str = Field(min_length=1, max_length=MAX_TEXT, description="the moves, 1-based (4455)")
    size: str | None = Field(default=None, max_length=40, description="WxH, default 7x6")
    connect: int = Field(default=4, description="the line length that wins")
    computer: Literal["first", "second"] | None = Field(
        default=None, description="the side the computer played (left out: two people)"
    )
    agent: str = Field(
        default="level:5", min_length=1, max_length=200, description="the computer's agent spec"
    )
    first: str | None = Field(
        default=None, min_length=1, max_length=MAX_NAME, description="the first player's name"
    )
    second: str | None = Field(
        default=None, min_length=1, max_length=MAX_NAME, description="the second player's name"
    )

    @model_validator(mode="after")
    def _both_names_or_none(self) -> GameRequest:
        if (self.first is None) != (self.second is None):
            raise ValueError("first and second name the players together: give both or neither")
        return self

    def names(self) -> tuple[str, str]:
        """The names the game is saved under."""
        if self.first is not None and self.second is not None:
            return self.first, self.second
        agent = self.agent
        return player_names(
            agent if self.computer == "first" else None,
            agent if self.computer == "second" else None,
        )


@router.post(
    "/api/v1/games",
    summary="Save a game played on the page",
    status_code=201,
    openapi_extra=json_body_schema(GameRequest),
    responses={
        **error_answers(400, 413, 422, 503),
        403: {"description": "This server keeps no games (--keep-games 0)"},
    },
)
async def save_game(request: Request, games: SavedGamesDep) -> JSONResponse:
    """Save the game (its result from its moves: ``first``, ``second``, ``draw`` or
    ``unfinished``) as ``source`` ``web``, its players named from ``computer`` and ``agent``
    (``You`` and ``Computer (level 5)``; ``Red`` and ``Yellow`` without ``computer``) unless
    ``first`` and ``second`` name them; answer its record, 201. The server keeps its newest
    games only (``fourinarow serve --keep-games``): the oldest go as new ones come; a server
    that keeps none answers 403."""
    body = GameRequest.model_validate(await json_body(request))
    board = read_board(body.moves, None, body.size, body.connect)
    try:
        record = await games.save(board, *body.names())
    except NoGamesKeptError as error:
        raise HTTPException(403, str(error)) from None
    return JSONResponse(record, status_code=201)


@router.get(
    "/api/v1/games",
    summary="The games saved, newest first",
    responses=error_answers(503),
)
async def list_games(
    games: SavedGamesDep,
    limit: Annotated[int, Query(ge=1, le=MAX_LIST, description="how many")] = 50,
    offset: Annotated[int, Query(ge=0, le=2**31, description="how many newest to skip")] = 0,
) -> dict[str, object]:
    """``games`` (each game's record: ``number``, ``moves``, ``size``, ``width``,
    ``height``, ``connect``, ``plies``, ``first``, ``second``, ``you`` (which side is yours:
    ``first``, ``second`` or ``null``), ``result``, ``source``, ``finished``), ``count``, the
    games kept in all, and ``keep``, the most this server keeps (0: it saves none)."""
    found, count = await games.games(limit, offset)
    return {"games": found, "count": count, "keep": games.keep}


@router.get(
    "/api/v1/games/{number}",
    summary="One saved game",
    responses={**error_answers(503), 404: {"description": "No saved game has that number"}},
)
async def one_game(
    games: SavedGamesDep,
    number: Annotated[int, Path(ge=1, le=2**63 - 1, description="the game's number")],
) -> dict[str, object]:
    """The game's record, as in the list."""
    try:
        return await games.game(number)
    except UnknownGameError:  # its message names the server's file: not for the client
        raise HTTPException(404, f"no saved game has the number {number}") from None


class MissedRequest(BaseModel):
    """The body of ``POST /api/v1/exercises/missed``: an exercise of *Learn from your
    mistakes* missed on the page, named by the position before the mistake and the column
    played there."""

    model_config = ConfigDict(extra="forbid", strict=True)
    position: str = Field(
        min_length=1, max_length=MAX_TEXT, description="the moves before the mistake (- none)"
    )
    size: str | None = Field(default=None, max_length=40, description="WxH, default 7x6")
    connect: int = Field(default=4, description="the line length that wins")
    played: int = Field(ge=1, le=2**31, description="the column of the mistake, 1-based")
    shown: bool = Field(
        default=False, description="the answer was shown before any try (skipped, not failed)"
    )


@router.post(
    "/api/v1/exercises/missed",
    summary="Record an exercise missed in the puzzle history",
    status_code=201,
    openapi_extra=json_body_schema(MissedRequest),
    responses={
        **error_answers(400, 413, 422, 503),
        403: {"description": "This server keeps nothing of its games (--keep-games 0)"},
    },
)
async def missed_exercise(request: Request, games: SavedGamesDep) -> JSONResponse:
    """Record the exercise (the mistake ``played`` at ``position``) in the puzzle history as
    the terminal's ``review --retry`` does: ``failed``, or ``skipped`` with ``shown``; answer
    ``puzzle`` (its id, ``7x6:44``), ``set`` and ``result``, 201. ``fourinarow puzzle
    --stats`` counts it. A server that keeps no games (``--keep-games 0``) answers 403."""
    body = MissedRequest.model_validate(await json_body(request))
    board = read_board(body.position, None, body.size, body.connect)
    if body.played > board.width:
        raise InvalidMoveError(f"played is a column from 1 to {board.width}, not {body.played}")
    try:
        puzzle = await games.missed(board, body.played - 1, shown=body.shown)
    except NoGamesKeptError as error:
        raise HTTPException(403, str(error)) from None
    result = "skipped" if body.shown else "failed"
    return JSONResponse({"puzzle": puzzle, "set": MISTAKES_SET, "result": result}, status_code=201)
