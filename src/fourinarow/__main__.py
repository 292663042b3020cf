"""The ``fourinarow`` command's process starts here: the console script calls :func:`main`, and
``python -m fourinarow`` runs this module.

Ctrl-C ends the command with exit status 130 and no traceback from this module's first
instruction on. Until the subcommand starts (while its modules are imported and its arguments
read), and again once it has returned, the process ends at once: nothing has begun, or
everything is done and written. While the subcommand runs, Ctrl-C is a ``KeyboardInterrupt``,
and each one stops its work as its help says (the bounds proven so far, the games stored, the
book's progress kept); one that Python cannot raise where it lands (in a finalizer) ends the
process at once too. A process started with Ctrl-C ignored (a background job of a script)
keeps ignoring it.

The handler is put in place on import, before the command's modules are read: the package's
``__init__`` imports nothing, and this module only what Python has already loaded.
"""

import os
import signal
import sys


def _end_line() -> None:
    """End the line the terminal's ``^C`` is on, so that the shell's prompt starts a new one."""
    try:  # noqa: SIM105 (contextlib is one import more before the handler is in place)
        os.write(2, b"\n")
    except OSError:  # standard error closed, or its reader gone
        pass


def _end_now(signum: int, frame: object) -> None:
    """Ctrl-C before the subcommand started or after it ended: exit 130 at once."""
    _end_line()
    os._exit(130)


def _interrupt_raised_nowhere(unraisable: "sys.UnraisableHookArgs") -> None:
    """Ctrl-C that landed where Python can only print it and go on (a finalizer, a weak
    reference's callback): end at once rather than lose it; anything else as Python says it."""
    if isinstance(unraisable.exc_value, KeyboardInterrupt):
        _end_now(signal.SIGINT, None)
    sys.__unraisablehook__(unraisable)


def _raise_interrupt() -> None:
    """From now on Ctrl-C is a ``KeyboardInterrupt``, which the subcommand handles."""
    if _HANDLED:
        signal.signal(signal.SIGINT, signal.default_int_handler)


_HANDLED = signal.getsignal(signal.SIGINT) is signal.default_int_handler
"""Whether this process handles Ctrl-C at all (not when its parent started it ignored)."""

if _HANDLED:
    signal.signal(signal.SIGINT, _end_now)
    sys.unraisablehook = _interrupt_raised_nowhere


def main() -> int:
    """Run the ``fourinarow`` command with the process's arguments; return its exit status
    (see :func:`fourinarow.cli.main.main`)."""
    from fourinarow.cli.main import main as run_command

    try:
        return run_command(before_run=_raise_interrupt)
    except KeyboardInterrupt:  # between the subcommand's end and its own handling
        if _HANDLED:  # first, so that a second Ctrl-C now ends the process at once
            signal.signal(signal.SIGINT, _end_now)
        _end_line()
        return 130
    finally:
        if _HANDLED:
            signal.signal(signal.SIGINT, _end_now)


if __name__ == "__main__":
    sys.exit(main())
