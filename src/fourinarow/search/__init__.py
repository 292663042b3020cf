"""Search: the perfect solver, on a compiled kernel where it fits and in pure Python elsewhere."""

from __future__ import annotations

__all__: list[str] = []
