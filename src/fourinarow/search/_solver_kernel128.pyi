"""Type stub of the compiled kernel on 128-bit words (see _solver_kernel128.pyx), for the shapes
with ``64 < width*(height+1) <= 128``: the same source as ``_solver_kernel``, so the same class and
contract (see ``_solver_kernel.pyi``), with 128-bit positions in place of 64-bit ones. At run
time it is a class of its own.
"""

from fourinarow.search._solver_kernel import Kernel as Kernel
