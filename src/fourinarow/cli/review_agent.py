"""``fourinarow review --agent SPEC --positions FILE``: an agent's accuracy against the solver.

The share of positions in which the agent plays an optimal move, per set of positions, the way
reinforcement-learning papers report accuracy against the perfect solver
(:mod:`fourinarow.analysis.accuracy`, through :mod:`fourinarow.service.reviews`).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from fourinarow.agents import make_agent
from fourinarow.cli.options import positive_int, seed_number
from fourinarow.core import Board, Geometry
from fourinarow.search.limit import Limit
from fourinarow.search.solver import Solver
from fourinarow.service.budgets import REVIEW_SECONDS, review_position_limit
from fourinarow.service.jobs import interruptible
from fourinarow.service.reviews import (
    BENCH_ENVIRONMENT,
    BENCHMARK_SETS,
    GRADES,
    AccuracyReport,
    PositionFileError,
    ReviewError,
    StandardSet,
    agent_accuracy,
    evenly_spaced,
    published_directory,
    read_positions,
    solve_positions,
    source_line,
    standard_set,
)

__all__ = [
    "AgentReview",
    "add_agent_options",
    "run_agent_review",
]

ALL_SETS = "all"
"""The ``--positions`` word for all six standard sets."""

DESCRIPTION = f"""
Agent accuracy: with --agent SPEC --positions FILE (instead of MOVES) the agent chooses a move
in every position of FILE and each move is graded as above. The table gives per set the
positions, the accuracy (the share of graded positions where the move is best: what papers call
accuracy against the perfect solver), the weighted accuracy, the outcome accuracy (the share
where the move keeps the result, win, draw or loss: best or ?!), accuracy and weighted over
the decisive positions only (two or more legal columns, not all of them best: where a move can
go wrong), the moves of each grade and the agent's mean time per move.

FILE holds a position per line: a move string, optionally followed by whole numbers, as in
Pascal Pons' benchmark sets ("moves score"). --positions also takes the name of a standard set
or Pons' file name (such as Test_L1_R1), or {ALL_SETS} for all six:
  {", ".join(BENCHMARK_SETS)}
These are fourinarow's own sets of 1000 positions each, made like Pons' and shipped with the
package; with ${BENCH_ENVIRONMENT} set to the directory of Pons' published Test_L*_R* files,
those are used instead. A line above the table names the sets used. --positions may be given
more than once.

With --agent, --time-ms and --max-nodes are the agent's budget per move (default: its own;
levels keep their clock, engine and mcts take 1 s, perfect solves to the end), and the solver
proves every position: with the book on a board that has one (see fourinarow book list),
elsewhere within {REVIEW_SECONDS * 1000:.0f} ms, the review's budget per position (--no-limit:
however long it takes); a move whose grade it leaves open is unproven and left out. --seed seeds
the agent (built afresh for each set); --count N takes N evenly spaced positions of each set;
--json prints one object: agent, seed and sets (per set: its name, file, the figures, the counts
per grade and a record per position: moves, column, grade, credit, best columns, decisive,
seconds).
"""


def add_agent_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--agent``, ``--positions``, ``--count`` and ``--seed`` to ``review``'s parser and
    the agent accuracy paragraph to its description."""
    parser.description = (parser.description or "") + DESCRIPTION
    group = parser.add_argument_group("agent accuracy")
    group.add_argument(
        "--agent", metavar="SPEC", help="grade this agent's moves (see fourinarow agents)"
    )
    group.add_argument(
        "--positions",
        metavar="FILE",
        action="append",
        help=f"a file of positions (a regular file), a standard set's name or {ALL_SETS}; "
        "may be repeated",
    )
    group.add_argument(
        "--count",
        type=positive_int,
        metavar="N",
        help="positions per set, evenly spaced, the first included (default: all)",
    )
    group.add_argument(
        "--seed", type=seed_number, help="seed the agent's choices for a repeatable run"
    )


@dataclass(frozen=True)
class _Set:
    """A set of positions to grade: its name in the table, its file, and the standard set it
    is, if it is one."""

    name: str
    path: Path
    standard: StandardSet | None = None


def _standard(key: str) -> _Set | None:
    """The standard set a name or file name gives, if it is one."""
    found = standard_set(key, published_directory())
    return None if found is None else _Set(found.title, found.path, found)


def _sets(given: list[str]) -> list[_Set]:
    sets = []
    for text in given:
        if Path(text).exists():
            sets.append(_Set(Path(text).name, Path(text)))
        elif text.strip().lower() == ALL_SETS:
            sets += [s for name in BENCHMARK_SETS if (s := _standard(name)) is not None]
        else:
            standard = _standard(text.strip())
            if standard is None:
                raise PositionFileError(
                    f"--positions {text}: no such file, and not a standard set; give a file of "
                    f"positions, a set name ({', '.join(BENCHMARK_SETS)}) or {ALL_SETS}"
                )
            sets.append(standard)
    return sets


