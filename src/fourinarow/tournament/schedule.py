"""Which games a match or tournament plays: round robin, both colours equally, seeded openings."""

from __future__ import annotations

import itertools
import random
from dataclasses import asdict, dataclass

from fourinarow.agents import make_agent
from fourinarow.core import Board, FourInARowError
from fourinarow.tournament.games import GameSpec

__all__ = ["InvalidSettingsError", "Settings", "schedule"]


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
        if self.opening_plies < 0:
            raise InvalidSettingsError("--opening-plies must be 0 or more")
        if self.time is not None and not self.time >= 0:
            raise InvalidSettingsError("the time per move must be 0 (answer at once) or more")
        Board(self.width, self.height, self.connect)
        for spec in self.agents:
            make_agent(spec)

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


def schedule(settings: Settings) -> list[GameSpec]:
    """Every game of the tournament, in a fixed order (the same settings, the same games).

    Each pairing plays ``games`` games; each pair of consecutive games shares an opening and
    swaps the colours. Seeds come from the settings' seed and the game's place, so a game is
    the same whichever worker plays it and whenever.

    >>> games = schedule(Settings(("random", "simple"), games=4, seed=1, opening_plies=2))
    >>> [(g.first, g.second) for g in games][:2], games[0].opening == games[1].opening
    ([('random', 'simple'), ('simple', 'random')], True)
    """
    specs: list[GameSpec] = []
    for a, b in itertools.combinations(range(len(settings.agents)), 2):
        for pair in range(settings.games // 2):
            rng = random.Random(f"{settings.seed}:{a}:{b}:{pair}")
            opening = _opening(rng, settings)
            for first, second in ((a, b), (b, a)):
                specs.append(
                    GameSpec(
                        index=len(specs),
                        first=settings.agents[first],
                        second=settings.agents[second],
                        width=settings.width,
                        height=settings.height,
                        connect=settings.connect,
                        opening=opening,
                        seed=rng.getrandbits(31),
                        time=settings.time,
                    )
                )
    return specs
