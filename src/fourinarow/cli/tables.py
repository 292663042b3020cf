"""Result tables on standard output, drawn by rich (tournaments, matches, experiments).

On a terminal the tables fit its width and may use colour, unless ``NO_COLOR`` is set or the
command was given ``--no-color``. Into a
file or a pipe they are plain text, no escape codes, each row on one line however wide.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from fourinarow.tournament.experiment import OPPONENTS, StudyReport
from fourinarow.tournament.stats import AgentSummary, PairingSummary

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.table import Table

__all__ = ["print_experiment", "print_plain_or_rich", "print_tournament"]

UNWRAPPED_WIDTH = 10_000
"""The width of standard output when it is not a terminal: wide enough that no row wraps."""


def print_plain_or_rich(*renderables: RenderableType, color: bool = True) -> None:
    """Print rich renderables on standard output, one after another with a blank line between.

    On a terminal rich draws them to its width, with colour and bold unless ``color`` is false
    (``--no-color``, ``NO_COLOR``: then in plain text); into a file or a pipe they are plain
    text, no line wrapped and no line with trailing spaces.
    """
    from rich.console import Console

    console = Console(highlight=False, color_system="auto" if color else None)
    if console.is_terminal:
        for place, renderable in enumerate(renderables):
            if place:
                console.print()
            console.print(renderable)
        return
    plain = Console(file=io.StringIO(), width=UNWRAPPED_WIDTH, highlight=False, no_color=True)
    for place, renderable in enumerate(renderables):
        if place:
            plain.print()
        plain.print(renderable)
    text = plain.file.getvalue()  # type: ignore[attr-defined]
    sys.stdout.write("".join(line.rstrip() + "\n" for line in text.splitlines()))


def _table(title: str | None, first: str, numbers: Sequence[str]) -> Table:
    """A table with a left-aligned first column and right-aligned numbers. On a narrow terminal
    the first column (agent specs) folds onto more lines; the numbers are never cut."""
    from rich import box
    from rich.table import Table

    table = Table(
        title=title,
        title_justify="left",
        title_style="bold",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        collapse_padding=True,
        header_style="bold",
    )
    table.add_column(first, style="cyan", overflow="fold")
    for heading in numbers:
        table.add_column(heading, justify="right", no_wrap=True)
    return table


def print_tournament(
    heading: str,
    agents: Sequence[AgentSummary],
    pairings: Sequence[PairingSummary],
    ratings: dict[str, tuple[float, float]],
    *,
    color: bool = True,
) -> None:
    """Three tables: the agents' results (under ``heading``, such as "Tournament 3: 12
    games"), best rated first; their cost per move; and every pairing once (from the side
    listed first)."""
    from rich.text import Text

    results = _table(
        heading,
        "agent",
        ["games", "W", "D", "L", "score", "95% interval", "Elo", "+-"],
    )
    costs = _table(
        "Per move", "agent", ["game length", "ms/move", "p95 ms", "max ms", "nodes/move"]
    )
    for a in sorted(agents, key=lambda a: -ratings[a.agent][0]):
        elo, error = ratings[a.agent]
        results.add_row(
            Text(a.agent), str(a.games), str(a.wins), str(a.draws), str(a.losses),
            f"{a.score:.3f}", f"{a.low:.2f}-{a.high:.2f}", f"{round(elo):d}", f"{error:.0f}",
        )  # fmt: skip
        costs.add_row(
            Text(a.agent), f"{a.mean_length:.1f}", f"{a.time_mean * 1e3:.2f}",
            f"{a.time_p95 * 1e3:.2f}", f"{a.time_max * 1e3:.2f}", f"{a.nodes_mean:,.0f}",
        )  # fmt: skip
    pairs = _table(
        "Pairings", "pairing", ["W", "D", "L", "score", "95% interval", "length", "median"]
    )
    listed = {a.agent: place for place, a in enumerate(agents)}
    for p in pairings:
        if listed[p.agent] > listed[p.opponent]:
            continue  # each pairing once, from the side listed first
        pairs.add_row(
            Text(f"{p.agent} vs {p.opponent}"), str(p.wins), str(p.draws), str(p.losses),
            f"{p.score:.3f}", f"{p.low:.2f}-{p.high:.2f}", f"{p.mean_length:.1f}",
            f"{p.median_length:.1f}",
        )  # fmt: skip
    print_plain_or_rich(results, costs, pairs, color=color)


def print_experiment(report: StudyReport, *, color: bool = True) -> None:
    """The study's tables, one per board and opponent, and where the report was written."""
    from rich.text import Text

    tables: list[RenderableType] = [
        Text(
            f"What depth is worth: minimax with the streaks evaluation, {report.games} games a "
            f"match, seed {report.seed} (experiment {report.experiment})",
            style="bold",
        )
    ]
    for board in dict.fromkeys(row.board for row in report.rows):
        for opponent in OPPONENTS:
            table = _table(
                f"{board}: minimax against {opponent}",
                "depth",
                ["W", "D", "L", "score", "95% interval", "mean length", "ms/move", "p95 ms"],
            )
            for row in report.rows:
                if row.board == board and row.opponent == opponent:
                    table.add_row(
                        str(row.depth), str(row.wins), str(row.draws), str(row.losses),
                        f"{row.score:.3f}", f"{row.low:.2f}-{row.high:.2f}",
                        f"{row.mean_length:.1f}", f"{row.time_ms:.3f}", f"{row.time_p95_ms:.3f}",
                    )  # fmt: skip
            tables.append(table)
    tables.append(Text(f"(written to {report.path})"))
    print_plain_or_rich(*tables, color=color)
