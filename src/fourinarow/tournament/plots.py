"""Plots of a tournament's results (extra ``plot``: ``pip install 'fourinarow[plot]'``).

One PNG with three panels: Elo ratings with their error bars, the pairwise score rates as a
heatmap, and the mean time per move against the search depth of the agents whose specs set one
(or, when none does, the mean time per move of each agent).

:func:`check_plot_path` tells, before a tournament plays its first game, whether its plot can be
drawn and written at all; a path without a suffix gets a PNG under exactly that name, and a
folder (one that exists, or a path ending in ``/``) is refused: the plot is one file, named.
A regular file is replaced whole (drawn beside it, then renamed); an existing character device
or FIFO is written through, never renamed over.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from fourinarow.core import FourInARowError
from fourinarow.core.paths import check_output_file, write_output_file
from fourinarow.extras import require_extra
from fourinarow.tournament.paths import nearest_folder, unwritable_file
from fourinarow.tournament.stats import AgentSummary, PairingSummary

__all__ = ["PlotPathError", "check_plot_path", "spec_depth", "write_plots"]


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
    require_extra("matplotlib", "plot", "plots need matplotlib")
    from matplotlib.backend_bases import FigureCanvasBase

    target = Path(path)
    if target.is_dir() or str(path).endswith(("/", os.sep)):
        raise PlotPathError(
            f"--plot {path}: is a folder: give the image's file name, e.g. {target / 'elo.png'}"
        )
    kind = target.suffix.lstrip(".").lower()
    if kind and kind not in FigureCanvasBase.get_supported_filetypes():
        raise PlotPathError(
            f"--plot {path}: matplotlib cannot write .{kind} files (png, svg, pdf, ...)"
        )
    if check_output_file(target, "the plot", write_through=True):
        return target  # a device or a FIFO: written through
    folder = nearest_folder(target.parent)
    if not folder.is_dir():
        raise PlotPathError(f"--plot {path}: {folder} is a file, not a folder")
    problem = unwritable_file(target)
    if problem:
        raise PlotPathError(f"--plot {path}: {problem}")
    return target


def spec_depth(spec: str) -> int | None:
    """The ``depth=D`` option of an agent spec, if it has one.

    >>> spec_depth("alphabeta:depth=6,eval=window"), spec_depth("engine")
    (6, None)
    """
    match = re.search(r"(?:^|[:,])depth=(\d+)", spec)
    return int(match[1]) if match else None


def _pyplot() -> Any:
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

    A regular file is replaced whole; an existing character device or FIFO is written through.

    Raises:
        PathKindError: ``path`` is a folder, a socket or a block device.
        PlotPathError: the file cannot be written.
    """
    plt = _pyplot()
    names = [a.agent for a in sorted(agents, key=lambda a: ratings[a.agent][0])]
    figure, (elo_axis, heat_axis, time_axis) = plt.subplots(
        1, 3, figsize=(18, max(4.5, 0.45 * len(names) + 2)), constrained_layout=True
    )
    elo_axis.barh(
        names,
        [ratings[n][0] for n in names],
        xerr=[1.96 * ratings[n][1] for n in names],
        color="#4477aa",
        capsize=3,
    )
    elo_axis.set_xlabel("Elo (random = 0), 95% error bars")
    elo_axis.set_title("Ratings")

    position = {name: i for i, name in enumerate(names)}
    grid = [[float("nan")] * len(names) for _ in names]
    for p in pairings:
        grid[position[p.agent]][position[p.opponent]] = p.score
    image = heat_axis.imshow(grid, cmap="RdYlBu", vmin=0, vmax=1)
    heat_axis.set_xticks(range(len(names)), names, rotation=60, ha="right")
    heat_axis.set_yticks(range(len(names)), names)
    heat_axis.set_title("Score of the row's agent against the column's")
    for i, row in enumerate(grid):
        for j, value in enumerate(row):
            if value == value:  # not NaN
                heat_axis.text(j, i, f"{value:.2f}", ha="center", va="center", fontsize=8)
    figure.colorbar(image, ax=heat_axis, shrink=0.8)

    by_name = {a.agent: a for a in agents}
    deep = [(spec_depth(a.agent), a) for a in agents if spec_depth(a.agent) is not None]
    if deep:
        for family in sorted({a.agent.partition(":")[0] for _, a in deep}):
            points = sorted((d, a.time_mean * 1e3) for d, a in deep if a.agent.startswith(family))
            time_axis.plot([d for d, _ in points], [t for _, t in points], "o-", label=family)
        time_axis.set_yscale("log")
        time_axis.legend()
        time_axis.set_xlabel("search depth (plies)")
        time_axis.set_ylabel("mean time per move (ms)")
        time_axis.set_title("Time per move against depth")
    else:  # no spec sets a depth (levels, engines on a clock): time per move per agent
        time_axis.barh(
            names, [max(1e-3, by_name[n].time_mean * 1e3) for n in names], color="#66aa55"
        )
        time_axis.set_xscale("log")
        time_axis.set_xlabel("mean time per move (ms, log scale)")
        time_axis.set_title("Time per move")
    if title:
        figure.suptitle(title)
    target = Path(path)
    image = io.BytesIO()
    figure.savefig(image, dpi=100, format=target.suffix.lstrip(".").lower() or "png")
    plt.close(figure)
    if not check_output_file(target, "the plot", write_through=True):
        target.parent.mkdir(parents=True, exist_ok=True)
    try:
        write_output_file(target, image.getvalue(), "the plot", write_through=True)
    except OSError as error:
        raise PlotPathError(
            f"--plot {path}: cannot be written ({error.strerror or error})"
        ) from None
    return target
