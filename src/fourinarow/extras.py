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

import atexit
import importlib
import importlib.util
import logging
import os
import shutil
import socket
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = [
    "MissingExtraError",
    "RayConnectionError",
    "check_ray_address",
    "prepare_matplotlib",
    "require_extra",
    "start_ray",
]

RAY_CONNECT_SECONDS = 3.0
"""How long :func:`start_ray` waits for a Ray cluster's address to answer at all."""


class MissingExtraError(RuntimeError):
    """An optional part's extra is not installed; the message names the pip command."""


class RayConnectionError(RuntimeError):
    """No Ray cluster answers at the address given; the message says what to do instead."""


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


def _writable_folder(folder: Path) -> bool:
    """Whether ``folder`` is (or can be made) a folder this process may write in."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return folder.is_dir() and os.access(folder, os.W_OK)


def _matplotlib_places() -> list[Path]:
    """The folders matplotlib keeps its settings and its font cache in when ``MPLCONFIGDIR``
    is not set (on Linux and other Unix: under ``$XDG_CONFIG_HOME`` and ``$XDG_CACHE_HOME``,
    else ``~/.config`` and ``~/.cache``; elsewhere ``~/.matplotlib``)."""
    home = Path.home()
    if sys.platform.startswith(("linux", "freebsd")):
        config = os.environ.get("XDG_CONFIG_HOME") or str(home / ".config")
        cache = os.environ.get("XDG_CACHE_HOME") or str(home / ".cache")
        return [Path(config) / "matplotlib", Path(cache) / "matplotlib"]
    return [home / ".matplotlib"]


def prepare_matplotlib() -> None:
    """Before matplotlib (extra ``plot``) is imported: spare the user its warning about a
    folder it cannot write.

    When ``MPLCONFIGDIR`` is not set and the folders matplotlib would use for its settings and
    font cache cannot be written (a read-only home), matplotlib makes a temporary folder and
    says so on standard error, in two lines, on every run. Here such a folder is made before
    matplotlib is imported, given to it as ``MPLCONFIGDIR`` and removed when the process ends;
    a ``MPLCONFIGDIR`` the user set, and writable default folders, are left as they are.
    Nothing is done once matplotlib is imported, or when it is not installed.
    """
    if "matplotlib" not in sys.modules and not os.environ.get("MPLCONFIGDIR"):
        try:
            usable = all(_writable_folder(place) for place in _matplotlib_places())
        except RuntimeError:  # no home folder to find
            usable = False
        if not usable and importlib.util.find_spec("matplotlib") is not None:
            try:
                folder = tempfile.mkdtemp(prefix="fourinarow-matplotlib-")
            except OSError:  # no temporary folder either: matplotlib says what it does
                folder = None
            if folder is not None:
                atexit.register(shutil.rmtree, folder, ignore_errors=True)
                os.environ["MPLCONFIGDIR"] = folder


def start_ray(workers: int, address: str | None = None) -> tuple[Any, bool]:
    """The ``ray`` module, initialised: connected to the cluster at ``address``, or to a local
    instance of ``workers`` CPUs started now; and whether this call started it (then the caller
    shuts it down). Ray is never initialised twice.

    Before Ray is asked to join a cluster (which it tries for minutes, logging each attempt),
    the address must accept a connection within :data:`RAY_CONNECT_SECONDS`.

    Raises:
        MissingExtraError: Ray is not installed.
        RayConnectionError: nothing answers at ``address``, or Ray finds no cluster there.
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
        else:
            check_ray_address(address)
        try:
            ray.init(address=address, **options)
        except ConnectionError as error:
            first_line = str(error).splitlines()[0] if str(error) else type(error).__name__
            raise RayConnectionError(f"--address {address}: {first_line}") from None
    return ray, started_here


def check_ray_address(address: str) -> None:
    """Refuse (with :class:`RayConnectionError`) an address ``HOST:PORT`` or
    ``ray://HOST[:PORT]`` where nothing accepts a connection; other forms (``auto``, ``local``)
    are Ray's to judge.

    >>> check_ray_address("auto")
    """
    scheme, separator, rest = address.partition("://")
    if not separator:
        scheme, rest = "", address
    if scheme not in ("", "ray"):
        return
    host, colon, port_text = rest.rstrip("/").rpartition(":")
    if not colon:
        if not scheme:
            return  # "auto", "local" and the like
        host, port_text = rest.rstrip("/"), "10001"
    if not port_text.isascii() or not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise RayConnectionError(
            f"--address {address}: {port_text!r} is not a port: give HOST:PORT, such as "
            "127.0.0.1:6379, or ray://HOST:10001"
        )
    try:
        with socket.create_connection((host.strip("[]"), int(port_text)), RAY_CONNECT_SECONDS):
            pass
    except OSError as error:
        reason = error.strerror or str(error) or type(error).__name__
        raise RayConnectionError(
            f"--address {address}: no Ray cluster answers there ({reason}); start one with "
            "'ray start --head', or leave out --address to start a local one"
        ) from None
