"""Make standard sets: 7x6 positions from plausible games, classified by how much search our
solver needs and scored exactly by it.

The six sets are those of Pascal Pons' benchmark (:data:`SET_RULES`): the plies (stones played)
of his files, and a difficulty by the nodes our solver searches, one thread, a 64 MB table
cleared before each position, no opening book:

- ``easy``: fewer than :data:`EASY_NODES` (1,000) nodes;
- ``medium``: solved exactly within :data:`HARD_NODES` (1,000,000) nodes, with at least 1,000;
- ``hard``: not solved within :data:`HARD_NODES` nodes (the search is stopped there).

**Classes are frozen in the files.** Node counts change whenever the solver gets faster, so
the class of a position in a set already made is the set that holds it, not what today's
solver would say. Made again with ``frozen`` (the moves of the set made before, in order), a
set takes the same games' positions, and each candidate up to the last of those is kept if
and only if the earlier set holds it: no search decides it. Only candidates after those are
classified by today's solver (a longer set than the earlier one). So the recorded command
makes the shipped files again on any later version of the solver; the tests check the
scores, which no speed-up changes.

**Where the positions come from.** :func:`candidate` plays one game per position, all drawn
from one ``random.Random``: a ply is drawn uniformly from the set's range, two levels from
:data:`PLAY_LEVELS` (each seeded from the same generator), and each move is a uniformly random
legal column with probability :data:`RANDOM_SHARE`, else the level's move. The levels are the
presets the shipped sets were made with (:data:`~fourinarow.agents.levels.FIRST_LEVELS`, the
engine on the threats evaluation), limited by depths and node counts, so the same seed plays
the same games on any machine, whatever the game's levels become; the engine of level 7 makes
no endgame proofs (it would try to solve positions of 20 empty cells or fewer within its 3,000
nodes, and a faster solver would then play other moves, so other games). A
position is left out, as in Pons' sets, when the game is over or the side to move can win at
once; and when it (or its mirror image) is already in the set.

**The score** is the exact score of the classifying search when it finished; a hard position,
and a position whose class is frozen, is solved with the 7x6 opening book (a hard one has at
most 13 stones, where the book answers quickly). Scores are from the side to move's view, as
in Pons' files.

>>> difficulty(Board.from_moves("4455"), Solver(tt_mb=1, book=False))
('easy', 18)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from fourinarow.agents.registry import replay_level_agent
from fourinarow.core import Board
from fourinarow.core.errors import FourInARowError
from fourinarow.search.limit import Limit
from fourinarow.search.solver import Solver

__all__ = [
    "EASY_NODES",
    "HARD_NODES",
    "PLAY_LEVELS",
    "RANDOM_SHARE",
    "REPLAY_PATIENCE",
    "SET_RULES",
    "Difficulty",
    "MadeSet",
    "SetRule",
    "StaleSetError",
    "candidates",
    "classifying_solver",
    "difficulty",
    "make_set",
]

Difficulty = Literal["easy", "medium", "hard"]
"""How much search a position needs (see the module's text)."""

EASY_NODES = 1_000
"""A position solved in fewer nodes than this (no book, a fresh table) is easy."""

HARD_NODES = 1_000_000
"""A position not solved within this many nodes (no book, a fresh table) is hard."""

PLAY_LEVELS = (2, 3, 4, 5, 6, 7)
"""The levels (of :data:`~fourinarow.agents.levels.FIRST_LEVELS`) that play the games the
positions are taken from (one drawn per player)."""

RANDOM_SHARE = 0.25
"""The chance that a move of those games is a uniformly random legal column instead."""

CLASSIFY_TABLE_MB = 64
"""The classifying solver's table (node counts depend a little on its size)."""

REPLAY_PATIENCE = 10_000
"""Made again from an earlier set, this many games in a row without its next position mean
that the games are no longer those that made it (the longest run in the shipped sets is far
shorter: about 10 games a position on average)."""


class StaleSetError(FourInARowError):
    """The games no longer make the earlier set a set is made again from (the levels that
    play them changed): it can only be made anew, every candidate classified."""


@dataclass(frozen=True)
class SetRule:
    """What goes in a set: positions with ``first`` to ``last`` stones, of one difficulty."""

    first: int
    last: int
    difficulty: Difficulty


SET_RULES: dict[str, SetRule] = {
    "end-easy": SetRule(29, 41, "easy"),
    "middle-easy": SetRule(15, 28, "easy"),
    "middle-medium": SetRule(15, 27, "medium"),
    "begin-easy": SetRule(4, 14, "easy"),
    "begin-medium": SetRule(4, 14, "medium"),
    "begin-hard": SetRule(1, 13, "hard"),
}
"""Every standard set's plies and difficulty, as in Pascal Pons' files (easiest first)."""


def classifying_solver() -> Solver:
    """The solver whose node counts set a position's difficulty: one thread, no book."""
    return Solver(tt_mb=CLASSIFY_TABLE_MB, book=False)


def difficulty(
    board: Board, solver: Solver, *, at_most: Difficulty = "hard"
) -> tuple[Difficulty | None, int | None]:
    """The position's difficulty, and its exact score when the search finished (easy and
    medium; ``None`` for hard).

    Args:
        board: a position whose game goes on.
        solver: a solver without a book (:func:`classifying_solver`); its table is cleared.
        at_most: ``"easy"`` to stop the search at :data:`EASY_NODES`, when only easy
            positions are wanted: a harder one is then ``(None, None)``.
    """
    solver.clear()
    nodes = EASY_NODES if at_most == "easy" else HARD_NODES
    solution = solver.solve(board, Limit(nodes=nodes))
    if solution.score is not None and solution.nodes < EASY_NODES:
        return "easy", solution.score
    if at_most == "easy":
        return None, None
    if solution.score is None:
        return "hard", None
    return "medium", solution.score


def candidates(rule: SetRule, rng: random.Random) -> list[Board]:
    """The positions of one game drawn from ``rng`` (see the module's text) that may go in a
    set of this rule: with ``rule.first`` to ``rule.last`` stones, the game not over and the
    side to move unable to win at once."""
    # no endgame proofs: a faster solver would change the games
    players = [replay_level_agent(rng.choice(PLAY_LEVELS), rng.randrange(2**32)) for _ in range(2)]
    board = Board()
    found = []
    while board.ply < rule.last:
        if rng.random() < RANDOM_SHARE:
            column = rng.choice(board.legal_moves)
        else:
            column = players[board.ply % 2].choose(board.copy()).column
        board.push(column)
        if board.is_game_over():
            break
        if board.ply >= rule.first and not board.winning_moves():
            found.append(board.copy())
    return found


def _canonical(board: Board) -> int:
    """The same key for a position and its mirror image."""
    return min(board.key(), board.mirror().key())


@dataclass(frozen=True)
class MadeSet:
    """A set made by :func:`make_set`: its positions as ``(moves, score)``, in the order
    found, and how many games were played to find them."""

    positions: tuple[tuple[str, int], ...]
    games: int


ProgressCallback = Callable[[int, int, int], None]
"""Called as ``progress(kept, count, games)`` after each position kept."""


def make_set(
    name: str,
    count: int,
    seed: int,
    *,
    max_games: int | None = None,
    progress: ProgressCallback | None = None,
    frozen: Sequence[str] | None = None,
) -> MadeSet:
    """``count`` positions of the set ``name`` with their exact scores (fewer when
    ``max_games`` games run out first).

    The games are drawn from ``random.Random(f"{seed}:{name}")``: each set is repeatable on
    its own, whatever else is made in the same run.

    Args:
        frozen: the moves of this set as made before with this seed, in order (a shipped
            file's): their classes are kept (see the module's text); ``None`` classifies
            every candidate with today's solver.

    Raises:
        KeyError: ``name`` is not in :data:`SET_RULES`.
        StaleSetError: ``frozen`` is given and :data:`REPLAY_PATIENCE` games in a row did not
            give its next position.
    """
    rule = SET_RULES[name]
    rng = random.Random(f"{seed}:{name}")
    classifier = classifying_solver()
    scorer = Solver(tt_mb=CLASSIFY_TABLE_MB)
    earlier = [_canonical(Board.from_moves(moves)) for moves in frozen or ()]
    seen: set[int] = set()
    found: list[tuple[str, int]] = []
    games = 0
    since = 0  # games since the last position of the earlier set was met
    while len(found) < count and (max_games is None or games < max_games):
        games += 1
        fresh = [b for b in candidates(rule, rng) if _canonical(b) not in seen]
        if len(found) < len(earlier):
            since += 1
            if since > REPLAY_PATIENCE:
                raise StaleSetError(
                    f"the games no longer make the earlier {name} set: position {len(found) + 1} "
                    f"of it did not come in {REPLAY_PATIENCE:,} games; make the set anew"
                )
        if not fresh:
            continue
        board = rng.choice(fresh)
        seen.add(_canonical(board))
        score: int | None
        if len(found) < len(earlier):
            if _canonical(board) != earlier[len(found)]:
                continue  # left out when the set was made: its class stays
            since = 0
            score = None
        else:
            kind, score = difficulty(board, classifier, at_most=rule.difficulty)
            if kind != rule.difficulty:
                continue
        if score is None:
            score = scorer.solve(board).score
            assert score is not None  # no limit: the search finishes
        found.append((board.to_moves(), score))
        if progress is not None:
            progress(len(found), count, games)
    return MadeSet(tuple(found), games)
