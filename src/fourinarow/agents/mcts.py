"""``mcts``: Monte Carlo tree search (UCT) with random playouts, under a time or playout budget.

Each playout walks the tree by the UCB1 rule, adds one node, then plays random moves to the end
of the game, except that a playout always takes an immediate win and blocks an immediate loss
when it can (which makes random games far more telling). Results are backed up as 1 for a win,
1/2 for a draw and 0 for a loss of the player who made the move into each node. The agent plays
the most visited column; ``Decision.score`` is its expected result, a ``Probability`` (1: a sure
win). ``analyze`` gives every column's expected result after the same playouts.
"""

from __future__ import annotations

import math
import random
import time

from fourinarow.agents.base import Decision, Limit, ensure_playable
from fourinarow.agents.tiebreak import TieBreak, adopt_tie_break, break_tie
from fourinarow.core import Board, Column
from fourinarow.search.scores import ColumnValues, Probability

__all__ = ["MCTSAgent"]

DEFAULT_TIME = 1.0  # seconds per move when the limit sets neither time nor nodes


class _OutOfTime(Exception):  # noqa: N818 (a signal, not an error)
    """A playout was cut short by the deadline."""


class _Node:
    """A position in the tree, reached by ``column`` from its parent."""

    __slots__ = ("children", "column", "untried", "visits", "wins")

    def __init__(self, column: Column | None, untried: list[Column]) -> None:
        self.column = column
        self.untried = untried
        self.children: list[_Node] = []
        self.visits = 0
        self.wins = 0.0  # for the player who moved into this node

    def expected(self) -> Probability:
        """The mean result of the playouts through this node, for the player who moved in."""
        return Probability(round(self.wins / self.visits, 4))

    def best_child(self, exploration: float) -> _Node:
        log_visits = math.log(self.visits)
        return max(
            self.children,
            key=lambda child: (
                child.wins / child.visits + exploration * math.sqrt(log_visits / child.visits)
            ),
        )


class MCTSAgent:
    """UCT Monte Carlo tree search.

    Args:
        rng: the source of randomness for playouts and ties.
        playouts: a fixed number of playouts per move (``None``: use the time limit).
        exploration: the UCB1 constant.
        tie_break: ``random`` (default), ``centre`` or ``leftmost`` among equally visited columns.

    >>> MCTSAgent(random.Random(1), playouts=200).choose(Board.from_moves("17273")).column
    3
    """

    name = "mcts"

    def __init__(
        self,
        rng: random.Random | None = None,
        *,
        playouts: int | None = None,
        exploration: float = 1.4,
        tie_break: TieBreak | str = "random",
    ) -> None:
        self._rng = rng if rng is not None else random.Random()
        self.playouts = playouts
        self.exploration = exploration
        self._tie_break = adopt_tie_break(tie_break, self._rng)

    def choose(self, board: Board, limit: Limit | None = None) -> Decision:
        """The most visited column after the playouts the budget allows.

        Raises:
            GameOverError: the game is over.
        """
        start = time.perf_counter()
        limit = ensure_playable(board, limit=limit)
        wins = board.winning_moves()
        if wins:
            column = break_tie(wins, self._tie_break, self._rng, board.width)
            return Decision(column, Probability(1.0), 1, 0, time.perf_counter() - start, (column,))
        root, played, deepest = self._search(board, limit)
        if not root.children:
            column = break_tie(board.legal_moves, self._tie_break, self._rng, board.width)
            return Decision(column, None, 0, played, time.perf_counter() - start, (column,))
        most = max(child.visits for child in root.children)
        columns = [child.column for child in root.children if child.visits == most]
        column = break_tie(
            [c for c in columns if c is not None], self._tie_break, self._rng, board.width
        )
        chosen = next(child for child in root.children if child.column == column)
        score = chosen.expected()
        pv = self._principal_variation(chosen)
        return Decision(column, score, deepest, played, time.perf_counter() - start, pv)

    def analyze(self, board: Board, limit: Limit | None = None) -> ColumnValues:
        """Every column's expected result after the playouts the budget allows (columns no
        playout reached are ``not searched``).

        Raises:
            GameOverError: the game is over.
        """
        start = time.perf_counter()
        limit = ensure_playable(board, "analyse", limit=limit)
        root, played, _ = self._search(board, limit)
        scores: list[Probability | None] = [None] * board.width  # None: no playout went there
        for child in root.children:
            if child.column is not None and child.visits:
                scores[child.column] = child.expected()
        elapsed = time.perf_counter() - start
        return ColumnValues.of(scores, board, nodes=played, elapsed=elapsed)

    def _search(self, board: Board, limit: Limit) -> tuple[_Node, int, int]:
        """The tree after the playouts the budget allows (``limit`` checked), the playouts
        and the deepest node."""
        start = time.perf_counter()
        budget = limit.nodes if limit.nodes is not None else self.playouts
        if limit.time is None and budget is None:
            limit = Limit(DEFAULT_TIME)
        deadline = limit.deadline(start)
        root = _Node(None, board.legal_moves)
        played = deepest = 0
        while budget is None or played < budget:
            if deadline is not None and time.perf_counter() >= deadline:
                break
            depth = self._playout(root, board.copy(), deadline)
            if depth is None:  # the time ran out during the playout: it does not count
                break
            deepest = max(deepest, depth)
            played += 1
        return root, played, deepest

    def _playout(self, root: _Node, board: Board, deadline: float | None) -> int | None:
        """One playout from ``root`` (whose position ``board`` holds); returns the tree depth,
        or ``None`` (and changes nothing) if the deadline passed before the game ended."""
        node, path = root, [root]
        while not node.untried and node.children and board.outcome() is None:
            node = node.best_child(self.exploration)
            board.push(node.column)  # type: ignore[arg-type]
            path.append(node)
        if node.untried and board.outcome() is None:
            column = node.untried.pop(self._rng.randrange(len(node.untried)))
            board.push(column)
            child = _Node(column, board.legal_moves if board.outcome() is None else [])
            node.children.append(child)
            path.append(child)
        depth = len(path) - 1
        try:
            winner = self._finish(board, deadline)
        except _OutOfTime:
            if len(path) > 1 and path[-1].visits == 0:  # forget the node added for it
                path[-2].children.remove(path[-1])
                path[-2].untried.append(path[-1].column)  # type: ignore[arg-type]
            return None
        for index, visited in enumerate(path):
            visited.visits += 1
            mover = 1 + (board.ply - (len(path) - 1 - index) - 1) % 2  # who moved into it
            visited.wins += 0.5 if winner is None else float(winner == mover)
        return depth

    def _finish(self, board: Board, deadline: float | None) -> int | None:
        """Play the game out at random (taking wins, blocking losses); the winner or None.

        Raises:
            _OutOfTime: the deadline passed first (looked at before every move).
        """
        start_ply = board.ply
        while (outcome := board.outcome()) is None:
            if deadline is not None and time.perf_counter() >= deadline:
                raise _OutOfTime
            options = board.winning_moves() or board.winning_moves(3 - board.turn)
            board.push(self._rng.choice(options or board.legal_moves))
        winner = outcome.winner
        while board.ply > start_ply:
            board.pop()
        return winner

    @staticmethod
    def _principal_variation(node: _Node) -> tuple[Column, ...]:
        line: list[Column] = []
        while node is not None and node.column is not None:
            line.append(node.column)
            if not node.children:
                break
            node = max(node.children, key=lambda child: child.visits)
        return tuple(line)
