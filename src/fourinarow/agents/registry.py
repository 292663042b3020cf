"""Build agents from spec strings such as ``simple`` or ``alphabeta:depth=6,eval=window``."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib.metadata import entry_points

from fourinarow.agents.base import Agent, InvalidAgentSpecError
from fourinarow.agents.basic import AggressiveAgent, DefensiveAgent, RandomAgent, SimpleAgent
from fourinarow.agents.blunder import BlunderingAgent
from fourinarow.agents.engine import EngineAgent
from fourinarow.agents.levels import FIRST_LEVELS, LEVELS, Level, LevelAgent
from fourinarow.agents.mcts import MCTSAgent
from fourinarow.agents.minimax import MAX_DEPTH, SearchAgent
from fourinarow.agents.perfect import PerfectAgent
from fourinarow.agents.tiebreak import (
    TIE_BREAKS,
    InvalidTieBreakError,
    TieBreak,
    tie_break_policy,
)
from fourinarow.core.checks import did_you_mean
from fourinarow.core.numbers import InvalidNumberError, number_text, parse_float, parse_int
from fourinarow.search.book import Book
from fourinarow.search.checks import (
    MAX_TABLE_MB,
    MAX_THREADS,
    TableTooLargeError,
    table_too_large,
)
from fourinarow.search.engine_search import ENGINE_EVALUATIONS, EngineEvaluation, engine_evaluation
from fourinarow.search.evaluation import EVALUATIONS

__all__ = [
    "AGENTS",
    "MAX_ENGINE_NODES",
    "MAX_PLAYOUTS",
    "MAX_TT_MB",
    "PLUGIN_GROUP",
    "AgentInfo",
    "AgentOptions",
    "InvalidAgentSpecError",
    "agent_info",
    "level_agent",
    "make_agent",
    "parse_spec",
    "plugin_names",
    "replay_level_agent",
]


MAX_TT_MB = MAX_TABLE_MB
"""The largest transposition table an option asks for, in megabytes (1 TiB): the search
layer's own bound, so a spec, ``--tt-mb`` and the library accept the same sizes (and none
larger than the machine's memory)."""

MAX_ENGINE_NODES = 10**9
"""The most positions ``engine:nodes=N`` takes: about five minutes of search on 7x6."""

MAX_PLAYOUTS = 1_000_000
"""The most playouts ``mcts:playouts=N`` takes: about ten minutes on 7x6."""

MAX_EXPLORATION = 100.0
"""The largest UCB exploration constant ``mcts:c=C`` takes (1.4 by default)."""


class AgentOptions:
    """The ``key=value`` options of one spec, read with checks that name what is accepted."""

    def __init__(self, name: str, values: dict[str, str]) -> None:
        self.name = name
        self._values = values

    def names(self) -> frozenset[str]:
        """The option names the spec gives."""
        return frozenset(self._values)

    def _given(self, key: str, text: str) -> str:
        """The option as the spec wrote it, for a message."""
        text = _short(text)
        return f"{self.name}:{text}" if key == self.name else f"{self.name}: {key}={text}"

    def integer(self, key: str, default: int, low: int, high: int) -> int:
        """An integer option between ``low`` and ``high``, in ASCII digits."""
        text = self._values.get(key)
        if text is None:
            return default
        try:
            return parse_int(text, low, high)
        except InvalidNumberError:
            raise InvalidAgentSpecError(
                f"{self._given(key, text)} is not accepted; {key} is a whole number from {low} "
                f"to {high} (digits 0-9)"
            ) from None

    def number(self, key: str, default: float, low: float, high: float) -> float:
        """A number option above ``low`` and at most ``high``, in ASCII digits."""
        text = self._values.get(key)
        if text is None:
            return default
        try:
            return parse_float(text, low, high, above_low=True)
        except InvalidNumberError:
            raise InvalidAgentSpecError(
                f"{self._given(key, text)} is not accepted; {key} is a number above "
                f"{number_text(low)} and at most {number_text(high)} (digits 0-9)"
            ) from None

    def table_megabytes(self, key: str, default: float) -> float:
        """A transposition table's size in megabytes: above 0, at most ``MAX_TT_MB`` and at
        most the machine's memory.

        Raises:
            InvalidAgentSpecError: not such a number.
            TableTooLargeError: more than the machine's memory.
        """
        megabytes = self.number(key, default, 0, MAX_TT_MB)
        problem = table_too_large(megabytes)
        if problem:
            given = self._given(key, self._values.get(key, str(default)))
            raise TableTooLargeError(f"{given} is not accepted: {problem}")
        return megabytes

    def tie_break(self, default: TieBreak) -> TieBreak:
        """The ``tiebreak`` option (``center`` is read as ``centre``)."""
        text = self._values.get("tiebreak", default)
        try:
            return tie_break_policy(text)
        except InvalidTieBreakError:
            raise InvalidAgentSpecError(
                f"{self._given('tiebreak', text)} is not accepted; tiebreak is one of "
                f"{', '.join(TIE_BREAKS)} (or center)"
            ) from None

    def text(self, key: str, default: str) -> str:
        """An option taken as it is written."""
        return self._values.get(key, default)

    def choice(self, key: str, default: str, accepted: tuple[str, ...]) -> str:
        """One of ``accepted``."""
        text = self._values.get(key, default).lower()
        if text not in accepted:
            raise InvalidAgentSpecError(
                f"{self._given(key, text)} is not accepted; {key} is one of {', '.join(accepted)}"
            )
        return text


