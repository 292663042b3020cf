"""Build agents from spec strings such as ``simple`` or ``alphabeta:depth=6,eval=window``."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from fourinarow.agents.base import Agent, InvalidAgentSpecError
from fourinarow.agents.basic import AggressiveAgent, DefensiveAgent, RandomAgent, SimpleAgent
from fourinarow.agents.blunder import BlunderingAgent
from fourinarow.agents.engine import EngineAgent
from fourinarow.agents.levels import LEVELS, LevelAgent
from fourinarow.agents.mcts import MCTSAgent
from fourinarow.agents.minimax import SearchAgent
from fourinarow.agents.perfect import PerfectAgent
from fourinarow.agents.tiebreak import (
    TIE_BREAKS,
    InvalidTieBreakError,
    TieBreak,
    tie_break_policy,
)
from fourinarow.search.book import Book
from fourinarow.search.evaluation import EVALUATIONS

__all__ = [
    "AGENTS",
    "AgentInfo",
    "AgentOptions",
    "InvalidAgentSpecError",
    "make_agent",
    "parse_spec",
]


class AgentOptions:
    """The ``key=value`` options of one spec, read with checks that name what is accepted."""

    def __init__(self, name: str, values: dict[str, str]) -> None:
        self.name = name
        self._values = values

    def integer(self, key: str, default: int, low: int, high: int) -> int:
        """An integer option between ``low`` and ``high``."""
        text = self._values.get(key)
        if text is None:
            return default
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if not low <= value <= high:
            given = f"{self.name}:{text}" if key == self.name else f"{self.name}: {key}={text}"
            raise InvalidAgentSpecError(
                f"{given} is not accepted; {key} is a whole number from {low} to {high}"
            )
        return value

    def number(self, key: str, default: float, low: float) -> float:
        """A number option greater than ``low``."""
        text = self._values.get(key)
        if text is None:
            return default
        try:
            value = float(text)
        except ValueError:
            value = low
        if not value > low:
            raise InvalidAgentSpecError(
                f"{self.name}: {key}={text} is not accepted; {key} is a number above {low:g}"
            )
        return value

    def tie_break(self, default: TieBreak) -> TieBreak:
        """The ``tiebreak`` option (``center`` is read as ``centre``)."""
        text = self._values.get("tiebreak", default)
        try:
            return tie_break_policy(text)
        except InvalidTieBreakError:
            raise InvalidAgentSpecError(
                f"{self.name}: tiebreak={text} is not accepted; tiebreak is one of "
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
                f"{self.name}: {key}={text} is not accepted; {key} is one of {', '.join(accepted)}"
            )
        return text


@dataclass(frozen=True)
class AgentInfo:
    """A registered agent: how to build it, a one-line description and the options it takes."""

    factory: Callable[[random.Random, AgentOptions], Agent]
    description: str
    options: tuple[str, ...] = ()


def _level(rng: random.Random, options: AgentOptions) -> Agent:
    level = options.integer("level", 5, 1, len(LEVELS))
    return LevelAgent(level, make_agent(LEVELS[level].spec, seed=rng.getrandbits(32)))


def _book(options: AgentOptions) -> Book | bool:
    """The ``book`` option: ``shipped`` (default), ``none`` or the path of a book file."""
    text = options.text("book", "shipped")
    if text.lower() in ("shipped", "none"):
        return text.lower() == "shipped"
    return Book.load(text)


def _perfect(rng: random.Random, options: AgentOptions) -> Agent:
    tie_break = options.tie_break("centre")
    return PerfectAgent(
        rng,
        tie_break=tie_break,
        tt_mb=options.number("tt_mb", 64, 0),
        book=_book(options),
        fallback=EngineAgent(rng, tie_break=tie_break, solve_empties=0),
    )


def _searcher(prune: bool, default_depth: int) -> Callable[[random.Random, AgentOptions], Agent]:
    def build(rng: random.Random, options: AgentOptions) -> Agent:
        return SearchAgent(
            rng,
            depth=options.integer("depth", default_depth, 1, 400),
            evaluation=options.choice("eval", "window", tuple(EVALUATIONS)),
            prune=prune,
            tie_break=options.tie_break("random"),
        )

    return build


_SEARCH_OPTIONS = (
    "options: depth=D, eval=" + "|".join(EVALUATIONS) + ", tiebreak=random|centre|leftmost"
)

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
        f"plain minimax to a fixed depth, no pruning, for teaching ({_SEARCH_OPTIONS}; depth 4)",
        ("depth", "eval", "tiebreak"),
    ),
    "alphabeta": AgentInfo(
        _searcher(prune=True, default_depth=6),
        f"alpha-beta, centre columns first ({_SEARCH_OPTIONS}; depth 6)",
        ("depth", "eval", "tiebreak"),
    ),
    "engine": AgentInfo(
        lambda rng, options: EngineAgent(
            rng,
            tie_break=options.tie_break("random"),
            tt_mb=options.number("tt_mb", 16, 0),
            nodes=options.integer("nodes", 0, 0, 10**12) or None,
        ),
        "iterative deepening alpha-beta, table, threat analysis, perfect near the end; uses "
        "the time it is given (options: tiebreak=random|centre|leftmost, tt_mb=MB, nodes=N "
        "positions a move at most)",
        ("tiebreak", "tt_mb", "nodes"),
    ),
    "mcts": AgentInfo(
        lambda rng, options: MCTSAgent(
            rng,
            playouts=options.integer("playouts", 0, 0, 10**9) or None,
            exploration=options.number("c", 1.4, 0),
            tie_break=options.tie_break("random"),
        ),
        "Monte Carlo tree search (UCT) with random playouts; uses the time it is given "
        "(options: playouts=N instead of time, c=UCB constant, tiebreak=random|centre|leftmost)",
        ("playouts", "c", "tiebreak"),
    ),
    "perfect": AgentInfo(
        _perfect,
        "perfect play from the solver: the fastest win, the longest defence "
        "(options: tiebreak=centre|random|leftmost, tt_mb=MB, book=shipped|none|PATH)",
        ("tiebreak", "tt_mb", "book"),
    ),
    "level": AgentInfo(
        lambda rng, options: _level(rng, options),
        "level:1 (random) to level:10 (perfect); level:5 when no number is given",
        ("level",),
    ),
}
"""Every agent name, in the order ``fourinarow agents`` lists them."""


def _accepted() -> str:
    return ", ".join(AGENTS)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split a spec ``name[:key=value,...]`` into its name and options.

    Raises:
        InvalidAgentSpecError: the spec is empty or an option is not ``key=value``.

    >>> parse_spec("alphabeta:depth=6,eval=window")
    ('alphabeta', {'depth': '6', 'eval': 'window'})
    """
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    if not name:
        raise InvalidAgentSpecError(f"empty agent spec; accepted agents: {_accepted()}")
    options: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, equals, value = part.partition("=")
        if not equals or not key.strip() or not value.strip():
            raise InvalidAgentSpecError(
                f"option {part!r} in agent spec {spec!r} is not of the form key=value"
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
        InvalidAgentSpecError: unknown agent, or options it does not take; the message lists
            what is accepted.

    >>> make_agent("simple", seed=1).name
    'simple'
    """
    name, options = _parse_level(spec) or parse_spec(spec)
    blunder = options.pop("blunder", None)
    info = AGENTS.get(name)
    if info is None:
        raise InvalidAgentSpecError(f"unknown agent {name!r}; accepted agents: {_accepted()}")
    unknown = sorted(set(options) - set(info.options))
    if unknown:
        accepted = ", ".join(info.options) if info.options else "none"
        raise InvalidAgentSpecError(
            f"agent {name!r} does not take the option {unknown[0]!r}; its options: {accepted} "
            "(and blunder=P, which every agent takes)"
        )
    rng = random.Random(seed)
    agent = info.factory(rng, AgentOptions(name, options))
    if blunder is None:
        return agent
    try:
        chance = float(blunder)
    except ValueError:
        chance = -1.0
    if not 0 <= chance <= 1:
        raise InvalidAgentSpecError(
            f"{name}: blunder={blunder} is not accepted; blunder is a probability from 0 to 1"
        )
    return BlunderingAgent(agent, chance, random.Random(rng.getrandbits(32)))
