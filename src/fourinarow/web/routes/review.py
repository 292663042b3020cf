"""``/api/v1/review``: every move of a game graded, as ``fourinarow review --json``, with the
mistakes to learn from and the verdict on each column that could be tried in them."""

from __future__ import annotations

import time
from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse

from fourinarow.core import InvalidPositionError
from fourinarow.search.solver import Solver
from fourinarow.service.budgets import (
    answer_reserve,
    capped_line_limit,
    grading_seconds,
    record_seconds,
    whole_review_limit,
)
from fourinarow.service.coach import exercises
from fourinarow.service.records import exercise_record, review_record
from fourinarow.service.reviews import Review, review_game
from fourinarow.web.dependencies import DiagramsDep, PoolDep, SettingsDep
from fourinarow.web.error_answers import error_answers
from fourinarow.web.routes.inputs import MAX_TEXT, DeadlineDep, PositionQuery, search_inputs
from fourinarow.web.searches import is_heavy

__all__ = ["exercise_records", "router"]

router = APIRouter()


def exercise_records(review: Review, until: float) -> list[dict[str, object]]:
    """The records of the review's exercises (each with the answer to every column) made
    before the :func:`time.monotonic` time ``until``: the server's cap bounds finding them
    (:func:`~fourinarow.service.coach.exercises` within the time left) and their records
    (each explains every column; on a large board that takes a while)."""
    records = []
    for exercise in exercises(review, within=max(0.0, until - time.monotonic())):
        if time.monotonic() >= until:
            break
        records.append(exercise_record(exercise))
    return records


@router.get(
    "/api/v1/review",
    summary="Every move of a game graded, as `fourinarow review --json`",
    response_class=JSONResponse,
    responses=error_answers(400, 503),
)
async def review(
    settings: SettingsDep,
    pool: PoolDep,
    diagrams: DiagramsDep,
    deadline: DeadlineDep,
    pos: Annotated[str, Query(max_length=MAX_TEXT, description="the game's moves, 1-based (4455)")],
    size: Annotated[str | None, Query(max_length=40, description="WxH (default 7x6)")] = None,
    connect: Annotated[int, Query(description="the line length that wins")] = 4,
    time_ms: Annotated[
        float | None,
        Query(ge=0, allow_inf_nan=False, description="ms for the whole review, capped"),
    ] = None,
) -> JSONResponse:
    """The review ``fourinarow review --json`` prints, plus ``time_cap_ms``: the time the
    whole review was allowed, and ``exercises``: each mistake or blunder to replay (the
    position before it, the good columns, the explanations) with ``answers``, the verdict on
    each column that can be played there (keyed by its number), as many as the server's
    time cap allows (whatever ``time_ms`` asked). On a shape with an opening
    book (shipped, as for 7x6, or installed) the book proves the positions; elsewhere each
    position gets an even share of the time, most of it for proofs (every column narrowed
    together) and the rest for the engine's estimates: a move whose values were not proven is
    graded by the estimates (``graded_by``: ``estimate``), or ``unproven`` when not even they
    came in time."""
    position = PositionQuery(pos=pos, size=size, connect=connect)
    given = await search_inputs(
        position, time_ms, settings, diagrams, deadline, finished=True, from_arrival=True
    )
    board, cap = given.board, given.cap_ms
    if board.ply == 0:
        raise InvalidPositionError(
            "the game has no moves to review: give them in pos, such as 4455"
        )

    # the cap covers reading the moves (from_arrival) and writing the answer too; the time is
    # split as service.budgets says for every capped review
    reserve = answer_reserve(board)
    seconds = max(0.0, given.seconds - reserve)
    coach_until = deadline.at - reserve  # the coaching within the server's cap, whatever asked

    def work(solver: Solver) -> JSONResponse:
        started = time.monotonic()
        grading = grading_seconds(board, seconds)
        limit = whole_review_limit(board, grading)
        graded = review_game(board, limit=limit, solver=solver, within=grading)
        left = max(0.0, seconds - (time.monotonic() - started))
        coaching = record_seconds(max(0.0, coach_until - time.monotonic()))
        lines = capped_line_limit(board, left)
        record = review_record(graded, solver=solver, line_limit=lines, within=coaching)
        record["exercises"] = exercise_records(graded, coach_until)
        # written here, under the cap: FastAPI's own encoding, on the event loop, took 54 ms
        # for 380 moves
        return JSONResponse({**record, "time_cap_ms": cap})

    return await pool.run(work, settings.max_time, heavy=is_heavy(board))
