"""The tournament's figure, read back from matplotlib's own objects: every agent in every panel,
the same rows everywhere, a labelled colour scale away from the time panel, no title over
another."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fourinarow.tournament.stats import AgentSummary, PairingSummary

pytest.importorskip("matplotlib")

from fourinarow.tournament.plots import draw_plots, write_plots

MILLISECONDS = {"alphabeta:depth=4": 2.6, "engine": 41.0, "simple": 0.14, "random": 0.02}
"""A mixed field as the tester ran it: one spec with a depth, three without."""

ELO = {"engine": 370.0, "alphabeta:depth=4": 213.0, "random": 0.0, "simple": -0.5}


def _summaries() -> tuple[list[AgentSummary], list[PairingSummary]]:
    agents = [
        AgentSummary(name, 3, 0, 3, 0.5, 0.2, 0.8, 16.0, 16.0, ms / 1e3, ms / 1e3, ms / 1e3, 100)
        for name, ms in MILLISECONDS.items()
    ]
    pairings = [
        PairingSummary(a, b, 1, 0, 1, 0.5 + (ELO[a] > ELO[b]) / 2, 0.1, 0.9, 16.0, 16.0)
        for a in MILLISECONDS
        for b in MILLISECONDS
        if a != b
    ]
    return agents, pairings


@pytest.fixture(scope="module")
def figure() -> Iterator[Any]:
    """The figure of a mixed field, drawn once (a few seconds) for every test that reads it."""
    import matplotlib.pyplot as plt

    agents, pairings = _summaries()
    drawn = draw_plots(agents, pairings, {n: (e, 50.0) for n, e in ELO.items()}, "Tournament 1")
    drawn.canvas.draw()  # lay it out, as saving does
    yield drawn
    plt.close(drawn)


STRONGEST_FIRST = ["engine", "alphabeta:depth=4", "random", "simple"]


def _rows_top_down(axis: Any) -> list[str]:
    ticks = sorted(
        zip(axis.get_yticks(), (t.get_text() for t in axis.get_yticklabels()), strict=True),
        key=lambda tick: tick[0],
        reverse=not axis.yaxis_inverted(),
    )
    return [name for _, name in ticks]


def test_the_time_panel_shows_every_agent_with_or_without_a_depth(figure: Any) -> None:
    time_axis = figure.axes[2]
    assert time_axis.get_title() == "Time per move"
    assert time_axis.get_xscale() == "log"
    assert time_axis.get_xlabel() == "mean time per move (ms, log scale)"
    widths = {label: bar.get_width() for bar, label in _bars(time_axis)}
    assert widths == pytest.approx(MILLISECONDS)
    low, high = time_axis.get_xlim()
    assert low < min(MILLISECONDS.values())
    assert high > max(MILLISECONDS.values())


def _bars(axis: Any) -> list[tuple[Any, str]]:
    names = [t.get_text() for t in axis.get_yticklabels()]
    bars = sorted(axis.patches, key=lambda bar: bar.get_y())
    ticks = sorted(axis.get_yticks())
    assert len(bars) == len(ticks) == len(names)
    by_tick = dict(zip(axis.get_yticks(), names, strict=True))
    return [(bar, by_tick[tick]) for bar, tick in zip(bars, ticks, strict=True)]


def test_every_panel_has_the_strongest_agent_at_the_top(figure: Any) -> None:
    elo_axis, heat_axis, time_axis = figure.axes[:3]
    for axis in (elo_axis, heat_axis, time_axis):
        assert _rows_top_down(axis) == STRONGEST_FIRST


def test_the_colour_scale_is_labelled_below_the_heatmap(figure: Any) -> None:
    heat_axis, time_axis, bar_axis = figure.axes[1], figure.axes[2], figure.axes[3]
    assert bar_axis.get_xlabel().startswith("score (points per game")
    renderer = figure.canvas.get_renderer()
    bar_box, heat_box = bar_axis.get_window_extent(renderer), heat_axis.get_tightbbox(renderer)
    assert bar_box.y1 <= heat_box.y0  # below the heatmap and its names
    assert bar_box.x1 < time_axis.get_tightbbox(renderer).x0  # not beside the time panel


def test_the_figure_title_overlaps_no_panel_title(figure: Any) -> None:
    renderer = figure.canvas.get_renderer()
    title = figure.get_suptitle()
    assert title == "Tournament 1"
    title_box = figure._suptitle.get_window_extent(renderer)
    for axis in figure.axes[:3]:
        assert not title_box.overlaps(axis.title.get_window_extent(renderer)), axis.get_title()


def test_the_heatmap_names_fit_in_the_figure(figure: Any) -> None:
    renderer = figure.canvas.get_renderer()
    inside = figure.bbox
    for axis in figure.axes:
        box = axis.get_tightbbox(renderer)
        assert inside.x0 <= box.x0 <= box.x1 <= inside.x1, axis
        assert inside.y0 <= box.y0 <= box.y1 <= inside.y1, axis


def test_write_plots_writes_the_png(tmp_path: Path) -> None:
    agents, pairings = _summaries()
    ratings = {n: (e, 50.0) for n, e in ELO.items()}
    target = write_plots(tmp_path / "deep" / "plot", agents, pairings, ratings, "Match 2")
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
