# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, nonecheck=False
"""The compiled heuristic searches: the classic tutorials' minimax and
alpha-beta, and the engine's search.

``HeuristicKernel`` is the same algorithm as ``fourinarow.search.heuristic`` with
``fourinarow.search.evaluation`` (the pure-Python reference, for boards over 128 bits), step for
step, on bitboards of one machine word (64 bits here; ``_heuristic_kernel128.pyx`` compiles this same
source with a 128-bit word: see the word's block below): the same nodes in the same order, the
same scores, best moves and principal variations (a differential test checks this).
``EngineKernel`` adds a transposition table to it for ``fourinarow.search.engine_search``, and
judges its leaves with the ``threats`` evaluation or with a network of
``fourinarow.search.networks`` (the same integers as its pure-Python twin ``Network``, value for
value; see ``EngineKernel``).
Neither validates anything: the Python layer (``heuristic.run_compiled``) checks positions and
translates limits and results.

Bit layout (as in ``fourinarow.core.geometry``): cell (column, row) is bit column*(H+1)+row, row 0
at the bottom, one spare bit on top of each column (always 0). A position is ``own`` (the stones
of the side to move), ``other`` (the opponent's) and ``heights`` (the number of stones in each
column, which must agree with the bitboards).

Preconditions of ``search()``: width*(height+1) <= the word's bits (64 or 128; a position or a
shape's mask beyond them raises OverflowError), width <= 32, connect <= 20; nobody has a line
yet and the board is not full; one search at a time per kernel (the GIL is released
while it runs, and an ``EngineKernel`` shares its ``HeuristicKernel``'s state).

What ``search()`` returns, when it finishes: ``(scores, best_moves, best, pv)``, every value from
the view of the side to move at the root:

- ``scores``: one entry per column, left to right: the column's value, ``None`` for a full
  column. With pruning (and without ``exact_root``) a column worse than the best may hold only an
  upper bound on its value; ties with the best are exact.
- ``best_moves``: the 0-based columns scoring ``best``, in column order.
- ``best``: the best score.
- ``pv``: the principal variation, starting with the first best column searched.

It returns ``None`` instead when a limit stopped it; the partial results are dropped. Scores: a
win found ``plies`` plies ahead (the winning stone included) scores ``WIN - plies`` (so an
immediate win is ``WIN - 1`` and faster wins score higher), a loss ``-(WIN - plies)``, a full
board 0, anything else the evaluation of the leaves, far below ``FORCED`` (``WIN`` and ``FORCED``
come from ``constants.py``). The ``HeuristicKernel`` evaluates leaves from the root player's
view, as the tutorials do; the ``EngineKernel`` from the view of the side to move at the leaf,
negated on the way up (plain negamax), and it looks for an immediate win at every node before
the depth runs out.

Limits: ``seconds`` (from the call, 0 for no clock) and ``node_limit`` (0 for no limit) are read
every 1024 nodes (``CHECK_EVERY``), so a search may overrun a node limit by up to 1023 nodes.
``nodes`` counts the nodes of the latest search (also of a stopped one), from 0 at each call.

The engine's table: ``2**table_bits`` entries of 32 bytes (the key, the value, the depth searched,
the kind of bound and the best column), slot = top bits of ``(own + occupied) * HASH_MULTIPLIER``
modulo 2**64 (on 128-bit words the key is first folded to 64 bits: its low half XOR its high
half times HASH_MULTIPLIER, so a key below 2**64 gets the slot it gets on 64-bit words), the whole
key kept so another position never matches. Replacement is "always": every node searched
overwrites its slot, whatever it held. An entry cuts the search off when it was searched at least
as deep and its bound settles the window; otherwise its column is tried first. Win scores are
stored relative to the node (``to_table``/``from_table``). The root stores only its best column
(a ``HINT``, never a value, since root values depend on the window). Entries persist from search
to search until ``clear()``.
"""

from libc.stdint cimport uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcmp, memcpy, memset
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

# The word every bitboard is held in, with the few operations that depend on its width. It is
# 64 bits unless the including module defined FOURINAROW_WORD_BITS as 128 first
# (_heuristic_kernel128.pyx): then GCC's and Clang's unsigned __int128. Cython sees the word as an
# unsigned long long; Python ints are never converted to or from it implicitly (``to_word``
# builds it from 64-bit halves), and table entries are 32 bytes for either width.
cdef extern from *:
    """
    #ifndef FOURINAROW_WORD_BITS
    #define FOURINAROW_WORD_BITS 64
    #endif
    #if FOURINAROW_WORD_BITS == 128
    typedef unsigned __int128 fiar_word;
    #define FIAR_MAX_PLY 130
    static inline int fiar_popcount(fiar_word w) {
        return __builtin_popcountll((unsigned long long)w)
               + __builtin_popcountll((unsigned long long)(w >> 64));
    }
    #define fiar_from_halves(low, high) ((((fiar_word)(high)) << 64) | (fiar_word)(low))
    #define fiar_low(w) ((unsigned long long)(w))
    #define fiar_high(w) ((unsigned long long)((w) >> 64))
    /* the key folded to 64 bits (low half ^ high half * multiplier), times the multiplier */
    #define fiar_hash(key, multiplier) \
        (((unsigned long long)(key) ^ (unsigned long long)((key) >> 64) * (multiplier)) \
         * (multiplier))
    typedef struct {
        fiar_word key; long long value; short depth; signed char bound; signed char move;
    } fiar_entry;
    #elif FOURINAROW_WORD_BITS == 64
    typedef unsigned long long fiar_word;
    #define FIAR_MAX_PLY 66
    #define fiar_popcount(w) __builtin_popcountll(w)
    #define fiar_from_halves(low, high) ((fiar_word)(low))
    #define fiar_low(w) ((unsigned long long)(w))
    #define fiar_high(w) 0ULL
    #define fiar_hash(key, multiplier) ((key) * (multiplier))
    typedef struct {
        fiar_word key; long long value; int depth; int bound; int move;
    } fiar_entry;
    #else
    #error "FOURINAROW_WORD_BITS is 64 or 128"
    #endif
    _Static_assert(sizeof(fiar_entry) == 32, "a table entry is 32 bytes");
    """
    ctypedef unsigned long long word "fiar_word"
    enum: WORD_BITS "FOURINAROW_WORD_BITS"
    enum: MAX_PLY "FIAR_MAX_PLY"  # above the deepest ply on the word's boards (< WORD_BITS cells)
    int popcount "fiar_popcount"(word) nogil
    word word_from_halves "fiar_from_halves"(unsigned long long low, unsigned long long high) nogil
    uint64_t slot_hash "fiar_hash"(word key, uint64_t multiplier) nogil
    ctypedef struct Entry "fiar_entry":
        word key
        long long value
        int depth
        int bound
        int move

