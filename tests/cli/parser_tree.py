"""Every parser of the command line, walked from :func:`fourinarow.cli.main.build_parser` (for
the tests that ask something of each command and subcommand)."""

from __future__ import annotations

import argparse
from collections.abc import Iterator


def parsers(
    parser: argparse.ArgumentParser, name: str = "fourinarow"
) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """Every parser under ``parser``, itself first, each with its command's name
    (``"fourinarow puzzle generate"``)."""
    yield name, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub, child in action.choices.items():
                yield from parsers(child, f"{name} {sub}")
