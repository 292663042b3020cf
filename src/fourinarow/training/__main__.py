"""``python -m fourinarow.training``: make training positions, train a network."""

from __future__ import annotations

import sys

from fourinarow.training.commands import main

if __name__ == "__main__":
    sys.exit(main())
