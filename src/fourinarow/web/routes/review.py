"""``/api/v1/review``: every move of a game graded, as ``fourinarow review --json``, with the
mistakes to learn from and the verdict on each column that could be tried in them."""

from __future__ import annotations

import time
from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse

from fourinarow.core import Board, InvalidPositionError
from fourinarow.search.book import has_default_book
from fourinarow.search.limit import Limit
from fourinarow.search.solver import Solver
from fourinarow.service.budgets import whole_review_limit
from fourinarow.service.coach import LINE_LENGTH, exercises
from fourinarow.service.coach import line_limit as coach_line_limit
from fourinarow.service.records import exercise_record, review_record
from fourinarow.service.reviews import Review, review_game
from fourinarow.web.dependencies import DiagramsDep, PoolDep, SettingsDep
from fourinarow.web.error_answers import error_answers
from fourinarow.web.routes.inputs import MAX_TEXT, DeadlineDep, PositionQuery, search_inputs
from fourinarow.web.searches import is_heavy

__all__ = [
    "ANSWER_SECONDS_PER_MOVE",
    "COACH_SHARE",
    "LINE_SHARE",
    "RECORD_SHARE",
    "exercise_records",
    "line_limit",
    "review_seconds",
    "router",
]

router = APIRouter()

ANSWER_SECONDS_PER_MOVE = 50e-6
"""The time kept back from a review's cap, per move, to write its answer (the record, then
JSON): about 35 microseconds a move measured on a 2-core x86-64 VM, 13 ms for 380 moves."""


COACH_SHARE = 0.2
"""The share of a review's time kept for its best lines, on a shape without an opening book
(with one, the book grades the game at once and the solver gives the lines quickly)."""

RECORD_SHARE = 0.7
"""The share of the coaching's time (what the server's cap leaves after the grading) that the
record's explanations and best lines may take; the exercises take the rest."""

LINE_SHARE = 0.5
"""The share of the time left after the review that the best lines may take, on a shape
without an opening book."""


def review_seconds(board: Board, seconds: float) -> float:
    """The time the grading itself may take of a review's ``seconds``: all of it on a shape
    with an opening book, else all but :data:`COACH_SHARE`, kept for the best lines."""
    if has_default_book(board.width, board.height, board.connect):
        return seconds
    return seconds * (1 - COACH_SHARE)


def line_limit(board: Board, left: float) -> Limit | None:
    """The limit of each position of the record's best lines: the coach's own
    (:func:`~fourinarow.service.coach.line_limit`: none on a shape with an opening book), at
    most an even share of :data:`LINE_SHARE` of the ``left`` seconds among the game's
    positions and each line's :data:`LINE_LENGTH` moves."""
    default = coach_line_limit(board)
    if default is None:
        return None
    share = left * LINE_SHARE / max(1, board.ply * LINE_LENGTH)
    return Limit(time=share if default.time is None else min(share, default.time))


def exercise_records(review: Review, until: float) -> list[dict[str, object]]:
    """The records of the review's exercises (each with the answer to every column) made
    before the :func:`time.monotonic` time ``until``: the server's cap bounds them too (each
    record explains every column; on a large board that takes a while)."""
    if time.monotonic() >= until:
        return []
    records = []
    for exercise in exercises(review):
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

    # the cap covers reading the moves (from_arrival) and writing the answer too
    reserve = ANSWER_SECONDS_PER_MOVE * board.ply
    seconds = max(0.0, given.seconds - reserve)
    coach_until = deadline.at - reserve  # the coaching within the server's cap, whatever asked

    def work(solver: Solver) -> JSONResponse:
        started = time.monotonic()
        grading = review_seconds(board, seconds)
        limit = whole_review_limit(board, grading)
        graded = review_game(board, limit=limit, solver=solver, within=grading)
        left = max(0.0, seconds - (time.monotonic() - started))
        coaching = max(0.0, coach_until - time.monotonic()) * RECORD_SHARE
        lines = line_limit(board, left)
        record = review_record(graded, solver=solver, line_limit=lines, within=coaching)
        record["exercises"] = exercise_records(graded, coach_until)
        # written here, under the cap: FastAPI's own encoding, on the event loop, took 54 ms
        # for 380 moves
        return JSONResponse({**record, "time_cap_ms": cap})

    return await pool.run(work, settings.max_time, heavy=is_heavy(board))
