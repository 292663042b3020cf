"""``fourinarow agents``: list the computer players that ``--opponent`` and ``--agent`` take."""

from __future__ import annotations

import argparse
from typing import Any

__all__ = ["add_parser", "run"]


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Register the ``agents`` subcommand."""
    commands.add_parser(
        "agents",
        help="list the computer players",
        description="List the computer players that --opponent accepts, one per line.",
    )


def run(args: argparse.Namespace) -> int:
    """Print every agent (built in, then plug-ins) with its description; return 0."""
    from fourinarow.agents import AGENTS
    from fourinarow.agents.registry import agent_info, plugin_names

    for name, info in AGENTS.items():
        print(f"{name:<10} {info.description}")
    for name in plugin_names():
        plugin = agent_info(name)
        if plugin is not None:
            print(f"{name:<10} {plugin.description}")
    print(
        "Every agent also takes blunder=P: a random move with probability P (simple:blunder=0.3)."
    )
    return 0
