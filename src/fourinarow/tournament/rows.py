"""Rows of the results database read back into settings and games, checked as they are read.

A row that another program or a damaged file left behind must not turn into a wrong table of
results, so nothing is taken on trust: the settings must have our fields with their types, and a
game's moves are replayed, so its opening, its legality, its end and its winner all agree. A row
that fails raises :class:`UnreadableRowError`, naming the table and the row; no row is skipped.
"""

from __future__ import annotations

from typing import Any

from fourinarow.core import Board, FourInARowError
from fourinarow.core.json_text import JSONTextError, read_json
from fourinarow.tournament.one_game import GameRecord, GameSpec
from fourinarow.tournament.schedule import Settings

__all__ = ["UnreadableRowError", "read_game", "read_options", "read_settings"]


class UnreadableRowError(FourInARowError):
    """A row of the results database whose contents are not what fourinarow wrote."""


_SETTING_TYPES: dict[str, type | tuple[type, ...]] = {
    "agents": list,
    "games": int,
    "seed": int,
    "opening_plies": int,
    "width": int,
    "height": int,
    "connect": int,
    "time": (int, float, type(None)),
}


def _is(value: object, kind: type | tuple[type, ...]) -> bool:
    """``isinstance``, but a JSON ``true`` is not a number."""
    return isinstance(value, kind) and not isinstance(value, bool)


def _json(text: object, what: str) -> Any:
    if not isinstance(text, str):
        raise ValueError(f"{what} is not text")
    try:
        return read_json(text)
    except JSONTextError:
        raise ValueError(f"{what} is not JSON") from None


def _whole_numbers(text: object, what: str) -> tuple[int, ...]:
    values = _json(text, what)
    if not isinstance(values, list) or not all(_is(v, int) for v in values):
        raise ValueError(f"{what} is not a list of whole numbers")
    return tuple(values)


def read_settings(tournament_id: int, text: object) -> Settings:
    """The settings of tournament ``tournament_id`` from their JSON.

    Raises:
        UnreadableRowError: not the JSON of settings that fourinarow wrote.
    """
    try:
        data = _json(text, "its settings")
        if not isinstance(data, dict) or set(data) != set(_SETTING_TYPES):
            raise ValueError(f"its settings do not have the fields {', '.join(_SETTING_TYPES)}")
        wrong = [name for name, kind in _SETTING_TYPES.items() if not _is(data[name], kind)]
        if wrong or not all(isinstance(agent, str) for agent in data["agents"]):
            raise ValueError(f"its settings have a wrong {(wrong or ['agents'])[0]}")
        return Settings.from_dict(data)
    except ValueError as error:
        where = f"tournament {tournament_id} (table tournaments)"
        raise UnreadableRowError(f"{where}: {error}") from None


def read_options(experiment_id: int, text: object) -> dict[str, object]:
    """The options of experiment ``experiment_id`` (whole numbers ``games`` and ``seed``).

    Raises:
        UnreadableRowError: not the JSON that fourinarow wrote.
    """
    try:
        options = _json(text, "its options")
        if not isinstance(options, dict) or not all(
            _is(options.get(name), int) for name in ("games", "seed")
        ):
            raise ValueError("its options are not whole numbers games and seed")
    except ValueError as error:
        where = f"experiment {experiment_id} (table experiments)"
        raise UnreadableRowError(f"{where}: {error}") from None
    return options


def read_game(tournament_id: int, row: tuple[Any, ...], time: float | None) -> GameRecord:
    """A stored game from its row (game_index, first, second, width, height, connect, seed,
    opening, moves, winner, times, nodes), replayed to check it.

    Raises:
        UnreadableRowError: a field of the wrong type, moves that are not a legal, finished game
            from its opening, a winner that its moves do not give, or times and nodes that do
            not match its moves.
    """
    index, first, second, width, height, connect, seed, opening, moves, winner, times, nodes = row
    try:
        if not all(_is(v, int) for v in (index, width, height, connect, seed)):
            raise ValueError("a number of it is not a whole number")
        if not (isinstance(first, str) and isinstance(second, str)):
            raise ValueError("an agent of it is not text")
        spec = GameSpec(
            index, first, second, width, height, connect,
            _whole_numbers(opening, "its opening"), seed, time,
        )  # fmt: skip
        record = GameRecord(
            spec,
            _whole_numbers(moves, "its moves"),
            winner,
            _times(times),
            _whole_numbers(nodes, "its nodes"),
        )
        _replay(record)
    except ValueError as error:  # FourInARowError (an illegal move, a bad board) is one too
        where = f"game {index!r} of tournament {tournament_id} (table games)"
        raise UnreadableRowError(f"{where}: {error}") from None
    return record


def _times(text: object) -> tuple[float, ...]:
    values = _json(text, "its times")
    if not isinstance(values, list) or not all(_is(v, (int, float)) for v in values):
        raise ValueError("its times are not a list of numbers")
    return tuple(float(v) for v in values)


def _replay(record: GameRecord) -> None:
    """Check that a record is a finished game from its opening, with its winner, times, nodes."""
    spec = record.spec
    if record.moves[: len(spec.opening)] != spec.opening:
        raise ValueError("its moves do not start with its opening")
    board = Board(spec.width, spec.height, spec.connect)
    for column in record.moves:
        board.push(column)
    outcome = board.outcome()
    if outcome is None:
        raise ValueError("its moves do not end the game")
    exact_type = record.winner is None or _is(record.winner, int)
    if not exact_type or record.winner != outcome.winner:
        raise ValueError(f"its winner {record.winner!r} is not the one its moves give")
    played = len(record.moves) - len(spec.opening)
    if len(record.times) != played or len(record.nodes) != played:
        raise ValueError("its times and nodes do not match its moves")
