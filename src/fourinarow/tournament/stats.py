"""Summaries of games: wins, draws, losses, score rates with 95% intervals, game lengths, time
and nodes per move, and Elo ratings by maximum likelihood with error bars."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from fourinarow.tournament.one_game import GameRecord

__all__ = ["AgentSummary", "PairingSummary", "elo_ratings", "score_interval", "summarise"]

_Z95 = 1.959964
_ELO = math.log(10) / 400  # d(log-odds)/d(Elo)


def score_interval(scores: Sequence[float]) -> tuple[float, float, float]:
    """The mean score (a draw is 1/2) and its 95% Wilson interval.

    The Wilson interval stays sensible at a perfect or a zero score, where the normal
    approximation collapses to a point.

    >>> [round(x, 3) for x in score_interval([1, 0.5, 0, 1])]
    [0.625, 0.219, 0.908]
    >>> [round(x, 3) for x in score_interval([0, 0, 0, 0, 0, 0])]
    [0.0, 0.0, 0.39]
    """
    if not scores:
        return 0.0, 0.0, 1.0
    n = len(scores)
    mean = statistics.fmean(scores)
    z2 = _Z95 * _Z95
    centre = (mean + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z95 * math.sqrt(mean * (1 - mean) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return mean, max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class PairingSummary:
    """How ``agent`` did against ``opponent`` (both colours)."""

    agent: str
    opponent: str
    wins: int
    draws: int
    losses: int
    score: float
    low: float
    high: float
    mean_length: float
    median_length: float

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


@dataclass(frozen=True)
class AgentSummary:
    """An agent's games against everyone, and its moves' cost."""

    agent: str
    wins: int
    draws: int
    losses: int
    score: float
    low: float
    high: float
    mean_length: float
    median_length: float
    time_mean: float
    time_p95: float
    time_max: float
    nodes_mean: float

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


def _result_for(record: GameRecord, agent: str) -> float:
    side = 1 if record.spec.first == agent else 2
    return 0.5 if record.winner is None else float(record.winner == side)


def _own_moves(record: GameRecord, agent: str) -> tuple[list[float], list[int]]:
    """The times and nodes of ``agent``'s moves in a game."""
    opening = len(record.spec.opening)
    side = 0 if record.spec.first == agent else 1
    picks = [i for i in range(len(record.times)) if (opening + i) % 2 == side]
    return [record.times[i] for i in picks], [record.nodes[i] for i in picks]


def _counts(results: list[float]) -> tuple[int, int, int]:
    return results.count(1.0), results.count(0.5), results.count(0.0)


def summarise(
    records: Sequence[GameRecord], agents: Sequence[str]
) -> tuple[list[AgentSummary], list[PairingSummary]]:
    """Per agent and per pairing (each pairing from both sides), in the order of ``agents``."""
    per_agent: list[AgentSummary] = []
    per_pairing: list[PairingSummary] = []
    for agent in agents:
        games = [r for r in records if agent in (r.spec.first, r.spec.second)]
        results = [_result_for(r, agent) for r in games]
        lengths = [r.length for r in games] or [0]
        times: list[float] = []
        nodes: list[int] = []
        for record in games:
            own_times, own_nodes = _own_moves(record, agent)
            times += own_times
            nodes += own_nodes
        mean, low, high = score_interval(results)
        per_agent.append(
            AgentSummary(
                agent, *_counts(results), mean, low, high,
                statistics.fmean(lengths), statistics.median(lengths),
                statistics.fmean(times) if times else 0.0,
                _percentile(times, 95), max(times, default=0.0),
                statistics.fmean(nodes) if nodes else 0.0,
            )
        )  # fmt: skip
        for opponent in agents:
            if opponent == agent:
                continue
            pair = [r for r in games if opponent in (r.spec.first, r.spec.second)]
            if not pair:
                continue
            pair_results = [_result_for(r, agent) for r in pair]
            pair_lengths = [r.length for r in pair]
            mean, low, high = score_interval(pair_results)
            per_pairing.append(
                PairingSummary(
                    agent, opponent, *_counts(pair_results), mean, low, high,
                    statistics.fmean(pair_lengths), statistics.median(pair_lengths),
                )
            )  # fmt: skip
    return per_agent, per_pairing


