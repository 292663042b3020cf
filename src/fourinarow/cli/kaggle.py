"""``fourinarow kaggle export``: a Kaggle ConnectX submission that plays one of our agents."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from fourinarow.cli.help_format import ParagraphHelpFormatter
from fourinarow.cli.options import path_value
from fourinarow.integrations.kaggle import export_submission

__all__ = ["add_parser", "run", "run_export"]

DESCRIPTION = """\
Write a submission for Kaggle's ConnectX competition that plays one of our agents on any board
Kaggle configures (rows, columns, inarow), within its 2 s a move and 60 s overage bank.

The submission runs where only Python's standard library is installed: submission.tar.gz holds
main.py (its last function is the agent), the library part of fourinarow, its shipped opening books
and the compiled kernel, which is used where it loads (the same Python version and platform as
this one); elsewhere the same search runs in pure Python, about 200 times slower (no matter
within an opening book). --single-file writes one main.py with all of that embedded.

Try it with kaggle-environments (pip install kaggle-environments):
  env = kaggle_environments.make("connectx"); env.run(["DIR/main.py", "negamax"])
  (for the tar.gz, unpack it into DIR first)
"""


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Register the ``kaggle`` subcommand and its ``export`` action."""
    kaggle = commands.add_parser(
        "kaggle",
        help="Kaggle ConnectX: write a submission (kaggle export)",
        description="Kaggle ConnectX. kaggle export writes a submission that plays our agents.",
    )
    actions = kaggle.add_subparsers(dest="kaggle_command", metavar="ACTION", required=True)
    export = actions.add_parser(
        "export",
        help="write a Kaggle ConnectX submission",
        description=DESCRIPTION,
        formatter_class=ParagraphHelpFormatter,
    )
    export.add_argument(
        "--agent",
        default="perfect",
        metavar="SPEC",
        help="the agent the submission plays (default: perfect)",
    )
    export.add_argument(
        "--out",
        required=True,
        type=path_value,
        metavar="DIR",
        help="the directory to write into (made if missing); the file there is replaced whole, "
        "a device or FIFO in its place refused",
    )
    export.add_argument(
        "--single-file",
        action="store_true",
        help="write one main.py with everything embedded instead of submission.tar.gz",
    )
    export.add_argument(
        "--pure-python",
        action="store_true",
        help="leave the compiled kernel out: the submission searches in pure Python",
    )


def run(args: argparse.Namespace) -> int:
    """Run the ``kaggle`` action ``args`` name (``export``, the only one); return the exit
    status."""
    assert args.kaggle_command == "export"
    return run_export(
        args.agent, args.out, single_file=args.single_file, pure_python=args.pure_python
    )


def run_export(
    agent: str, out: Path, *, single_file: bool = False, pure_python: bool = False
) -> int:
    """Write the submission of ``agent`` into the folder ``out`` and say what it holds;
    return 0."""
    submission = export_submission(agent, out, single_file=single_file, pure_python=pure_python)
    kernel = (
        "compiled kernel included (used where it loads)"
        if submission.compiled
        else "pure Python only (no compiled kernel)"
    )
    print(
        f"wrote {submission.path} ({submission.size / 1e6:.1f} MB): agent {agent}, "
        f"{len(submission.files)} files of fourinarow, {kernel}"
    )
    return 0
