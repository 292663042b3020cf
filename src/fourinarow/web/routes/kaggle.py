"""``/api/v1/kaggle``: Kaggle ConnectX's URL agent, the column to play."""

from __future__ import annotations

from fastapi import APIRouter, Request

from fourinarow.agents import Limit
from fourinarow.search.solver import Solver
from fourinarow.web.dependencies import PlayersDep, PoolDep, SettingsDep
from fourinarow.web.errors import error_answers
from fourinarow.web.kaggle import KaggleRequest, kaggle_board, kaggle_time_ms
from fourinarow.web.positions import playable
from fourinarow.web.routes.inputs import json_body, json_body_schema

__all__ = ["router"]

router = APIRouter()


@router.post(
    "/api/v1/kaggle",
    summary="Kaggle ConnectX URL agent: the column to play, 0-based",
    openapi_extra=json_body_schema(KaggleRequest),
    responses=error_answers(400, 413, 422, 503),
)
async def kaggle(
    request: Request, settings: SettingsDep, pool: PoolDep, players: PlayersDep
) -> dict[str, object]:
    """Answers kaggle-environments' UrlAgent: ``{"action": column}``."""
    body = KaggleRequest.model_validate(await json_body(request))
    observation, configuration = body.parts()
    cap = kaggle_time_ms(configuration, settings.max_time_ms)

    def work(solver: Solver) -> int:
        board = playable(kaggle_board(observation, configuration))
        player = players.build(settings.kaggle_agent, None, solver)
        return player.choose(board, Limit(time=cap / 1000)).column

    return {"action": await pool.run(work, settings.max_time)}
