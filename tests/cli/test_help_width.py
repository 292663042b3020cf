"""``--help`` fits an 80-column terminal: prose is filled to the width, only laid-out rows
(indented tables and lists) may run longer."""

from __future__ import annotations

import pytest

from fourinarow.cli.main import COMMANDS, build_parser
from tests.cli.conftest import Run
from tests.cli.parser_tree import parsers

COMMAND_WORDS = [tuple(name.split()[1:]) for name, _ in parsers(build_parser())][1:]
"""Every command and subcommand, as the words that name it (``("puzzle", "generate")``)."""


def test_every_command_is_checked() -> None:
    assert {words[0] for words in COMMAND_WORDS} == set(COMMANDS)
    assert ("puzzle", "generate") in COMMAND_WORDS


@pytest.mark.parametrize("words", COMMAND_WORDS, ids=" ".join)
def test_help_prose_fits_80_columns(run: Run, words: tuple[str, ...]) -> None:
    result = run(*words, "--help", env={"COLUMNS": "80"})
    assert result.returncode == 0, result.stderr
    long = [line for line in result.stdout.splitlines() if len(line) > 80]
    assert all(line[:1].isspace() for line in long), "\n".join(long)
