"""Game-playing agents behind one protocol: ``make_agent(spec).choose(board, limit)``."""

from __future__ import annotations

from fourinarow.agents.base import (
    Agent,
    Analyst,
    CannotAnalyzeError,
    Decision,
    InvalidAgentSpecError,
    Limit,
    analyze,
)
from fourinarow.agents.basic import AggressiveAgent, DefensiveAgent, RandomAgent, SimpleAgent
from fourinarow.agents.engine import EngineAgent
from fourinarow.agents.mcts import MCTSAgent
from fourinarow.agents.minimax import SearchAgent
from fourinarow.agents.perfect import PerfectAgent
from fourinarow.agents.registry import (
    AGENTS,
    AgentInfo,
    AgentOptions,
    make_agent,
    parse_spec,
)

__all__ = [
    "AGENTS",
    "Agent",
    "AgentInfo",
    "AgentOptions",
    "AggressiveAgent",
    "Analyst",
    "CannotAnalyzeError",
    "Decision",
    "DefensiveAgent",
    "EngineAgent",
    "InvalidAgentSpecError",
    "Limit",
    "MCTSAgent",
    "PerfectAgent",
    "RandomAgent",
    "SearchAgent",
    "SimpleAgent",
    "analyze",
    "make_agent",
    "parse_spec",
]
