"""Builds the compiled search kernels; everything else is configured in pyproject.toml.

The extensions are optional: where they cannot be compiled the package still installs and the
searches run in pure Python (``fourinarow.search.reference`` and ``heuristic``), with the same
answers, only slower.
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
    extensions = [
        Extension(
            f"fourinarow.search.{name}",
            [f"src/fourinarow/search/{name}.pyx"],
            extra_compile_args=flags,
            optional=True,
        )
        for name in ("_kernel", "_heuristic")
    ]
    return list(cythonize(extensions, quiet=True, language_level=3))


setup(ext_modules=kernel_extensions())