@dataclass(frozen=True)
class AgentReview:
    """What ``fourinarow review --agent SPEC --positions FILE`` was asked for."""

    agent: str
    positions: tuple[str, ...]
    width: int = 7
    height: int = 6
    connect: int = 4
    count: int | None = None
    seed: int | None = None
    time_ms: float | None = None  # the agent's budget per move (default: its own)
    max_nodes: int | None = None
    no_limit: bool = False  # the solver proves every position however long it takes
    json: bool = False

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> AgentReview:
        """The settings ``review``'s arguments ask for, checked.

        Raises:
            ReviewError: no agent, no positions, or MOVES given as well.
            InvalidAgentSpecError: the agent's spec is not valid.
        """
        if args.agent is None:
            raise ReviewError("--positions grades an agent: give it with --agent SPEC")
        if not args.positions:
            raise ReviewError(
                "--agent needs positions to grade it on: --positions FILE, a standard set "
                f"({', '.join(BENCHMARK_SETS)}) or {ALL_SETS}"
            )
        if args.moves is not None:
            raise ReviewError("give MOVES to review a game, or --agent and --positions, not both")
        make_agent(args.agent)  # an unknown spec is named before any position is solved
        width, height = args.size
        return cls(
            agent=args.agent,
            positions=tuple(args.positions),
            width=width,
            height=height,
            connect=args.connect,
            count=args.count,
            seed=args.seed,
            time_ms=args.time_ms,
            max_nodes=args.max_nodes,
            no_limit=args.no_limit,
            json=args.json,
        )

    @property
    def agent_limit(self) -> Limit | None:
        """The agent's limit per move: ``None`` (its own) unless a time or node limit is given."""
        if self.time_ms is None and self.max_nodes is None:
            return None
        seconds = None if self.time_ms is None else self.time_ms / 1000
        return Limit(seconds, nodes=self.max_nodes)


def run_agent_review(review: AgentReview) -> int:
    """Grade the agent on every set given and print the table (or JSON); return 0."""
    sets = _sets(list(review.positions))
    boards: list[list[Board]] = []
    for chosen in sets:
        found = read_positions(
            chosen.path, width=review.width, height=review.height, connect=review.connect
        )
        boards.append(evenly_spaced(found, review.count))
    solver = Solver(tt_mb=64)
    shape = Geometry(review.width, review.height, review.connect)
    limit = review_position_limit(shape, no_limit=review.no_limit)
    reports = []
    for chosen, positions in zip(sets, boards, strict=True):
        solved = interruptible(partial(solve_positions, positions, solver=solver, limit=limit))
        work = partial(
            agent_accuracy, review.agent, solved, limit=review.agent_limit, seed=review.seed
        )
        reports.append((chosen, interruptible(work)))
    if review.json:
        print(json.dumps(_json(review, reports)))
    else:
        print(table(review.agent, reports))
    return 0


def _json(review: AgentReview, reports: list[tuple[_Set, AccuracyReport]]) -> object:
    return {
        "agent": review.agent,
        "seed": review.seed,
        "sets": [{"set": s.name, "file": str(s.path), **r.to_json()} for s, r in reports],
    }


def _percent(share: float | None) -> str:
    return "-" if share is None else f"{share:.1%}"


def _milliseconds(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds * 1000:.1f}"


def table(agent: str, reports: list[tuple[_Set, AccuracyReport]]) -> str:
    """The accuracy table: a row per set."""
    names = {"best": "best", "inaccuracy": "?!", "mistake": "?", "blunder": "??", "unproven": "~"}
    width = max([len("set"), *(len(s.name) for s, _ in reports)])
    header = (
        f"{'set':<{width}}  {'positions':>9}  {'accuracy':>8}  {'weighted':>8}  {'outcome':>8}  "
        f"{'decisive':>8}  {'dec.acc':>8}  {'dec.wtd':>8}"
        + "".join(f"{names[g]:>6}" for g in GRADES)
        + f"  {'ms/move':>8}"
    )
    lines = [f"Accuracy of {agent} against the solver (dec.: over the decisive positions)"]
    source = source_line([s.standard for s, _ in reports if s.standard is not None])
    lines += [source, "", header] if source else ["", header]
    for chosen, report in reports:
        counts = report.counts
        lines.append(
            f"{chosen.name:<{width}}  {report.positions:>9}  {_percent(report.accuracy):>8}  "
            f"{_percent(report.weighted_accuracy):>8}  {_percent(report.outcome_accuracy):>8}  "
            f"{report.decisive:>8}  "
            f"{_percent(report.decisive_accuracy):>8}  "
            f"{_percent(report.decisive_weighted_accuracy):>8}"
            + "".join(f"{counts[g]:>6}" for g in GRADES)
            + f"  {_milliseconds(report.seconds_per_move):>8}"
        )
    return "\n".join(lines)
