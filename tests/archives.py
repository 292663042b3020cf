"""Unpacking the archives the tests make, on every Python the package supports."""

from __future__ import annotations

import tarfile
from pathlib import Path


def extract_all(archive: tarfile.TarFile, into: Path) -> None:
    """Unpack ``archive`` into ``into`` with tarfile's ``data`` filter where the Python has it
    (3.11.4 and later; earlier 3.11 releases have no ``filter`` argument)."""
    if hasattr(tarfile, "data_filter"):
        archive.extractall(into, filter="data")
    else:  # the tests' own archives, made a moment before
        archive.extractall(into)
