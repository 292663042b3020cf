"""Gymnasium: Connect Four of any shape as a single-agent environment, any of our agents the
opponent.

Install with ``pip install 'fourinarow[gymnasium]'``. Importing this module registers the
environment ``fourinarow/ConnectFour-v0`` (Gymnasium 1.x reads no entry points, so a module
must be imported for its environments to exist; ``gymnasium.make`` imports it itself when
the id names it: ``"fourinarow.integrations.gymnasium:fourinarow/ConnectFour-v0"``)::

    import gymnasium
    import fourinarow.integrations.gymnasium  # registers fourinarow/ConnectFour-v0

    env = gymnasium.make("fourinarow/ConnectFour-v0", opponent="level:5", width=7, height=6,
                         connect=4)
    observation, info = env.reset(seed=1)
    terminated = truncated = False
    while not (terminated or truncated):
        action = env.action_space.sample(info["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)

The agent's observation is the ``(height, width, 2)`` ``int8`` planes of PettingZoo's
``connect_four_v3``: row 0 at the top, plane 0 the agent's stones, plane 1 the opponent's. An
action is a 0-based column. ``info["action_mask"]`` (``int8``, one per column) marks the legal
columns (all zeros once the game is over), ``info["opponent_move"]`` the column the opponent
answered with (-1 when it did not move), ``info["illegal_move"]`` whether the agent's action was
illegal. The info holds the same keys and types at every step, so that vector environments
(``gymnasium.make_vec``) can stack them.

Rewards: +1 when the agent makes a line, -1 when the opponent does, 0 for a draw and for every
move before the end. **An illegal action** (a full column) ends the episode at once with the
reward -1 and ``info["illegal_move"]`` true, as PettingZoo's classic games treat one; an action
that is not a column of the board at all raises :class:`~fourinarow.core.InvalidMoveError`, and
stepping after the end raises :class:`~fourinarow.core.GameOverError`.

Options of :class:`ConnectFourEnv` (keywords of ``gymnasium.make``): ``opponent`` (an agent spec:
``perfect``, ``level:1`` .. ``level:10``, ``alphabeta:depth=6``...), ``width``, ``height``,
``connect``, ``agent_first`` (``True``: the agent moves first; ``False``: second; ``None``: drawn
at each reset), ``render_mode`` (``"ansi"`` or ``"rgb_array"``). ``reset(seed=S)`` seeds the
opponent's random choices (and the draw of who starts), so an episode is replayed exactly for
opponents without a clock (all but ``level:10``, which thinks for 2 s). ``reset``
options: ``{"agent_first": bool}`` for one episode, ``{"moves": "4453"}`` to start from that
position (1-based moves; the agent plays the side to move).
"""

from __future__ import annotations

import contextlib
import functools
from typing import TYPE_CHECKING, Any

from fourinarow.agents import Agent, make_agent
from fourinarow.core import Board, FourInARowError, GameOverError, IllegalMoveError
from fourinarow.core.checks import shown
from fourinarow.core.render import render_text
from fourinarow.extras import MissingExtraError, require_extra
from fourinarow.integrations.pettingzoo import _column, draw_board, observation_planes

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "ENV_ID",
    "RENDER_MODES",
    "ConnectFourEnv",  # noqa: F822  # made on first use, by the module's __getattr__
    "register",
]

ENV_ID = "fourinarow/ConnectFour-v0"
"""The id the environment is registered under."""

RENDER_MODES = ("ansi", "rgb_array")
"""The render modes: the board as text, or a picture drawn with NumPy."""

_SEED_RANGE = 2**31
"""The opponent's seed is drawn from ``range(_SEED_RANGE)`` by the environment's generator."""


def register() -> None:
    """Register :data:`ENV_ID` with Gymnasium (done when this module is imported, if Gymnasium is
    installed; registering again does nothing).

    Raises:
        MissingExtraError: Gymnasium is not installed.
    """
    require_extra("gymnasium", "gymnasium", "the Gymnasium environment needs Gymnasium")
    import gymnasium

    if ENV_ID not in gymnasium.registry:
        gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:ConnectFourEnv")


def __getattr__(name: str) -> Any:
    """``ConnectFourEnv``, the environment's class, made on first use (Gymnasium is imported
    then)."""
    if name == "ConnectFourEnv":
        return _env_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@functools.cache
