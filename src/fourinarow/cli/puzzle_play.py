"""Placeholder on the puzzles-base branch: the helper writing the puzzle session replaces it."""

from __future__ import annotations

import argparse

DESCRIPTION = "Solve puzzles in the terminal."


def add_play_options(parser: argparse.ArgumentParser) -> None:
    """Add the options of a puzzle session to ``parser``."""


def run_play(args: argparse.Namespace) -> int:
    """Play puzzles."""
    raise NotImplementedError
