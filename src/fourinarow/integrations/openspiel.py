"""OpenSpiel both ways: our agents as ``pyspiel.Bot`` for its ``connect_four``, and its bots as
agents of ours (the ``openspiel`` extra: ``pip install ".[openspiel]"``).

- :func:`bot` makes a ``pyspiel.Bot`` that plays any of our agent specs in OpenSpiel's
  ``connect_four(rows=R,columns=C,x_in_row=N)``: it reads the game from the state's history, so
  it needs no ``inform_action`` and can join a game at any point.
- :class:`OpenSpielAgent` plays any ``pyspiel.Bot`` as one of our agents (in tournaments, the
  terminal game, the engine commands). The spec ``openspiel:mcts`` builds OpenSpiel's own
  ``MCTSBot`` with random rollouts (options ``simulations=N``, default 1000; ``rollouts=N``,
  default 1; ``c=UCT constant``, default 2, as OpenSpiel's examples use; ``solve=yes|no``,
  default yes: MCTS-Solver backs up proven values); ``openspiel:random`` its uniform random bot.
  These bots count simulations, not time: the limit a move is given does not bind them.

Columns are OpenSpiel's actions: action ``c`` drops a stone in the 0-based column ``c``.

>>> from fourinarow.agents import make_agent
>>> agent = make_agent("openspiel:mcts,simulations=50", seed=1)  # doctest: +SKIP
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from fourinarow.agents import Agent, Decision, Limit, make_agent
from fourinarow.agents.base import InvalidAgentSpecError, ensure_playable
from fourinarow.agents.registry import AgentInfo, AgentOptions
from fourinarow.core import Board, FourInARowError
from fourinarow.core.checks import shown
from fourinarow.extras import require_extra

if TYPE_CHECKING:
    import pyspiel

__all__ = [
    "AGENT_INFO",
    "BOTS",
    "OpenSpielAgent",
    "OpenSpielGameError",
    "board_of",
    "bot",
    "game_for",
]

EXTRA = "openspiel"
"""The extra that installs OpenSpiel."""

DEFAULT_SIMULATIONS = 1000
"""MCTS simulations a move when the spec does not say (the issue's comparison point)."""

MAX_SIMULATIONS = 10_000_000
"""The most simulations ``openspiel:mcts`` takes."""


class OpenSpielGameError(FourInARowError):
    """An OpenSpiel game or state our agents cannot play: not ``connect_four``, or a state
    whose history is not a legal game on its board."""


def _pyspiel() -> Any:
    """The ``pyspiel`` module, or a one-line error naming the extra that installs it."""
    return require_extra("pyspiel", EXTRA, "OpenSpiel's games and bots need OpenSpiel")


def game_for(width: int, height: int, connect: int) -> pyspiel.Game:
    """OpenSpiel's ``connect_four`` on that shape."""
    return _pyspiel().load_game(f"connect_four(rows={height},columns={width},x_in_row={connect})")


def _shape(game: pyspiel.Game) -> tuple[int, int, int]:
    """The width, height and connect length of an OpenSpiel ``connect_four`` game."""
    name = game.get_type().short_name
    if name != "connect_four":
        raise OpenSpielGameError(f"our agents play connect_four, not {name}")
    parameters = game.get_parameters()
    return int(parameters["columns"]), int(parameters["rows"]), int(parameters["x_in_row"])


def board_of(state: pyspiel.State) -> Board:
    """Our board for an OpenSpiel ``connect_four`` state, replayed from its history.

    Raises:
        OpenSpielGameError: the state is not connect_four's, or its history is not a legal game.
    """
    width, height, connect = _shape(state.get_game())
    board = Board(width, height, connect)
    try:
        for action in state.history():
            board.push(int(action))
    except FourInARowError as error:
        raise OpenSpielGameError(f"the state's history is not a game here: {error}") from None
    return board


def bot(
    game: pyspiel.Game,
    agent: str | Agent = "perfect",
    *,
    time_ms: float | None = 1000.0,
    seed: int | None = None,
) -> pyspiel.Bot:
    """A ``pyspiel.Bot`` playing one of our agents in ``game`` (OpenSpiel's connect_four).

    Args:
        game: ``pyspiel.load_game("connect_four")`` or another shape of it.
        agent: an agent spec (``perfect``, ``level:5``) or an agent.
        time_ms: the agent's time per move (``None``: no clock; agents without a budget of
            their own then search until done).
        seed: seeds the agent's random choices (for a spec).

    Raises:
        MissingExtraError: OpenSpiel is not installed.
        OpenSpielGameError: ``game`` is not connect_four.
        InvalidAgentSpecError: an unknown or malformed spec.
    """
    pyspiel = _pyspiel()
    _shape(game)
    player = make_agent(agent, seed=seed) if isinstance(agent, str) else agent
    limit = Limit(time=None if time_ms is None else time_ms / 1000)

    class FourInARowBot(pyspiel.Bot):  # type: ignore[misc, name-defined]
        """One of our agents as an OpenSpiel bot (made by :func:`bot`)."""

        def __init__(self) -> None:
            pyspiel.Bot.__init__(self)
            self.agent = player
            self.last: Decision | None = None

        def step(self, state: Any) -> int:
            """The agent's column for the player to move in ``state``."""
            self.last = player.choose(board_of(state), limit)
            return int(self.last.column)

        def restart_at(self, state: Any) -> None:
            """Nothing to do: every step reads the whole game from the state."""

        def inform_action(self, state: Any, player_id: int, action: int) -> None:
            """Nothing to do: every step reads the whole game from the state."""

        def provides_policy(self) -> bool:
            """False: the bot gives a move, not a policy."""
            return False

    return FourInARowBot()


BotFactory = Callable[[Any, int, "random.Random"], Any]
"""Makes an OpenSpiel bot: (game, player id, random source) -> ``pyspiel.Bot``."""


class OpenSpielAgent:
    """An OpenSpiel bot playing as one of our agents.

    Args:
        name: the spec or name it shows (``openspiel:mcts``).
        make_bot: builds the bot for a game and player id (called once per shape and player).
        rng: the random source handed to ``make_bot`` (seeds the bots).

    A bot that keeps its own game (one with ``inform_action``) is told the position with
    ``restart_at`` before each move.
    """

    def __init__(self, name: str, make_bot: BotFactory, rng: random.Random) -> None:
        self._name = name
        self._make_bot = make_bot
        self._rng = rng
        self._bots: dict[tuple[int, int, int, int], Any] = {}

    @property
    def name(self) -> str:
        """The spec that built the agent."""
        return self._name

    def choose(self, board: Board, limit: Limit | None = None) -> Decision:
        """The bot's column (the limit does not bind OpenSpiel's bots: they count simulations)."""
        ensure_playable(board)
        started = time.perf_counter()
        game = game_for(board.width, board.height, board.connect)
        state = game.new_initial_state()
        for column in board.moves:
            state.apply_action(column)
        player = state.current_player()
        key = (board.width, board.height, board.connect, player)
        if key not in self._bots:
            self._bots[key] = self._make_bot(game, player, self._rng)
        chosen = self._bots[key]
        if type(chosen).restart_at is not _pyspiel().Bot.restart_at:
            chosen.restart_at(state)  # a bot that keeps a game of its own is told this one
        action = int(chosen.step(state))
        if not board.is_legal(action):
            raise OpenSpielGameError(
                f"the OpenSpiel bot {self._name} chose {shown(action)}, not a legal column"
            )
        return Decision(action, elapsed=time.perf_counter() - started)


def _mcts(options: AgentOptions) -> BotFactory:
    simulations = options.integer("simulations", DEFAULT_SIMULATIONS, 1, MAX_SIMULATIONS)
    rollouts = options.integer("rollouts", 1, 1, 1000)
    uct_c = options.number("c", 2.0, 0, 100)
    solve = options.choice("solve", "yes", ("yes", "no")) == "yes"

    def make(game: Any, player: int, rng: random.Random) -> Any:
        import numpy as np
        from open_spiel.python.algorithms import mcts

        numbers = np.random.RandomState(rng.getrandbits(32))
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=rollouts, random_state=numbers)
        return mcts.MCTSBot(game, uct_c, simulations, evaluator, solve=solve, random_state=numbers)

    return make