# The learned evaluation (``fourinarow.search.networks``): plain C, so that GCC vectorises its
# loops (-O3 -march=native): rows of 16-bit integers padded with zeros to a multiple of 32 values
# (64 bytes, the arrays' alignment), ``restrict`` pointers, no branches inside the loops.
# The accumulators are 16-bit: the network's reader refuses any first layer whose stones' sums
# could leave 16 bits, so these are the 32-bit sums of the model exactly. A network that reads
# threat cells (features 1) adds their rows at the leaf to a 32-bit copy of the side to move's
# accumulator, so they need no bound.
cdef extern from *:
    """
    #include <stdint.h>
    #include <stdlib.h>
    #include <string.h>
    #define FIAR_NET_ALIGN 64
    typedef struct {
        int h1, h2, stride;          /* stride: h1 rounded up to a multiple of 32 */
        int cells, height, bits;     /* bits: the bitboards' column stride (height + 1) */
        int features;                /* 0: stones only; 1: stones and threat cells */
        long long value_scale, value_limit;
        int16_t *w1;                 /* [(2 + 2 * features) * cells][stride], feature-major */
        int16_t *b1;                 /* [stride] */
        int16_t *w2;                 /* [h2][stride], the int8 weights widened */
        int32_t *b2;                 /* [h2] */
        int32_t *w3;                 /* [h2] */
        long long b3;
        int16_t *acc;                /* [FIAR_MAX_PLY + 1][2][stride]: per ply, each player's view */
        int16_t *a1;                 /* [stride]: the first layer's clamped output */
        int32_t *wide;               /* [stride]: an accumulator plus threat rows, in 32 bits */
        int16_t *fresh;              /* [2][stride]: accumulators from scratch (checks) */
        int root;                    /* the player (0: first, 1: second) to move at ply 0 */
        int moved[FIAR_MAX_PLY + 1]; /* the cell of the stone that led to each ply */
        int check;                   /* compare each leaf's accumulators with fresh ones */
        unsigned long long checks, mismatches;
    } fiar_net;

    static void *fiar_net_array(size_t bytes) {
        void *p = NULL;
        if (posix_memalign(&p, FIAR_NET_ALIGN, bytes ? bytes : FIAR_NET_ALIGN) != 0) return NULL;
        memset(p, 0, bytes ? bytes : FIAR_NET_ALIGN);
        return p;
    }

    static void fiar_net_free(fiar_net *n) {
        if (n == NULL) return;
        free(n->w1); free(n->b1); free(n->w2); free(n->b2); free(n->w3);
        free(n->acc); free(n->a1); free(n->wide); free(n->fresh);
        free(n);
    }

    /* A network of h1 and h2 units for boards of `cells` cells, its arrays zeroed; NULL when
       memory runs out. */
    static fiar_net *fiar_net_new(int h1, int h2, int cells, int height, int features) {
        fiar_net *n = (fiar_net *)calloc(1, sizeof(fiar_net));
        if (n == NULL) return NULL;
        n->h1 = h1; n->h2 = h2; n->cells = cells; n->height = height; n->bits = height + 1;
        n->features = features;
        n->stride = (h1 + 31) / 32 * 32;
        size_t row = (size_t)n->stride * sizeof(int16_t);
        n->w1 = (int16_t *)fiar_net_array((2 + 2 * (size_t)features) * cells * row);
        n->b1 = (int16_t *)fiar_net_array(row);
        n->w2 = (int16_t *)fiar_net_array((size_t)h2 * row);
        n->b2 = (int32_t *)fiar_net_array((size_t)h2 * sizeof(int32_t));
        n->w3 = (int32_t *)fiar_net_array((size_t)h2 * sizeof(int32_t));
        n->acc = (int16_t *)fiar_net_array((size_t)(FIAR_MAX_PLY + 1) * 2 * row);
        n->a1 = (int16_t *)fiar_net_array(row);
        n->wide = (int32_t *)fiar_net_array((size_t)n->stride * sizeof(int32_t));
        n->fresh = (int16_t *)fiar_net_array(2 * row);
        if (!n->w1 || !n->b1 || !n->w2 || !n->b2 || !n->w3 || !n->acc || !n->a1 || !n->wide
            || !n->fresh) {
            fiar_net_free(n);
            return NULL;
        }
        return n;
    }

    static inline int16_t *fiar_net_acc(const fiar_net *n, int ply, int player) {
        return n->acc + ((size_t)ply * 2 + player) * n->stride;
    }

    /* dst = src + row, over `count` values (a multiple of 32) */
    static inline void fiar_net_add(int16_t *restrict dst, const int16_t *restrict src,
                                    const int16_t *restrict row, int count) {
        int16_t *d = (int16_t *)__builtin_assume_aligned(dst, FIAR_NET_ALIGN);
        const int16_t *s = (const int16_t *)__builtin_assume_aligned(src, FIAR_NET_ALIGN);
        const int16_t *r = (const int16_t *)__builtin_assume_aligned(row, FIAR_NET_ALIGN);
        for (int j = 0; j < count; j++) d[j] = (int16_t)(s[j] + r[j]);
    }

    /* acc += row, over `count` values (a multiple of 32) */
    static inline void fiar_net_add_into(int16_t *restrict acc, const int16_t *restrict row,
                                         int count) {
        int16_t *a = (int16_t *)__builtin_assume_aligned(acc, FIAR_NET_ALIGN);
        const int16_t *r = (const int16_t *)__builtin_assume_aligned(row, FIAR_NET_ALIGN);
        for (int j = 0; j < count; j++) a[j] = (int16_t)(a[j] + r[j]);
    }

    /* The accumulators of `ply` from those of the ply before and the stone moved[ply], put
       there by the player to move at the ply before. */
    static inline void fiar_net_play(fiar_net *n, int ply) {
        int mover = (n->root + ply - 1) & 1;
        const int16_t *own_row = n->w1 + (size_t)n->moved[ply] * n->stride;
        const int16_t *other_row = n->w1 + (size_t)(n->cells + n->moved[ply]) * n->stride;
        fiar_net_add(fiar_net_acc(n, ply, mover), fiar_net_acc(n, ply - 1, mover), own_row,
                     n->stride);
        fiar_net_add(fiar_net_acc(n, ply, 1 - mover), fiar_net_acc(n, ply - 1, 1 - mover),
                     other_row, n->stride);
    }

    /* The value of layers 2 and 3 from the first layer's clamped output in n->a1. */
    static inline long long fiar_net_layers(const fiar_net *n) {
        const int16_t *a1 = (const int16_t *)__builtin_assume_aligned(n->a1, FIAR_NET_ALIGN);
        const int stride = n->stride;
        long long out = n->b3, value;
        for (int k = 0; k < n->h2; k++) {
            const int16_t *w = (const int16_t *)__builtin_assume_aligned(
                n->w2 + (size_t)k * stride, FIAR_NET_ALIGN);
            int32_t sum = 0;
            for (int j = 0; j < stride; j++) sum += (int32_t)a1[j] * (int32_t)w[j];
            long long a2 = ((long long)n->b2[k] + sum) >> 6;  /* floor division by 64 */
            a2 = a2 < 0 ? 0 : (a2 > 127 ? 127 : a2);
            out += a2 * n->w3[k];
        }
        value = out * n->value_scale / (127 * 64);  /* C division: toward zero */
        if (value > n->value_limit) return n->value_limit;
        if (value < -n->value_limit) return -n->value_limit;
        return value;
    }

    /* The value (layers 2 and 3) for the side whose accumulator `acc` is. */
    static inline long long fiar_net_output(const fiar_net *n, const int16_t *acc) {
        const int16_t *x = (const int16_t *)__builtin_assume_aligned(acc, FIAR_NET_ALIGN);
        int16_t *restrict a1 = (int16_t *)__builtin_assume_aligned(n->a1, FIAR_NET_ALIGN);
        const int stride = n->stride;
        for (int j = 0; j < stride; j++) {
            int16_t v = x[j] < 0 ? 0 : x[j];
            a1[j] = v > 127 ? 127 : v;
        }
        return fiar_net_layers(n);
    }

    /* wide += the rows of features `base` + cell, for each cell of the set bits of `half`
       (bits `offset` up of a bitboard) */
    static inline void fiar_net_add_cells(const fiar_net *n, int32_t *restrict wide,
                                          unsigned long long half, int offset, int base) {
        int32_t *w = (int32_t *)__builtin_assume_aligned(wide, FIAR_NET_ALIGN);
        const int stride = n->stride, bits = n->bits, height = n->height;  /* locals: `w`
            could alias the network's int fields, so loops bounded by them would not vectorise */
        while (half) {
            int bit = __builtin_ctzll(half) + offset;
            half &= half - 1;
            int cell = bit / bits * height + bit % bits;
            const int16_t *r = (const int16_t *)__builtin_assume_aligned(
                n->w1 + (size_t)(base + cell) * stride, FIAR_NET_ALIGN);
            for (int j = 0; j < stride; j++) w[j] += r[j];
        }
    }

    /* The value for the side whose accumulator `acc` is, with the rows of its threat cells
       `own` and of its opponent's `other` (bitboards) added in 32 bits. */
    static inline long long fiar_net_output_threats(const fiar_net *n, const int16_t *acc,
                                                    fiar_word own, fiar_word other) {
        const int16_t *x = (const int16_t *)__builtin_assume_aligned(acc, FIAR_NET_ALIGN);
        int32_t *restrict wide = (int32_t *)__builtin_assume_aligned(n->wide, FIAR_NET_ALIGN);
        int16_t *restrict a1 = (int16_t *)__builtin_assume_aligned(n->a1, FIAR_NET_ALIGN);
        const int stride = n->stride, cells = n->cells;
        if (!(own | other)) return fiar_net_output(n, acc);  /* no threat cell: no row to add */
        for (int j = 0; j < stride; j++) wide[j] = x[j];
        fiar_net_add_cells(n, wide, fiar_low(own), 0, 2 * cells);
        fiar_net_add_cells(n, wide, fiar_high(own), 64, 2 * cells);
        fiar_net_add_cells(n, wide, fiar_low(other), 0, 3 * cells);
        fiar_net_add_cells(n, wide, fiar_high(other), 64, 3 * cells);
        for (int j = 0; j < stride; j++) {
            int32_t v = wide[j] < 0 ? 0 : wide[j];
            a1[j] = (int16_t)(v > 127 ? 127 : v);
        }
        return fiar_net_layers(n);
    }

    static inline long long fiar_net_value(const fiar_net *n, int ply) {
        return fiar_net_output(n, fiar_net_acc(n, ply, (n->root + ply) & 1));
    }

    /* The value at `ply` of a network that reads threat cells: `own` and `other` are the
       threat cells of the side to move there and of its opponent. */
    static inline long long fiar_net_value_threats(const fiar_net *n, int ply, fiar_word own,
                                                   fiar_word other) {
        return fiar_net_output_threats(n, fiar_net_acc(n, ply, (n->root + ply) & 1), own,
                                       other);
    }

    /* Both players' accumulators of a position from scratch into out[0..2*stride): `own`
       holds the stones of player `own_player` (0 or 1), `other` the other player's. */
    static void fiar_net_scratch(const fiar_net *n, int16_t *out, fiar_word own,
                                 fiar_word other, int own_player, int width) {
        int16_t *views[2] = {out + (size_t)own_player * n->stride,
                             out + (size_t)(1 - own_player) * n->stride};
        memcpy(views[0], n->b1, (size_t)n->stride * sizeof(int16_t));
        memcpy(views[1], n->b1, (size_t)n->stride * sizeof(int16_t));
        for (int column = 0; column < width; column++) {
            for (int row = 0; row < n->height; row++) {
                int bit = column * n->bits + row, cell = column * n->height + row;
                int owner = (int)((own >> bit) & 1) ? 0 : ((int)((other >> bit) & 1) ? 1 : -1);
                if (owner < 0) continue;
                /* a stone of views[owner]'s player: its own feature there, the other's in
                   the other view */
                fiar_net_add_into(views[owner], n->w1 + (size_t)cell * n->stride, n->stride);
                fiar_net_add_into(views[1 - owner],
                                  n->w1 + (size_t)(n->cells + cell) * n->stride, n->stride);
            }
        }
    }
    """
    ctypedef struct Net "fiar_net":
        int h1, h2, stride, cells, height, root, check, features
        long long value_scale, value_limit, b3
        short* w1
        short* b1
        short* w2
        int* b2
        int* w3
        short* acc
        short* fresh
        int* moved
        unsigned long long checks, mismatches
    Net* net_new "fiar_net_new"(int h1, int h2, int cells, int height, int features)
    void net_free "fiar_net_free"(Net* n)
    short* net_acc "fiar_net_acc"(Net* n, int ply, int player) nogil
    void net_play "fiar_net_play"(Net* n, int ply) nogil
    long long net_value "fiar_net_value"(Net* n, int ply) nogil
    long long net_value_threats "fiar_net_value_threats"(Net* n, int ply, word own,
                                                         word other) nogil
    long long net_output "fiar_net_output"(Net* n, short* acc) nogil
    void net_scratch "fiar_net_scratch"(Net* n, short* out, word own, word other,
                                        int own_player, int width) nogil


