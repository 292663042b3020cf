"""What the training tests share: whether PyTorch is here, and the training command run as a
process."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

NO_TORCH = "needs PyTorch, the training extra: pip install 'fourinarow[train]'"
HAS_TORCH = importlib.util.find_spec("torch") is not None


def training(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m fourinarow.training ARGS`` in a process of its own."""
    return subprocess.run(
        [sys.executable, "-m", "fourinarow.training", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
