"""The ``fourinarow`` command: :mod:`fourinarow.cli.main` holds the table of its subcommands,
each a module of this package that adds its parser and runs it."""

from __future__ import annotations

__all__: list[str] = []
