"""One error root: every user-input error is a FourInARowError (a ValueError), and the same
condition raises the same class everywhere."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import fourinarow
from fourinarow import Board, FourInARowError, GameOverError
from fourinarow.agents import AGENTS, CannotAnalyzeError, InvalidAgentSpecError, Limit, make_agent
from fourinarow.agents.tiebreak import InvalidTieBreakError
from fourinarow.core import (
    IllegalMoveError,
    InvalidBoardSizeError,
    InvalidMoveError,
    InvalidPositionError,
)
from fourinarow.gui.game_setup import GuiSettings, InvalidGuiSettingError
from fourinarow.search.book import BookError
from fourinarow.search.limit import InvalidLimitError
from fourinarow.search.solver import Solver
from fourinarow.tournament.schedule import InvalidSettingsError

USER_ERRORS = [
    BookError,
    CannotAnalyzeError,
    GameOverError,
    IllegalMoveError,
    InvalidAgentSpecError,
    InvalidBoardSizeError,
    InvalidGuiSettingError,
    InvalidLimitError,
    InvalidMoveError,
    InvalidPositionError,
    InvalidSettingsError,
    InvalidTieBreakError,
]


def _every_error_class() -> list[type[FourInARowError]]:
    """Every subclass of the root defined anywhere in the package (each module imported)."""
    for module in pkgutil.walk_packages(fourinarow.__path__, "fourinarow."):
        if module.name.startswith(("fourinarow.gui.", "fourinarow.__main__")):
            continue  # the window's modules need pygame; their errors are imported above
        try:
            importlib.import_module(module.name)
        except ImportError:  # an optional extra is missing: its module has no errors of ours
            continue
    found: list[type[FourInARowError]] = []
    waiting = [FourInARowError]
    while waiting:
        for sub in waiting.pop().__subclasses__():
            found.append(sub)
            waiting.append(sub)
    return sorted(set(found), key=lambda e: e.__name__)


def test_the_list_of_user_errors_holds_at_least_the_ones_named_here() -> None:
    assert set(USER_ERRORS) <= set(_every_error_class())


@pytest.mark.parametrize("error", _every_error_class(), ids=lambda e: e.__name__)
def test_every_user_input_error_has_the_one_root(error: type[Exception]) -> None:
    assert issubclass(error, FourInARowError)
    assert issubclass(error, ValueError)
    assert error.__doc__  # a one-line docstring says when it is raised


def test_a_finished_game_raises_game_over_from_the_solver_and_every_agent() -> None:
    finished = Board.from_moves("1212121")
    with pytest.raises(GameOverError, match="the game is over"):
        Solver(tt_mb=4).solve(finished)
    with pytest.raises(GameOverError):
        Solver(tt_mb=4).analyze(finished)
    for name in AGENTS:
        with pytest.raises(GameOverError, match="the game is over"):
            make_agent(name, seed=1).choose(finished, Limit(time=0.01))


@pytest.mark.parametrize(
    ("build", "error"),
    [
        (lambda: make_agent("perfect:tiebreak=middle"), InvalidAgentSpecError),
        (lambda: make_agent("simple:blunder=2"), InvalidAgentSpecError),
        (lambda: Limit(time=float("nan")), InvalidLimitError),
        (lambda: Limit(depth=2.5), InvalidLimitError),  # type: ignore[arg-type]
        (lambda: Solver(tt_mb=0), FourInARowError),
        (lambda: GuiSettings(level=11), InvalidGuiSettingError),
        (lambda: Board(0, 6), InvalidBoardSizeError),
    ],
)
def test_bad_arguments_raise_typed_errors(build: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        build()  # type: ignore[operator]


def test_center_is_read_as_centre() -> None:
    board = Board.from_moves("44")
    assert make_agent("perfect:tiebreak=center").choose(board).column == 3
