"""The web app: the front end, Pons' ``/solve``, the versioned API and Kaggle's URL agent.

:func:`create_app` builds it from :class:`~fourinarow.web.settings.Settings`; ``fourinarow
serve`` runs it on uvicorn, and the tests run the same. docs/api.md describes every endpoint.

What needs no search is answered without a search slot: the state of a position, a finished game
or a bad position (400), a ``/solve`` of a position already proven (kept in
:class:`~fourinarow.web.answers.Answers`) or proven in a few thousand nodes (the opening book, the
end of a game: :class:`~fourinarow.web.quick.QuickSolver`). A position given as moves is read on
the event loop (at most a few milliseconds, even for 400 moves); a diagram in a worker thread
that is not a search slot: ordering the stones of a large diagram may take up to a second of
pure Python.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Query, Request
from fastapi.responses import FileResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.staticfiles import StaticFiles

from fourinarow import __version__
from fourinarow.agents import AGENTS, Agent, Limit, analyze
from fourinarow.agents.levels import LEVELS
from fourinarow.agents.records import analysis_record, decision_record
from fourinarow.analysis import review_game
from fourinarow.core import Board, InvalidPositionError
from fourinarow.core.json_text import JSONTextError, read_json
from fourinarow.search.openings import has_default_book
from fourinarow.search.solver import Solver
from fourinarow.web.answers import AnswerKey, Answers, answer_key
from fourinarow.web.body_limit import BodyLimit
from fourinarow.web.errors import install_error_handlers
from fourinarow.web.foreign import ForeignAgent, WorkerProcesses, is_foreign
from fourinarow.web.head import HeadAsGet
from fourinarow.web.kaggle import KaggleRequest, kaggle_board, kaggle_time_ms
from fourinarow.web.players import build_agent, on_solver
from fourinarow.web.positions import playable, position_record, read_board
from fourinarow.web.quick import FULL_COLUMN, QuickSolver, pons_scores
from fourinarow.web.searches import SearchPool, is_heavy
from fourinarow.web.settings import Settings

__all__ = ["FULL_COLUMN", "MoveRequest", "create_app", "review_limit"]

MAX_SEED = 2**63 - 1
MAX_TEXT = 4000
"""The longest position or diagram text read from a query or body field."""

DEFAULT_AGENT = "perfect"


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


def _cap_ms(settings: Settings, time_ms: float | None) -> float:
    """The time a search may take: what was asked, at most the server's cap."""
    return float(settings.max_time_ms if time_ms is None else min(time_ms, settings.max_time_ms))


def review_limit(board: Board, seconds: float) -> Limit | None:
    """Each position's limit in a review of ``board``'s game that may take ``seconds`` in all:
    none on a shape with a default opening book, shipped or installed (the book proves most
    positions at once; a hard one may take what is left), elsewhere an even share of the
    time."""
    if has_default_book(board.width, board.height, board.connect):
        return None
    return Limit(time=seconds / board.ply)