from fourinarow.search import constants
from fourinarow.search.evaluation import count_scores

# C compile-time copies of constants.py, for the innermost loops (tests/search/test_constants.py
# checks them); the other shared values are read from constants.py below.
cdef enum:
    MAX_WIDTH = 32
    CHECK_EVERY = 1023  # HEURISTIC_CHECK_EVERY: nodes between two looks at the clock (mask)
    MAX_CONNECT = 21

cdef enum Kind:
    WINDOW = 0
    CONNECTIONS = 1
    RIVEST = 2
    STREAKS = 3
    THREATS = 4

cdef long long WIN = constants.WIN
cdef long long INFINITY = constants.INFINITY
cdef long long CENTRE_WEIGHT = constants.WINDOW_CENTRE_WEIGHT
cdef long long TO_MOVE_BONUS = constants.RIVEST_TO_MOVE_BONUS
cdef uint64_t HASH_MULTIPLIER = constants.HASH_MULTIPLIER

KINDS = {"window": WINDOW, "connections": CONNECTIONS, "rivest": RIVEST, "streaks": STREAKS,
         "threats": THREATS}


ctypedef struct Search:
    int width, height, connect, stride, kind
    bint prune
    word full, bottom, centre, odd_rows
    int order[MAX_WIDTH]
    word* windows       # lines of `connect` cells
    int window_count
    word* shorter[2]    # lines of connect-1 and connect-2 cells (streaks)
    int shorter_count[2]
    int* line_cells         # connections: every line across the board, as bit indices
    int* line_starts        # line i is line_cells[line_starts[i] : line_starts[i + 1]]
    int line_count
    long long window_table[MAX_CONNECT][MAX_CONNECT]  # window and rivest: score by counts
    unsigned long long nodes, node_limit
    double deadline
    bint stopped
    int pv[MAX_PLY][MAX_PLY]
    int pv_length[MAX_PLY]


