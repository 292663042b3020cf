"""The command table of ``fourinarow`` (cli/main.py): every command's module adds it and runs
it, and ``fourinarow --help`` lists the commands in the table's order."""

from __future__ import annotations

import argparse
import importlib
import re

from fourinarow.cli.main import COMMANDS, build_parser, command_module


def test_every_module_of_the_table_adds_and_runs_its_commands() -> None:
    for command, name in COMMANDS.items():
        module = importlib.import_module(f"fourinarow.cli.{name}")
        assert command_module(command) is module
        assert callable(module.add_parser), name
        assert callable(module.run), name
        subcommands = argparse.ArgumentParser().add_subparsers()
        module.add_parser(subcommands)
        assert command in subcommands._name_parser_map, (command, name)


def test_the_help_lists_the_table_in_order() -> None:
    listed = build_parser().format_help().split("COMMAND\n", 1)[1].split("options:", 1)[0]
    assert re.findall(r"^    (\S+)", listed, re.MULTILINE) == list(COMMANDS)
