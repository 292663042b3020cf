"""Settings for the whole suite."""

from __future__ import annotations

import os
import signal
import tempfile

# The shipped book's uncompressed copy (see Book.load) goes to a directory of this run, not
# to the user's cache; subprocesses inherit the setting.
os.environ["FOURINAROW_CACHE"] = tempfile.mkdtemp(prefix="fourinarow-cache-")

# A job started in the background by a non-interactive shell (`cmd &` in a script, as CI runners
# may do) starts with Ctrl-C ignored, and the programs the tests start would inherit that and
# never see the SIGINT the Ctrl-C tests send. A handler of our own is reset to the default in
# each child program, which then turns Ctrl-C into KeyboardInterrupt as usual.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
