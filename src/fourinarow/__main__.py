"""``python -m fourinarow``: the same as the ``fourinarow`` command."""

from __future__ import annotations

import sys

from fourinarow.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
