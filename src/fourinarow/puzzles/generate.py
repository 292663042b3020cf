"""Make puzzles from real games: walk every position, solve it, keep those with one good column.

**Where the positions come from.** :func:`self_play_games` plays games between the levels
(``level:3`` .. ``level:8`` of :data:`~fourinarow.agents.levels.FIRST_LEVELS`, a random pair
per game) after 0-4 random opening moves, all drawn from one ``random.Random(seed)``: the
levels' budgets are depths and node counts, so the same seed plays the same games on any
machine; their engine makes no endgame proofs (see
:func:`~fourinarow.agents.registry.replay_level_agent`), so they do not change with the
solver's speed either. :func:`games_from_moves` takes games as move strings instead (a
tournament database's, say). Every position of a game before its last move is a
candidate; a position met before (or its mirror image) is skipped.

**What is a puzzle.** The solver values every column (see :mod:`fourinarow.puzzles.model` for
the kinds): one winning column is a ``win`` puzzle when the win takes at most
:data:`~fourinarow.puzzles.model.WIN_MAX_DISTANCE` own moves, else an ``only-move`` one; a
drawn position with one drawing column is a ``save-draw`` one. Left out as trivial:

- the first :data:`MIN_PLY` plies: opening knowledge (the book's), not tactics;
- positions with one legal column;
- positions where the opponent threatens to win at once: the only move is the block, seen at
  a glance, whatever the kind (this also drops the block that happens to save a draw);
- most wins in 1: at most one puzzle in :data:`WIN_IN_ONE_SHARE` of a set is one (a few are
  kept, for beginners).

**The mix.** Each kind asked for gets an equal share of the set; once a kind's share is full its
further puzzles are skipped, so a set is not all ``only-move`` (the commonest kind in games).
When the games run out first (a finite list of games), or :data:`STALL_GAMES` games in a row
give no puzzle the mix still needs (a kind that a small board hardly has), the set is topped
up with the skipped puzzles, in the order found.

**The shipped set** (:func:`fourinarow.puzzles.shipped`) was made by :data:`SHIPPED_COMMAND`
(360 puzzles, 120 of each kind; about 130 s of processor time, 10 minutes on a busy 2-core
machine).

**Rating.** An Elo-like integer on the scale of the first levels (``random`` is 0, their
``level:5`` 642, ``level:8`` 1004), from three things:

1. the depth ``D``: for a winning kind the win's length in own moves; for ``save-draw`` the
   longest a wrong column holds out, in the opponent's moves (a wrong column that loses only
   far away is tempting);
2. the plausible alternatives ``A``: the other columns that a shallow heuristic search
   (:data:`HEURISTIC_SPEC`) rates within :data:`PLAUSIBLE_MARGIN` of its best column, not
   proven lost by it;
3. the levels that miss it: levels 5 to 8 are each asked for their move in the position (seeded
   by the position, their engine without endgame proofs as in the games), and each answer is a
   game between the puzzle and the level.

The rating starts at ``R = 300 + 150 * (min(D, 8) - 1) + 60 * A``; then, for each level in
order 5 to 8, with its Elo ``E`` and the puzzle's expected score ``p = 1 / (1 + 10 ** ((E -
R) / 400))``, an Elo update ``R += K * (s - p)`` with ``K = 120``, ``s = 1`` when the level
misses the solution and 0 when it finds it. The result is rounded and kept within 100..3000.
Without plausible alternatives, a win in 1 that every level finds rates 274; a win in 3 rates
504 when every level finds it and 917 when every level misses it; a win in 8 or more, 960 to
1377 (a miss moves a high rating little, being expected; a level that finds it, a lot).

>>> classify(Board.from_moves("4455"), Solver())  # 3, 4, 5 and 6 win: no puzzle
>>> classify(Board.from_moves("44556"), Solver())  # O must block at 3 or 7: trivial
>>> classify(Board.from_moves("744454544575771552212722217"), Solver())
Candidate(kind='win', solution=0, value=5, distance=4, depth=4)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from fourinarow.agents import make_agent
from fourinarow.agents.base import analyze
from fourinarow.agents.registry import replay_level_agent
from fourinarow.core import Board, Column, FourInARowError, Geometry, column_label
from fourinarow.core.checks import shown
from fourinarow.puzzles.model import KINDS, WIN_MAX_DISTANCE, Kind, Puzzle, PuzzleError
from fourinarow.search.limit import Limit
from fourinarow.search.scores import Exact, Heuristic
from fourinarow.search.solver import Solver

__all__ = [
    "HEURISTIC_SPEC",
    "LEVEL_ELO",
    "MIN_PLY",
    "PLAUSIBLE_MARGIN",
    "PLAY_LEVELS",
    "SHIPPED_COMMAND",
    "STALL_GAMES",
    "WIN_IN_ONE_SHARE",
    "Candidate",
    "Game",
    "ProgressCallback",
    "classify",
    "games_from_moves",
    "generate",
    "rate",
    "self_play_games",
]

SHIPPED_COMMAND = (
    "fourinarow puzzle generate --count 360 --seed 18 --out src/fourinarow/puzzles/sets/7x6.jsonl"
)
"""The command that made the shipped set (run in a checkout's root)."""

PLAY_LEVELS = (3, 4, 5, 6, 7, 8)
"""The levels (of :data:`~fourinarow.agents.levels.FIRST_LEVELS`, the presets the shipped set
was made with) that play the self-play games."""

MIN_PLY = 6
"""Positions with fewer stones are not puzzles (opening knowledge, not tactics)."""

OPENING_PLIES = (0, 4)
"""The fewest and most random moves that open a self-play game."""

LEVEL_ELO = {5: 642, 6: 808, 7: 864, 8: 1004}
"""The levels (of :data:`~fourinarow.agents.levels.FIRST_LEVELS`) asked for their move in every
puzzle, with the Elo those presets were measured at."""

HEURISTIC_SPEC = "alphabeta:depth=4,eval=threats"
"""The shallow search that says which columns look good."""

PLAUSIBLE_MARGIN = 10
"""A column is a plausible alternative when the shallow search rates it within this much of
its best column."""

STALL_GAMES = 300
"""Games in a row without a puzzle kept, after which the generator stops and tops up."""

WIN_IN_ONE_SHARE = 20
"""At most one puzzle in this many is a win in 1."""

ELO_K = 120
"""How far one level's answer moves the rating."""

ProgressCallback = Callable[[int, int, float], None]
"""Called as ``progress(found, count, seconds)`` after each puzzle kept."""


@dataclass(frozen=True)
class Game:
    """A game to mine: its moves (0-based columns) and where it came from, in words."""

    moves: tuple[Column, ...]
    source: str


@dataclass(frozen=True)
class Candidate:
    """A position's puzzle, before rating.

    Attributes:
        kind: the puzzle's kind.
        solution: the one good column.
        value: the position's exact value for the side to move.
        distance: the win's length in own moves (``None`` for ``save-draw``).
        depth: ``D`` of the rating (see the module's text).
    """

    kind: Kind
    solution: Column
    value: int
    distance: int | None
    depth: int


def self_play_games(
    seed: int, *, width: int = 7, height: int = 6, connect: int = 4
) -> Iterator[Game]:
    """Endless games between random pairs of :data:`PLAY_LEVELS`, each after a few random
    opening moves, all drawn from ``random.Random(seed)`` (the same seed, the same games)."""
    rng = random.Random(seed)
    number = 0
    while True:
        number += 1
        first, second = rng.choice(PLAY_LEVELS), rng.choice(PLAY_LEVELS)
        agents = [replay_level_agent(n, rng.randrange(2**32)) for n in (first, second)]
        board = Board(width, height, connect)
        for _ in range(rng.randint(*OPENING_PLIES)):
            board.push(rng.choice(board.legal_moves))
            if board.is_game_over():  # only on tiny boards
                break
        while not board.is_game_over():
            board.push(agents[board.ply % 2].choose(board).column)
        players = f"level:{first} v level:{second}"
        yield Game(board.moves, f"self-play {players}, seed {seed} game {number}")


def games_from_moves(
    games: Iterable[tuple[str, str]], *, width: int = 7, height: int = 6, connect: int = 4
) -> Iterator[Game]:
    """Games given as ``(moves, source)`` pairs, the moves in 1-based columns (``"4453"``).

    Raises:
        InvalidPositionError: a move string is malformed or not a legal game on the board.
    """
    for moves, source in games:
        board = Board.from_moves(moves, width=width, height=height, connect=connect)
        yield Game(board.moves, source)


def _values(board: Board, solver: Solver, limit: Limit | None) -> dict[Column, int] | None:
    """Every legal column's exact value, or ``None`` when one is not proven within the limit."""
    analysis = solver.analyze(board, limit)
    values = {}
    for column in board.legal_moves:
        value = analysis.values[column]
        if not isinstance(value, Exact):
            return None
        values[column] = value.value
    return values


def _own_moves(value: int, board: Board) -> int:
    """A win's or a loss's length in the winner's own moves, from ``board``'s exact value."""
    moves = Exact.of(value, board).own_moves
    assert moves is not None
    return moves


def classify(board: Board, solver: Solver, limit: Limit | None = None) -> Candidate | None:
    """The puzzle at ``board``, or ``None`` when it has none or a trivial one (one legal column,
    an immediate threat of the opponent to block, fewer than :data:`MIN_PLY` stones; see the
    module's text) or when the solver does not prove every column within ``limit``. Wins in
    1 are returned: the caller rations them."""
    legal = board.legal_moves
    if board.is_game_over() or len(legal) < 2 or board.ply < MIN_PLY:
        return None
    opponent = 2 if board.turn == 1 else 1
    if board.winning_moves(opponent) and not board.winning_moves():
        return None
    values = _values(board, solver, limit)
    if values is None:
        return None
    best = max(values.values())
    good = [c for c, v in values.items() if (v > 0 if best > 0 else v == 0)]
    if best < 0 or len(good) != 1:
        return None
    solution = good[0]
    if best > 0:
        moves = _own_moves(best, board)
        kind: Kind = "win" if moves <= WIN_MAX_DISTANCE else "only-move"
        return Candidate(kind, solution, best, moves, moves)
    longest = max(_own_moves(v, board) for c, v in values.items() if c != solution)
    return Candidate("save-draw", solution, 0, None, longest)


def _center_first(columns: Sequence[Column], width: int) -> Column:
    return min(columns, key=lambda c: (abs(2 * c - (width - 1)), c))


def best_line(
    board: Board, candidate: Candidate, solver: Solver, limit: Limit | None = None
) -> tuple[Column, ...] | None:
    """The puzzle's line: the solution, then for a winning kind the best moves of both sides
    to the winning stone (the column nearest the centre among equals); ``None`` if a value is
    not proven within the limit."""
    if candidate.kind == "save-draw":
        return (candidate.solution,)
    board = board.copy()
    line = [candidate.solution]
    board.push(candidate.solution)
    while not board.is_game_over():
        values = _values(board, solver, limit)
        if values is None:
            return None
        top = max(values.values())
        column = _center_first([c for c, v in values.items() if v == top], board.width)
        line.append(column)
        board.push(column)
    return tuple(line)


def _position_seed(board: Board, salt: int) -> int:
    return (board.key() * 1_000_003 + salt) % 2**32


def _plausible(board: Board, solution: Column) -> int:
    """The other columns the shallow search rates close to its best (not proven lost)."""
    agent = make_agent(HEURISTIC_SPEC, seed=_position_seed(board, 0))
    scores = analyze(agent, board).scores()
    rated = {
        c: s.value
        for c, s in scores.items()
        if isinstance(s, Heuristic) and s.forced >= 0 and c != solution
    }
    heuristic = [s.value for s in scores.values() if isinstance(s, Heuristic)]
    if not rated or not heuristic:
        return 0
    top = max(heuristic)
    return sum(1 for v in rated.values() if v >= top - PLAUSIBLE_MARGIN)


def rate(board: Board, candidate: Candidate) -> int:
    """The puzzle's rating (the formula is in the module's text)."""
    rating = (
        300.0 + 150 * (min(candidate.depth, 8) - 1) + 60 * _plausible(board, candidate.solution)
    )
    for level, elo in LEVEL_ELO.items():
        agent = replay_level_agent(level, _position_seed(board, level))
        missed = agent.choose(board).column != candidate.solution
        expected = 1 / (1 + 10 ** ((elo - rating) / 400))
        rating += ELO_K * (missed - expected)
    return max(100, min(3000, round(rating)))


def _checked_kinds(kinds: Iterable[str]) -> tuple[Kind, ...]:
    chosen = tuple(dict.fromkeys(kinds))
    if not chosen:
        raise PuzzleError(f"ask for at least one kind of puzzle: {', '.join(KINDS)}")
    for kind in chosen:
        if kind not in KINDS:
            raise PuzzleError(f"a puzzle kind is one of {', '.join(KINDS)}, not {shown(kind)}")
    return tuple(k for k in KINDS if k in chosen)


def _quotas(count: int, kinds: tuple[Kind, ...]) -> dict[Kind, int]:
    share, extra = divmod(count, len(kinds))
    return {k: share + (i < extra) for i, k in enumerate(kinds)}


def generate(
    count: int,
    *,
    seed: int = 0,
    width: int = 7,
    height: int = 6,
    connect: int = 4,
    kinds: Iterable[str] = KINDS,
    games: Iterable[Game] | None = None,
    limit: Limit | None = None,
    solver: Solver | None = None,
    progress: ProgressCallback | None = None,
) -> list[Puzzle]:
    """Make ``count`` puzzles from games, the same ones for the same arguments.

    Args:
        count: how many puzzles (fewer when the games run out or stall first: see the
            module's text).
        seed: seeds the self-play games (unused when ``games`` are given).
        width, height, connect: the board's shape.
        kinds: the kinds wanted; each gets an equal share of ``count``.
        games: the games to mine (see :func:`games_from_moves`); self-play by default.
        limit: the time and nodes each position's analysis may spend (``None``: until proven,
            quick on a shape with an opening book); a position not proven within it is skipped.
        solver: the solver to use; a new one by default.
        progress: called after each puzzle kept.

    Returns:
        The puzzles, by rating (then id).

    Raises:
        PuzzleError: ``count`` is not a positive whole number, or an unknown kind.
        InvalidBoardSizeError: the shape is not a board's.
    """
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise PuzzleError(f"the number of puzzles is a whole number from 1, not {shown(count)}")
    quotas = _quotas(count, _checked_kinds(kinds))
    shape = Geometry(width, height, connect)
    solver = Solver(tt_mb=64) if solver is None else solver
    if games is None:
        games = self_play_games(seed, width=width, height=height, connect=connect)
    kept: list[Puzzle] = []
    spare: list[Puzzle] = []
    seen: set[int] = set()
    taken = dict.fromkeys(quotas, 0)
    wins_in_one = max(1, count // WIN_IN_ONE_SHARE)
    start = time.perf_counter()
    stalled = 0
    for game in games:
        stalled += 1
        if stalled > STALL_GAMES:
            break
        for puzzle in _puzzles_of(game, shape, solver, limit, seen):
            if puzzle.kind not in quotas:
                continue
            if puzzle.distance == 1:
                if wins_in_one == 0:
                    continue
                wins_in_one -= 1
            if taken[puzzle.kind] >= quotas[puzzle.kind]:
                spare.append(puzzle)
                continue
            taken[puzzle.kind] += 1
            stalled = 0
            kept.append(puzzle)
            if progress is not None:
                progress(len(kept), count, time.perf_counter() - start)
            if len(kept) == count:
                return _ordered(kept)
    return _ordered(kept + spare[: count - len(kept)])


def _ordered(puzzles: list[Puzzle]) -> list[Puzzle]:
    return sorted(puzzles, key=lambda p: (p.rating, p.id))


def _puzzles_of(
    game: Game, shape: Geometry, solver: Solver, limit: Limit | None, seen: set[int]
) -> Iterator[Puzzle]:
    """The new puzzles of one game's positions, in the order played."""
    board = Board(shape.width, shape.height, shape.connect)
    for ply, column in enumerate(game.moves):
        if ply >= MIN_PLY:
            key = min(board.key(), board.mirror().key())
            if key not in seen:
                seen.add(key)
                puzzle = _puzzle_at(board, game.source, solver, limit)
                if puzzle is not None:
                    yield puzzle
        try:
            board.push(column)
        except FourInARowError:
            return


def _puzzle_at(board: Board, source: str, solver: Solver, limit: Limit | None) -> Puzzle | None:
    candidate = classify(board, solver, limit)
    if candidate is None:
        return None
    line = best_line(board, candidate, solver, limit)
    if line is None:
        return None
    moves = board.to_moves()
    return Puzzle(
        id=f"{board.width}x{board.height}c{board.connect}-{moves}",
        moves=moves,
        width=board.width,
        height=board.height,
        connect=board.connect,
        kind=candidate.kind,
        solution=candidate.solution,
        distance=candidate.distance,
        value=candidate.value,
        line=line,
        rating=rate(board, candidate),
        source=f"{source}, after move {board.ply}",
    )


def describe(puzzle: Puzzle) -> str:
    """One line about a puzzle: id, kind, answer, distance and rating."""
    length = "" if puzzle.distance is None else f" in {puzzle.distance}"
    return (
        f"{puzzle.id}: {puzzle.kind}{length}, column {column_label(puzzle.solution)}, "
        f"rating {puzzle.rating}"
    )