def _env_class() -> type[Any]:
    """The environment class (a ``gymnasium.Env``), made once."""
    require_extra("gymnasium", "gymnasium", "the Gymnasium environment needs Gymnasium")
    import gymnasium
    import numpy
    from gymnasium import spaces

    class ConnectFourEnv(gymnasium.Env["npt.NDArray[np.int8]", "np.int64"]):
        """Connect Four against one of our agents; see the module's text for the details.

        Args:
            opponent: the opponent's agent spec.
            width, height: the board's columns and rows.
            connect: the line length that wins.
            agent_first: whether the agent moves first (``None``: drawn at each reset).
            render_mode: ``"ansi"``, ``"rgb_array"`` or ``None``.

        Raises:
            InvalidAgentSpecError: an unknown or malformed agent spec.
            InvalidBoardSizeError: a shape no board has.
            FourInARowError: an unknown render mode, or ``agent_first`` not a bool or None.
        """

        metadata: dict[str, Any] = {  # noqa: RUF012  # Gymnasium's own attribute
            "render_modes": list(RENDER_MODES),
            "render_fps": 2,
        }

        def __init__(
            self,
            opponent: str = "level:5",
            width: int = 7,
            height: int = 6,
            connect: int = 4,
            agent_first: bool | None = True,
            render_mode: str | None = None,
        ) -> None:
            if render_mode is not None and render_mode not in RENDER_MODES:
                raise FourInARowError(
                    f"render_mode is one of {', '.join(RENDER_MODES)} or None, not "
                    f"{shown(render_mode)}"
                )
            self.render_mode = render_mode
            self.board = Board(width, height, connect)
            self.opponent_spec = opponent
            self.opponent: Agent = make_agent(opponent)  # checks the spec now; reseeded at reset
            self.agent_first = _agent_first(agent_first)
            self.observation_space = spaces.Box(
                low=0, high=1, shape=(height, width, 2), dtype=numpy.int8
            )
            self.action_space = spaces.Discrete(width)
            self._player = 1
            self._over = False
            self._seeded = False

        def reset(
            self, *, seed: int | None = None, options: dict[str, Any] | None = None
        ) -> tuple[npt.NDArray[np.int8], dict[str, Any]]:
            """A new game: the opponent moves first if the agent plays second.

            Raises:
                FourInARowError: an unknown option, or an option's value out of its range.
                InvalidMoveError: ``moves`` that are not a game in 1-based notation.
            """
            super().reset(seed=seed)
            options = dict(options or {})
            unknown = sorted(set(options) - {"agent_first", "moves"})
            if unknown:
                raise FourInARowError(
                    f"reset takes the options agent_first and moves, not {shown(unknown[0])}"
                )
            if seed is not None or not self._seeded:
                opponent_seed = int(self.np_random.integers(_SEED_RANGE))
                self.opponent = make_agent(self.opponent_spec, seed=opponent_seed)
                self._seeded = True
            shape = self.board
            self._over = False
            opponent_move = -1
            if "moves" in options:
                self.board = Board.from_moves(
                    str(options["moves"]),
                    width=shape.width,
                    height=shape.height,
                    connect=shape.connect,
                )
                if self.board.is_game_over():
                    raise GameOverError(
                        f"the moves {options['moves']!r} end the game: nothing is left to play"
                    )
                self._player = self.board.turn
            else:
                self.board = Board(shape.width, shape.height, shape.connect)
                first = _agent_first(options.get("agent_first", self.agent_first))
                if first is None:
                    first = bool(self.np_random.integers(2))
                self._player = 1 if first else 2
                if not first:
                    opponent_move = self._opponent_moves()
            return self._observation(), self._info(opponent_move)

        def step(
            self, action: Any
        ) -> tuple[npt.NDArray[np.int8], float, bool, bool, dict[str, Any]]:
            """The agent plays ``action`` (a column), then the opponent answers.

            Raises:
                InvalidMoveError: ``action`` is not a column of the board.
                GameOverError: the episode has ended: call ``reset``.
            """
            if self._over:
                raise GameOverError("the episode has ended: call reset() before step()")
            column = _column(action)
            try:
                self.board.push(column)
            except IllegalMoveError:
                self._over = True
                return self._observation(), -1.0, True, False, self._info(illegal=True)
            reward = self._reward()
            opponent_move = -1
            if not self.board.is_game_over():
                opponent_move = self._opponent_moves()
                reward = self._reward()
            self._over = self.board.is_game_over()
            return self._observation(), reward, self._over, False, self._info(opponent_move)

        def render(self) -> Any:
            """The board as text (``ansi``, columns labelled 1..W) or a picture
            (``rgb_array``: ``(height * 40, width * 40, 3)`` bytes); ``None`` without a render
            mode."""
            if self.render_mode == "rgb_array":
                return draw_board(self.board)
            if self.render_mode == "ansi":
                return render_text(self.board)
            return None

        def _opponent_moves(self) -> int:
            column = self.opponent.choose(self.board).column
            self.board.push(column)
            return column

        def _reward(self) -> float:
            outcome = self.board.outcome()
            if outcome is None or outcome.winner is None:
                return 0.0
            return 1.0 if outcome.winner == self._player else -1.0

        def _observation(self) -> npt.NDArray[np.int8]:
            return observation_planes(self.board, self._player)

        def _info(self, opponent_move: int = -1, illegal: bool = False) -> dict[str, Any]:
            mask = numpy.zeros(self.board.width, dtype=numpy.int8)
            if not self._over:
                mask[self.board.legal_moves] = 1
            return {"action_mask": mask, "opponent_move": opponent_move, "illegal_move": illegal}

    ConnectFourEnv.__module__ = __name__
    ConnectFourEnv.__qualname__ = "ConnectFourEnv"
    return ConnectFourEnv


def _agent_first(value: object) -> bool | None:
    if value is None or isinstance(value, bool):
        return value
    raise FourInARowError(
        f"agent_first is True (the agent moves first), False or None (drawn at each reset), "
        f"not {shown(value)}"
    )


with contextlib.suppress(MissingExtraError):  # the module imports; ConnectFourEnv says why
    register()
