"""Type stub of the compiled heuristic searches on 128-bit words, for the shapes with
``64 < width*(height+1) <= 128``: the same source as ``_heuristic_kernel``, so the same classes and
contract (see ``_heuristic.pyi``), with 128 bits in place of 64. At run time they are classes of
their own; an ``EngineKernel`` takes a ``HeuristicKernel`` of its own module.
"""

from fourinarow.search._heuristic_kernel import EngineKernel as EngineKernel
from fourinarow.search._heuristic_kernel import HeuristicKernel as HeuristicKernel
