"""``/solve``: Pascal Pons' API, the exact value of every column.

What needs no search is answered without a search slot: a ``/solve`` of a position already
proven (kept in :class:`~fourinarow.web.answers.Answers`) or proven in a few thousand nodes (the
opening book, the end of a game: :class:`~fourinarow.web.quick.QuickSolver`).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response

from fourinarow.search.solver import Solver
from fourinarow.web.answers import answer_key
from fourinarow.web.dependencies import (
    AnswersDep,
    DiagramsDep,
    PoolDep,
    QuickDep,
    SettingsDep,
)
from fourinarow.web.error_answers import error_answers
from fourinarow.web.quick import pons_scores
from fourinarow.web.routes.inputs import DeadlineDep, Position, search_inputs
from fourinarow.web.searches import is_heavy

__all__ = ["router"]

router = APIRouter()


@router.get(
    "/solve",
    summary="Pons-compatible: the exact value of every column",
    responses=error_answers(400, 503),
)
async def solve(
    response: Response,
    position: Position,
    settings: SettingsDep,
    pool: PoolDep,
    answers: AnswersDep,
    quick: QuickDep,
    diagrams: DiagramsDep,
    deadline: DeadlineDep,
) -> dict[str, Any]:
    """For each column, the exact value of playing it for the side to move (standard
    score convention), ``100`` for a full column, ``null`` where not proven in time
    (never an estimate: ``/api/v1/analyze`` gives those).
    Any web page may call it (``Access-Control-Allow-Origin: *``), as Pons' API allows,
    unless the server's operator allows fewer origins.
    A reply with every column proven is kept and given again at once (header
    ``X-Cache: hit``; ``miss`` when searched)."""
    given = await search_inputs(position, None, settings, diagrams, deadline)
    board = given.board
    key = answer_key(board)
    scores = answers.get(key)
    response.headers["X-Cache"] = "miss" if scores is None else "hit"
    if scores is None:
        scores = quick.scores(board)
    if scores is None:

        def work(solver: Solver) -> tuple[int | None, ...]:
            values = pons_scores(solver.analyze(board, given.limit))
            quick.searched(board, solver)
            return values

        scores = await pool.run(work, settings.max_time, heavy=is_heavy(board))
    if None not in scores:
        answers.put(key, scores)
    return {"pos": board.to_moves(), "score": list(scores)}
