# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, nonecheck=False
"""The compiled perfect-play kernel: negamax on bitboards of one machine word, for boards with
W x (H+1) <= 64 (this module, 64-bit words) or <= 128 (``_solver_kernel128``, the same source built with
128-bit words).

It knows nothing of Python objects beyond its own entry points and does no validation: the Python
layer (``fourinarow.search.solver``) checks positions and translates results. The algorithm is the
same as ``fourinarow.search.python_solver`` (the pure-Python fallback, for larger boards), line for
line, so the two give the same scores and the same node counts for the same table size.

Bit layout (as in ``fourinarow.core.geometry``): cell (column, row) is bit column*(H+1)+row, one
spare bit on top of each column. A position is ``current`` (the stones of the side to move) and
``mask`` (all stones), with ``ply`` the number of stones on the board. Scores follow the standard
convention, from the side to move's view: a win scores (W*H + 1 - n) // 2 with n stones on the
board before the winning stone. The tuning constants come from ``constants.py``.

The code is written over ``word``, the bitboard type, and a few helpers on it (below), which the
C macro FIAR_WORD_BITS chooses: 64 (the default) for ``uint64_t``, 128 for GCC's and Clang's
``unsigned __int128`` (``_solver_kernel128.pyx`` defines it and includes this file). Python ints reach a
``word`` argument through Cython's conversion, which raises OverflowError outside 0..2**bits - 1.
"""

from libc.stdint cimport uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

cdef extern from *:
    void prefetch "__builtin_prefetch"(const void*) nogil

# Table words are shared between threads: read and written whole, as relaxed atomics (plain
# 64-bit moves on x86-64), so a reader never sees half of one write, and read once per use.
cdef extern from *:
    """
    #include <pthread.h>
    #include <sched.h>
    #define fiar_load(p) __atomic_load_n((p), __ATOMIC_RELAXED)
    #define fiar_store(p, v) __atomic_store_n((p), (v), __ATOMIC_RELAXED)
    #define fiar_load_int(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
    #define fiar_store_int(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)
    #define fiar_add(p, v) __atomic_add_fetch((p), (v), __ATOMIC_RELAXED)
    #define fiar_claim(p) __atomic_exchange_n((p), 1, __ATOMIC_ACQ_REL)
    """
    uint64_t fiar_load(const uint64_t* p) nogil
    void fiar_store(uint64_t* p, uint64_t v) nogil
    int fiar_load_int(const int* p) nogil
    void fiar_store_int(int* p, int v) nogil
    unsigned long long fiar_add(unsigned long long* p, unsigned long long v) nogil
    int fiar_claim(int* p) nogil
    ctypedef unsigned long pthread_t
    ctypedef struct pthread_attr_t:
        pass
    ctypedef struct pthread_mutex_t:
        pass
    int pthread_mutex_init(pthread_mutex_t* mutex, const void* attr) nogil
    int pthread_mutex_lock(pthread_mutex_t* mutex) nogil
    int pthread_mutex_unlock(pthread_mutex_t* mutex) nogil
    int sched_yield() nogil
    int pthread_create(pthread_t* thread, const pthread_attr_t* attr, void* (*start)(void*) noexcept nogil, void* arg) nogil
    int pthread_join(pthread_t thread, void** result) nogil

# The word and its helpers. A table entry is one 64-bit word with 64-bit keys, as described
# below; with 128-bit keys it is two, the key's high half and that same 64-bit word for its low
# half, read and written whole as one aligned 16-byte vector (a single instruction: x86-64
# processors with AVX and Armv8.4 ones guarantee it atomic), so that a thread never sees half
# of another's entry: the high half and the tag together identify the key exactly.
cdef extern from *:
    """
    #ifndef FIAR_WORD_BITS
    #define FIAR_WORD_BITS 64
    #endif
    #if FIAR_WORD_BITS == 128
    typedef unsigned __int128 fiar_word;
    typedef uint64_t fiar_entry __attribute__((vector_size(16)));
    static inline int fiar_popcount(fiar_word x) {
        return __builtin_popcountll((uint64_t)x) + __builtin_popcountll((uint64_t)(x >> 64));
    }
    /* One 64-bit word from a key, a bijection for each high half (so the high half and this
       identify the key): the low half plus a multiple of the high half. */
    static inline uint64_t fiar_fold(fiar_word key, uint64_t multiplier) {
        return (uint64_t)key ^ ((uint64_t)(key >> 64) * multiplier);
    }
    static inline int fiar_entry_read(const fiar_entry* slot, fiar_word key, uint64_t* data) {
        fiar_entry entry = *(const volatile fiar_entry*)slot;
        *data = entry[1];
        return entry[0] == (uint64_t)(key >> 64);
    }
    static inline void fiar_entry_write(fiar_entry* slot, fiar_word key, uint64_t data) {
        fiar_entry entry = {(uint64_t)(key >> 64), data};
        *(volatile fiar_entry*)slot = entry;
    }
    #else
    typedef uint64_t fiar_word;
    typedef uint64_t fiar_entry;
    #define fiar_popcount(x) __builtin_popcountll(x)
    #define fiar_fold(key, multiplier) (key)
    static inline int fiar_entry_read(const fiar_entry* slot, fiar_word key, uint64_t* data) {
        *data = __atomic_load_n(slot, __ATOMIC_RELAXED);
        return 1;
    }
    static inline void fiar_entry_write(fiar_entry* slot, fiar_word key, uint64_t data) {
        __atomic_store_n(slot, data, __ATOMIC_RELAXED);
    }
    #endif
    """
    ctypedef unsigned long long word "fiar_word"  # the bitboard: 64 or 128 bits
    ctypedef unsigned long long entry "fiar_entry"  # a table slot (opaque here)
    enum: WORD_BITS "FIAR_WORD_BITS"
    int popcount "fiar_popcount"(word) nogil
    uint64_t fiar_fold(word key, uint64_t multiplier) nogil
    bint fiar_entry_read(const entry* slot, word key, uint64_t* data) nogil
    void fiar_entry_write(entry* slot, word key, uint64_t data) nogil

cdef extern from "<sys/mman.h>" nogil:
    void* mmap(void* address, size_t length, int protection, int flags, int fd, long offset)
    int munmap(void* address, size_t length)
    int PROT_READ, PROT_WRITE, MAP_PRIVATE, MAP_ANONYMOUS
    void* MAP_FAILED

from fourinarow.search import constants

# C compile-time copies of constants.py, for the innermost loop (tests/search/test_constants.py
# checks them); the other tuning values are read from constants.py below and in Kernel().
cdef enum:
    MAX_WIDTH = 32
    MAX_THREADS = 64  # Solver(threads=...) allows 1..MAX_THREADS
    BUSY_BITS = 14  # the table of positions being searched, for deferring (2**14 words)
    CHECK_EVERY = 1023  # SOLVER_CHECK_EVERY: nodes between two looks at the clock (mask)
    NO_LOWER = -128
    NO_UPPER = 127
    SERIAL_NODES = 65536  # a search on several threads first tries this many nodes on one
    DEFER_SKIP = 1  # and defers no move at its root, where a needless sibling costs the most
    JITTER_PLIES = 4  # helper threads vary their move order this many plies below the root
    MAX_PROBES = 2  # a solve on several threads tests at most this many windows at once
    LOG_TESTS = 64  # a parallel solve records its tests' results (Kernel.test_log)
    MTD_WIDTH = 10  # the second test of the bet starts once the bounds are this close

