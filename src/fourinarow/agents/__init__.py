"""Game-playing agents behind one protocol: ``make_agent(spec).choose(board, limit)``."""

from __future__ import annotations

from fourinarow.agents.base import Agent, Decision, Limit
from fourinarow.agents.basic import RandomAgent, SimpleAgent
from fourinarow.agents.registry import (
    AGENTS,
    AgentInfo,
    InvalidAgentSpecError,
    make_agent,
    parse_spec,
)

__all__ = [
    "AGENTS",
    "Agent",
    "AgentInfo",
    "Decision",
    "InvalidAgentSpecError",
    "Limit",
    "RandomAgent",
    "SimpleAgent",
    "make_agent",
    "parse_spec",
]
