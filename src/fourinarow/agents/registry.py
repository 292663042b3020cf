"""Build agents from spec strings such as ``simple`` or ``alphabeta:depth=6,eval=window``."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from fourinarow.agents.base import Agent
from fourinarow.agents.basic import RandomAgent, SimpleAgent

__all__ = ["AGENTS", "AgentInfo", "InvalidAgentSpecError", "make_agent", "parse_spec"]


class InvalidAgentSpecError(ValueError):
    """An agent spec that names no known agent or has malformed options."""


@dataclass(frozen=True)
class AgentInfo:
    """A registered agent: how to build it and a one-line description."""

    factory: Callable[[random.Random], Agent]
    description: str


AGENTS: dict[str, AgentInfo] = {
    "random": AgentInfo(RandomAgent, "plays a random legal column"),
    "simple": AgentInfo(SimpleAgent, "wins if it can, else blocks your win, else plays at random"),
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
    name, options = parse_spec(spec)
    info = AGENTS.get(name)
    if info is None:
        raise InvalidAgentSpecError(f"unknown agent {name!r}; accepted agents: {_accepted()}")
    if options:
        raise InvalidAgentSpecError(
            f"agent {name!r} takes no options, got {', '.join(sorted(options))}"
        )
    return info.factory(random.Random(seed))
