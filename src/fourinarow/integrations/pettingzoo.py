"""PettingZoo: Connect Four of any width, height and connect length as an AEC environment,
laid out as PettingZoo's own ``connect_four_v3``, and our agents as policies for it.

Install with ``pip install 'fourinarow[pettingzoo]'`` (PettingZoo without its ``classic`` extra,
whose pygame-ce would clash with the desktop game's pygame)::

    from fourinarow.integrations.pettingzoo import env

    game = env(width=7, height=6, connect=4)
    game.reset(seed=1)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, info = game.last()
        if termination or truncation:
            action = None
        else:
            action = game.action_space(agent).sample(observation["action_mask"])
        game.step(action)

What matches ``connect_four_v3`` (and is checked against it move by move on 7x6):

- agents ``player_0`` (moves first) and ``player_1``; an action is a 0-based column;
- an observation is a dict: ``"observation"``, an ``int8`` array of shape
  ``(height, width, 2)``, row 0 at the top, plane 0 the observing agent's stones and plane 1
  its opponent's; ``"action_mask"``, ``int8`` of shape ``(width,)``, 1 for each column that is
  not full, for the agent to move only (all zeros for the other). As in ``connect_four_v3``, the
  mask still lists the columns that are not full once the game has ended;
- rewards: +1 to the agent that makes a line, -1 to the other, 0 each for a draw;
- :func:`env` wraps :data:`raw_env` in the same wrappers: an illegal move (a full column)
  ends the game with -1 for the agent that made it and 0 for the other
  (``TerminateIllegalWrapper``, which logs a warning), an action outside the action space
  fails an assertion, and the AEC call order is enforced.

What is ours: ``render_mode`` ``"ansi"`` (the board as text, columns labelled 1..W),
``"rgb_array"`` (a picture drawn with NumPy alone) and ``"human"`` (the text, printed); the
board's shape and connect length; :class:`AgentPolicy`, which plays any of our agents
(``perfect``, ``level:5``, ...) from an observation; :func:`optimal_actions`, the solver as a
judge of an action; :func:`board_from_observation`; the id
:data:`ENV_ID` in PettingZoo's registry (1.27 and later), set when this module is imported:
``pettingzoo.make("aec", "fourinarow/connect_four-v0", width=9, height=7, connect=5)``.

:data:`raw_env` is built on first use, so that importing this module needs neither PettingZoo nor
NumPy; without them it raises :class:`~fourinarow.extras.MissingExtraError` naming the
``pip install``.
"""

from __future__ import annotations

import contextlib
import functools
from typing import TYPE_CHECKING, Any

from fourinarow.agents import Agent, Limit, make_agent
from fourinarow.core import Board, Column, FourInARowError
from fourinarow.core.checks import shown
from fourinarow.core.render import render_text
from fourinarow.extras import MissingExtraError, require_extra
from fourinarow.search.solver import Solver

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "AGENTS",
    "ENV_ID",
    "RENDER_MODES",
    "AgentPolicy",
    "InvalidObservationError",
    "board_from_observation",
    "draw_board",
    "env",
    "observation_planes",
    "optimal_actions",
    "raw_env",  # noqa: F822  # made on first use, by the module's __getattr__
    "register",
]

ENV_ID = "fourinarow/connect_four-v0"
"""The id of :func:`env` in PettingZoo's registry (see :func:`register`)."""

AGENTS = ("player_0", "player_1")
"""The agents' names, first player first (as in ``connect_four_v3``)."""

RENDER_MODES = ("human", "ansi", "rgb_array")
"""The render modes: the board as text printed, the text returned, or a picture."""

CELL_PIXELS = 40
"""The side of a cell in ``rgb_array`` pictures, in pixels."""

_COLOURS = {
    "board": (24, 72, 180),
    0: (235, 235, 240),  # an empty hole
    1: (220, 40, 40),  # player_0's stones: red
    2: (245, 200, 30),  # player_1's stones: yellow
    "line": (40, 170, 70),  # the ring around a stone of the winning line
}


class InvalidObservationError(FourInARowError):
    """An observation that is not a position of the game: the wrong shape, values other than 0
    and 1, or stones no game can leave."""


def observation_planes(board: Board, player: int) -> npt.NDArray[np.int8]:
    """The ``(height, width, 2)`` planes of ``connect_four_v3``, seen by ``player`` (1 or 2):
    row 0 at the top, plane 0 its stones, plane 1 the opponent's.

    Raises:
        MissingExtraError: NumPy is not installed.
    """
    _require_numpy()
    import numpy

    grid = numpy.array(board.to_grid(), dtype=numpy.int8)
    return numpy.stack([grid == player, grid == 3 - player], axis=2).astype(numpy.int8)