# The transposition table: 2**bits entries. A key is hashed to 64 bits by multiplying by an odd
# constant, a bijection on 64-bit words (a 128-bit key's high half is first folded into its low
# half, fiar_fold, and kept in the entry beside the word below); the top `bits` bits of the hash
# pick the slot and the slot keeps the other 64 - bits (at most 48) bits, so slot and stored
# bits identify the key exactly. The low 16 bits hold the bounds, as lower + 128 and
# 127 - upper, so that an empty (all zero) slot reads as "no bound" for any key. Keys use
# width*(height+1) bits; where that leaves spare bits on top of the word, they hold an epoch
# number, so clearing the table is just moving to the next epoch (old entries can no longer
# match) instead of rewriting, and evicting from the caches, the whole table.
#
# There are two such tables. Most nodes lie near the leaves, where a subtree is small and a
# table probe that misses the caches costs more than it saves; positions with at most
# NEAR_EMPTIES empty cells therefore go to a small near-leaf table that stays in the L2 cache,
# where they also cannot evict the entries of the big subtrees closer to the root, which keep
# the main table to themselves.
#
# On several threads each helper thread keeps a near-leaf table of its own (Pool.near_tables):
# written at almost every node, one table shared between cores would move its cache lines from
# core to core all the time, and two threads' leaves would evict each other's. Sharing them
# saves next to nothing, as a near-leaf subtree is cheap to search again.
cdef uint64_t HASH_MULTIPLIER = constants.HASH_MULTIPLIER


# The state shared by the threads of one search of the root (see parallel_negamax), and that
# of every such search of one run (a solve tests several windows at once: see parallel_solve).
ctypedef struct Shared:
    int stop  # set when a thread has the answer or the search is no longer needed: its threads return
    int found  # claimed by the first thread to finish its search
    int value  # that thread's result
    unsigned long long* nodes  # nodes counted so far by all threads of the run (in batches)
    int* run_stop  # set when a limit is reached: every search of the run returns


ctypedef struct Search:
    int width, height, connect, stride, cells
    word bottom, board, column_bits
    word odd_rows  # the cells the side to move keeps under claimeven (see claimeven_bound): rows
    # 1, 3, 5, ... counting from 1 on boards of even height, rows 2, 4, 6, ... on odd ones
    int claimeven_floor  # the lowest bound claimeven_bound gives: -(height // 2)
    int symmetry_plies, etc_plies, table_plies
    word column_mask[MAX_WIDTH]
    int order[MAX_WIDTH]
    bint vertical, horizontal, diagonal
    entry* table
    int table_bits
    entry* near_table
    int near_bits, near_plies
    int epoch_shift
    word epoch, epoch_max, epoch_bits
    const uint64_t* book_keys  # an opening book: sorted folded keys and their exact scores
    const signed char* book_values
    size_t book_count
    int book_plies  # consult the book in positions of at most this many stones (-1: none)
    # the book's blocks, each checked the first time a probe reads it (NULL: all checked)
    const uint64_t* book_firsts  # the first key of each block
    size_t book_blocks
    int book_block_bits  # a block holds 2**book_block_bits entries
    const unsigned char* book_state  # per block: 0 not checked yet, 1 checked, 2 damaged
    void* book_check  # the BlockCheck (Python) whose check(block) digests a block once
    unsigned long long nodes
    unsigned long long node_limit
    double deadline
    bint stopped
    int* halt  # set by Kernel.stop() from another thread: every thread stops at its next look
    Shared* shared  # NULL in a search on one thread
    uint64_t* busy  # the hashes of positions some thread is searching now; NULL on one thread
    int defer_plies  # on several threads, defer moves into busy positions in plies below this
    int defer_from  # and from this ply on (set for each search: the root's ply + defer_skip)
    int defer_skip
    int thread  # this thread's number in a parallel search (0: the calling thread)
    int jitter_plies  # helper threads vary their move order this many plies below the root
    int jitter_to  # (that is, in plies below this one: set for each search)


# One thread's part of a parallel search: its own copy of the search state (counters, limits),
# the tables shared through the copied pointers.
ctypedef struct Worker:
    Search s
    word current, mask
    int ply, alpha, beta
    pthread_t thread
    void* probes  # the Probes of a parallel solve (NULL in parallel_negamax)


# One null-window test of the root (is the score above middle?) in a parallel solve.
ctypedef struct Probe:
    Shared shared
    int middle
    int threads  # the threads searching it now (0: the slot is free)
    uint64_t* busy  # its own busy table: deferral is between the threads of one test


# A solve on several threads: the bounds proven so far and the tests running, under lock.
ctypedef struct Probes:
    pthread_mutex_t lock
    int lower, upper  # proven
    int near_started  # tests started on the bet (the windows 0 and 1: see take_probe)
    bint weak
    int* report_lower  # the Kernel's bounds, for another thread to read while it runs
    int* report_upper
    int stop  # a limit was reached
    int max_probes  # tests at once (1 to MAX_PROBES)
    unsigned long long nodes
    Probe probe[MAX_PROBES]
    int* log  # for each test that ended, in order: window, result, run's nodes / 1024
    int log_size


# What a Kernel needs to search on several threads.
ctypedef struct Pool:
    int threads  # 1: search on the calling thread only
    Worker* workers  # one per thread (the first runs on the calling thread)
    uint64_t* busy  # the positions being searched now (2**BUSY_BITS words per probe)
    int max_probes  # windows a solve tests at once (1 to MAX_PROBES)
    int log[3 * LOG_TESTS]  # the last parallel solve's tests (see Probes.log)
    int log_size
    unsigned long long serial_nodes  # a search tries this many nodes on one thread first
    int running  # 1 while the threads search (parallel_negamax): their counts are not in s.nodes yet
    entry* near_tables  # the helper threads' own near-leaf tables, one each (NULL: none yet)
    size_t near_tables_bytes
    int own_near  # 1: each helper thread keeps its own near-leaf table


cdef inline double now() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9


cdef inline word line_ends(word p, int step, int n) noexcept nogil:
    """Cells x with n-1 stones of p around them along step: x would complete a line of n."""
    cdef word below[21]
    cdef word above[21]
    cdef word result = 0
    cdef int j
    below[0] = <word>-1
    above[0] = <word>-1
    for j in range(1, n):
        below[j] = below[j - 1] & (p << (j * step))
        above[j] = above[j - 1] & (p >> (j * step))
    for j in range(n):
        result |= below[j] & above[n - 1 - j]
    return result


cdef inline word line_ends4(word p, int step) noexcept nogil:
    """line_ends for n = 4, written out: the common case, and the hottest code in the solver."""
    cdef word r, pair
    pair = (p << step) & (p << (2 * step))
    r = pair & (p << (3 * step))
    r |= pair & (p >> step)
    pair = (p >> step) & (p >> (2 * step))
    r |= pair & (p << step)
    r |= pair & (p >> (3 * step))
    return r


