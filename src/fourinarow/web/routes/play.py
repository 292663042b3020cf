"""``/api/v1/move`` and ``/api/v1/agents``: the move an agent chooses, and the agents there are."""

from __future__ import annotations

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from fourinarow.agents import AGENTS
from fourinarow.agents.levels import LEVELS
from fourinarow.search.solver import Solver
from fourinarow.service.records import decision_record
from fourinarow.web.dependencies import DiagramsDep, PlayersDep, PoolDep, SettingsDep
from fourinarow.web.error_answers import error_answers
from fourinarow.web.routes.inputs import (
    DEFAULT_AGENT,
    MAX_SEED,
    MAX_TEXT,
    DeadlineDep,
    PositionQuery,
    json_body,
    json_body_schema,
    search_inputs,
)
from fourinarow.web.searches import is_heavy

__all__ = ["MoveRequest", "router"]

router = APIRouter()


class MoveRequest(BaseModel):
    """The body of ``POST /api/v1/move``: JSON types as they are (``"4"`` is not a number,
    nor ``true``)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    pos: str | None = Field(default=None, max_length=MAX_TEXT, description="moves, 1-based (4453)")
    grid: str | None = Field(default=None, max_length=MAX_TEXT, description="a diagram, rows by /")
    size: str | None = Field(default=None, max_length=40, description="WxH, default 7x6")
    connect: int = Field(default=4, description="the line length that wins")
    agent: str = Field(default=DEFAULT_AGENT, max_length=200, description="an agent spec")
    time_ms: float | None = Field(
        None, ge=0, allow_inf_nan=False, description="time budget, capped by the server"
    )
    seed: int | None = Field(
        default=None, ge=0, le=MAX_SEED, description="seeds the agent's choices"
    )


@router.post(
    "/api/v1/move",
    summary="The move an agent chooses, as `fourinarow move --json`",
    openapi_extra=json_body_schema(MoveRequest),
    responses=error_answers(400, 413, 422, 503),
)
async def move(
    request: Request,
    settings: SettingsDep,
    pool: PoolDep,
    players: PlayersDep,
    diagrams: DiagramsDep,
    deadline: DeadlineDep,
) -> dict[str, object]:
    """The decision record plus ``position`` (the moves before the move) and
    ``time_cap_ms``. The body is JSON, whatever its Content-Type says."""
    body = MoveRequest.model_validate(await json_body(request))
    position = PositionQuery(pos=body.pos, grid=body.grid, size=body.size, connect=body.connect)
    given = await search_inputs(position, body.time_ms, settings, diagrams, deadline)
    board = given.board

    def work(solver: Solver) -> dict[str, object]:
        player = players.build(body.agent, body.seed, solver)
        record = decision_record(player.choose(board, given.limit))
        return {**record, "position": board.to_moves(), "time_cap_ms": given.cap_ms}

    return await pool.run(work, settings.max_time, heavy=is_heavy(board))


@router.get("/api/v1/agents", summary="The agents and levels a request may name")
def agents() -> dict[str, object]:
    """Every agent with its description and options, the ten levels and the default."""
    return {
        "agents": [
            {"name": name, "description": info.description, "options": list(info.options)}
            for name, info in AGENTS.items()
        ],
        "levels": [
            {"level": number, "description": level.description} for number, level in LEVELS.items()
        ],
        "default": "level:5",
    }
