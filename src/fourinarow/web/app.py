"""The web app: the front end, Pons' ``/solve``, the versioned API and Kaggle's URL agent.

:func:`create_app` builds it from :class:`~fourinarow.web.server_settings.Settings`; ``fourinarow
serve`` runs it on uvicorn, and the tests run the same. docs/api.md describes every endpoint.

The routes live in :mod:`fourinarow.web.routes`, one router per area; what they share (the
settings, the search pool, the answers kept, the agents' worker processes) is kept on
``app.state`` and read through the dependencies of :mod:`fourinarow.web.dependencies`.

What needs no search is answered without a search slot: the state of a position, a finished game
or a bad position (400), a ``/solve`` of a position already proven or proven in a few thousand
nodes (:mod:`fourinarow.web.routes.solve`). A position given as moves is read on the event loop,
a diagram in a worker thread of its own, within the time cap (:mod:`fourinarow.web.diagrams`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp

from fourinarow import __version__
from fourinarow.web.answers import Answers
from fourinarow.web.body_limit import BodyLimit
from fourinarow.web.cross_origin import CrossOrigin
from fourinarow.web.dependencies import Shared, install
from fourinarow.web.diagrams import DiagramReader
from fourinarow.web.error_answers import install_error_handlers
from fourinarow.web.foreign import WorkerProcesses
from fourinarow.web.head import HeadAsGet
from fourinarow.web.players import Players
from fourinarow.web.quick import FULL_COLUMN, QuickSolver
from fourinarow.web.routes import API_ROUTERS, PAGE_ROUTERS
from fourinarow.web.routes.play import MoveRequest
from fourinarow.web.saved_games import SavedGames
from fourinarow.web.searches import SearchPool
from fourinarow.web.server_settings import Settings

__all__ = ["FULL_COLUMN", "MoveRequest", "create_app"]


class _App(FastAPI):
    """FastAPI, its whole middleware stack wrapped in :class:`CrossOrigin`: the answers of
    the outermost layer (an unexpected error's 500) carry the header too."""

    def build_middleware_stack(self) -> ASGIApp:
        settings: Settings = self.state.settings
        return CrossOrigin(super().build_middleware_stack(), settings.allowed_origins)


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
    processes = workers if workers is not None else WorkerProcesses()
    shared = Shared(
        settings=settings,
        answers=Answers(settings.keep_answers, int(settings.answers_mb * 1024 * 1024)),
        quick=QuickSolver(),
        workers=processes,
        players=Players(settings.tt_mb, processes),
        diagrams=DiagramReader(),
        games=SavedGames(settings.games_file, settings.keep_games, settings.puzzle_file),
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        searches = pool
        if searches is None:
            searches = SearchPool(settings.searches, settings.tt_mb)
            searches.prepare()  # the tables, and the 7x6 book (the default shape's) read once
        shared.quick.prepare()
        app.state.pool = searches
        try:
            yield
        finally:
            processes.close()  # their searches end at once, and free their slots
            searches.close()
            shared.games.close()

    app = _App(
        title="fourinarow",
        version=__version__,
        description="Connect Four for any board size: solve, analyse, play. See docs/api.md.",
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
    )
    install(app, shared, pool)
    install_error_handlers(app)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    app.add_middleware(HeadAsGet)
    for router in PAGE_ROUTERS:
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=settings.static_dir, check_dir=False), name="static")
    for router in API_ROUTERS:
        app.include_router(router)
    return app
