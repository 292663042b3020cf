"""Plots of training runs from their logs (the ``.json`` the ``train`` command writes beside a
network): the loss per epoch, on the training and the held-out positions, and the share of
held-out positions whose win/draw/loss call is right, by the number of stones on the board.

matplotlib (the ``plot`` extra) is imported when a plot is drawn.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from fourinarow.extras import prepare_matplotlib, require_extra

__all__ = ["run_label", "write_curves"]

MIN_POSITIONS_PER_PLY = 30
"""Plies with fewer held-out positions than this are left out of the accuracy panel."""


def run_label(log: dict[str, Any]) -> str:
    """How a run is named in a legend: ``7x6 64-16``, with ``connect 5`` where it is not 4 and
    ``, threat cells`` for a network that reads them."""
    width, height, connect = log["shape"]
    h1, h2 = log["hidden"]
    rules = "" if connect == 4 else f" connect {connect}"
    inputs = ", threat cells" if log.get("settings", {}).get("threats") else ""
    return f"{width}x{height}{rules} {h1}-{h2}{inputs}"


def write_curves(logs: Sequence[dict[str, Any]], path: str | Path, title: str = "") -> Path:
    """Draw the two panels for the runs ``logs`` into ``path`` (PNG, or the type its suffix
    names); answer the path."""
    prepare_matplotlib()
    matplotlib = require_extra("matplotlib", "plot", "plots need matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, (losses, by_ply) = plt.subplots(1, 2, figsize=(11, 4.2))
    for index, log in enumerate(logs):
        colour = f"C{index}"
        label = run_label(log)
        epochs = [record["epoch"] for record in log["epochs"]]
        losses.plot(epochs, [r["train_bce"] for r in log["epochs"]], "--", color=colour)
        losses.plot(epochs, [r["held_out_bce"] for r in log["epochs"]], color=colour, label=label)
        rows = sorted(
            (int(ply), row)
            for ply, row in log["final"]["by_ply"].items()
            if row["float"]["positions"] >= MIN_POSITIONS_PER_PLY
        )
        by_ply.plot(
            [ply for ply, _ in rows],
            [100 * row["quantized"]["accuracy"] for _, row in rows],
            ".-",
            color=colour,
            label=label,
        )
    losses.set_xlabel("epoch")
    losses.set_ylabel("loss (binary cross-entropy)")
    losses.set_title("Loss: held out (solid), training (dashed)")
    losses.legend(fontsize="small")
    losses.grid(alpha=0.3)
    by_ply.set_xlabel("stones on the board")
    by_ply.set_ylabel("calls right (%)")
    by_ply.set_title("Held-out win/draw/loss calls right, by stones")
    by_ply.legend(fontsize="small")
    by_ply.grid(alpha=0.3)
    if title:
        figure.suptitle(title)
    figure.tight_layout()
    target = Path(path)
    image = io.BytesIO()
    figure.savefig(image, dpi=90, format=target.suffix.lstrip(".").lower() or "png")
    plt.close(figure)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(image.getvalue())
    return target
