"""The command-line reference of the manual (docs/reference/cli.md) leaves nothing out: the
``fourinarow-cli`` directive's :func:`command_tree` holds every command of
:data:`fourinarow.cli.main.COMMANDS`, every subcommand and every option string of every parser,
found here by walking the parsers on our own, and the page it renders names them all."""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from fourinarow.cli.main import COMMANDS, build_parser
from tests.cli.parser_tree import parsers  # found without the directive

pytest.importorskip("sphinx", reason="needs Sphinx, the manual's extra: pip install '.[docs]'")

EXTENSION = Path(__file__).resolve().parents[2] / "docs" / "_ext" / "fourinarow_docs.py"


@pytest.fixture(scope="module")
def docs() -> ModuleType:
    """The manual's Sphinx extension, imported from its file (docs/_ext is not a package)."""
    spec = importlib.util.spec_from_file_location("fourinarow_docs", EXTENSION)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("fourinarow_docs", module)
    spec.loader.exec_module(module)
    return module


def documented(command: Any) -> Iterator[Any]:
    """The command of the directive's tree (a ``CommandDoc``) and every command under it."""
    yield command
    for child in command.children:
        yield from documented(child)


def test_every_command_and_subcommand_is_in_the_tree(docs: ModuleType) -> None:
    tree = docs.command_tree()
    names = [command.name for command in documented(tree)]
    assert len(names) == len(set(names))
    assert {f"fourinarow {command}" for command in COMMANDS} <= set(names)
    assert set(names) == {name for name, _ in parsers(build_parser())}
    assert [child.name for child in tree.children] == [f"fourinarow {c}" for c in COMMANDS]
    # the subcommands this page is known for, in case a walk above missed a level
    assert {"fourinarow puzzle generate", "fourinarow book build", "fourinarow kaggle export"} <= (
        set(names)
    )


def test_every_option_string_and_positional_of_every_parser_is_documented(
    docs: ModuleType,
) -> None:
    commands = {command.name: command for command in documented(docs.command_tree())}
    for name, parser in parsers(build_parser()):
        options = commands[name].options
        strings = {string for option in options for string in option.option_strings}
        assert set(parser._option_string_actions) <= strings, name
        positionals = {option.names for option in options if not option.option_strings}
        for action in parser._actions:
            if not action.option_strings and not isinstance(action, argparse._SubParsersAction):
                assert docs._metavar(action) in positionals, (name, action.dest)


def test_the_rendered_reference_names_every_option(docs: ModuleType) -> None:
    tree = docs.command_tree()
    for command in documented(tree):
        text = "\n".join(node.astext() for node in docs._command_nodes(command, command is tree))
        assert command.usage in text
        for option in command.options:
            if command is tree or option.option_strings != ("-h", "--help"):
                assert option.names in text, (command.name, option.names)
        for child in command.children:
            assert child.name.rsplit(" ", 1)[-1] in text


def test_the_reference_says_which_options_exclude_each_other(docs: ModuleType) -> None:
    solve = next(c for c in docs.command_tree().children if c.name == "fourinarow solve")
    book = next(option for option in solve.options if option.option_strings == ("--book",))
    assert book.exclusive_with == ("--no-book",)
    assert "Not with --no-book." in docs._facts(book)


def test_help_texts_name_no_machine(docs: ModuleType) -> None:
    """--help names this machine's cores and data folder; the manual does not."""
    from fourinarow.userdata import data_folder

    for command in documented(docs.command_tree()):
        texts = [command.description, command.epilog, *(o.help for o in command.options)]
        for text in texts:
            assert str(data_folder()) not in text, command.name
            assert ", here " not in text, command.name
            assert "number of cores, " not in text, command.name