def _uniform_random(options: AgentOptions) -> BotFactory:
    def make(game: Any, player: int, rng: random.Random) -> Any:
        import numpy as np
        from open_spiel.python.bots.uniform_random import UniformRandomBot

        return UniformRandomBot(player, np.random.RandomState(rng.getrandbits(32)))

    return make


BOTS: dict[str, Callable[[AgentOptions], BotFactory]] = {"mcts": _mcts, "random": _uniform_random}
"""OpenSpiel's bots that ``openspiel:NAME`` builds."""

_OPTIONS = {"mcts": ("simulations", "rollouts", "c", "solve"), "random": ()}


def _factory(rng: random.Random, options: AgentOptions) -> Agent:
    which = options.text("openspiel", "mcts").lower()
    if which not in BOTS:
        raise InvalidAgentSpecError(
            f"openspiel:{which} is not accepted; OpenSpiel's bots here: {', '.join(BOTS)}"
        )
    given = options.names() - {"openspiel"}
    unknown = sorted(given - set(_OPTIONS[which]))
    if unknown:
        accepted = ", ".join(_OPTIONS[which]) or "none"
        raise InvalidAgentSpecError(
            f"openspiel:{which} does not take the option {unknown[0]!r}; its options: {accepted}"
        )
    _pyspiel()
    spec = "openspiel:" + which
    return OpenSpielAgent(spec, BOTS[which](options), rng)


AGENT_INFO = AgentInfo(
    _factory,
    "OpenSpiel's bots (pip install 'fourinarow[openspiel]'): openspiel:mcts (MCTS with random "
    f"rollouts; simulations=N, default {DEFAULT_SIMULATIONS}; rollouts=N; c=UCT constant, "
    "default 2; solve=yes|no) or openspiel:random",
    ("openspiel", "simulations", "rollouts", "c", "solve"),
)
"""The ``openspiel`` agent, registered as an entry point of the ``fourinarow.agents`` group."""