cdef inline double now() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9


cdef inline word bit(Search* s, int column, int row) noexcept nogil:
    return (<word>1) << (column * s.stride + row)


cdef inline bint has_line(Search* s, word stones) noexcept nogil:
    """True if ``stones`` hold a line of ``connect`` (the spare bit row stops wrap-around)."""
    cdef int steps[4]
    cdef int d, k
    cdef word m
    steps[0] = 1
    steps[1] = s.stride
    steps[2] = s.stride - 1
    steps[3] = s.stride + 1
    for d in range(4):
        if (s.connect - 1) * steps[d] >= WORD_BITS:
            continue  # no line fits this way (and C may not shift that far)
        m = stones
        for k in range(1, s.connect):
            m &= stones >> (k * steps[d])
        if m:
            return True
    return False


cdef inline word completing_cells(Search* s, word stones, word occupied) noexcept nogil:
    """The empty cells where a stone would complete a line of ``connect`` with ``stones``.

    In each direction, ``before[k]`` holds the cells whose ``k`` nearest cells behind are all
    stones and ``after[k]`` those whose ``k`` nearest ahead are: a cell wins when
    ``before[k] & after[connect - 1 - k]`` holds it for some ``k``. Runs never wrap from one
    column to the next, since they would cross a spare bit; the shifts' stray bits (spare rows,
    beyond the board) are masked off at the end.
    """
    cdef word before[MAX_CONNECT]
    cdef word after[MAX_CONNECT]
    cdef word cells = 0
    cdef int steps[4]
    cdef int d, k, shift, n = s.connect
    steps[0] = 1
    steps[1] = s.stride
    steps[2] = s.stride - 1
    steps[3] = s.stride + 1
    before[0] = ~(<word>0)
    after[0] = ~(<word>0)
    for d in range(4):
        for k in range(1, n):
            shift = k * steps[d]
            if shift < WORD_BITS:
                before[k] = before[k - 1] & (stones << shift)
                after[k] = after[k - 1] & (stones >> shift)
            else:  # no stone lies that far (and C may not shift that far)
                before[k] = 0
                after[k] = 0
        for k in range(n):
            cells |= before[k] & after[n - 1 - k]
    return cells & s.full & ~occupied


