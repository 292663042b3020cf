"""Builds the compiled search kernel; everything else is configured in pyproject.toml.

The extension is optional: where it cannot be compiled the package still installs and the search
runs in pure Python (``fourinarow.search.reference``), with the same answers, only slower.
Set FOURINAROW_PORTABLE=1 to build without -march=native (for a wheel that runs on other CPUs).
"""

from __future__ import annotations

import os
import platform

from setuptools import Extension, setup


def kernel_extensions() -> list[Extension]:
    try:
        from Cython.Build import cythonize
    except ImportError:
        return []
    flags = ["-O3"]
    if platform.system() != "Windows" and not os.environ.get("FOURINAROW_PORTABLE"):
        flags.append("-march=native")
    extension = Extension(
        "fourinarow.search._kernel",
        ["src/fourinarow/search/_kernel.pyx"],
        extra_compile_args=flags,
        optional=True,
    )
    return list(cythonize([extension], quiet=True, language_level=3))


setup(ext_modules=kernel_extensions())