def action_mask(board: Board) -> npt.NDArray[np.int8]:
    """1 for each column that is not full, as ``connect_four_v3`` masks them (even once the
    game has ended)."""
    _require_numpy()
    import numpy

    return (numpy.array(board.heights) < board.height).astype(numpy.int8)


def board_from_observation(observation: Any, *, connect: int = 4) -> Board:
    """The position an observation shows: the dict of :data:`raw_env` (or of
    ``connect_four_v3``) or its ``(height, width, 2)`` planes, from the side to move's view.

    The side to move is the one with no more stones than the other: the planes do not say who
    moved first, so the observer's plane is the first player's when the counts are equal.

    Raises:
        InvalidObservationError: not planes of 0 and 1 of shape ``(height, width, 2)``, or a
            position no game reaches.
    """
    _require_numpy()
    import numpy

    planes = observation["observation"] if isinstance(observation, dict) else observation
    try:
        array = numpy.asarray(planes)
    except (TypeError, ValueError):
        array = numpy.zeros(0)
    if array.ndim != 3 or array.shape[2] != 2 or not numpy.isin(array, (0, 1)).all():
        raise InvalidObservationError(
            "an observation is a (height, width, 2) array of 0 and 1 (own stones, then the "
            f"opponent's), not {shown(planes)}"
        )
    own, other = array[:, :, 0].astype(int), array[:, :, 1].astype(int)
    if (own & other).any():
        raise InvalidObservationError("an observation has a cell with stones of both players")
    own_count, other_count = int(own.sum()), int(other.sum())
    if own_count not in (other_count, other_count - 1):
        raise InvalidObservationError(
            f"the side to move has {own_count} stones and the other {other_count}: no game "
            "has the side to move with more stones, or two fewer"
        )
    first, second = (own, other) if own_count == other_count else (other, own)
    grid = (first + 2 * second).tolist()
    try:
        return Board.from_grid(grid, connect=connect)
    except FourInARowError as error:
        raise InvalidObservationError(
            f"the observation is no position of a game: {error}"
        ) from None


class AgentPolicy:
    """One of our agents as a policy: an observation in, the agent's column out.

    Args:
        spec: an agent spec (``perfect``, ``level:5``, ``alphabeta:depth=6``...).
        connect: the line length of the game observed.
        seed: seeds the agent's random choices.
        limit: the agent's thinking limit per move (``None``: its own).

    Raises:
        InvalidAgentSpecError: an unknown or malformed agent spec.

    >>> policy = AgentPolicy("perfect")
    >>> import numpy
    >>> policy(numpy.zeros((6, 7, 2), dtype=numpy.int8))
    3
    """

    def __init__(
        self,
        spec: str = "perfect",
        *,
        connect: int = 4,
        seed: int | None = None,
        limit: Limit | None = None,
    ) -> None:
        self.agent: Agent = make_agent(spec, seed=seed)
        self.connect = connect
        self.limit = limit

    def __call__(self, observation: Any) -> int:
        """The agent's column for the position ``observation`` shows (its dict or planes).

        Raises:
            InvalidObservationError: see :func:`board_from_observation`.
            GameOverError: the game shown is over.
        """
        board = board_from_observation(observation, connect=self.connect)
        return self.agent.choose(board, self.limit).column


def optimal_actions(
    observation: Any, *, connect: int = 4, weak: bool = False, solver: Solver | None = None
) -> list[Column]:
    """The solver as a judge: the columns that keep the exact score of the position an
    observation shows (with ``weak``, those that keep the result: win, draw or loss), ascending.

    An exact search: instant on small boards and on shapes with an opening book (7x6 among
    them), but it may take long early in a game on larger boards without one.

    Args:
        observation: the dict of :data:`raw_env` or ``connect_four_v3``, or its planes, from the
            side to move's view.
        connect: the line length of the game observed.
        weak: keep the result rather than the exact score.
        solver: the solver to ask (default: one kept by this module, its tables warm).

    Raises:
        InvalidObservationError: see :func:`board_from_observation`.
        GameOverError: the game shown is over.

    >>> import numpy
    >>> optimal_actions(numpy.zeros((6, 7, 2), dtype=numpy.int8))
    [3]
    """
    board = board_from_observation(observation, connect=connect)
    return sorted((solver or _solver()).best_moves(board, weak=weak))


