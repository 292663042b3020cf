# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, nonecheck=False
"""The compiled perfect-play kernel on 128-bit bitboards, for boards with 64 < W x (H+1) <= 128.

The same source as ``_solver_kernel`` (``_solver_kernel.pyx``, included below), built with 128-bit words
(``unsigned __int128``): see that file for the algorithm and the table.
"""

cdef extern from *:
    """
    #define FIAR_WORD_BITS 128
    """

include "_solver_kernel.pyx"
