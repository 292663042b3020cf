"""Settings for the whole suite."""

from __future__ import annotations

import os
import tempfile

# The shipped book's uncompressed copy (see Book.load) goes to a directory of this run, not
# to the user's cache; subprocesses inherit the setting.
os.environ["FOURINAROW_CACHE"] = tempfile.mkdtemp(prefix="fourinarow-cache-")