cdef long long eval_table(Search* s, word own, word other) noexcept nogil:
    cdef long long score = 0
    cdef int i
    for i in range(s.window_count):
        score += s.window_table[popcount(own & s.windows[i])][popcount(other & s.windows[i])]
    return score


cdef long long connections_side(Search* s, word stones, word occupied) noexcept nogil:
    cdef long long total = 0
    cdef int i, j, run
    cdef bint open_before, open_here
    cdef word cell
    for i in range(s.line_count):
        run = 0
        open_before = False
        for j in range(s.line_starts[i], s.line_starts[i + 1] + 1):
            cell = 0 if j == s.line_starts[i + 1] else (<word>1) << s.line_cells[j]
            if cell and (stones & cell):
                run += 1
                continue
            open_here = cell != 0 and not (occupied & cell)
            if run >= 2 and (open_before or open_here):
                total += 1000 if run >= s.connect else run * run
            open_before = open_here
            run = 0
    return total


cdef inline int count_full(word stones, word* lines, int count) noexcept nogil:
    cdef int i, n = 0
    for i in range(count):
        if (stones & lines[i]) == lines[i]:
            n += 1
    return n


cdef long long streaks(Search* s, word own, word other) noexcept nogil:
    if count_full(other, s.windows, s.window_count):
        return -100000
    cdef long long mine = (count_full(own, s.windows, s.window_count) * 100000
                           + count_full(own, s.shorter[0], s.shorter_count[0]) * 100
                           + count_full(own, s.shorter[1], s.shorter_count[1]) * 10)
    return mine - (count_full(other, s.shorter[0], s.shorter_count[0]) * 100
                   + count_full(other, s.shorter[1], s.shorter_count[1]) * 10)


cdef inline word winning_cells(Search* s, word stones, word occupied) noexcept nogil:
    """The empty cells that complete a window of ``stones``."""
    cdef word cells = 0
    cdef word missing
    cdef int i
    for i in range(s.window_count):
        missing = s.windows[i] & ~stones
        if (missing & (missing - 1)) == 0 and (missing & ~occupied):
            cells |= missing
    return cells & ~occupied


cdef long long threats_side(Search* s, word stones, word others, word occupied,
                            word good_rows) noexcept nogil:
    """One side's threats score. On 128-bit words it takes one pass over the windows: a window
    free of ``others`` with ``connect - 1`` of ``stones`` has its last cell empty, and those
    cells are ``winning_cells``. On 64-bit words two simple passes measured faster (the one
    pass has fewer instructions but more branches to mispredict), so they stay."""
    cdef word threats = 0, window, playable, lowest
    cdef long long score = 0
    cdef int i, mine
    if WORD_BITS > 64:
        for i in range(s.window_count):
            window = s.windows[i]
            if not (others & window):
                mine = popcount(stones & window)
                if mine >= s.connect - 2:
                    score += 3 * mine
                    if mine == s.connect - 1:
                        threats |= window & ~stones
                else:
                    score += mine
    else:
        threats = winning_cells(s, stones, occupied)
        for i in range(s.window_count):
            if not (others & s.windows[i]):
                mine = popcount(stones & s.windows[i])
                score += 3 * mine if mine >= s.connect - 2 else mine
    playable = (occupied + s.bottom) & s.full
    lowest = threats & ~(threats << 1)
    score += 12 * popcount(threats & good_rows) + 4 * popcount(threats & ~good_rows)
    return score + 6 * popcount(lowest & good_rows) + 3 * popcount(threats & playable)


cdef long long evaluate(Search* s, word own, word other, bint own_to_move) noexcept nogil:
    """The evaluation from the view of ``own``'s player (see evaluation.py for each kind)."""
    cdef word occupied, own_rows
    cdef bint own_first
    if s.kind == WINDOW:
        return CENTRE_WEIGHT * popcount(own & s.centre) + eval_table(s, own, other)
    if s.kind == RIVEST:
        return (TO_MOVE_BONUS if own_to_move else -TO_MOVE_BONUS) + eval_table(s, own, other)
    if s.kind == CONNECTIONS:
        occupied = own | other
        return connections_side(s, own, occupied) - connections_side(s, other, occupied)
    if s.kind == STREAKS:
        return streaks(s, own, other)
    occupied = own | other
    own_first = ((popcount(occupied) % 2) == 0) == own_to_move
    own_rows = s.odd_rows if own_first else (s.full & ~s.odd_rows)
    return (threats_side(s, own, other, occupied, own_rows)
            - threats_side(s, other, own, occupied, s.full & ~own_rows))


cdef inline void pv_end(Search* s, int ply, int column) noexcept nogil:
    """The principal variation from ``ply`` is just ``column`` (a win, or a table's move)."""
    s.pv[ply][ply] = column
    s.pv_length[ply] = ply + 1


cdef inline void pv_extend(Search* s, int ply, int column) noexcept nogil:
    """The principal variation from ``ply`` is ``column``, then the one found at ``ply + 1``."""
    cdef int k
    s.pv[ply][ply] = column
    for k in range(ply + 1, s.pv_length[ply + 1]):
        s.pv[ply][k] = s.pv[ply + 1][k]
    s.pv_length[ply] = s.pv_length[ply + 1] if s.pv_length[ply + 1] > ply + 1 else ply + 1


cdef void start_search(Search* s, list heights, int* h, double seconds,
                       unsigned long long node_limit):
    """Copy the column heights into ``h``, zero the node count and set the limits (0: none)."""
    cdef int i
    for i in range(s.width):
        h[i] = heights[i]
    s.nodes = 0
    s.stopped = False
    s.node_limit = node_limit if node_limit > 0 else <unsigned long long>-1
    s.deadline = now() + seconds if seconds > 0 else 0


