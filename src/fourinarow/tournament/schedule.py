"""Which games a match or tournament plays: round robin, both colours equally, seeded openings."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from typing import overload

from fourinarow.agents import make_agent
from fourinarow.core import Board, FourInARowError
from fourinarow.tournament.one_game import GameSpec

__all__ = [
    "MAX_TOURNAMENT_GAMES",
    "InvalidSettingsError",
    "Schedule",
    "Settings",
    "schedule",
    "too_many_games",
]

MAX_TOURNAMENT_GAMES = 1_000_000
"""The most games one tournament (or one run of a study) plays in all: every game is stored,
and summing up the results reads them all back."""


class InvalidSettingsError(FourInARowError):
    """Tournament settings that cannot be played (too few agents, an odd game count, ...)."""


@dataclass(frozen=True)
class Settings:
    """Everything that decides a tournament's games; stored with it, so it can be resumed.

    Attributes:
        agents: two or more agent specs (a match is a tournament of two).
        games: games per pairing, an even number: each agent has the first move in half.
        seed: decides the openings and the agents' random choices.
        opening_plies: random moves played before the agents take over (for variety).
        width, height, connect: the board.
        time: seconds per move for agents that use time (``None``: their own default; 0: at
            once, as ``Limit(time=0)``).
    """

    agents: tuple[str, ...]
    games: int = 10
    seed: int = 0
    opening_plies: int = 0
    width: int = 7
    height: int = 6
    connect: int = 4
    time: float | None = None

    def check(self) -> None:
        """Raise ``InvalidSettingsError`` (or the agents' and board's own errors) if unplayable."""
        if len(self.agents) < 2:
            raise InvalidSettingsError("a tournament needs at least two agents")
        twice = [spec for spec in dict.fromkeys(self.agents) if self.agents.count(spec) > 1]
        if twice:
            raise InvalidSettingsError(
                f"{twice[0]!r} is named more than once: name each agent once (two settings "
                "of one agent differ in their options, e.g. simple and simple:blunder=0.1)"
            )
        if self.games < 2 or self.games % 2:
            raise InvalidSettingsError(
                f"--games {self.games}: each pairing plays an even number of games, at least 2, "
                "so that both agents move first equally often"
            )
        if self.total_games > MAX_TOURNAMENT_GAMES:
            raise InvalidSettingsError(too_many_games(self.games, self.pairings, "pairings"))
        if self.opening_plies < 0:
            raise InvalidSettingsError("--opening-plies must be 0 or more")
        if self.time is not None and not self.time >= 0:
            raise InvalidSettingsError("the time per move must be 0 (answer at once) or more")
        Board(self.width, self.height, self.connect)
        for spec in self.agents:
            make_agent(spec)

    @property
    def pairings(self) -> int:
        """How many pairs of agents play each other."""
        return len(self.agents) * (len(self.agents) - 1) // 2

    @property
    def total_games(self) -> int:
        """How many games the tournament plays: ``games`` for each pairing."""
        return self.pairings * self.games

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form (see ``from_dict``)."""
        return {**asdict(self), "agents": list(self.agents)}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Settings:
        """The settings ``to_dict`` wrote."""
        values = dict(data)
        values["agents"] = tuple(values["agents"])  # type: ignore[arg-type]
        return cls(**values)  # type: ignore[arg-type]


def _opening(rng: random.Random, settings: Settings) -> tuple[int, ...]:
    """``opening_plies`` random moves that neither end the game nor leave a win in one."""
    for _ in range(1000):
        board = Board(settings.width, settings.height, settings.connect)
        for _ in range(settings.opening_plies):
            if board.is_game_over():
                break
            board.push(rng.choice(board.legal_moves))
        if not board.is_game_over() and not board.winning_moves():
            return board.moves
    return ()


def too_many_games(games: int, groups: int, group: str) -> str:
    """The message that refuses ``--games games`` for each of ``groups`` pairings or matches
    (``group``, such as "pairings"), when together they are more than
    :data:`MAX_TOURNAMENT_GAMES`."""
    most = MAX_TOURNAMENT_GAMES // groups // 2 * 2
    instead = f"give --games {most} or fewer" if most >= 2 else "give fewer agents"
    return (
        f"--games {games} for each of {groups:,} {group} is {games * groups:,} games: at most "
        f"{MAX_TOURNAMENT_GAMES:,} are played in all; {instead}"
    )


def schedule(settings: Settings) -> Schedule:
    """Every game of the tournament, in a fixed order (the same settings, the same games).

    Each pairing plays ``games`` games; each pair of consecutive games shares an opening and
    swaps the colours. Seeds come from the settings' seed and the game's place, so a game is
    the same whichever worker plays it and whenever. The schedule is a sequence made as it is
    read: its length and any game are known without making the others, so that its memory does
    not grow with the number of games.

    >>> games = schedule(Settings(("random", "simple"), games=4, seed=1, opening_plies=2))
    >>> [(g.first, g.second) for g in games][:2], games[0].opening == games[1].opening
    ([('random', 'simple'), ('simple', 'random')], True)
    >>> len(schedule(Settings(tuple(f"simple:blunder=0.{i}" for i in range(1, 10)), games=10**6)))
    36000000
    """
    return Schedule(settings)


@dataclass(frozen=True)
class Schedule(Sequence[GameSpec]):
    """The games of a tournament in order, each made when it is read (see :func:`schedule`)."""

    settings: Settings

    def __len__(self) -> int:
        return self.settings.pairings * (self.settings.games // 2 * 2)

    @overload
    def __getitem__(self, index: int) -> GameSpec: ...

    @overload
    def __getitem__(self, index: slice) -> list[GameSpec]: ...

    def __getitem__(self, index: int | slice) -> GameSpec | list[GameSpec]:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        place = range(len(self))[index]  # an IndexError past the end, as a list's
        per_pairing = self.settings.games // 2 * 2
        pairing, within = divmod(place, per_pairing)
        return self._pair(*self._pairing(pairing), within // 2, place - within % 2)[within % 2]

    def __iter__(self) -> Iterator[GameSpec]:
        place = 0
        for a, b in itertools.combinations(range(len(self.settings.agents)), 2):
            for pair in range(self.settings.games // 2):
                yield from self._pair(a, b, pair, place)
                place += 2

    def _pairing(self, number: int) -> tuple[int, int]:
        """The agents of the pairing ``number`` (in the order of ``itertools.combinations``)."""
        agents = len(self.settings.agents)
        for a in range(agents):
            if number < agents - 1 - a:
                return a, a + 1 + number
            number -= agents - 1 - a
        raise IndexError(number)

    def _pair(self, a: int, b: int, pair: int, place: int) -> tuple[GameSpec, GameSpec]:
        """The two games of ``pair`` between agents ``a`` and ``b`` (``a`` first in the first,
        which is game ``place``): one opening, each agent first once."""
        settings = self.settings
        rng = random.Random(f"{settings.seed}:{a}:{b}:{pair}")
        opening = _opening(rng, settings)
        first, second = (
            GameSpec(
                index=place + i,
                first=settings.agents[one],
                second=settings.agents[other],
                width=settings.width,
                height=settings.height,
                connect=settings.connect,
                opening=opening,
                seed=rng.getrandbits(31),
                time=settings.time,
            )
            for i, (one, other) in enumerate(((a, b), (b, a)))
        )
        return first, second
