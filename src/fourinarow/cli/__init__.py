"""The command-line apps: ``fourinarow play``, ``show`` and ``agents``."""

from __future__ import annotations

__all__: list[str] = []