cdef list root_line(Search* s, int column):
    """The principal variation from the root, through ``column`` (searched at ply 1)."""
    return [column] + [s.pv[1][k] for k in range(1, s.pv_length[1])]


cdef long long negamax(Search* s, word own, word other, int* heights, int depth, int ply,
                       long long alpha, long long beta, bint own_is_root) noexcept nogil:
    cdef word occupied, cell
    cdef long long best, value, window_low
    cdef int i, column, row
    s.nodes += 1
    s.pv_length[ply] = ply
    if (s.nodes & CHECK_EVERY) == 0:
        if s.nodes >= s.node_limit or (s.deadline > 0 and now() >= s.deadline):
            s.stopped = True
    if s.stopped:
        return 0
    occupied = own | other
    if occupied == s.full:
        return 0
    if depth <= 0:
        if own_is_root:
            return evaluate(s, own, other, True)
        return -evaluate(s, other, own, False)
    best = -INFINITY
    for i in range(s.width):
        column = s.order[i]
        row = heights[column]
        if row == s.height:
            continue
        cell = bit(s, column, row)
        if has_line(s, own | cell):
            value = WIN - (ply + 1)
            if value > best:
                best = value
                pv_end(s, ply, column)
        else:
            heights[column] = row + 1
            window_low = alpha if alpha > best else best
            value = -negamax(s, other, own | cell, heights, depth - 1, ply + 1, -beta, -window_low,
                             not own_is_root)
            heights[column] = row
            if s.stopped:
                return 0
            if value > best:
                best = value
                pv_extend(s, ply, column)
        if s.prune and best >= beta:
            break
    return best


# ---------------------------------------------------------------------------------- engine
# The engine's search: negamax alpha-beta from the side to move's view, with a transposition
# table (key: own + occupied, which names the position and the side to move, as in the solver)
# whose entries keep the depth searched, the value, its kind of bound and the best column, tried
# first next time. Win scores count plies from the node, so they are stored relative to it.

cdef enum Bound:
    EMPTY = 0  # a zeroed slot
    EXACT = 1
    LOWER = 2
    UPPER = 3
    HINT = 4  # a root's best move, with no value

cdef long long WIN_ZONE = constants.FORCED  # scores beyond this are wins found by the search


cdef inline long long to_table(long long value, int ply) noexcept nogil:
    if value > WIN_ZONE:
        return value + ply
    if value < -WIN_ZONE:
        return value - ply
    return value


cdef inline long long from_table(long long value, int ply) noexcept nogil:
    if value > WIN_ZONE:
        return value - ply
    if value < -WIN_ZONE:
        return value + ply
    return value


cdef void check_leaf(Search* s, Net* net, word own, word other, int ply) noexcept nogil:
    """Count a leaf's accumulators, and whether they differ from fresh ones (the tests' check
    that the updates per stone do not drift)."""
    net_scratch(net, net.fresh, own, other, (net.root + ply) & 1, s.width)
    net.checks += 1
    if memcmp(net.fresh, net_acc(net, ply, 0), 2 * net.stride * sizeof(short)) != 0:
        net.mismatches += 1


cdef long long engine_negamax(Search* s, Net* net, Entry* table, int table_shift, word own,
                              word other, int* heights, int depth, int ply, long long alpha,
                              long long beta) noexcept nogil:
    cdef word occupied = own | other
    cdef word key, cell, wins, threats
    cdef Entry* entry
    cdef long long best, value, alpha_in = alpha, stored
    cdef int i, column, row, best_move = -1, first_move = -1
    cdef int moves[MAX_WIDTH]
    cdef int count = 0
    s.nodes += 1
    s.pv_length[ply] = ply
    if (s.nodes & CHECK_EVERY) == 0:
        if s.nodes >= s.node_limit or (s.deadline > 0 and now() >= s.deadline):
            s.stopped = True
    if s.stopped:
        return 0
    if occupied == s.full:
        return 0
    # an immediate win ends the search here
    threats = completing_cells(s, own, occupied)
    wins = threats & (occupied + s.bottom)  # on the playable cells
    if wins:
        for i in range(s.width):
            column = s.order[i]
            if heights[column] < s.height and (wins & bit(s, column, heights[column])):
                pv_end(s, ply, column)
                return WIN - (ply + 1)
    if depth <= 0:
        if net == NULL:
            return evaluate(s, own, other, True)
        net_play(net, ply)
        if net.check:
            check_leaf(s, net, own, other, ply)
        if net.features:
            return net_value_threats(net, ply, threats, completing_cells(s, other, occupied))
        return net_value(net, ply)
    key = own + occupied
    entry = &table[slot_hash(key, HASH_MULTIPLIER) >> table_shift]
    if entry.key == key and entry.bound != EMPTY:
        first_move = entry.move
        if entry.depth >= depth:
            stored = from_table(entry.value, ply)
            if entry.bound == EXACT or (entry.bound == LOWER and stored >= beta) or (
                entry.bound == UPPER and stored <= alpha
            ):
                pv_end(s, ply, entry.move)
                return stored
    if first_move >= 0 and heights[first_move] < s.height:
        moves[count] = first_move
        count += 1
    for i in range(s.width):
        column = s.order[i]
        if column != first_move and heights[column] < s.height:
            moves[count] = column
            count += 1
    if net != NULL:
        net_play(net, ply)  # only now: a node cut off above never needs its accumulators
    best = -INFINITY
    for i in range(count):
        column = moves[i]
        row = heights[column]
        cell = bit(s, column, row)
        heights[column] = row + 1
        if net != NULL:
            net.moved[ply + 1] = column * s.height + row
        value = -engine_negamax(s, net, table, table_shift, other, own | cell, heights,
                                depth - 1, ply + 1, -beta, -(alpha if alpha > best else best))
        heights[column] = row
        if s.stopped:
            return 0
        if value > best:
            best = value
            best_move = column
            pv_extend(s, ply, column)
            if best >= beta:
                break
    entry.key = key
    entry.value = to_table(best, ply)
    entry.depth = depth
    entry.move = best_move
    entry.bound = LOWER if best >= beta else (UPPER if best <= alpha_in else EXACT)
    return best


