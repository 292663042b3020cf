"""The ``fourinarow`` command: the table of subcommands, and the one place that turns their
errors into exit statuses.

Each subcommand lives in a module of :mod:`fourinarow.cli` that :data:`COMMANDS` names. The
module adds its parser with ``add_parser(subcommands)`` and runs it with ``run(args)``, which
returns the exit status; a module that the table names for several commands (``move`` for
``move`` and ``analyze``, ``tournament`` for ``match`` and ``tournament``) adds them all at
once, and its ``run`` tells them apart by ``args.command``. A module keeps its heavy imports
inside ``run``, so that parsing stays cheap.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import warnings
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, Protocol, TextIO, cast

from fourinarow.cli.kernels import version_text
from fourinarow.cli.options import check_path_arguments, chosen_parsers
from fourinarow.cli.output import OutputError, discard_output, output_failure
from fourinarow.cli.streams import standard_streams
from fourinarow.core import FourInARowError
from fourinarow.core.checks import did_you_mean
from fourinarow.core.paths import OutputWriteError
from fourinarow.extras import MissingExtraError, RayConnectionError

__all__ = ["COMMANDS", "USER_ERRORS", "build_parser", "main"]

COMMANDS: dict[str, str] = {
    "play": "play",
    "show": "show",
    "solve": "solve",
    "review": "review",
    "games": "games",
    "puzzle": "puzzle",
    "move": "move",
    "analyze": "move",
    "match": "tournament",
    "tournament": "tournament",
    "experiment": "experiment",
    "gui": "gui",
    "book": "book",
    "gtp": "gtp",
    "kaggle": "kaggle",
    "serve": "serve",
    "agents": "agents",
}
"""Every subcommand, in the order ``fourinarow --help`` lists them, and the module of
:mod:`fourinarow.cli` that adds and runs it."""

USER_ERRORS = (FourInARowError, MissingExtraError, RayConnectionError)
"""Errors caused by what the user typed (every ``FourInARowError``, a Ray address where no
cluster answers) or a missing extra: reported in one line with exit status 2."""


class Command(Protocol):
    """A module of :data:`COMMANDS`."""

    def add_parser(self, commands: argparse._SubParsersAction[Any]) -> None:
        """Add the module's subcommands to ``commands``."""

    def run(self, args: argparse.Namespace) -> int:
        """Run the subcommand ``args.command`` as ``args`` ask; return the exit status."""


def command_module(command: str) -> Command:
    """The module that adds and runs ``command`` (a key of :data:`COMMANDS`)."""
    return cast(Command, importlib.import_module(f"fourinarow.cli.{COMMANDS[command]}"))


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: what was wrong, and where to read more;
    a mistyped command, choice or option names the closest one accepted."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        self._words = list(sys.argv[1:] if args is None else args)  # for _check_value
        return super().parse_known_args(args, namespace)

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        choices = action.choices
        if choices is None or value in choices or not isinstance(value, str):
            super()._check_value(action, value)
            return
        if isinstance(action, argparse._SubParsersAction):
            # "puzzle --level 99": the unknown option is what was wrong, not an action "99"
            words = getattr(self, "_words", [])
            before = words[: words.index(value)] if value in words else []
            known = self._option_string_actions
            unknown = [w for w in before if w.startswith("-") and w.partition("=")[0] not in known]
            if unknown:
                self.unrecognized([*unknown, value], _option_names([self]))
        named = [str(choice) for choice in choices]
        listed = ", ".join(repr(choice) for choice in named)
        raise argparse.ArgumentError(
            action, f"invalid choice: {value!r}{did_you_mean(value, named)}; choose from {listed}"
        )

    def unrecognized(self, extra: list[str], options: Sequence[str]) -> NoReturn:
        """Refuse ``extra``, the arguments no option or argument took, naming the one of
        ``options`` closest to the first that looks like an option (``--sise``: ``--size``)."""
        hint = next(
            (hint for word in extra if word.startswith("-")
             if (hint := did_you_mean(word.partition("=")[0], options))),
            "",
        )  # fmt: skip
        self.error(f"unrecognized arguments: {' '.join(extra)}{hint}")


