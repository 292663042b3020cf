"""``/api/v1/position`` and ``/api/v1/analyze``: a position's state, and every column's value."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from fourinarow.search.solver import Solver
from fourinarow.service.judgement import analysis
from fourinarow.service.records import analysis_record
from fourinarow.web.dependencies import DiagramsDep, PlayersDep, PoolDep, SettingsDep
from fourinarow.web.error_answers import error_answers
from fourinarow.web.positions import position_record
from fourinarow.web.routes.inputs import (
    DEFAULT_AGENT,
    MAX_SEED,
    DeadlineDep,
    Position,
    search_inputs,
)
from fourinarow.web.searches import is_heavy

__all__ = ["router"]

router = APIRouter()


@router.get(
    "/api/v1/position",
    summary="The state of a position, for the front end",
    responses=error_answers(400, 503),
)
async def position_state(
    position: Position, diagrams: DiagramsDep, deadline: DeadlineDep
) -> dict[str, object]:
    """Moves, shape, whose turn, the cells (top row first), the legal columns and the
    end of the game, if it ended."""
    return position_record(await position.read(diagrams, deadline))


@router.get(
    "/api/v1/analyze",
    summary="Every column's value, as `fourinarow analyze --json`",
    responses=error_answers(400, 503),
)
async def analyze_position(
    position: Position,
    settings: SettingsDep,
    pool: PoolDep,
    players: PlayersDep,
    diagrams: DiagramsDep,
    deadline: DeadlineDep,
    agent: Annotated[str, Query(max_length=200, description="an agent spec")] = (DEFAULT_AGENT),
    time_ms: Annotated[
        float | None, Query(ge=0, allow_inf_nan=False, description="ms, capped")
    ] = None,
    seed: Annotated[
        int | None, Query(ge=0, le=MAX_SEED, description="makes a random agent repeatable")
    ] = None,
) -> dict[str, object]:
    """The analysis record plus ``time_cap_ms``, the time the search was allowed. Each
    column's value is typed: ``exact`` where proven; with the ``perfect`` agent (the
    default), a column not proven in the time gets an ``estimate`` (the engine's evaluation
    at the depth it reached, with the bounds proven so far) and ``best_moves`` are the
    likely best, proofs first; other agents give ``heuristic`` or ``probability``
    values."""
    given = await search_inputs(position, time_ms, settings, diagrams, deadline)
    board = given.board

    def work(solver: Solver) -> dict[str, object]:
        player = players.build(agent, seed, solver)
        values = analysis(player, board, given.seconds, spec=agent)
        return {**analysis_record(board, values), "time_cap_ms": given.cap_ms}

    return await pool.run(work, settings.max_time, heavy=is_heavy(board))
