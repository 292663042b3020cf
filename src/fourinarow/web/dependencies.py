"""What the routes share, kept on ``app.state`` and read through FastAPI dependencies.

:func:`~fourinarow.web.app.create_app` builds a :class:`Shared` and puts it on ``app.state``
(:func:`install`); the search pool is put there when the server starts, unless one was given.
A route names what it needs by type (``settings: SettingsDep``, ``pool: PoolDep``...), and
FastAPI reads it from the app that answers the request. The readers are ``async``: FastAPI runs
a plain function in a thread of its own, which costs more than reading an attribute.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, FastAPI, Request

from fourinarow.web.answers import AnswerKey, Answers
from fourinarow.web.diagrams import DiagramReader
from fourinarow.web.foreign import WorkerProcesses
from fourinarow.web.players import Players
from fourinarow.web.quick import QuickSolver
from fourinarow.web.saved_games import SavedGames
from fourinarow.web.searches import SearchPool
from fourinarow.web.server_settings import Settings

__all__ = [
    "AnswersDep",
    "DiagramsDep",
    "PlayersDep",
    "PoolDep",
    "QuickDep",
    "SavedGamesDep",
    "SettingsDep",
    "Shared",
    "SolveAnswers",
    "get_answers",
    "get_diagrams",
    "get_players",
    "get_pool",
    "get_quick",
    "get_saved_games",
    "get_settings",
    "install",
    "shared_of",
]

SolveAnswers = Answers[AnswerKey, tuple[int | None, ...]]
"""The proven ``/solve`` replies kept by position."""


@dataclass(frozen=True)
class Shared:
    """What every request of one app shares, but the search pool (made when the server starts).

    Attributes:
        settings: the server's limits.
        answers: the proven ``/solve`` replies kept.
        quick: ``/solve`` proven in a few thousand nodes, without a search slot.
        workers: the worker processes that run other libraries' agents.
        players: builds the agent a request names.
        diagrams: reads the positions given as diagrams, in a thread of its own.
        games: the games the page saves.
    """

    settings: Settings
    answers: SolveAnswers
    quick: QuickSolver
    workers: WorkerProcesses
    players: Players
    diagrams: DiagramReader
    games: SavedGames


def install(app: FastAPI, shared: Shared, pool: SearchPool | None) -> None:
    """Keep ``shared`` and ``pool`` (``None``: made when the server starts) on ``app.state``."""
    app.state.shared = shared
    app.state.settings = shared.settings
    app.state.pool = pool


def shared_of(app: FastAPI) -> Shared:
    """What :func:`install` kept on ``app``."""
    shared: Shared = app.state.shared
    return shared


async def get_settings(request: Request) -> Settings:
    """The server's limits."""
    return shared_of(request.app).settings


async def get_pool(request: Request) -> SearchPool:
    """The searches: a bounded number at once, on pooled solvers."""
    pool: SearchPool = request.app.state.pool
    return pool


async def get_answers(request: Request) -> SolveAnswers:
    """The proven ``/solve`` replies kept by position."""
    return shared_of(request.app).answers


async def get_quick(request: Request) -> QuickSolver:
    """``/solve`` proven in a few thousand nodes, without a search slot."""
    return shared_of(request.app).quick


async def get_players(request: Request) -> Players:
    """Builds the agent a request names."""
    return shared_of(request.app).players


async def get_diagrams(request: Request) -> DiagramReader:
    """Reads the positions given as diagrams."""
    return shared_of(request.app).diagrams


async def get_saved_games(request: Request) -> SavedGames:
    """The games the page saves."""
    return shared_of(request.app).games


SettingsDep = Annotated[Settings, Depends(get_settings)]
PoolDep = Annotated[SearchPool, Depends(get_pool)]
AnswersDep = Annotated[SolveAnswers, Depends(get_answers)]
QuickDep = Annotated[QuickSolver, Depends(get_quick)]
PlayersDep = Annotated[Players, Depends(get_players)]
DiagramsDep = Annotated[DiagramReader, Depends(get_diagrams)]
SavedGamesDep = Annotated[SavedGames, Depends(get_saved_games)]