@dataclass(frozen=True)
class AgentInfo:
    """A registered agent: how to build it, a one-line description and the options it takes."""

    factory: Callable[[random.Random, AgentOptions], Agent]
    description: str
    options: tuple[str, ...] = ()


def level_agent(level: int, seed: int, *, presets: Mapping[int, Level] = LEVELS) -> Agent:
    """``make_agent(f"level:{level}", seed=seed)``, the level taken from ``presets``: programs
    that must replay games made with earlier presets (the standard sets', the shipped puzzles'
    recorded commands) pass :data:`~fourinarow.agents.levels.FIRST_LEVELS`.

    Raises:
        InvalidAgentSpecError: ``level`` is not one of the presets.
    """
    if level not in presets:
        return make_agent(f"level:{level}", seed=seed)  # says what is accepted
    preset = presets[level]
    # seeded as make_agent seeds a level's own agent
    inner = make_agent(preset.spec, seed=random.Random(seed).getrandbits(32))
    return LevelAgent(level, inner, preset)


def replay_level_agent(level: int, seed: int) -> Agent:
    """``level_agent(level, seed, presets=FIRST_LEVELS)`` as the programs that replay recorded
    games play it (the standard sets', the shipped puzzles'): its engine makes no endgame
    proofs. Whether a proof finishes within the level's nodes hangs on the solver's speed, so
    with proofs a faster solver would play other moves and the recorded commands would make
    other files.

    Raises:
        InvalidAgentSpecError: ``level`` is not one of the presets.
    """
    agent = level_agent(level, seed, presets=FIRST_LEVELS)
    inner = agent.agent if isinstance(agent, LevelAgent) else agent
    if isinstance(inner, EngineAgent):
        inner.solve_empties = 0
    return agent


def _level(rng: random.Random, options: AgentOptions) -> Agent:
    level = options.integer("level", 5, 1, len(LEVELS))
    return LevelAgent(level, make_agent(LEVELS[level].spec, seed=rng.getrandbits(32)))


def _book(options: AgentOptions) -> Book | bool:
    """The ``book`` option: ``shipped`` (default: the shape's default book, shipped or
    installed), ``none`` or the path of a book file (a regular file: a FIFO or a device is
    refused with a ``BookPathError`` before it is opened)."""
    text = options.text("book", "shipped")
    if text.lower() in ("shipped", "none"):
        return text.lower() == "shipped"
    if "\0" in text:  # no file name holds one (open() refuses it with a bare ValueError)
        raise InvalidAgentSpecError(
            f"{options.name}: book={text!r} is not accepted; book is shipped, none or the path "
            "of a book file"
        )
    return Book.load(text)


def _perfect(rng: random.Random, options: AgentOptions) -> Agent:
    tie_break = options.tie_break("centre")
    return PerfectAgent(
        rng,
        tie_break=tie_break,
        tt_mb=options.table_megabytes("tt_mb", 64),
        book=_book(options),
        threads=options.integer("threads", 1, 1, MAX_THREADS),
        fallback=EngineAgent(rng, tie_break=tie_break, solve_empties=0),
    )


def _engine_evaluation(options: AgentOptions) -> EngineEvaluation | None:
    """The engine's ``eval`` option: ``auto`` (default) is ``None``."""
    choice = options.choice("eval", "auto", ("auto", *ENGINE_EVALUATIONS))
    return None if choice == "auto" else engine_evaluation(choice)