@functools.cache
def _solver() -> Solver:
    return Solver()


def draw_board(board: Board, cell: int = CELL_PIXELS) -> npt.NDArray[np.uint8]:
    """A picture of the board: ``(height * cell, width * cell, 3)`` RGB bytes, the first
    player's stones red, the second's yellow, the winning line ringed in green.

    Raises:
        MissingExtraError: NumPy is not installed.
    """
    _require_numpy()
    import numpy

    rows, columns = board.height, board.width
    image = numpy.empty((rows * cell, columns * cell, 3), dtype=numpy.uint8)
    image[:, :] = _COLOURS["board"]
    centre = (cell - 1) / 2
    y, x = numpy.mgrid[0:cell, 0:cell]
    distance = numpy.hypot(y - centre, x - centre)
    hole = distance <= cell * 0.4
    ring = hole & (distance > cell * 0.3)
    outcome = board.outcome()
    winning = set(outcome.line) if outcome is not None else set()
    for top_row, cells in enumerate(board.to_grid()):
        for column, player in enumerate(cells):
            tile = image[top_row * cell : (top_row + 1) * cell, column * cell : (column + 1) * cell]
            tile[hole] = _COLOURS[player]
            if (column, rows - 1 - top_row) in winning:
                tile[ring] = _COLOURS["line"]
    return image


def env(
    *, width: int = 7, height: int = 6, connect: int = 4, render_mode: str | None = None
) -> Any:
    """The environment as ``connect_four_v3.env()`` builds its own: :data:`raw_env` wrapped so
    that an illegal move ends the game with -1 for its maker, an action out of range fails an
    assertion, and the order of calls is enforced.

    Raises:
        InvalidBoardSizeError: a shape no board has.
        FourInARowError: a render mode other than those of :data:`RENDER_MODES`.
        MissingExtraError: PettingZoo is not installed.
    """
    game = _raw_env_class()(width=width, height=height, connect=connect, render_mode=render_mode)
    from pettingzoo.utils import wrappers

    game = wrappers.TerminateIllegalWrapper(game, illegal_reward=-1)
    game = wrappers.AssertOutOfBoundsWrapper(game)
    return wrappers.OrderEnforcingWrapper(game)


def register() -> bool:
    """Register :func:`env` in PettingZoo's registry (PettingZoo 1.27 and later) as
    :data:`ENV_ID`, so that ``pettingzoo.make("aec", "fourinarow/connect_four-v0", width=9)``
    makes it; done when this module is imported, if PettingZoo is installed. True if the
    environment is registered (now or before), False for a PettingZoo without a registry.

    Raises:
        MissingExtraError: PettingZoo is not installed.
    """
    zoo = require_extra("pettingzoo", "pettingzoo", "the PettingZoo environment needs PettingZoo")
    if not hasattr(zoo, "register") or not hasattr(zoo, "aec_registry"):
        return False
    if ENV_ID not in zoo.aec_registry:
        zoo.register("aec", ENV_ID, entry_point=f"{__name__}:env")
    return True


def __getattr__(name: str) -> Any:
    """``raw_env``, the environment's class, made on first use (PettingZoo is imported then)."""
    if name == "raw_env":
        return _raw_env_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _require_numpy() -> None:
    require_extra("numpy", "pettingzoo", "the PettingZoo environment needs NumPy")


