"""Whether the compiled kernels are in use, said where a user sees it: ``fourinarow --version``,
and one line on standard error when a command that searches starts without them."""

from __future__ import annotations

import sys

from fourinarow import __version__

__all__ = ["note_pure_python", "version_text"]

_KERNEL_BITS = 128
"""The largest board the compiled kernels search: ``width * (height + 1)`` bits (the solver's
``KERNEL_MAX_BITS``, not imported here so that ``--version`` stays cheap)."""


def _compiled() -> bool:
    from fourinarow.search.solver import compiled_kernel_available

    return compiled_kernel_available()


def version_text() -> str:
    """What ``fourinarow --version`` prints: the version, and whether the solver runs on its
    compiled kernels or in pure Python."""
    if _compiled():
        return f"fourinarow {__version__} (compiled solver kernels)"
    return (
        f"fourinarow {__version__} (pure Python: no C compiler at install; the solver is "
        "100-200x slower)"
    )


def note_pure_python(command: str, width: int, height: int) -> None:
    """Say on standard error, in one line, that ``command``'s searches will run in pure Python
    on a ``width`` x ``height`` board that the compiled kernels would have searched (they were
    not built: no C compiler at install). A process calls it once, as its command starts."""
    if width * (height + 1) > _KERNEL_BITS or _compiled():
        return
    print(
        f"fourinarow {command}: note: the compiled solver kernels are not installed (there was "
        "no C compiler at install), so the search runs in pure Python, 100-200x slower; "
        "install a C compiler and reinstall fourinarow to build them",
        file=sys.stderr,
    )