def _searcher(prune: bool, default_depth: int) -> Callable[[random.Random, AgentOptions], Agent]:
    def build(rng: random.Random, options: AgentOptions) -> Agent:
        return SearchAgent(
            rng,
            depth=options.integer("depth", default_depth, 1, MAX_DEPTH[prune]),
            evaluation=options.choice("eval", "window", tuple(EVALUATIONS)),
            prune=prune,
            tie_break=options.tie_break("random"),
        )

    return build


_SEARCH_OPTIONS = "eval=" + "|".join(EVALUATIONS) + ", tiebreak=random|centre|leftmost"

AGENTS: dict[str, AgentInfo] = {
    "random": AgentInfo(lambda rng, _: RandomAgent(rng), "plays a random legal column"),
    "defensive": AgentInfo(
        lambda rng, _: DefensiveAgent(rng), "blocks your immediate win, else plays at random"
    ),
    "aggressive": AgentInfo(
        lambda rng, _: AggressiveAgent(rng), "wins at once if it can, else plays at random"
    ),
    "simple": AgentInfo(
        lambda rng, _: SimpleAgent(rng),
        "wins if it can, else blocks your win, else plays at random",
    ),
    "minimax": AgentInfo(
        _searcher(prune=False, default_depth=4),
        "plain minimax to a fixed depth, no pruning, for teaching (options: depth=D from 1 to "
        f"{MAX_DEPTH[False]}, default 4; {_SEARCH_OPTIONS})",
        ("depth", "eval", "tiebreak"),
    ),
    "alphabeta": AgentInfo(
        _searcher(prune=True, default_depth=6),
        "alpha-beta, centre columns first (options: depth=D from 1 to "
        f"{MAX_DEPTH[True]}, default 6; {_SEARCH_OPTIONS})",
        ("depth", "eval", "tiebreak"),
    ),
    "engine": AgentInfo(
        lambda rng, options: EngineAgent(
            rng,
            tie_break=options.tie_break("random"),
            tt_mb=options.table_megabytes("tt_mb", 16),
            nodes=options.integer("nodes", 0, 0, MAX_ENGINE_NODES) or None,
            evaluation=_engine_evaluation(options),
        ),
        "iterative deepening alpha-beta, table, learned evaluation (threat analysis where the "
        "board has no network), perfect near the end; uses the time it is given (options: "
        f"tiebreak=random|centre|leftmost, tt_mb=MB up to {MAX_TT_MB} and the machine's "
        f"memory, nodes=N positions a move at most, N up to {MAX_ENGINE_NODES}, "
        "eval=auto|network|threats, default auto: the network where the board has one)",
        ("tiebreak", "tt_mb", "nodes", "eval"),
    ),
    "mcts": AgentInfo(
        lambda rng, options: MCTSAgent(
            rng,
            playouts=options.integer("playouts", 0, 0, MAX_PLAYOUTS) or None,
            exploration=options.number("c", 1.4, 0, MAX_EXPLORATION),
            tie_break=options.tie_break("random"),
        ),
        "Monte Carlo tree search (UCT) with random playouts; uses the time it is given "
        f"(options: playouts=N instead of time, N up to {MAX_PLAYOUTS}, c=UCB constant above 0 "
        f"and at most {MAX_EXPLORATION:g}, tiebreak=random|centre|leftmost)",
        ("playouts", "c", "tiebreak"),
    ),
    "perfect": AgentInfo(
        _perfect,
        "perfect play from the solver: the fastest win, the longest defence "
        f"(options: tiebreak=centre|random|leftmost, tt_mb=MB up to {MAX_TT_MB} and the "
        f"machine's memory, book=shipped|none|PATH, threads=N from 1 to {MAX_THREADS}, "
        "default 1)",
        ("tiebreak", "tt_mb", "book", "threads"),
    ),
    "level": AgentInfo(
        lambda rng, options: _level(rng, options),
        "level:1 (random) to level:10 (perfect); level:5 when no number is given",
        ("level",),
    ),
}
"""Every agent name, in the order ``fourinarow agents`` lists them."""


PLUGIN_GROUP = "fourinarow.agents"
"""The entry-point group where packages register agents of their own: each entry point's name is
the agent's name, its object an :class:`AgentInfo` (fourinarow's own adapters, such as
``openspiel``, come this way; their factories import their framework only when called)."""


def plugin_names() -> list[str]:
    """The names of the agents registered as entry points, sorted (built-in names left out)."""
    return sorted({e.name for e in entry_points(group=PLUGIN_GROUP)} - set(AGENTS))