cdef word to_word(object value) except? 0:
    """A Python int of at most WORD_BITS bits as a word, put together from its 64-bit halves.

    Raises:
        OverflowError: ``value`` is negative or needs more bits than the word has.
    """
    if value < 0 or value >> WORD_BITS:
        raise OverflowError(f"{value:#x} does not fit in {WORD_BITS} bits")
    return word_from_halves(value & 0xFFFF_FFFF_FFFF_FFFF, value >> 64)


cdef word* mask_array(list masks):
    cdef word* array = <word*>malloc((len(masks) + 1) * sizeof(word))
    if array == NULL:
        raise MemoryError()
    for i, mask in enumerate(masks):
        array[i] = to_word(mask)
    return array


cdef class HeuristicKernel:
    """Depth-limited search for one board shape and evaluation (width*(height+1) <= WORD_BITS).

    Args:
        shape: the board's ``fourinarow.core.Geometry``.
        kind: the evaluation's name.
        prune: alpha-beta pruning.
        order: the columns in the order to try them.
        lines_across: for ``connections``, every line across the board as lists of bit masks.
    """

    cdef Search s

    def __cinit__(self, shape, str kind, bint prune, list order, list lines_across):
        cdef int i, mine, theirs, n
        memset(&self.s, 0, sizeof(Search))
        self.s.width = shape.width
        self.s.height = shape.height
        self.s.connect = shape.connect
        self.s.stride = shape.stride
        self.s.kind = KINDS[kind]
        self.s.prune = prune
        self.s.full = to_word(shape.full_mask)
        self.s.bottom = to_word(shape.bottom_mask)
        self.s.centre = to_word(shape.centre_mask)
        self.s.odd_rows = to_word(shape.odd_rows_mask)
        for i, column in enumerate(order):
            self.s.order[i] = column
        self.s.windows = mask_array(list(shape.windows))
        self.s.window_count = len(shape.windows)
        n = self.s.connect
        for i, length in enumerate((n - 1, n - 2)):
            lines = list(shape.line_masks(length)) if length >= 2 else []
            self.s.shorter[i] = mask_array(lines)
            self.s.shorter_count[i] = len(lines)
        total = sum(len(line) for line in lines_across)
        self.s.line_cells = <int*>malloc((total + 1) * sizeof(int))
        self.s.line_starts = <int*>malloc((len(lines_across) + 1) * sizeof(int))
        if self.s.line_cells == NULL or self.s.line_starts == NULL:
            raise MemoryError()
        position = 0
        for i, line in enumerate(lines_across):
            self.s.line_starts[i] = position
            for cell in line:
                self.s.line_cells[position] = int(cell).bit_length() - 1
                position += 1
        self.s.line_starts[len(lines_across)] = position
        self.s.line_count = len(lines_across)
        if kind in ("window", "rivest"):
            scores = count_scores(kind, n)
            for mine in range(n + 1):
                for theirs in range(n + 1 - mine):
                    self.s.window_table[mine][theirs] = scores[mine][theirs]

    def __dealloc__(self):
        free(self.s.windows)
        free(self.s.shorter[0])
        free(self.s.shorter[1])
        free(self.s.line_cells)
        free(self.s.line_starts)

    @property
    def nodes(self):
        return self.s.nodes

    def search(self, own, other, list heights, int depth, double seconds,
               unsigned long long node_limit, bint exact_root=False):
        """Score every root column to ``depth`` plies, as HeuristicSearch.search does.

        Returns ``None`` when the time (``seconds`` from now, 0 for none) or ``node_limit`` (0
        for none) ran out, else ``(scores, best_moves, best, pv)`` as the module docstring
        describes; ``exact_root`` searches every root column with a full window, so each score
        is exact.
        """
        cdef int h[MAX_WIDTH]
        cdef int i, column, row
        cdef long long best = -INFINITY, floor, value
        cdef word cell
        cdef Search* s = &self.s
        cdef word own_word = to_word(own), other_word = to_word(other)
        start_search(s, heights, h, seconds, node_limit)
        scores = [None] * s.width
        best_moves = []
        best_pv = []
        for i in range(s.width):
            column = s.order[i]
            row = h[column]
            if row == s.height:
                continue
            cell = bit(s, column, row)
            h[column] = row + 1
            s.pv_length[1] = 1
            if has_line(s, own_word | cell):
                value = WIN - 1
            else:
                floor = best - 1 if s.prune and not exact_root else -INFINITY
                with nogil:
                    value = -negamax(s, other_word, own_word | cell, h, depth - 1, 1, -INFINITY,
                                     -floor, False)
                if s.stopped:
                    return None
            h[column] = row
            scores[column] = value
            if value > best:
                best = value
                best_moves = [column]
                best_pv = root_line(s, column)
            elif value == best:
                best_moves.append(column)
        return scores, sorted(best_moves), best, best_pv


cdef Net* network_copy(Search* s, tuple weights) except NULL:
    """The compiled copy of a network's weights, as ``Network.kernel_weights()`` gives them."""
    h1, h2, scale, limit, w1, b1, w2, b2, w3, b3, features = weights
    cdef int cells = s.width * s.height
    cdef int i, j
    cdef int rows = (2 + 2 * features) * cells
    sizes = (len(w1), len(b1), len(w2), len(b2), len(w3))
    if features not in (0, 1) or sizes != (2 * rows * h1, 2 * h1, h2 * h1, 4 * h2, 2 * h2):
        raise ValueError(f"the network's arrays do not fit {h1} and {h2} units on {cells} cells")
    cdef Net* net = net_new(h1, h2, cells, s.height, features)
    if net == NULL:
        raise MemoryError()
    net.value_scale = scale
    net.value_limit = limit
    net.b3 = b3
    first = memoryview(w1).cast("h")
    second = memoryview(w2).cast("b")
    for i in range(rows):
        for j in range(h1):
            net.w1[i * net.stride + j] = first[i * h1 + j]
    for j, value in enumerate(memoryview(b1).cast("h")):
        net.b1[j] = value
    for i in range(h2):
        for j in range(h1):
            net.w2[i * net.stride + j] = second[i * h1 + j]
    for i, value in enumerate(memoryview(b2).cast("i")):
        net.b2[i] = value
    for i, value in enumerate(memoryview(w3).cast("h")):
        net.w3[i] = value
    return net


