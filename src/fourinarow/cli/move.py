"""``fourinarow move`` and ``fourinarow analyze``: the engine for programs and robots.

``move`` prints the column an agent chooses within a time budget; ``analyze`` prints what every
column is worth. Positions are move sequences, or with ``--grid`` a board diagram (rows top to
bottom, ``.``/``X``/``O`` or ``0``/``1``/``2``, rows separated by ``/`` or newlines; ``-`` reads
it from standard input), because a robot's camera sees a board, not a move list.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from typing import Any

from fourinarow.agents import AGENTS, Agent, Limit, make_agent
from fourinarow.cli.kernels import note_pure_python
from fourinarow.cli.options import (
    add_position_options,
    add_shape_options,
    non_negative_number,
    read_position,
    seed_number,
)
from fourinarow.cli.progress_bars import job_text, search_status
from fourinarow.core import Board, column_label
from fourinarow.search.checks import playable_board
from fourinarow.search.scores import ColumnValues
from fourinarow.service.budgets import ANALYSIS_SECONDS
from fourinarow.service.jobs import interruptible, solver_of, start_job, wait_interruptibly
from fourinarow.service.judgement import analysis
from fourinarow.service.records import analysis_record, decision_record
from fourinarow.service.words import ESTIMATE_RULE, MOVES_RULE, VALUES_RULE, labels

__all__ = ["MoveSettings", "add_parser", "run", "run_analyze", "run_move"]

DEFAULT_TIME_MS = ANALYSIS_SECONDS * 1000
"""The time a move or an analysis takes unless --time-ms says otherwise: an analysis's
budget (:func:`~fourinarow.service.budgets.analysis_limit`)."""

POSITION_HELP = (
    "moves played (4453; - or an empty string for the empty board), or with --grid a diagram"
)


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Register the ``move`` and ``analyze`` subcommands."""
    move = commands.add_parser(
        "move",
        help="the move an agent chooses (for programs and robots)",
        description=(
            "Print the 1-based column the agent chooses for the side to move, within the time "
            "budget. With --json: column, score (the side to move's value of the move, typed: "
            '{"kind": "exact", "value", "distance"} proven, {"kind": "bounds", "lower", '
            '"upper"}, {"kind": "estimate", "value", "depth", "expected", "lower", "upper"}, '
            '{"kind": "heuristic", "value", "forced", "distance"} or {"kind": "probability", '
            '"value"}, each with "words" (such as "loss in 18") and, where a win or loss is '
            'proven, "moves" (that N; distance counts plies); null for agents that do not '
            "score), depth, nodes, time_ms, pv (1-based columns) and exact (true when the "
            f"score is proven). Values: {VALUES_RULE}; {MOVES_RULE}; {ESTIMATE_RULE}."
        ),
    )
    analyze = commands.add_parser(
        "analyze",
        help="the value of every column of a position",
        description=(
            "Print the value of every column 1..W in order, for the side to move: - for a full "
            "column, ? for one the search did not reach in time. With perfect (the default): "
            "the exact score, or LOW..HIGH, the proven bounds, where the time ran out first (0 "
            "a draw, positive a win, larger is faster, negative a loss), and ~+N.N, an "
            "estimate, where nothing was proven in time. With minimax, alphabeta or engine: "
            "heuristic values as h+N, or win-in-N / loss-in-N when proven; with mcts: p=P, "
            f"the expected result from 0 to 1. {MOVES_RULE}; "
            f"{ESTIMATE_RULE}. With --json: scores (exact values or null), columns (each "
            "column's typed value, with its words and, where a win or loss is proven, moves: "
            "the N of those words), best_moves, exact (true only when every legal column is "
            "exact), nodes, time_ms. On a "
            "terminal, a search of more than a second shows its time (and nodes, with perfect) "
            "on standard error; Ctrl-C stops it with exit status 130."
        ),
    )
    for parser, default_agent in ((move, "perfect"), (analyze, "perfect")):
        add_position_options(parser)
        parser.add_argument(
            "--agent",
            default=default_agent,
            metavar="SPEC",
            help=f"who decides: {', '.join(AGENTS)} (default: {default_agent})",
        )
        parser.add_argument(
            "--time-ms",
            type=non_negative_number,
            default=DEFAULT_TIME_MS,
            metavar="T",
            help=(
                f"time budget in milliseconds (default: {DEFAULT_TIME_MS:g}; 0: answer at once "
                "with what is known without searching)"
            ),
        )
        parser.add_argument("--json", action="store_true", help="print one JSON object")
        parser.add_argument("--seed", type=seed_number, help="seed the agent's choices")
        add_shape_options(parser)


@dataclass(frozen=True)
class MoveSettings:
    """What ``fourinarow move`` or ``analyze`` was asked for: the position and the agent,
    built and checked."""

    board: Board  # a position with a move to make
    agent: Agent
    spec: str  # the agent's spec, as given
    limit: Limit
    json: bool = False

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> MoveSettings:
        """The settings the arguments ask for.

        Raises:
            FourInARowError: the position is not valid or the game is over, or the agent's
                spec is not valid.
        """
        board = playable_board(read_position(args), "there is no move")
        return cls(
            board=board,
            agent=make_agent(args.agent, seed=args.seed),
            spec=args.agent,
            limit=Limit(time=args.time_ms / 1000),
            json=args.json,
        )


def run(args: argparse.Namespace) -> int:
    """Run ``move`` or ``analyze``, as ``args.command`` says; return the exit status."""
    settings = MoveSettings.from_args(args)
    if args.command == "move":
        return run_move(settings)
    note_pure_python("analyze", settings.board.width, settings.board.height)
    return run_analyze(settings)


def run_move(settings: MoveSettings) -> int:
    """Print the chosen column (or a JSON record)."""
    board, agent, limit = settings.board, settings.agent, settings.limit
    decision = interruptible(lambda: agent.choose(board, limit))
    if not settings.json:
        print(column_label(decision.column))
        return 0
    print(json.dumps(decision_record(decision)))
    return 0


def run_analyze(settings: MoveSettings) -> int:
    """Print every column's value (or a JSON record), within the analysis budget
    (:func:`~fourinarow.service.budgets.analysis_limit` of ``--time-ms``)."""
    board, agent, seconds = settings.board, settings.agent, settings.limit.time
    job = start_job(
        lambda control: analysis(agent, board, seconds, spec=settings.spec),
        solver=solver_of(agent),
    )
    with search_status(lambda: job_text(job.progress(), board)) as display:
        try:
            values = wait_interruptibly(job)
        except KeyboardInterrupt:
            values = None
    if values is None:
        if sys.stderr.isatty() and not display.shown:
            print(file=sys.stderr)  # after the terminal's ^C
        ended = job.progress()
        counted = "" if ended.search is None else f" and {ended.spent:,} nodes"
        stopped = f"stopped by Ctrl-C after {ended.elapsed:.1f} s{counted}"
        so_far = getattr(agent, "analysis_so_far", None)
        found = so_far(board) if callable(so_far) else None
        if not isinstance(found, ColumnValues):
            print(
                f"fourinarow analyze: {stopped}; the agent gives its values only when its "
                "search ends",
                file=sys.stderr,
            )
            return 130
        print(
            " ".join(labels(found))
            if not settings.json
            else json.dumps(analysis_record(board, found)),
            flush=True,
        )
        print(
            f"fourinarow analyze: {stopped}; printed the values proven so far",
            file=sys.stderr,
        )
        return 130
    if not settings.json:
        print(" ".join(labels(values)))
        return 0
    print(json.dumps(analysis_record(board, values)))
    return 0