cdef inline word winning_cells(Search* s, word p, word mask) noexcept nogil:
    """The empty cells where the stones p would complete a line (playable or not)."""
    if s.connect == 4 and s.diagonal:
        return (
            ((p << 1) & (p << 2) & (p << 3))
            | line_ends4(p, s.stride)
            | line_ends4(p, s.stride - 1)
            | line_ends4(p, s.stride + 1)
        ) & (s.board ^ mask)
    cdef word r = 0
    cdef word below
    cdef int j
    cdef int n = s.connect
    if s.vertical:
        below = p << 1
        for j in range(2, n):
            below &= p << j
        r = below
    if s.horizontal:
        r |= line_ends(p, s.stride, n)
    if s.diagonal:
        r |= line_ends(p, s.stride - 1, n)
        r |= line_ends(p, s.stride + 1, n)
    return r & (s.board ^ mask)


cdef inline bint has_line(Search* s, word p) noexcept nogil:
    """True if the stones p hold a line of connect."""
    cdef word m
    if s.connect == 4 and s.diagonal:
        m = p & (p >> 1)
        if m & (m >> 2):
            return True
        m = p & (p >> s.stride)
        if m & (m >> (2 * s.stride)):
            return True
        m = p & (p >> (s.stride - 1))
        if m & (m >> (2 * (s.stride - 1))):
            return True
        m = p & (p >> (s.stride + 1))
        return (m & (m >> (2 * (s.stride + 1)))) != 0
    return (
        (s.vertical and line_along(p, 1, s.connect))
        or (s.horizontal and line_along(p, s.stride, s.connect))
        or (s.diagonal and (line_along(p, s.stride - 1, s.connect) or line_along(p, s.stride + 1, s.connect)))
    )


cdef inline bint line_along(word p, int step, int n) noexcept nogil:
    """True if the stones p hold n in a row along step."""
    cdef word m = p
    cdef int j
    for j in range(1, n):
        m &= p >> (j * step)
    return m != 0


cdef inline word possible(Search* s, word mask) noexcept nogil:
    return (mask + s.bottom) & s.board


