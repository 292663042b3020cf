"""Plots of a tournament's results (extra ``plot``: ``pip install 'fourinarow[plot]'``).

One PNG with three panels, each with the agents in the same rows (the strongest at the top): Elo
ratings with their error bars, the pairwise score rates as a heatmap (its colour scale, below it,
in points per game), and every agent's mean time per move (a log scale: a random mover and a
deep search differ a thousandfold).

:func:`check_plot_path` tells, before a tournament plays its first game, whether its plot can be
drawn and written at all; a path without a suffix gets a PNG under exactly that name, and a
folder (one that exists, or a path ending in ``/``) is refused: the plot is one file, named.
A regular file is replaced whole (drawn beside it, then renamed); an existing character device
or FIFO is written through, never renamed over.
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from fourinarow.core import FourInARowError
from fourinarow.core.paths import check_output_file, path_problem, shown_path, write_output_file
from fourinarow.extras import prepare_matplotlib, require_extra
from fourinarow.tournament.stats import AgentSummary, PairingSummary
from fourinarow.tournament.writable import unwritable_file

__all__ = ["PlotPathError", "check_plot_path", "draw_plots", "write_plots"]


class PlotPathError(FourInARowError):
    """A plot path that cannot be written: a folder, below a file, read-only, an unknown type."""


def check_plot_path(path: Path | str) -> Path:
    """Check that a plot can be drawn into ``path``; return it as a ``Path``.

    Folders missing on the way are fine (:func:`write_plots` makes them); the nearest one that
    exists must take a new file (or the file, if it exists, must be writable).

    Raises:
        MissingExtraError: matplotlib is not installed.
        PlotPathError: ``path`` is a folder (or ends in a separator, as a folder does), lies
            below a file, cannot be written, or has a suffix that matplotlib cannot write.
        PathKindError: ``path`` is a socket or a block device.
    """
    target = Path(path)
    problem = path_problem(path)
    if problem is not None:
        raise PlotPathError(f"--plot {shown_path(path)}: {problem}; give a file's path")
    if target.is_dir() or str(path).endswith(("/", os.sep)):
        raise PlotPathError(
            f"--plot {path}: is a folder: give the image's file name, e.g. {target / 'elo.png'}"
        )
    # the place first, then matplotlib: no warning of its own before our one line
    written_through = check_output_file(target, "the plot", write_through=True)
    prepare_matplotlib()
    require_extra("matplotlib", "plot", "plots need matplotlib")
    from matplotlib.backend_bases import FigureCanvasBase

    kind = target.suffix.lstrip(".").lower()
    if kind and kind not in FigureCanvasBase.get_supported_filetypes():
        raise PlotPathError(
            f"--plot {path}: matplotlib cannot write .{kind} files (png, svg, pdf, ...)"
        )
    if not written_through:
        problem = unwritable_file(target)
        if problem:
            raise PlotPathError(f"--plot {path}: {problem}")
    return target


def _pyplot() -> Any:
    prepare_matplotlib()
    matplotlib = require_extra("matplotlib", "plot", "plots need matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def write_plots(
    path: Path | str,
    agents: Sequence[AgentSummary],
    pairings: Sequence[PairingSummary],
    ratings: dict[str, tuple[float, float]],
    title: str = "",
) -> Path:
    """Draw the three panels into ``path`` (PNG, or the type its suffix names); return the path.

    ``title`` (such as "Tournament 3" or "Match 4: simple vs random") heads the figure. A
    regular file is replaced whole; an existing character device or FIFO is written through.

    Raises:
        PathKindError: ``path`` is a folder, a socket or a block device.
        OutputWriteError: the file cannot be written (a full disk, ...); a file that was
            there is left as it was.
    """
    plt = _pyplot()
    figure = draw_plots(agents, pairings, ratings, title)
    target = Path(path)
    image = io.BytesIO()
    figure.savefig(image, dpi=100, format=target.suffix.lstrip(".").lower() or "png")
    plt.close(figure)
    write_output_file(target, image.getvalue(), "the plot", write_through=True, make_folders=True)
    return target


def draw_plots(
    agents: Sequence[AgentSummary],
    pairings: Sequence[PairingSummary],
    ratings: dict[str, tuple[float, float]],
    title: str = "",
) -> Any:
    """The figure :func:`write_plots` writes: a matplotlib ``Figure`` whose axes are the Elo
    panel, the heatmap, the time panel and the heatmap's colour bar, in that order."""
    plt = _pyplot()
    # the weakest first: a horizontal bar chart and the heatmap (origin below) both draw the
    # first row at the bottom, so every panel has the strongest agent at the top
    names = [a.agent for a in sorted(agents, key=lambda a: ratings[a.agent][0])]
    longest = max((len(n) for n in names), default=0)
    height = max(5.0, 0.45 * len(names) + 2.5) + 0.07 * longest  # the heatmap's slanted names
    figure, (elo_axis, heat_axis, time_axis) = plt.subplots(
        1, 3, figsize=(18, height), layout="constrained"
    )
    _draw_ratings(elo_axis, names, ratings)
    _draw_scores(figure, heat_axis, names, pairings)
    _draw_times(time_axis, names, {a.agent: a for a in agents})
    if title:
        figure.suptitle(title, fontsize="x-large", fontweight="bold")
    return figure


