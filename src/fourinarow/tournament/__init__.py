"""AI-vs-AI experiments: schedules of games, played in parallel, stored in SQLite, summarised."""

from __future__ import annotations

from fourinarow.tournament.one_game import GameRecord, GameSpec, play_game
from fourinarow.tournament.schedule import Settings, schedule
from fourinarow.tournament.stats import AgentSummary, PairingSummary, elo_ratings, summarise
from fourinarow.tournament.store import Store

__all__ = [
    "AgentSummary",
    "GameRecord",
    "GameSpec",
    "PairingSummary",
    "Settings",
    "Store",
    "elo_ratings",
    "play_game",
    "schedule",
    "summarise",
]
