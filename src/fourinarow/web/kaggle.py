"""Kaggle ConnectX's URL agent: the request kaggle-environments' ``UrlAgent`` posts, read.

``UrlAgent`` posts ``{"action": "act", "configuration": {...}, "environment": "connectx",
"state": {"observation": {...}}}`` and reads ``{"action": <column>}`` back (0-based). The
shape ``{"action": "act", "agent": {"observation": {...}, "configuration": {...}}}`` is read
too. The observation holds ``board`` (flat, row-major, top row first, 0 empty, 1 and 2 the
players' stones) and ``mark`` (the player to move); the configuration ``rows``, ``columns``,
``inarow`` and ``actTimeout`` (seconds per move).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from fourinarow.core import Board, FourInARowError
from fourinarow.integrations import kaggle as integration

__all__ = [
    "KaggleRequest",
    "KaggleRequestError",
    "kaggle_board",
    "kaggle_time_ms",
]

DEFAULT_ACT_TIMEOUT = 2.0
"""ConnectX's seconds per move when the configuration does not say."""

MARGIN_MS = 500.0
"""Time kept back from ``actTimeout`` for the network and the harness (at most a quarter of it)."""


class KaggleRequestError(FourInARowError):
    """A Kaggle agent request this server cannot answer (another action or environment, a
    mark that does not fit the board)."""


class Observation(BaseModel):
    """What the player sees: the cells and its own mark."""

    model_config = ConfigDict(extra="allow")
    board: list[Any]
    mark: int = Field(ge=1, le=2)


class Configuration(BaseModel):
    """The game's settings (ConnectX's defaults where left out)."""

    model_config = ConfigDict(extra="allow")
    rows: int = 6
    columns: int = 7
    inarow: int = 4
    actTimeout: float = Field(default=DEFAULT_ACT_TIMEOUT, ge=0, allow_inf_nan=False)  # noqa: N815


class AgentPart(BaseModel):
    """The ``agent`` member of the second request shape."""

    model_config = ConfigDict(extra="allow")
    observation: Observation
    configuration: Configuration = Field(default_factory=Configuration)


class State(BaseModel):
    """The ``state`` member of UrlAgent's request."""

    model_config = ConfigDict(extra="allow")
    observation: Observation


class KaggleRequest(BaseModel):
    """A Kaggle agent request, in either shape."""

    model_config = ConfigDict(extra="allow")
    action: str
    environment: str | None = None
    configuration: Configuration | None = None
    state: State | None = None
    agent: AgentPart | None = None

    def parts(self) -> tuple[Observation, Configuration]:
        """The observation and the configuration, wherever the request put them.

        Raises:
            KaggleRequestError: not an ``act`` request for ``connectx``, or no observation.
        """
        if self.action != "act":
            raise KaggleRequestError(
                f"action {self.action[:40]!r} is not served: this endpoint answers 'act' "
                "(the request of kaggle-environments' UrlAgent)"
            )
        if self.environment is not None and self.environment.lower() != "connectx":
            raise KaggleRequestError(
                f"environment {self.environment[:40]!r} is not served: this agent plays connectx"
            )
        if self.agent is not None:
            return self.agent.observation, self.configuration or self.agent.configuration
        if self.state is not None:
            return self.state.observation, self.configuration or Configuration.model_validate({})
        raise KaggleRequestError(
            "an act request holds the observation in state.observation (or agent.observation)"
        )


def kaggle_board(
    observation: Observation, configuration: Configuration, within: float | None = None
) -> Board:
    """The board of an observation (read by :func:`fourinarow.integrations.kaggle.kaggle_board`,
    its order of play searched for at most ``within`` seconds).

    Raises:
        FourInARowError: the cells do not fit the configuration or cannot arise, or the mark
            is not the player to move.
    """
    return integration.kaggle_board(observation, configuration, within=within)


def kaggle_time_ms(configuration: Configuration, cap_ms: float) -> float:
    """The time to think: ``actTimeout`` less a margin, at most the server's cap.

    >>> kaggle_time_ms(Configuration(actTimeout=2), 3000), kaggle_time_ms(Configuration(), 1000)
    (1500.0, 1000.0)
    """
    act_ms = configuration.actTimeout * 1000
    return float(max(0.0, min(cap_ms, act_ms - min(MARGIN_MS, act_ms / 4))))
