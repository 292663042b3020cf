"""Builds the compiled search kernels; everything else is configured in pyproject.toml.

The kernels are optional: where Cython is missing or the C compiler fails, the package still
installs, the build prints a one-line notice (pip shows it with ``-v``), and the searches run
in pure Python (``fourinarow.search.python_solver`` and ``heuristic``), with the same answers,
only slower; ``fourinarow --version`` says which.
``fourinarow.search.solver.compiled_kernel_available()`` tells which one an install has.
Set FOURINAROW_PORTABLE=1 to build without -march=native (for a wheel that runs on other CPUs).
"""

from __future__ import annotations

import os
import platform
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import BaseError, CCompilerError

KERNELS = ("_solver_kernel", "_solver_kernel128", "_heuristic_kernel", "_heuristic_kernel128")
FALLBACK = "the searches will run in pure Python (same answers, slower)"


def notice(reason: str) -> None:
    """Print the one line that says the kernels were not built, and why."""
    print(f"fourinarow: {reason}; {FALLBACK}", file=sys.stderr)


class OptionalBuildExt(build_ext):
    """Builds each kernel if it can; a kernel that fails to compile or link is left out.

    The compiler's own messages, printed above the notice, say what went wrong.
    """

    def initialize_options(self) -> None:
        super().initialize_options()
        self.failed: list[str] = []

    def build_extensions(self) -> None:
        super().build_extensions()
        if self.failed:
            notice(f"could not compile {', '.join(self.failed)}")

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except (BaseError, CCompilerError, OSError) as error:
            self.failed.append(f"{ext.name} ({type(error).__name__})")


def kernel_extensions() -> list[Extension]:
    """The kernels as C extensions, or none if Cython is not installed."""
    try:
        from Cython.Build import cythonize
    except ImportError:
        notice("Cython is not installed, so the compiled kernels are not built")
        return []
    flags = ["-O3"]
    if platform.system() != "Windows" and not os.environ.get("FOURINAROW_PORTABLE"):
        flags.append("-march=native")
    sources = [
        Extension(
            f"fourinarow.search.{name}",
            [f"src/fourinarow/search/{name}.pyx"],
            extra_compile_args=flags,
        )
        for name in KERNELS
    ]
    extensions: list[Extension] = cythonize(sources, quiet=True, language_level=3)
    for extension in extensions:
        # cythonize drops this flag; setuptools needs it to skip a kernel that was not built
        # (an --inplace build copies each built kernel next to the sources).
        extension.optional = True
    return extensions


setup(ext_modules=kernel_extensions(), cmdclass={"build_ext": OptionalBuildExt})