@functools.cache
def _raw_env_class() -> type[Any]:
    """The AEC environment class (PettingZoo's ``AECEnv``), made once."""
    require_extra("pettingzoo", "pettingzoo", "the PettingZoo environment needs PettingZoo")
    import gymnasium
    import numpy
    from gymnasium import spaces
    from gymnasium.utils import EzPickle
    from pettingzoo import AECEnv
    from pettingzoo.utils.agent_selector import AgentSelector

    class raw_env(AECEnv, EzPickle):  # type: ignore[misc]  # noqa: N801  # PettingZoo has no hints; its name
        """Connect Four of any shape as an AEC environment laid out as ``connect_four_v3``
        (unwrapped: :func:`env` adds the wrappers that handle illegal moves).

        Args:
            width, height: the board's columns and rows.
            connect: the line length that wins.
            render_mode: ``"human"``, ``"ansi"``, ``"rgb_array"`` or ``None``.

        Raises:
            InvalidBoardSizeError: a shape no board has.
            FourInARowError: an unknown render mode.
        """

        metadata: dict[str, Any] = {  # noqa: RUF012  # PettingZoo's own attribute
            "render_modes": list(RENDER_MODES),
            "name": "fourinarow_v0",
            "is_parallelizable": False,
            "render_fps": 2,
        }

        def __init__(
            self,
            width: int = 7,
            height: int = 6,
            connect: int = 4,
            render_mode: str | None = None,
        ) -> None:
            EzPickle.__init__(self, width, height, connect, render_mode)
            super().__init__()
            if render_mode is not None and render_mode not in RENDER_MODES:
                raise FourInARowError(
                    f"render_mode is one of {', '.join(RENDER_MODES)} or None, not "
                    f"{shown(render_mode)}"
                )
            self.board = Board(width, height, connect)
            self.render_mode = render_mode
            self.possible_agents = list(AGENTS)
            self.agents = list(AGENTS)
            self.action_spaces = {agent: spaces.Discrete(width) for agent in AGENTS}
            self.observation_spaces = {
                agent: spaces.Dict(
                    {
                        "observation": spaces.Box(
                            low=0, high=1, shape=(height, width, 2), dtype=numpy.int8
                        ),
                        "action_mask": spaces.Box(low=0, high=1, shape=(width,), dtype=numpy.int8),
                    }
                )
                for agent in AGENTS
            }

        def observation_space(self, agent: str) -> Any:
            """The space of ``agent``'s observations."""
            return self.observation_spaces[agent]

        def action_space(self, agent: str) -> Any:
            """The space of ``agent``'s actions: the columns."""
            return self.action_spaces[agent]

        def observe(self, agent: str) -> dict[str, Any]:
            """``agent``'s view: its stones and its opponent's, and its legal columns."""
            planes = observation_planes(self.board, self.possible_agents.index(agent) + 1)
            if agent == self.agent_selection:
                mask = action_mask(self.board)
            else:
                mask = numpy.zeros(self.board.width, dtype=numpy.int8)
            return {"observation": planes, "action_mask": mask}

        def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
            """A new game on an empty board (the game has no randomness: ``seed`` changes
            nothing)."""
            self.board = Board(self.board.width, self.board.height, self.board.connect)
            self.agents = list(self.possible_agents)
            self.rewards = dict.fromkeys(self.agents, 0)
            self._cumulative_rewards = dict.fromkeys(self.agents, 0)
            self.terminations = dict.fromkeys(self.agents, False)
            self.truncations = dict.fromkeys(self.agents, False)
            self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
            self._agent_selector = AgentSelector(self.agents)
            self.agent_selection = self._agent_selector.reset()

        def step(self, action: Any) -> None:
            """The agent to move drops a stone in column ``action``.

            Raises:
                IllegalMoveError: the column is full (:func:`env` ends the game instead).
                InvalidMoveError: ``action`` is not a column.
            """
            if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
                self._was_dead_step(action)
                return
            mover = self.agent_selection
            self._cumulative_rewards[mover] = 0
            self.board.push(_column(action))
            following = self._agent_selector.next()
            outcome = self.board.outcome()
            self.rewards = dict.fromkeys(self.agents, 0)
            if outcome is not None:
                if outcome.winner is not None:
                    self.rewards[mover] = 1
                    self.rewards[following] = -1
                self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = following
            self._accumulate_rewards()
            if self.render_mode == "human":
                self.render()

        def render(self) -> Any:
            """The board in the render mode: text (``ansi``), a picture (``rgb_array``, an
            array of ``(height * 40, width * 40, 3)`` bytes), or the text printed (``human``,
            returns ``None``)."""
            if self.render_mode is None:
                gymnasium.logger.warn(
                    "render() was called without a render_mode: give render_mode='ansi', "
                    "'rgb_array' or 'human' when making the environment"
                )
                return None
            if self.render_mode == "rgb_array":
                return draw_board(self.board)
            text = render_text(self.board)
            if self.render_mode == "ansi":
                return text
            print(text + "\n")
            return None

        def close(self) -> None:
            """Nothing to release: rendering holds no window."""

        def __str__(self) -> str:
            board = self.board
            return f"fourinarow_v0({board.width}x{board.height}, connect {board.connect})"

    raw_env.__module__ = __name__
    raw_env.__qualname__ = "raw_env"
    return raw_env


def _column(action: Any) -> Column:
    """A column from an action: a whole number, NumPy's included."""
    try:
        as_index = action.__index__()
    except (AttributeError, TypeError):
        return action  # type: ignore[no-any-return]  # Board.push says what is wrong
    return int(as_index)


with contextlib.suppress(MissingExtraError):  # the module imports; env() says what is missing
    register()