class _Version(argparse.Action):
    """``--version``: the version and the kernels in use (found only when asked, so that
    parsing stays cheap)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        print(version_text())
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``fourinarow`` command and its subcommands."""
    parser = _Parser(
        prog="fourinarow",
        description=(
            "Connect Four on any board: play it, solve and analyse positions, review games, "
            "solve puzzles, run tournaments, and serve the engine to programs."
        ),
    )
    parser.add_argument(
        "--version",
        action=_Version,
        nargs=0,
        help="print the version and whether the compiled solver kernels are in use, and exit",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for command in COMMANDS:
        if command not in commands.choices:  # a module adds all of its commands at once
            command_module(command).add_parser(commands)
    assert list(commands.choices) == list(COMMANDS), "a module added commands out of order"
    for command_parser in commands.choices.values():
        command_parser.set_defaults(command_parser=command_parser)
    return parser


def _one_line_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    """Warnings (such as a damaged shipped book) as one line, without Python's source line."""
    print(f"fourinarow: warning: {message}", file=file or sys.stderr)


def main(
    argv: Sequence[str] | None = None, *, before_run: Callable[[], object] | None = None
) -> int:
    """Run the command line; return the exit status (2 for bad input, 1 where the output cannot
    be written, 130 for Ctrl-C).

    ``before_run`` is called once the arguments are read, just before the subcommand starts:
    the process's entry point (:mod:`fourinarow.__main__`) makes Ctrl-C a
    ``KeyboardInterrupt`` from there on, which the subcommand handles.
    """
    try:
        return _main(argv, before_run)
    except KeyboardInterrupt:  # while parsing, or reporting an error: nothing more to say
        print(file=sys.stderr)
        return 130


def _main(argv: Sequence[str] | None, before_run: Callable[[], object] | None) -> int:
    warnings.showwarning = _one_line_warning
    with standard_streams() as (guarded, stdout):
        command = "fourinarow"
        try:
            try:
                parser = build_parser()
                args, extra = parser.parse_known_args(argv)
                if args.command is not None:
                    command = f"fourinarow {args.command}"
                status = _run_command(parser, args, extra, before_run)
            finally:
                sys.stdout.flush()  # a write error shows here, not when Python exits
        except (OutputError, BrokenPipeError) as error:
            return _failed_output(command, error, stdout)
        except SystemExit:  # --help, --version, a usage error: written, or not
            failure = output_failure(guarded)
            if failure is None:
                raise
            return _failed_output(command, failure, stdout)
        failure = output_failure(guarded)  # a failed write that a caller took for nothing
        return status if failure is None else _failed_output(command, failure, stdout)


def _failed_output(
    command: str, error: OutputError | BrokenPipeError, stdout: TextIO | None
) -> int:
    """Report a failed write of standard output; return exit status 1.

    A reader that went away (``| head``) ends the command quietly, with nothing more to write;
    any other failure (a full disk, a closed standard output: ``>&-``) is one line on standard
    error."""
    if not isinstance(error, BrokenPipeError):
        print(f"{command}: error: cannot write the output: {error}", file=sys.stderr)
    discard_output(stdout)
    return 1


def _run_command(
    parser: argparse.ArgumentParser,
    args: argparse.Namespace,
    extra: list[str],
    before_run: Callable[[], object] | None,
) -> int:
    """Run the subcommand ``args`` names; report the errors a user can cause in one line."""
    if args.command is None:
        if extra:
            cast(_Parser, parser).unrecognized(extra, _option_names([parser]))
        parser.print_help()
        return 0
    if extra:  # report them against the subcommand, whose options the user meant
        options = _option_names(chosen_parsers(args))
        cast(_Parser, args.command_parser).unrecognized(extra, options)
    try:
        check_path_arguments(args)
        command = command_module(args.command)
        if before_run is not None:
            before_run()
        return command.run(args)
    except USER_ERRORS as error:
        print(f"fourinarow {args.command}: error: {error}", file=sys.stderr)
        return 2
    except OutputWriteError as error:  # a full disk under a file the command writes
        print(f"fourinarow {args.command}: error: {error}", file=sys.stderr)
        return 1
    except MemoryError as error:  # a table size (--tt-mb, tt_mb=) larger than the machine has
        detail = f"{error}; " if str(error) else ""
        print(
            f"fourinarow {args.command}: error: out of memory: {detail}"
            "ask for a smaller transposition table (--tt-mb, or tt_mb= in an agent spec)",
            file=sys.stderr,
        )
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except Exception as error:
        if not _caused_by_ctrl_c(error):
            raise
        print(file=sys.stderr)
        return 130


def _option_names(parsers: list[argparse.ArgumentParser]) -> list[str]:
    """The options (``--size``) that ``parsers`` take, but help: never the guess for a typo."""
    return [
        name
        for parser in parsers
        for action in parser._actions
        for name in action.option_strings
        if not isinstance(action, argparse._HelpAction)
    ]


def _caused_by_ctrl_c(error: BaseException) -> bool:
    """Whether ``error`` stands for a Ctrl-C: Python 3.11 wraps a ``KeyboardInterrupt`` that
    lands in a class's ``__set_name__`` (a dataclass defined while a module is imported) in a
    ``RuntimeError``."""
    cause = error.__cause__
    while cause is not None:
        if isinstance(cause, KeyboardInterrupt):
            return True
        cause = cause.__cause__
    return False
