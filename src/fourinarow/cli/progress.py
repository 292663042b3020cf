"""A one-line progress bar on standard error, for long commands (tournaments, book builds)."""

from __future__ import annotations

import sys

__all__ = ["ProgressBar"]


class ProgressBar:
    """Draws ``[####....] done/total UNIT, rate UNIT/s, ETA s`` over itself on each call.

    Called as ``bar(done, total, seconds)``, where ``done`` may include work finished by an
    earlier, resumed run: the rate counts only what was done since the first call.
    """

    def __init__(self, unit: str) -> None:
        self.unit = unit
        self.first: int | None = None

    def __call__(self, done: int, total: int, seconds: float) -> None:
        if self.first is None:
            self.first = done
        width = 30
        filled = width * done // max(1, total)
        rate = (done - self.first) / seconds if seconds > 0 else 0.0
        left = f"ETA {(total - done) / rate:.0f} s" if rate > 0 else "ETA -"
        sys.stderr.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {self.unit}, "
            f"{rate:.1f} {self.unit}/s, {left} "
        )
        sys.stderr.flush()