def agent_info(name: str) -> AgentInfo | None:
    """A built-in agent's info, or a plugin's, or ``None``."""
    info = AGENTS.get(name)
    if info is not None:
        return info
    for entry in entry_points(group=PLUGIN_GROUP, name=name):
        loaded = entry.load()
        if isinstance(loaded, AgentInfo):
            return loaded
    return None


def _short(text: str) -> str:
    """``text``, cut to 40 characters for a message."""
    return text if len(text) <= 40 else text[:37] + "..."


def _accepted() -> str:
    return ", ".join([*AGENTS, *plugin_names()])


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split a spec ``name[:key=value,...]`` into its name and options. The first option may
    be a bare value, kept under the agent's own name (``level:5``, ``openspiel:mcts``); agents
    that take no such value refuse it when built.

    Raises:
        InvalidAgentSpecError: the spec is empty or an option after the first is not
            ``key=value``.

    >>> parse_spec("alphabeta:depth=6,eval=window")
    ('alphabeta', {'depth': '6', 'eval': 'window'})
    >>> parse_spec("openspiel:mcts,simulations=100")
    ('openspiel', {'openspiel': 'mcts', 'simulations': '100'})
    """
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    if not name:
        raise InvalidAgentSpecError(f"empty agent spec; accepted agents: {_accepted()}")
    options: dict[str, str] = {}
    for index, part in enumerate(filter(None, (p.strip() for p in rest.split(",")))):
        key, equals, value = part.partition("=")
        if index == 0 and not equals:
            options[name] = part
            continue
        if not equals or not key.strip() or not value.strip():
            raise InvalidAgentSpecError(
                f"option {_short(part)!r} in agent spec {_short(spec)!r} is not of the form "
                "key=value"
            )
        options[key.strip().lower()] = value.strip()
    return name, options


def _parse_level(spec: str) -> tuple[str, dict[str, str]] | None:
    """``level:N`` as ``("level", {"level": "N"})``; None for other specs."""
    name, _, rest = spec.strip().partition(":")
    if name.strip().lower() != "level" or "=" in rest:
        return None
    return "level", ({"level": rest.strip()} if rest.strip() else {})


def make_agent(spec: str, *, seed: int | None = None) -> Agent:
    """Build the agent a spec names.

    Args:
        spec: an agent name, optionally with options: ``name:key=value,...``.
        seed: seeds the agent's ``random.Random`` for reproducible play.

    Raises:
        InvalidAgentSpecError: unknown agent, options it does not take or out of their range
            (numbers are written in the digits 0-9), a spec that is not a string, or a seed
            that is not a whole number; the message lists what is accepted.

    >>> make_agent("simple", seed=1).name
    'simple'
    """
    if not isinstance(spec, str):
        raise InvalidAgentSpecError(
            f"an agent spec is a string such as 'alphabeta:depth=6', not {type(spec).__name__}"
        )
    if seed is not None and not isinstance(seed, int):
        raise InvalidAgentSpecError(f"a seed is a whole number or None, not {type(seed).__name__}")
    name, options = _parse_level(spec) or parse_spec(spec)
    blunder = options.pop("blunder", None)
    info = agent_info(name)
    if info is None:
        raise InvalidAgentSpecError(
            f"unknown agent {_short(name)!r}{did_you_mean(name, [*AGENTS, *plugin_names()])}; "
            f"accepted agents: {_accepted()}"
        )
    if name in options and name not in info.options:
        raise InvalidAgentSpecError(
            f"option {_short(options[name])!r} in agent spec {_short(spec)!r} is not of the form "
            "key=value"
        )
    unknown = sorted(set(options) - set(info.options))
    if unknown:
        accepted = ", ".join(info.options) if info.options else "none"
        raise InvalidAgentSpecError(
            f"agent {name!r} does not take the option {_short(unknown[0])!r}"
            f"{did_you_mean(unknown[0], [*info.options, 'blunder'])}; its options: "
            f"{accepted} "
            "(and blunder=P, which every agent takes)"
        )
    rng = random.Random(seed)
    agent = info.factory(rng, AgentOptions(name, options))
    if blunder is None:
        return agent
    try:
        chance = parse_float(blunder, 0, 1)
    except InvalidNumberError:
        raise InvalidAgentSpecError(
            f"{name}: blunder={_short(blunder)} is not accepted; blunder is a probability from 0 "
            "to 1 "
            "(digits 0-9)"
        ) from None
    return BlunderingAgent(agent, chance, random.Random(rng.getrandbits(32)))