cdef class EngineKernel:
    """The engine's search for one board shape (width*(height+1) <= WORD_BITS), with a table.

    Alpha-beta negamax with the ``threats`` evaluation, or a network's, trying the table's
    column first, then the kernel's column order. See the module docstring for the contract
    and the table.

    With a network, each ply of the search keeps both players' accumulators (the network's
    first layer over the stones): those of the root from scratch, those of a node from its
    parent's and the stone played, computed only when the node searches on or is a leaf; a leaf
    is the network's value with the accumulator of its side to move, plus, for a network that
    reads threat cells, the rows of both sides' threat cells there (found afresh, added in 32
    bits).

    Args:
        kernel: a HeuristicKernel for the shape, built for the ``threats`` evaluation with
            pruning; the engine uses its shape, order and evaluation, and shares its state.
        table_bits: the table has 2**table_bits entries of 32 bytes, all in memory at once.
        network: ``None`` for the ``threats`` evaluation, or a network's
            ``Network.kernel_weights()`` for the shape.
    """

    cdef HeuristicKernel kernel
    cdef Entry* table
    cdef int table_shift
    cdef size_t table_size
    cdef Net* net

    def __cinit__(self, HeuristicKernel kernel, int table_bits, network=None):
        self.kernel = kernel
        self.net = NULL
        self.table_size = ((<size_t>1) << table_bits) * sizeof(Entry)
        self.table = <Entry*>malloc(self.table_size)
        if self.table == NULL:
            raise MemoryError()
        memset(self.table, 0, self.table_size)
        self.table_shift = 64 - table_bits
        if network is not None:
            self.net = network_copy(&kernel.s, network)

    def __dealloc__(self):
        free(self.table)
        net_free(self.net)

    @property
    def network(self):
        """Whether the leaves are a network's values (else the ``threats`` evaluation)."""
        return self.net != NULL

    @property
    def check_accumulators(self):
        """Whether each leaf's accumulators are compared with fresh ones (slower; for tests)."""
        return self.net != NULL and self.net.check != 0

    @check_accumulators.setter
    def check_accumulators(self, bint on):
        if self.net != NULL:
            self.net.check = on
            self.net.checks = 0
            self.net.mismatches = 0

    @property
    def accumulator_checks(self):
        """``(leaves checked, leaves whose accumulators differed)`` since checks were set."""
        if self.net == NULL:
            return 0, 0
        return self.net.checks, self.net.mismatches

    def evaluate(self, own, other, list heights):
        """The leaf value of a position for its side to move (``own``): the network's, from
        accumulators computed from scratch, or the ``threats`` evaluation."""
        cdef Search* s = &self.kernel.s
        cdef word own_word = to_word(own), other_word = to_word(other)
        cdef word occupied = own_word | other_word
        if self.net == NULL:
            return evaluate(s, own_word, other_word, True)
        self.net.root = popcount(own_word | other_word) & 1
        net_scratch(self.net, net_acc(self.net, 0, 0), own_word, other_word, self.net.root,
                    s.width)
        if self.net.features:
            return net_value_threats(self.net, 0, completing_cells(s, own_word, occupied),
                                     completing_cells(s, other_word, occupied))
        return net_value(self.net, 0)

    def clear(self):
        """Forget every table entry."""
        memset(self.table, 0, self.table_size)

    @property
    def nodes(self):
        return self.kernel.s.nodes

    def search(self, own, other, list heights, int depth, double seconds,
               unsigned long long node_limit, bint exact_root=False):
        """Score every root column to ``depth`` plies; the same results tuple as
        HeuristicKernel.search, or ``None`` when a limit ran out first (limits: 0 for none).

        The root tries the column the table remembers for this position first; it stores its
        best column back as a hint, never its values."""
        cdef int h[MAX_WIDTH]
        cdef int i, column, row
        cdef long long best = -INFINITY, value
        cdef word cell, key
        cdef Search* s = &self.kernel.s
        cdef word own_word = to_word(own), other_word = to_word(other)
        cdef Entry* entry
        start_search(s, heights, h, seconds, node_limit)
        if self.net != NULL:
            self.net.root = popcount(own_word | other_word) & 1
            net_scratch(self.net, net_acc(self.net, 0, 0), own_word, other_word,
                        self.net.root, s.width)
        order = [s.order[i] for i in range(s.width)]
        key = own_word + (own_word | other_word)
        entry = &self.table[slot_hash(key, HASH_MULTIPLIER) >> self.table_shift]
        if entry.key == key and entry.bound != EMPTY and entry.move in order:
            order.remove(entry.move)
            order.insert(0, entry.move)
        scores = [None] * s.width
        best_moves = []
        best_pv = []
        for column in order:
            row = h[column]
            if row == s.height:
                continue
            cell = bit(s, column, row)
            s.pv_length[1] = 1
            if has_line(s, own_word | cell):
                value = WIN - 1
            else:
                h[column] = row + 1
                if self.net != NULL:
                    self.net.moved[1] = column * s.height + row
                with nogil:
                    value = -engine_negamax(s, self.net, self.table, self.table_shift,
                                            other_word, own_word | cell, h, depth - 1, 1,
                                            -INFINITY, INFINITY if exact_root else -(best - 1))
                h[column] = row
                if s.stopped:
                    return None
            scores[column] = value
            if value > best:
                best = value
                best_moves = [column]
                best_pv = root_line(s, column)
            elif value == best:
                best_moves.append(column)
        if best_moves:
            entry.key = key
            entry.move = best_pv[0]
            entry.depth = -1
            entry.bound = HINT  # a move hint only: root values are not stored
        return scores, sorted(best_moves), best, best_pv
