# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, nonecheck=False
"""The compiled heuristic searches of ``_heuristic_kernel.pyx`` on 128-bit words, for the boards with
64 < width*(height+1) <= 128 (9x7, 8x8, 10x8, 11x9, 14x7...).

The same source, compiled once more: this module only sets the word to 128 bits (GCC's and
Clang's ``unsigned __int128``) before including it, so ``HeuristicKernel`` and ``EngineKernel``
here have the contract ``_heuristic_kernel.pyx`` describes, with width*(height+1) <= 128 in place of 64.
The engine's table keeps the whole 128-bit key in its 32-byte entries, so another position never
matches here either.
"""

cdef extern from *:
    """
    #define FOURINAROW_WORD_BITS 128
    """

include "_heuristic_kernel.pyx"