def _percentile(values: list[float], percent: int) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(percent / 100 * len(ordered)) - 1)]


def elo_ratings(
    records: Sequence[GameRecord], agents: Sequence[str], anchor: str | None = None
) -> dict[str, tuple[float, float]]:
    """Elo ratings by maximum likelihood, with standard errors: ``{agent: (elo, error)}``.

    The model: an agent rated ``d`` above another scores ``1 / (1 + 10**(-d/400))`` on average
    (a draw counts half). The ``anchor`` (default ``random`` if present, else the first agent)
    is fixed at 0 with no error. Each pairing that played also counts one virtual draw, a weak
    prior that keeps ratings finite when an agent won or lost every game.

    >>> from fourinarow.tournament.one_game import GameSpec
    >>> def game(i): return GameRecord(GameSpec(i, "a", "b"), (), 1 if i % 4 else None, (), ())
    >>> ratings = elo_ratings([game(i) for i in range(8)], ["b", "a"])  # a: 6 wins, 2 draws
    >>> ratings["b"], round(ratings["a"][0])  # 7.5 of 9 with the virtual draw: 400*log10(5)
    ((0.0, 0.0), 280)
    """
    names = list(agents)
    if anchor is None:
        anchor = "random" if "random" in names else names[0]
    index = {name: i for i, name in enumerate(names)}
    k = len(names)
    games = [[0.0] * k for _ in range(k)]
    score = [[0.0] * k for _ in range(k)]  # score[i][j]: i's points against j
    for record in records:
        i, j = index[record.spec.first], index[record.spec.second]
        games[i][j] += 1
        games[j][i] += 1
        points = 0.5 if record.winner is None else float(record.winner == 1)
        score[i][j] += points
        score[j][i] += 1 - points
    for i in range(k):
        for j in range(k):
            if i != j and games[i][j]:
                games[i][j] += 1
                score[i][j] += 0.5
    free = [i for i in range(k) if names[i] != anchor]
    ratings = [0.0] * k
    hessian: list[list[float]] = []
    for _ in range(100):
        gradient, hessian = _derivatives(ratings, games, score, free)
        step = _solve(hessian, [-g for g in gradient])
        for position, i in enumerate(free):
            ratings[i] += max(-400.0, min(400.0, step[position]))
        if max((abs(s) for s in step), default=0.0) < 1e-6:
            break
    _, hessian = _derivatives(ratings, games, score, free)
    covariance = _inverse([[-h for h in row] for row in hessian])
    result = {anchor: (0.0, 0.0)}
    for position, i in enumerate(free):
        result[names[i]] = (ratings[i], math.sqrt(max(0.0, covariance[position][position])))
    return {name: result[name] for name in names}


def _derivatives(
    ratings: list[float], games: list[list[float]], score: list[list[float]], free: list[int]
) -> tuple[list[float], list[list[float]]]:
    """Gradient and Hessian of the log-likelihood in the free ratings (Elo units)."""
    k = len(ratings)
    gradient = [0.0] * len(free)
    hessian = [[0.0] * len(free) for _ in free]
    position = {i: p for p, i in enumerate(free)}
    for i in range(k):
        for j in range(k):
            if i == j or not games[i][j]:
                continue
            expected = 1 / (1 + 10 ** ((ratings[j] - ratings[i]) / 400))
            if i in position:
                gradient[position[i]] += _ELO * (score[i][j] - games[i][j] * expected)
                weight = _ELO * _ELO * games[i][j] * expected * (1 - expected)
                hessian[position[i]][position[i]] -= weight
                if j in position:
                    hessian[position[i]][position[j]] += weight
    return gradient, hessian


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Solve ``matrix @ x = vector`` by Gaussian elimination with partial pivoting."""
    n = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(n)]
    for column in range(n):
        pivot = max(range(column, n), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        if abs(rows[column][column]) < 1e-300:
            return [0.0] * n
        for r in range(n):
            if r != column:
                factor = rows[r][column] / rows[column][column]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column], strict=True)]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    n = len(matrix)
    columns = [_solve(matrix, [1.0 if r == c else 0.0 for r in range(n)]) for c in range(n)]
    return [[columns[c][r] for c in range(n)] for r in range(n)]
