"""Placeholder on the puzzles-base branch: the helper writing the generator replaces it."""

from __future__ import annotations

import argparse
from typing import Any


def add_generate_parser(actions: argparse._SubParsersAction[Any]) -> None:
    """Register ``puzzle generate``."""
    parser = actions.add_parser("generate", help="make a set of puzzles")
    parser.set_defaults(handler=run_generate)


def run_generate(args: argparse.Namespace) -> int:
    """Make a set of puzzles."""
    raise NotImplementedError