def create_app(
    settings: Settings | None = None,
    pool: SearchPool | None = None,
    workers: WorkerProcesses | None = None,
) -> FastAPI:
    """The web app, with its search pool.

    Args:
        settings: the server's limits (defaults: ``Settings()``).
        pool: the searches, already prepared (``serve`` makes it first, so that a table too
            large for memory is reported before the server starts); by default one of
            ``settings.searches`` slots is made and prepared when the server starts. The app
            closes it when the server stops.
        workers: the worker processes that run other libraries' agents (``openspiel:``,
            ``kaggle:``), killed at the time cap; made here by default. The app closes them
            when the server stops.
    """
    settings = settings if settings is not None else Settings()
    given = pool
    processes = workers if workers is not None else WorkerProcesses()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        pool = given
        if pool is None:
            pool = SearchPool(settings.searches, settings.tt_mb)
            pool.prepare()  # the tables, and the 7x6 book (the default shape's) read once
        quick.prepare()
        app.state.pool = pool
        try:
            yield
        finally:
            processes.close()  # their searches end at once, and free their slots
            pool.close()

    app = FastAPI(
        title="fourinarow",
        version=__version__,
        description="Connect Four for any board size: solve, analyse, play. See docs/api.md.",
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.settings = settings
    install_error_handlers(app)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    app.add_middleware(HeadAsGet)

    answers: Answers[AnswerKey, tuple[int | None, ...]] = Answers(
        settings.keep_answers, int(settings.answers_mb * 1024 * 1024)
    )
    quick = QuickSolver()

    def pool_of(request: Request) -> SearchPool:
        pool: SearchPool = request.app.state.pool
        return pool

    def _player(spec: str, seed: int | None, solver: Solver) -> Agent:
        """The agent a request names; its perfect players on the slot's solver, if it may;
        another library's agent in a worker process killed at the time cap."""
        if is_foreign(spec):
            return ForeignAgent(spec, seed, processes)
        player, pooled = build_agent(spec, seed, settings.tt_mb)
        return on_solver(player, solver) if pooled else player

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        page = settings.static_dir / "index.html"
        if not page.is_file():
            raise HTTPException(404)
        return FileResponse(page)

    @app.get("/api", include_in_schema=False)
    async def api_page() -> FileResponse:
        page = settings.static_dir / "api.html"
        if not page.is_file():
            raise HTTPException(404)
        return FileResponse(page)

    app.mount("/static", StaticFiles(directory=settings.static_dir, check_dir=False), name="static")

    @app.get("/solve", summary="Pons-compatible: the exact value of every column")
    async def solve(request: Request, response: Response, position: Position) -> dict[str, Any]:
        """For each column, the exact value of playing it for the side to move (standard
        score convention), ``100`` for a full column, ``null`` where not proven in time
        (never an estimate: ``/api/v1/analyze`` gives those).
        Any web page may call it (``Access-Control-Allow-Origin: *``), as Pons' API allows.
        A reply with every column proven is kept and given again at once (header
        ``X-Cache: hit``; ``miss`` when searched)."""
        response.headers["Access-Control-Allow-Origin"] = "*"
        board = playable(await position.read())
        key = answer_key(board)
        scores = answers.get(key)
        response.headers["X-Cache"] = "miss" if scores is None else "hit"
        if scores is None:
            scores = quick.scores(board)
        if scores is None:
            limit = Limit(time=settings.max_time)

            def work(solver: Solver) -> tuple[int | None, ...]:
                values = pons_scores(solver.analyze(board, limit))
                quick.searched(board, solver)
                return values

            scores = await pool_of(request).run(work, settings.max_time, heavy=is_heavy(board))
        if None not in scores:
            answers.put(key, scores)
        return {"pos": board.to_moves(), "score": list(scores)}

    @app.get("/api/v1/position", summary="The state of a position, for the front end")
    async def position_state(position: Position) -> dict[str, object]:
        """Moves, shape, whose turn, the cells (top row first), the legal columns and the
        end of the game, if it ended."""
        return position_record(await position.read())

    @app.get("/api/v1/analyze", summary="Every column's value, as `fourinarow analyze --json`")
    async def analyze_position(
        request: Request,
        position: Position,
        agent: Annotated[str, Query(max_length=200, description="an agent spec")] = (DEFAULT_AGENT),
        time_ms: Annotated[
            float | None, Query(ge=0, allow_inf_nan=False, description="ms, capped")
        ] = None,
        seed: Annotated[int | None, Query(ge=0, le=MAX_SEED)] = None,
    ) -> dict[str, object]:
        """The analysis record plus ``time_cap_ms``, the time the search was allowed. Each
        column's value is typed: ``exact`` where proven; with the ``perfect`` agent (the
        default), a column not proven in the time gets an ``estimate`` (the engine's evaluation
        at the depth it reached, with the bounds proven so far) and ``best_moves`` are the
        likely best, proofs first; other agents give ``heuristic`` or ``probability``
        values."""
        cap = _cap_ms(settings, time_ms)
        board = playable(await position.read())

        def work(solver: Solver) -> dict[str, object]:
            player = _player(agent, seed, solver)
            values = analyze(player, board, Limit(time=cap / 1000), spec=agent)
            return {**analysis_record(board, values), "time_cap_ms": cap}

        return await pool_of(request).run(work, settings.max_time, heavy=is_heavy(board))

    @app.get("/api/v1/review", summary="Every move of a game graded, as `fourinarow review --json`")
    async def review(
        request: Request,
        pos: Annotated[
            str, Query(max_length=MAX_TEXT, description="the game's moves, 1-based (4455)")
        ],
        size: Annotated[str | None, Query(max_length=40, description="WxH (default 7x6)")] = None,
        connect: Annotated[int, Query(description="the line length that wins")] = 4,
        time_ms: Annotated[
            float | None,
            Query(ge=0, allow_inf_nan=False, description="ms for the whole review, capped"),
        ] = None,
    ) -> dict[str, object]:
        """The review ``fourinarow review --json`` prints, plus ``time_cap_ms``: the time the
        whole review was allowed. On a shape with an opening book (shipped, as for 7x6,
        or installed) the book proves the positions; elsewhere each position gets an even
        share of the time, half for proofs and half for the engine's estimates: a move
        whose values were not proven is graded by the estimates (``graded_by``:
        ``estimate``), or ``unproven`` when not even they came in time."""
        cap = _cap_ms(settings, time_ms)
        board = read_board(pos, None, size, connect)  # moves: read at once (see above)
        if board.ply == 0:
            raise InvalidPositionError(
                "the game has no moves to review: give them in pos, such as 4455"
            )

        def work(solver: Solver) -> dict[str, object]:
            seconds = cap / 1000
            limit = review_limit(board, seconds)
            graded = review_game(board, limit=limit, solver=solver, within=seconds)
            return {**graded.to_json(), "time_cap_ms": cap}

        return await pool_of(request).run(work, settings.max_time, heavy=is_heavy(board))

    @app.post(
        "/api/v1/move",
        summary="The move an agent chooses, as `fourinarow move --json`",
        openapi_extra={
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": MoveRequest.model_json_schema()}},
            }
        },
    )
    async def move(request: Request) -> dict[str, object]:
        """The decision record plus ``position`` (the moves before the move) and
        ``time_cap_ms``. The body is JSON, whatever its Content-Type says."""
        body = MoveRequest.model_validate(await _json_body(request))
        cap = _cap_ms(settings, body.time_ms)
        given = PositionQuery(pos=body.pos, grid=body.grid, size=body.size, connect=body.connect)
        board = playable(await given.read())

        def work(solver: Solver) -> dict[str, object]:
            player = _player(body.agent, body.seed, solver)
            record = decision_record(player.choose(board, Limit(time=cap / 1000)))
            return {**record, "position": board.to_moves(), "time_cap_ms": cap}

        return await pool_of(request).run(work, settings.max_time, heavy=is_heavy(board))

    @app.get("/api/v1/agents", summary="The agents and levels a request may name")
    def agents() -> dict[str, object]:
        """Every agent with its description and options, the ten levels and the default."""
        return {
            "agents": [
                {"name": name, "description": info.description, "options": list(info.options)}
                for name, info in AGENTS.items()
            ],
            "levels": [
                {"level": number, "description": level.description}
                for number, level in LEVELS.items()
            ],
            "default": "level:5",
        }

    @app.post(
        "/api/v1/kaggle",
        summary="Kaggle ConnectX URL agent: the column to play, 0-based",
        openapi_extra={
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": KaggleRequest.model_json_schema()}},
            }
        },
    )
    async def kaggle(request: Request) -> dict[str, object]:
        """Answers kaggle-environments' UrlAgent: ``{"action": column}``."""
        body = KaggleRequest.model_validate(await _json_body(request))
        observation, configuration = body.parts()
        cap = kaggle_time_ms(configuration, settings.max_time_ms)

        def work(solver: Solver) -> int:
            board = playable(kaggle_board(observation, configuration))
            player = _player(settings.kaggle_agent, None, solver)
            return player.choose(board, Limit(time=cap / 1000)).column

        return {"action": await pool_of(request).run(work, settings.max_time)}

    return app


async def _json_body(request: Request) -> object:
    """The request body read as JSON.

    Raises:
        HTTPException: 422 when it is not JSON (or nests too deep to read).
    """
    raw = await request.body()
    try:
        return read_json(raw)
    except JSONTextError as error:
        raise HTTPException(422, f"the body is not JSON ({error}): send a JSON object") from None