cdef inline int claimeven_bound(Search* s, word second, word mask) noexcept nogil:
    """An upper bound on the score of the side to move, with an even number of empty cells
    left and ``second`` the other side's stones: 0, -1, -2, ..., or NO_UPPER for none.

    Claimeven (here for the first player to move on a board of even height, and so on any board
    where the empty cells are even): the second player can answer a move into a row 1, 3, 5, ...
    (counting from 1; on a board of odd height, 2, 4, 6, ...) on top of it, and a move into one
    of the (paired) columns with an odd number of empty cells in the other such column; so it
    gets every empty cell of rows 2, 4, 6, ... (odd height: 3, 5, 7, ...) not playable now. If
    the first player's stones and every other cell hold no line, it cannot win (score <= 0). If
    the second player's stones and those cells then hold one, it loses, at the latest when the
    line's highest empty cell is filled, with the cells above that one still empty: with its
    line whose highest empty cell is lowest, in row r, the second player wins at least
    (height + 2 - r) // 2 (score <= -1 for r = height, -2 below, ...).
    """
    cdef word empty_claims = s.board & ~s.odd_rows & ~mask & ~possible(s, mask)
    cdef word claimed = second | empty_claims
    cdef int row
    if has_line(s, s.board & ~claimed):
        return NO_UPPER
    if not has_line(s, claimed):
        return 0
    for row in range(2 + (s.height & 1), s.height, 2):
        if has_line(s, second | (empty_claims & (s.bottom * (((<word>1) << row) - 1)))):
            return -((s.height + 2 - row) // 2)
    return -1


cdef inline bint can_win_next(Search* s, word current, word mask) noexcept nogil:
    return (winning_cells(s, current, mask) & possible(s, mask)) != 0


cdef inline word non_losing_moves(Search* s, word current, word mask, word* threats) noexcept nogil:
    """Playable cells that do not hand the opponent a win next move; 0 if every move loses.
    The opponent's threats (the empty cells where it would complete a line) go to threats.

    Precondition: the side to move cannot win at once.
    """
    cdef word moves = possible(s, mask)
    cdef word opponent_win = winning_cells(s, current ^ mask, mask)
    threats[0] = opponent_win
    cdef word forced = moves & opponent_win
    if forced:
        if forced & (forced - 1):
            return 0  # two threats to block at once: lost
        moves = forced
    return moves & ~(opponent_win >> 1)  # never play just below an opponent's winning cell


cdef inline word mirror(Search* s, word key) noexcept nogil:
    """The key of the mirror-image position (keys have no carries across columns)."""
    cdef word r = 0
    cdef int c
    for c in range(s.width):
        r |= ((key >> (c * s.stride)) & s.column_bits) << ((s.width - 1 - c) * s.stride)
    return r


cdef inline word position_key(Search* s, word current, word mask, int ply) noexcept nogil:
    """The table key: current + mask, the smaller of it and its mirror image's in the first
    symmetry_plies plies (where mirror transpositions are common enough to pay), with the epoch.
    """
    cdef word key = current + mask
    cdef word other
    if ply < s.symmetry_plies:
        other = mirror(s, key)
        if other < key:
            key = other
    return key | s.epoch_bits


cdef bint book_block_checked(Search* s, size_t block) noexcept nogil:
    """Check a block of the book the first time a probe reads it: its digest, in Python (with
    the GIL, on whichever thread reads it). False if it is damaged: its entries are not used,
    and once the book has read its entries again from its file, this search reads those
    (s.book_firsts NULL then)."""
    with gil:
        try:
            blocks = <object>s.book_check
            if s.book_state[block] != 2 and blocks.check(block):
                return True
            if blocks.replacement is not None:
                read_instead(s, blocks.replacement)
        except Exception:
            pass
        return False


cdef int read_instead(Search* s, object replacement) except -1:
    """Point the search at the book's entries read again (kept alive by the BlockCheck)."""
    cdef const uint64_t[::1] key_view
    cdef const signed char[::1] value_view
    keys, values = replacement
    s.book_firsts = NULL
    s.book_count = len(keys)
    if s.book_count:
        key_view = keys
        value_view = values
        s.book_keys = &key_view[0]
        s.book_values = &value_view[0]
    return 0


cdef inline bint book_probe(Search* s, word current, word mask, int* value) noexcept nogil:
    """Look the position up in the opening book (by binary search: for its block among the
    blocks' first keys, then within that block, checked once); True and its exact score in
    value if it is there."""
    cdef word key = current + mask
    cdef word other = mirror(s, key)
    cdef size_t low = 0
    cdef size_t high = s.book_count
    cdef size_t middle, block
    if other < key:
        key = other
    if s.book_firsts != NULL:
        high = s.book_blocks
        while low < high:  # low: the first block whose first key is above the key
            middle = (low + high) >> 1
            if s.book_firsts[middle] <= key:
                low = middle + 1
            else:
                high = middle
        if low == 0:
            return False
        block = low - 1
        if s.book_state[block] == 1 or book_block_checked(s, block):
            low = block << s.book_block_bits
            high = low + ((<size_t>1) << s.book_block_bits)
            if high > s.book_count:
                high = s.book_count
        elif s.book_firsts == NULL:  # the book's entries read again: search them all
            low = 0
            high = s.book_count
        else:
            return False
    while low < high:
        middle = (low + high) >> 1
        if s.book_keys[middle] < key:
            low = middle + 1
        else:
            high = middle
    if low < s.book_count and s.book_keys[low] == key:
        value[0] = s.book_values[low]
        return True
    return False


cdef inline uint64_t hash_key(word key) noexcept nogil:
    """The key's 64-bit hash: a bijection on keys of 64 bits, and on those of 128 with the
    same high half."""
    return fiar_fold(key, HASH_MULTIPLIER) * HASH_MULTIPLIER


cdef inline entry* slot_of(Search* s, word key, int ply, uint64_t* tag) noexcept nogil:
    """The slot for key, in the near-leaf table for positions of near_plies stones or more."""
    cdef uint64_t h = hash_key(key)
    if ply >= s.near_plies:
        tag[0] = (h << s.near_bits) >> s.near_bits
        return &s.near_table[h >> (64 - s.near_bits)]
    tag[0] = (h << s.table_bits) >> s.table_bits  # the hash bits the slot number does not give
    return &s.table[h >> (64 - s.table_bits)]


cdef inline bint probe(Search* s, word key, int ply, int* lower, int* upper) noexcept nogil:
    """Read the bounds stored for key; False (and no bounds) if the slot holds another key."""
    cdef uint64_t tag, data
    if not fiar_entry_read(slot_of(s, key, ply, &tag), key, &data) or (data >> 16) != tag:
        return False
    lower[0] = <int>((data >> 8) & 0xFF) - 128
    upper[0] = 127 - <int>(data & 0xFF)
    return True


cdef inline void store(Search* s, word key, int ply, int lower, int upper) noexcept nogil:
    """Record bounds for key, merged with those already there; another key is replaced."""
    cdef uint64_t tag, data
    cdef entry* slot = slot_of(s, key, ply, &tag)
    cdef int old_lower, old_upper
    if fiar_entry_read(slot, key, &data) and (data >> 16) == tag:
        old_lower = <int>((data >> 8) & 0xFF) - 128
        old_upper = 127 - <int>(data & 0xFF)
        if old_lower > lower:
            lower = old_lower
        if old_upper < upper:
            upper = old_upper
    fiar_entry_write(slot, key, (tag << 16) | (<uint64_t>(lower + 128) << 8) | <uint64_t>(127 - upper))


cdef bint poll_shared(Search* s) noexcept nogil:
    """In a parallel search: count this thread's last batch of nodes; True if every thread
    should stop (one has the answer, or the node or time limit is reached, which this sets)."""
    cdef unsigned long long total = fiar_add(s.shared.nodes, CHECK_EVERY + 1)
    if fiar_load_int(&s.shared.stop) or fiar_load_int(s.shared.run_stop):
        return True
    if fiar_load_int(s.halt) or total >= s.node_limit or (s.deadline > 0 and now() >= s.deadline):
        fiar_store_int(s.shared.run_stop, 1)
        return True
    return False


cdef inline uint64_t* busy_slot(Search* s, uint64_t hash) noexcept nogil:
    """Where the busy table marks the position with this hash (hash_key) as being searched:
    the hash itself, which names the key exactly with 64-bit keys; with 128-bit ones, a
    false match only defers a move."""
    return &s.busy[hash >> (64 - BUSY_BITS)]


cdef int negamax(Search* s, word current, word mask, int ply, int alpha, int beta) noexcept nogil:
    """The score of the position if it lies within (alpha, beta), else a bound on the far side.

    Preconditions: alpha < beta; nobody has won; the side to move cannot win with its next stone.
    Returns: v with alpha < v < beta the exact score; v <= alpha an upper bound; v >= beta a
    lower bound.
    """
    cdef word next_moves, key, move, threats, reply, opponent_threats
    cdef uint64_t tag, mark, child
    cdef word sorted_moves[MAX_WIDTH]
    cdef int sorted_scores[MAX_WIDTH]
    cdef word deferred[MAX_WIDTH]
    cdef int count = 0
    cdef int waiting = 0
    cdef bint defer, static_children
    cdef int i, j, c, lowest, highest, score, value, alpha_in, known_lower, known_upper

    s.nodes += 1
    if (s.nodes & CHECK_EVERY) == 0:
        if s.shared != NULL:
            s.stopped = poll_shared(s)
        elif (
            s.nodes >= s.node_limit
            or (s.deadline > 0 and now() >= s.deadline)
            or fiar_load_int(s.halt)
        ):
            s.stopped = True
    if s.stopped:
        return 0
    if ply <= s.book_plies and book_probe(s, current, mask, &value):
        return value

    next_moves = non_losing_moves(s, current, mask, &opponent_threats)
    if next_moves == 0:
        return -((s.cells - ply) // 2)
    if ply >= s.cells - 2:
        return 0

    lowest = -((s.cells - 2 - ply) // 2)
    if alpha < lowest:
        alpha = lowest
        if alpha >= beta:
            return alpha
    highest = (s.cells - 1 - ply) // 2
    if beta > highest:
        beta = highest
        if alpha >= beta:
            return beta

    if (next_moves & (next_moves - 1)) == 0:
        # One move does not lose at once: play it, without the table (the position's value is
        # its child's, and storing both would take two slots for one subtree).
        return -negamax(s, current ^ mask, mask | next_moves, ply + 1, -beta, -alpha)

    # Claimeven bounds the side to move when the empty cells are even (the first player on a
    # board of even height).
    if s.odd_rows and ((s.cells - ply) & 1) == 0 and beta > s.claimeven_floor:
        value = claimeven_bound(s, current ^ mask, mask)
        if value < beta:
            beta = value
            if alpha >= beta:
                return beta

    key = position_key(s, current, mask, ply)
    if ply < s.table_plies and probe(s, key, ply, &known_lower, &known_upper):
        if known_lower > alpha:
            alpha = known_lower
            if alpha >= beta:
                return alpha
        if known_upper < beta:
            beta = known_upper
            if alpha >= beta:
                return beta

    # Order the moves: the threats (cells that would complete a line) the move leaves, counted
    # twice, and once more for each one right above a cell the opponent may play next (which it
    # then may not), but none right above an opponent's threat (useless: the opponent wins
    # first); ties centre first. With an odd number of empty cells (the second player to move on
    # a board of even height), a move after which claimeven bounds the opponent bounds this
    # position from below, and may end the search, at any depth: near the leaves too it costs
    # less than the nodes it saves.
    static_children = s.odd_rows != 0 and ((s.cells - ply) & 1) == 1
    for i in range(s.width):
        c = s.order[i]
        move = next_moves & s.column_mask[c]
        if move:
            if ply + 1 < s.table_plies:
                prefetch(slot_of(s, position_key(s, current ^ mask, mask | move, ply + 1), ply + 1, &tag))
            threats = winning_cells(s, current | move, mask | move) & ~(opponent_threats << 1)
            reply = possible(s, mask | move)
            value = 2 * popcount(threats) + popcount(threats & (reply << 1))
            if static_children:
                score = -claimeven_bound(s, current | move, mask | move)
                if score >= beta:
                    if ply < s.table_plies:
                        store(s, key, ply, score, NO_UPPER)
                    return score
                if score > alpha:
                    alpha = score
            j = count
            while j > 0 and sorted_scores[j - 1] < value:
                sorted_scores[j] = sorted_scores[j - 1]
                sorted_moves[j] = sorted_moves[j - 1]
                j -= 1
            sorted_scores[j] = value
            sorted_moves[j] = move
            count += 1

    # On several threads, the helper threads take the second move first in about half of the
    # positions within jitter_plies of the root (by a hash of the position and the thread), so
    # that they spread over the tree rather than all follow the first thread down the same
    # first moves.
    if s.thread and count > 1 and ply < s.jitter_to and (hash_key(key) >> (63 - (s.thread & 31))) & 1:
        move = sorted_moves[0]
        sorted_moves[0] = sorted_moves[1]
        sorted_moves[1] = move

    # Enhanced transposition cut-off: a child already known to refute the opponent ends the
    # search here. Its table slot was prefetched above, so this costs little.
    if ply < s.etc_plies and ply + 1 < s.table_plies:
        for i in range(count):
            move = sorted_moves[i]
            if probe(s, position_key(s, current ^ mask, mask | move, ply + 1), ply + 1, &known_lower, &known_upper):
                if -known_upper >= beta:
                    store(s, key, ply, -known_upper, NO_UPPER)
                    return -known_upper
                if -known_upper > alpha:
                    alpha = -known_upper

    alpha_in = alpha
    defer = s.busy != NULL and s.defer_from <= ply < s.defer_plies
    if defer:
        mark = hash_key(key)
        fiar_store(busy_slot(s, mark), mark)
    # On several threads (near the root), a move into a position another thread is searching
    # now waits until the other moves are searched, by when the table may hold its value; the
    # first move is never deferred, as there is no cut-off to be had before it.
    i = 0
    while i < count + waiting:
        move = sorted_moves[i] if i < count else deferred[i - count]
        i += 1
        if defer and 1 < i <= count:
            child = hash_key(position_key(s, current ^ mask, mask | move, ply + 1))
            if fiar_load(busy_slot(s, child)) == child:
                deferred[waiting] = move
                waiting += 1
                continue
        score = -negamax(s, current ^ mask, mask | move, ply + 1, -beta, -alpha)
        if s.stopped:
            alpha = 0
            break
        if score >= beta:
            if ply < s.table_plies:
                store(s, key, ply, score, NO_UPPER)
            alpha = score
            break
        if score > alpha:
            alpha = score
    else:
        if ply < s.table_plies:
            store(s, key, ply, alpha if alpha > alpha_in else NO_LOWER, alpha)
    if defer and fiar_load(busy_slot(s, mark)) == mark:
        fiar_store(busy_slot(s, mark), 0)
    return alpha


cdef void* worker_main(void* argument) noexcept nogil:
    """A helper thread's body: its part of parallel_negamax."""
    search_part(<Worker*>argument)
    return NULL


cdef void search_part(Worker* w) noexcept nogil:
    """One thread's search of the shared root; the first to finish posts its value and stops
    the others (a thread stopped early returns nothing: its stores so far are all proven)."""
    cdef int value = negamax(&w.s, w.current, w.mask, w.ply, w.alpha, w.beta)
    if not w.s.stopped and fiar_claim(&w.s.shared.found) == 0:
        w.s.shared.value = value
        fiar_store_int(&w.s.shared.stop, 1)


cdef unsigned long long run_workers(Pool* pool, void* (*body)(void*) noexcept nogil) noexcept nogil:
    """Run ``body`` on each of the pool's workers (set up by the caller): the first on this
    thread, the others on threads of their own (as many as start); answer their nodes once
    all are done. pool.running is 1 meanwhile."""
    cdef Worker* workers = pool.workers
    cdef int t, started = 0
    cdef unsigned long long nodes = 0
    cdef size_t near_entries = (<size_t>1) << workers[0].s.near_bits
    cdef void* memory
    if pool.own_near and pool.near_tables == NULL:
        pool.near_tables_bytes = (MAX_THREADS - 1) * near_entries * sizeof(entry)
        memory = mmap(NULL, pool.near_tables_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        pool.near_tables = NULL if memory == MAP_FAILED else <entry*>memory
    if pool.own_near and pool.near_tables != NULL:
        for t in range(1, pool.threads):
            workers[t].s.near_table = pool.near_tables + (t - 1) * near_entries
    pool.running = 1
    for t in range(1, pool.threads):
        if pthread_create(&workers[t].thread, NULL, body, &workers[t]) != 0:
            break
        started += 1
    body(&workers[0])
    for t in range(1, started + 1):
        pthread_join(workers[t].thread, NULL)
    pool.running = 0
    for t in range(started + 1):
        nodes += workers[t].s.nodes
    return nodes


cdef int parallel_negamax(Search* s, Pool* pool, word current, word mask, int ply, int alpha, int beta) noexcept nogil:
    """negamax on ``threads`` threads sharing the table (this one and threads - 1 helpers): each
    runs the same search, and moves into positions another thread is busy with wait (deferral,
    as in ABDADA), so the threads spread over the tree and use each other's results. The value
    is that of the first thread to finish; stopped (s.stopped) if a limit came first."""
    cdef Shared shared
    cdef Worker* workers = pool.workers
    cdef int t
    cdef unsigned long long run_nodes = s.nodes
    cdef int run_stop = 0
    memset(&shared, 0, sizeof(Shared))
    shared.nodes = &run_nodes
    shared.run_stop = &run_stop
    memset(pool.busy, 0, (<size_t>1 << BUSY_BITS) * sizeof(uint64_t))
    for t in range(pool.threads):
        workers[t].s = s[0]
        workers[t].s.nodes = 0
        workers[t].s.stopped = False
        workers[t].s.shared = &shared
        workers[t].s.busy = pool.busy
        workers[t].s.defer_from = ply + s.defer_skip
        workers[t].s.thread = t
        workers[t].s.jitter_to = ply + s.jitter_plies
        workers[t].current = current
        workers[t].mask = mask
        workers[t].ply = ply
        workers[t].alpha = alpha
        workers[t].beta = beta
    s.nodes += run_workers(pool, worker_main)
    if shared.found:
        return shared.value
    s.stopped = True
    return 0


cdef inline int next_middle(int lower, int upper) noexcept nogil:
    """The window a solve tests next within the proven bounds: halfway, but closer to 0."""
    cdef int middle = lower + (upper - lower) // 2
    if middle <= 0 and lower // 2 < middle:
        middle = lower // 2
    elif middle >= 0 and upper // 2 > middle:
        middle = upper // 2
    return middle


cdef inline int weakened(int value, bint weak) noexcept nogil:
    """A result as a weak solve keeps it: its sign."""
    if weak:
        return -1 if value < -1 else (1 if value > 1 else value)
    return value


cdef inline void log_test(int* log, int* size, int middle, int result, unsigned long long nodes) noexcept nogil:
    """Record a test's window, result and the solve's nodes by then (in batches of 1024)."""
    if size[0] < LOG_TESTS:
        log[3 * size[0]] = middle
        log[3 * size[0] + 1] = result
        log[3 * size[0] + 2] = <int>(nodes >> 10)
        size[0] += 1


cdef void serial_solve(Search* s, Pool* pool, word current, word mask, int ply, bint weak, int* lower, int* upper) noexcept nogil:
    """Kernel.solve on this thread: narrow the bounds by null-window tests until they meet or
    the search stops; report_* follow them."""
    cdef int middle, r
    while lower[0] < upper[0] and not s.stopped:
        middle = next_middle(lower[0], upper[0])
        r = negamax(s, current, mask, ply, middle, middle + 1)
        if s.stopped:
            break
        r = weakened(r, weak)
        log_test(pool.log, &pool.log_size, middle, r, s.nodes)
        if r <= middle:
            upper[0] = r
        else:
            lower[0] = r


cdef bint in_flight(Probes* p, int middle) noexcept nogil:
    cdef int i
    for i in range(MAX_PROBES):
        if p.probe[i].threads and p.probe[i].middle == middle and not fiar_load_int(&p.probe[i].shared.stop):
            return True
    return False


cdef bint running(Probes* p) noexcept nogil:
    """Whether a test is being searched (and still needed)."""
    cdef int i
    for i in range(MAX_PROBES):
        if p.probe[i].threads and not fiar_load_int(&p.probe[i].shared.stop):
            return True
    return False


cdef Probe* take_probe(Probes* p) noexcept nogil:
    """Under the lock, with the bounds apart and no limit reached: the test this thread
    searches next, or NULL while every slot holds a test that is ending.

    The tests are those of a solve on one thread (next_middle), but for two, which bet on a
    score of 1 (that of the empty 7x6 and 6x7 boards, and the first player's edge): while
    the bounds are being halved (cheap tests far from the score), another thread tests the
    window at 0, and once they are at most MTD_WIDTH apart, with that test still running,
    the window at 1 beside it: when the score is 1, these are the two tests that prove it,
    side by side on two threads. Otherwise a thread joins the running test with the fewest
    threads (deferral spreads them over its tree), as it always does once the bounds are
    near: there a new window costs as much as the running tests, which may end the solve."""
    cdef int i, middle, fewest = -1
    cdef bint near = p.upper - p.lower <= MTD_WIDTH
    cdef bint bet = False
    cdef Probe* probe
    middle = next_middle(p.lower, p.upper)
    if p.lower <= 0 < p.upper and p.max_probes > 1:
        if p.near_started == 0 and (near or in_flight(p, middle)):
            middle = 0
            bet = True
        elif p.near_started == 1 and near and in_flight(p, 0) and 1 < p.upper:
            middle = 1
            bet = True
    if near and not bet and running(p):
        middle = p.upper  # none: near the score, join the tests that can end the solve
    if p.lower <= middle < p.upper and not in_flight(p, middle):
        for i in range(MAX_PROBES):
            if i < p.max_probes and p.probe[i].threads == 0:
                probe = &p.probe[i]
                memset(&probe.shared, 0, sizeof(Shared))
                probe.shared.nodes = &p.nodes
                probe.shared.run_stop = &p.stop
                probe.middle = middle
                if bet:
                    p.near_started += 1
                memset(probe.busy, 0, (<size_t>1 << BUSY_BITS) * sizeof(uint64_t))
                return probe
    for i in range(MAX_PROBES):  # join the running test with the fewest threads
        if p.probe[i].threads and not fiar_load_int(&p.probe[i].shared.stop):
            if fewest < 0 or p.probe[i].threads < p.probe[fewest].threads:
                fewest = i
    return NULL if fewest < 0 else &p.probe[fewest]


cdef void probe_worker(Worker* w) noexcept nogil:
    """One thread's part of parallel_solve: take a test, search it, record its result, until
    the bounds meet or the run stops."""
    cdef Probes* p = <Probes*>w.probes
    cdef Probe* probe
    cdef int r, i, middle
    pthread_mutex_lock(&p.lock)
    while not p.stop and p.lower < p.upper:
        probe = take_probe(p)
        if probe == NULL:  # every slot holds a test that is ending: wait for one to free
            pthread_mutex_unlock(&p.lock)
            sched_yield()
            pthread_mutex_lock(&p.lock)
            continue
        probe.threads += 1
        w.s.thread = probe.threads - 1  # the first thread on a test keeps the usual move order
        w.s.shared = &probe.shared
        w.s.busy = probe.busy
        w.s.stopped = False
        middle = probe.middle
        pthread_mutex_unlock(&p.lock)
        r = negamax(&w.s, w.current, w.mask, w.ply, middle, middle + 1)
        pthread_mutex_lock(&p.lock)
        probe.threads -= 1
        if not w.s.stopped and not probe.shared.found:
            probe.shared.found = 1
            fiar_store_int(&probe.shared.stop, 1)
            r = weakened(r, p.weak)
            if r <= middle:
                if r < p.upper:
                    p.upper = p.report_upper[0] = r
            else:
                if r > p.lower:
                    p.lower = p.report_lower[0] = r
            log_test(p.log, &p.log_size, middle, r, fiar_load(<uint64_t*>&p.nodes))
            for i in range(MAX_PROBES):  # stop the tests no longer needed
                if p.probe[i].threads and not (p.lower <= p.probe[i].middle < p.upper):
                    fiar_store_int(&p.probe[i].shared.stop, 1)
    pthread_mutex_unlock(&p.lock)


cdef void* probe_worker_main(void* argument) noexcept nogil:
    """A helper thread's body: its part of parallel_solve."""
    probe_worker(<Worker*>argument)
    return NULL


cdef void parallel_solve(Search* s, Pool* pool, word current, word mask, int ply, bint weak, int* lower, int* upper) noexcept nogil:
    """Kernel.solve on pool.threads threads sharing the table: up to pool.max_probes
    null-window tests of the root at once, each on one or more threads (see take_probe);
    lower and upper (and report_*) are narrowed as tests end."""
    cdef Probes p
    cdef Worker* workers = pool.workers
    cdef int t
    memset(&p, 0, sizeof(Probes))
    pthread_mutex_init(&p.lock, NULL)
    p.lower = lower[0]
    p.upper = upper[0]
    p.report_lower = lower
    p.report_upper = upper
    p.weak = weak
    p.nodes = s.nodes
    p.max_probes = pool.max_probes
    p.log = pool.log
    p.log_size = pool.log_size  # after those of the solve's start on one thread
    for t in range(MAX_PROBES):
        p.probe[t].busy = pool.busy + (<size_t>t << BUSY_BITS)
    for t in range(pool.threads):
        workers[t].s = s[0]
        workers[t].s.nodes = 0
        workers[t].s.defer_from = ply + s.defer_skip
        workers[t].s.jitter_to = ply + s.jitter_plies
        workers[t].current = current
        workers[t].mask = mask
        workers[t].ply = ply
        workers[t].probes = &p
    s.nodes += run_workers(pool, probe_worker_main)
    lower[0] = p.lower
    upper[0] = p.upper
    pool.log_size = p.log_size
    if p.lower < p.upper:
        s.stopped = True


cdef int search_root(Search* s, Pool* pool, word current, word mask, int ply, int alpha, int beta) noexcept nogil:
    """negamax, on several threads when it is worth it: a search that this thread finishes
    within pool.serial_nodes nodes never pays for starting threads."""
    cdef unsigned long long limit = s.node_limit
    cdef int value
    if pool.threads <= 1:
        return negamax(s, current, mask, ply, alpha, beta)
    if pool.serial_nodes > 0:
        if s.nodes + pool.serial_nodes < limit:
            s.node_limit = s.nodes + pool.serial_nodes
        value = negamax(s, current, mask, ply, alpha, beta)
        s.node_limit = limit
        if (
            not s.stopped
            or s.nodes >= limit
            or (s.deadline > 0 and now() >= s.deadline)
            or fiar_load_int(s.halt)
        ):
            return value
        s.stopped = False
    return parallel_negamax(s, pool, current, mask, ply, alpha, beta)


cdef class Kernel:
    """A perfect solver for one board shape, with its own transposition table.

    Args:
        width, height, connect: the shape; the Python layer guarantees width*(height+1) <= the
            bits of a word (64, or 128 in ``_solver_kernel128``).
        table_bits: the transposition table has 2**table_bits slots (16 to 40), of 8 bytes
            (16 with 128-bit words).
    """

    cdef Search s
    cdef Pool pool
    cdef size_t table_bytes
    cdef object book_keys, book_values, book_blocks  # keep the book alive while in use
    cdef int lower, upper  # the bounds solve() has proven so far (see bounds)
    cdef int halted  # set by stop(), cleared by set_limits(); s.halt points here

    def __cinit__(self, int width, int height, int connect, int table_bits):
        cdef int c, i
        cdef void* memory = NULL
        cdef size_t size
        memset(&self.s, 0, sizeof(Search))
        self.halted = 0
        self.s.halt = &self.halted
        self.s.width = width
        self.s.height = height
        self.s.connect = connect
        self.s.stride = height + 1
        self.s.cells = width * height
        for c in range(width):
            self.s.bottom |= (<word>1) << (c * self.s.stride)
            self.s.column_mask[c] = (((<word>1) << height) - 1) << (c * self.s.stride)
            self.s.board |= self.s.column_mask[c]
        self.s.column_bits = ((<word>1) << self.s.stride) - 1
        self.s.odd_rows = self.s.bottom * ((((<word>1) << height) - 1) // 3)
        self.s.claimeven_floor = -(height // 2)
        self.s.symmetry_plies = constants.SYMMETRY_PLIES
        self.s.etc_plies = constants.ETC_PLIES
        self.s.table_plies = width * height - constants.TABLE_MIN_EMPTIES + 1
        for i, c in enumerate(constants.solver_column_order(width)):
            self.s.order[i] = c
        self.s.vertical = connect <= height
        self.s.horizontal = connect <= width
        self.s.diagonal = connect <= width and connect <= height
        self.s.table_bits = max(
            constants.MIN_TABLE_BITS, min(constants.MAX_TABLE_BITS, table_bits)
        )
        self.s.near_bits = constants.NEAR_BITS
        self.s.near_plies = width * height - constants.NEAR_EMPTIES
        size = (((<size_t>1) << self.s.table_bits) + ((<size_t>1) << self.s.near_bits)) * sizeof(entry)
        # Fresh anonymous memory reads as zeros (empty slots) and is only backed by RAM once
        # touched, so a big table costs nothing until the search fills it. (Huge pages were
        # measured: no faster here, and their first touch is three times slower.)
        memory = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        if memory == MAP_FAILED:
            raise MemoryError(f"cannot allocate a table of {size} bytes")
        self.s.table = <entry*>memory
        self.s.near_table = self.s.table + ((<size_t>1) << self.s.table_bits)
        self.table_bytes = size
        self.s.epoch_shift = width * (height + 1)
        self.s.epoch_max = ((<word>1) << (WORD_BITS - self.s.epoch_shift)) - 1 if self.s.epoch_shift < WORD_BITS else 0
        self.s.epoch = 1 if self.s.epoch_max else 0
        self.s.epoch_bits = self.s.epoch << self.s.epoch_shift if self.s.epoch_max else 0
        self.s.node_limit = <unsigned long long>-1
        self.s.book_plies = -1
        self.s.defer_plies = self.s.near_plies
        self.s.defer_skip = DEFER_SKIP
        self.s.jitter_plies = JITTER_PLIES
        self.pool.threads = 1
        self.pool.serial_nodes = SERIAL_NODES
        self.pool.max_probes = MAX_PROBES
        self.pool.own_near = 1

    def set_book(self, keys, values, int plies, blocks=None):
        """Consult an opening book in positions of at most ``plies`` stones: ``keys`` the sorted
        folded keys and ``values`` their exact scores, buffers of unsigned 64-bit and signed
        8-bit integers (``array("Q")`` and ``array("b")``, or memoryviews of a mapped file),
        kept, unchanged, while set. ``keys=None`` removes the book. ``blocks`` (a
        ``BlockCheck``), for entries not checked yet: a probe reads only the block that can
        hold its key, and asks ``blocks.check(block)`` the first time it reads a block whose
        byte in ``blocks.state`` is not 1 (checked); once a block fails, the search reads
        ``blocks.replacement`` instead when the book has put its entries there."""
        cdef const uint64_t[::1] key_view
        cdef const signed char[::1] value_view
        cdef const uint64_t[::1] first_view
        cdef const unsigned char[::1] state_view
        self.s.book_firsts = NULL
        self.s.book_blocks = 0
        self.s.book_state = NULL
        self.s.book_check = NULL
        self.book_blocks = None
        if keys is None or len(keys) == 0:
            self.s.book_plies = -1
            self.s.book_count = 0
            self.book_keys = self.book_values = None
            return
        try:
            key_view = keys
            value_view = values
        except (ValueError, TypeError) as error:
            raise ValueError(f"a book is 64-bit unsigned keys and 8-bit scores ({error})") from None
        if key_view.shape[0] != value_view.shape[0]:
            raise ValueError(f"{key_view.shape[0]} book keys but {value_view.shape[0]} scores")
        if blocks is not None:
            first_view = blocks.table.firsts
            state_view = blocks.state
            if first_view.shape[0] != state_view.shape[0] or first_view.shape[0] == 0 or (
                (<size_t>first_view.shape[0] - 1) << <int>blocks.table.bits
            ) >= <size_t>key_view.shape[0]:
                raise ValueError("the book's blocks do not cover its keys")
            self.book_blocks = blocks  # kept alive while set: the kernel holds pointers
            self.s.book_firsts = &first_view[0]
            self.s.book_blocks = first_view.shape[0]
            self.s.book_block_bits = blocks.table.bits
            self.s.book_state = &state_view[0]
            self.s.book_check = <void*>blocks
        self.book_keys, self.book_values = keys, values
        self.s.book_keys = &key_view[0]
        self.s.book_values = &value_view[0]
        self.s.book_count = key_view.shape[0]
        self.s.book_plies = plies

    def __dealloc__(self):
        if self.s.table != NULL:
            munmap(self.s.table, self.table_bytes)
        if self.pool.near_tables != NULL:
            munmap(self.pool.near_tables, self.pool.near_tables_bytes)
        free(self.pool.workers)
        free(self.pool.busy)

    @property
    def threads(self):
        """The threads a search runs on (1 to 64), sharing the table."""
        return self.pool.threads

    @threads.setter
    def threads(self, int threads):
        if not 1 <= threads <= MAX_THREADS:
            raise ValueError(f"threads is 1 to {MAX_THREADS}, not {threads}")
        if threads > 1 and self.pool.busy == NULL:
            self.pool.busy = <uint64_t*>malloc((<size_t>MAX_PROBES << BUSY_BITS) * sizeof(uint64_t))
            self.pool.workers = <Worker*>malloc(MAX_THREADS * sizeof(Worker))
            if self.pool.busy == NULL or self.pool.workers == NULL:
                raise MemoryError("cannot allocate the threads' state")
        self.pool.threads = threads

    @property
    def thread_nodes(self):
        """Each thread's nodes in the last search on several threads (for measurements)."""
        if self.pool.workers == NULL:
            return []
        return [self.pool.workers[t].s.nodes for t in range(self.pool.threads)]

    @property
    def own_near_tables(self):
        """Whether each helper thread keeps its own near-leaf table (for measurements)."""
        return bool(self.pool.own_near)

    @own_near_tables.setter
    def own_near_tables(self, bint own):
        self.pool.own_near = own

    @property
    def serial_nodes(self):
        """Nodes a search spends on one thread before starting the others (0: none)."""
        return self.pool.serial_nodes

    @serial_nodes.setter
    def serial_nodes(self, unsigned long long nodes):
        self.pool.serial_nodes = nodes

    @property
    def test_log(self):
        """The null-window tests of the last solve that ended with a result, in order: (window,
        result, the solve's nodes by then, in batches of 1024), for measurements. A test of
        window w asks whether the score is above w: a result above w is a lower bound, else an
        upper bound."""
        cdef int i
        return [(self.pool.log[3 * i], self.pool.log[3 * i + 1], self.pool.log[3 * i + 2]) for i in range(self.pool.log_size)]

    @property
    def max_probes(self):
        """Null-window tests of the root a solve on several threads runs at once (1 to 2)."""
        return self.pool.max_probes

    @max_probes.setter
    def max_probes(self, int probes):
        if not 1 <= probes <= MAX_PROBES:
            raise ValueError(f"max_probes is 1 to {MAX_PROBES}, not {probes}")
        self.pool.max_probes = probes

    @property
    def jitter_plies(self):
        return self.s.jitter_plies

    @jitter_plies.setter
    def jitter_plies(self, int plies):
        self.s.jitter_plies = plies

    @property
    def defer_skip(self):
        return self.s.defer_skip

    @defer_skip.setter
    def defer_skip(self, int plies):
        self.s.defer_skip = plies

    @property
    def defer_plies(self):
        return self.s.defer_plies

    @defer_plies.setter
    def defer_plies(self, int plies):
        self.s.defer_plies = plies

    @property
    def symmetry_plies(self):
        return self.s.symmetry_plies

    @symmetry_plies.setter
    def symmetry_plies(self, int plies):
        self.s.symmetry_plies = plies

    @property
    def etc_plies(self):
        return self.s.etc_plies

    @etc_plies.setter
    def etc_plies(self, int plies):
        self.s.etc_plies = plies

    @property
    def table_plies(self):
        return self.s.table_plies

    @table_plies.setter
    def table_plies(self, int w):
        self.s.table_plies = w

    @property
    def near_plies(self):
        return self.s.near_plies

    @near_plies.setter
    def near_plies(self, int w):
        self.s.near_plies = w

    @property
    def table_bits(self):
        return self.s.table_bits

    @property
    def nodes(self):
        """Nodes searched since the last reset_nodes(); read from another thread during a
        search on several threads, the threads' counts so far."""
        cdef unsigned long long total = self.s.nodes
        cdef int t
        if self.pool.running:
            for t in range(self.pool.threads):
                total += self.pool.workers[t].s.nodes
        return total

    @property
    def bounds(self):
        """(lower, upper): the bounds solve() has proven so far, for another thread to read
        while it runs; its result once it returns ((0, 0) before the first solve)."""
        return self.lower, self.upper

    def reset_nodes(self):
        self.s.nodes = 0

    def clear(self, bint full=False):
        """Forget every table entry: a new epoch where the keys leave room for one, else (or
        with ``full``) a wipe, which also backs every page of the table with memory now rather
        than at its first touch in a search."""
        if self.s.epoch < self.s.epoch_max and not full:
            self.s.epoch += 1
        else:
            memset(self.s.table, 0, self.table_bytes)
            if self.pool.near_tables != NULL:  # the helpers' near-leaf tables: fresh pages
                munmap(self.pool.near_tables, self.pool.near_tables_bytes)
                self.pool.near_tables = NULL
            self.s.epoch = 1 if self.s.epoch_max else 0
        self.s.epoch_bits = self.s.epoch << self.s.epoch_shift if self.s.epoch_max else 0

    def set_limits(self, unsigned long long node_limit, double seconds):
        """Stop searching after node_limit nodes (0: none) or seconds from now (0: none)."""
        self.s.stopped = False
        fiar_store_int(&self.halted, 0)
        self.s.node_limit = node_limit if node_limit > 0 else <unsigned long long>-1
        self.s.deadline = now() + seconds if seconds > 0 else 0

    def stop(self):
        """End the running search (on every thread) at its next look at its limits, within
        one batch of nodes, as a limit would: its bounds so far are proven. Safe from any
        thread; the next set_limits() clears it."""
        fiar_store_int(&self.halted, 1)

    @property
    def stopped(self):
        return self.s.stopped

    def can_win_next(self, word current, word mask):
        return can_win_next(&self.s, current, mask)

    def negamax(self, word current, word mask, int ply, int alpha, int beta):
        """One alpha-beta search; see the C function's contract. Releases the GIL."""
        cdef int value
        with nogil:
            value = search_root(&self.s, &self.pool, current, mask, ply, alpha, beta)
        return value

    def solve(self, word current, word mask, int ply, bint weak):
        """Narrow the score by null-window searches; return the proven (lower, upper) bounds.

        Precondition: nobody has won and the board is not full. The bounds are equal unless a
        limit stopped the search; with ``weak`` they are signs (1, 0, -1).
        """
        cdef int lower, upper
        cdef unsigned long long limit
        cdef Search* s = &self.s
        if can_win_next(s, current, mask):
            lower = 1 if weak else (s.cells + 1 - ply) // 2
            upper = lower
        else:
            lower = -((s.cells - ply) // 2)
            upper = (s.cells + 1 - ply) // 2
            if weak:
                lower = -1 if lower < -1 else lower
                upper = 1 if upper > 1 else upper
        self.lower, self.upper = lower, upper  # both at once: a reader holds the GIL
        self.pool.log_size = 0
        with nogil:
            if self.pool.threads <= 1:
                serial_solve(s, &self.pool, current, mask, ply, weak, &self.lower, &self.upper)
            else:
                limit = s.node_limit
                if self.pool.serial_nodes > 0:  # small solves never pay for starting threads
                    if s.nodes + self.pool.serial_nodes < limit:
                        s.node_limit = s.nodes + self.pool.serial_nodes
                    serial_solve(s, &self.pool, current, mask, ply, weak, &self.lower, &self.upper)
                    s.node_limit = limit
                    if s.stopped and not (
                        s.nodes >= limit
                        or (s.deadline > 0 and now() >= s.deadline)
                        or fiar_load_int(s.halt)
                    ):
                        s.stopped = False
                if not s.stopped and self.lower < self.upper:
                    parallel_solve(s, &self.pool, current, mask, ply, weak, &self.lower, &self.upper)
        lower, upper = self.lower, self.upper
        return lower, upper