def _draw_ratings(axis: Any, names: list[str], ratings: dict[str, tuple[float, float]]) -> None:
    axis.barh(
        names,
        [ratings[n][0] for n in names],
        xerr=[1.96 * ratings[n][1] for n in names],
        color="#4477aa",
        capsize=3,
    )
    axis.set_xlabel("Elo (random = 0), 95% error bars")
    axis.set_title("Ratings")


def _draw_scores(
    figure: Any, axis: Any, names: list[str], pairings: Sequence[PairingSummary]
) -> None:
    # rows bottom up, columns left to right from the strongest: the empty diagonal (an agent
    # against itself) runs from the top left, as in any table of results
    row = {name: i for i, name in enumerate(names)}
    opponents = names[::-1]
    column = {name: j for j, name in enumerate(opponents)}
    grid = [[float("nan")] * len(names) for _ in names]
    for p in pairings:
        grid[row[p.agent]][column[p.opponent]] = p.score
    image = axis.imshow(grid, cmap="RdYlBu", vmin=0, vmax=1, origin="lower")
    axis.set_xticks(range(len(names)), opponents, rotation=60, ha="right")
    axis.set_yticks(range(len(names)), names)
    axis.set_xlabel("opponent")
    axis.set_title("Score of the row's agent against the column's")
    for i, values in enumerate(grid):
        for j, value in enumerate(values):
            if value == value:  # not NaN
                axis.text(j, i, f"{value:.2f}", ha="center", va="center", fontsize=8)
    # below the heatmap, away from the next panel, so that its scale is not read as time
    bar = figure.colorbar(image, ax=axis, location="bottom", shrink=0.6, aspect=30)
    bar.set_label("score (points per game: win 1, draw 1/2, loss 0)")


def _draw_times(axis: Any, names: list[str], by_name: dict[str, AgentSummary]) -> None:
    milliseconds = [max(1e-3, by_name[n].time_mean * 1e3) for n in names]
    bars = axis.barh(names, milliseconds, color="#66aa55")
    axis.bar_label(bars, [_milliseconds(t) for t in milliseconds], padding=3, fontsize=8)
    axis.set_xscale("log")
    low, high = min(milliseconds), max(milliseconds)
    axis.set_xlim(low / 3, high * 6)  # room for the labels beside the bars
    axis.set_xlabel("mean time per move (ms, log scale)")
    axis.set_title("Time per move")


def _milliseconds(value: float) -> str:
    """``value`` ms with three significant digits: 0.0213, 2.59, 41.0, 1230."""
    return f"{value:.3g} ms" if value < 1000 else f"{value:,.0f} ms"
