"""``/api/v1/kaggle``: Kaggle ConnectX's URL agent, the column to play."""

from __future__ import annotations

from functools import partial

from fastapi import APIRouter, Request

from fourinarow.search.solver import Solver
from fourinarow.web.dependencies import DiagramsDep, PlayersDep, PoolDep, SettingsDep
from fourinarow.web.error_answers import error_answers
from fourinarow.web.kaggle import KaggleRequest, kaggle_board, kaggle_time_ms
from fourinarow.web.routes.inputs import DeadlineDep, json_body, json_body_schema, search_inputs
from fourinarow.web.searches import is_heavy

__all__ = ["router"]

router = APIRouter()


@router.post(
    "/api/v1/kaggle",
    summary="Kaggle ConnectX URL agent: the column to play, 0-based",
    openapi_extra=json_body_schema(KaggleRequest),
    responses=error_answers(400, 413, 422, 503),
)
async def kaggle(
    request: Request,
    settings: SettingsDep,
    pool: PoolDep,
    players: PlayersDep,
    diagrams: DiagramsDep,
    deadline: DeadlineDep,
) -> dict[str, object]:
    """Answers kaggle-environments' UrlAgent: ``{"action": column}``."""
    body = KaggleRequest.model_validate(await json_body(request))
    observation, configuration = body.parts()
    reading = partial(kaggle_board, observation, configuration)
    time_ms = kaggle_time_ms(configuration, settings.max_time_ms)
    given = await search_inputs(reading, time_ms, settings, diagrams, deadline)
    board = given.board

    def work(solver: Solver) -> int:
        player = players.build(settings.kaggle_agent, None, solver)
        return player.choose(board, given.limit).column

    return {"action": await pool.run(work, settings.max_time, heavy=is_heavy(board))}
