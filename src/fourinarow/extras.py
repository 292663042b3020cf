"""Optional parts: importing an extra's package with a clear message when it is missing, and
starting Ray.

The optional parts of fourinarow (the desktop game, plots, Ray) live behind pip extras. Apps
import their packages through :func:`require_extra`, which turns a missing package into a
:class:`MissingExtraError` whose one-line message names the ``pip install`` that fixes it. This
module imports nothing of fourinarow, so every layer and app may use it.

>>> import_name = "surely_not_installed_pkg"
>>> try:
...     require_extra(import_name, "plot", "plots need it")
... except MissingExtraError as error:
...     print(error)
plots need it: pip install 'fourinarow[plot]'
"""

from __future__ import annotations

import importlib
import logging
from types import ModuleType
from typing import Any

__all__ = ["MissingExtraError", "require_extra", "start_ray"]


class MissingExtraError(RuntimeError):
    """An optional part's extra is not installed; the message names the pip command."""


def require_extra(module: str, extra: str, purpose: str) -> ModuleType:
    """Import ``module``, which the pip extra ``extra`` installs.

    Args:
        module: the module to import (``matplotlib``, ``pygame``, ``ray``).
        extra: the extra of fourinarow that installs it.
        purpose: what needs it, the start of the error message (``plots need matplotlib``).

    Raises:
        MissingExtraError: the module cannot be imported.
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingExtraError(f"{purpose}: pip install 'fourinarow[{extra}]'") from None


def start_ray(workers: int, address: str | None = None) -> tuple[Any, bool]:
    """The ``ray`` module, initialised: connected to the cluster at ``address``, or to a local
    instance of ``workers`` CPUs started now; and whether this call started it (then the caller
    shuts it down). Ray is never initialised twice.

    Raises:
        MissingExtraError: Ray is not installed.
    """
    ray: Any = require_extra("ray", "ray", "the Ray backend needs Ray")
    started_here = not ray.is_initialized()
    if started_here:
        options: dict[str, Any] = {
            "include_dashboard": False,
            "log_to_driver": False,
            "logging_level": logging.WARNING,
        }
        if address is None:
            options["num_cpus"] = workers
        ray.init(address=address, **options)
    return ray, started_here
