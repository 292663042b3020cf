"""``fourinarow review --db/--game/--tournament/--list``: review games stored by
``fourinarow tournament``, one game or a whole tournament summed up per agent.

A stored game's id is ``T:N``: game ``N`` (from 1, in schedule order) of tournament ``T`` (the
number ``fourinarow tournament`` prints in its header). ``--list`` shows the ids.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from fourinarow.cli.progress_bars import progress_bar
from fourinarow.cli.review_text import review_text
from fourinarow.core import Geometry, format_moves
from fourinarow.core.paths import check_regular_file
from fourinarow.search.limit import Limit
from fourinarow.search.solver import Solver
from fourinarow.service.jobs import interruptible
from fourinarow.service.records import review_record
from fourinarow.service.reviews import (
    GRADES,
    AgentSummary,
    PlayedGame,
    ReviewedGame,
    ReviewError,
    agent_summaries,
    review_games,
)
from fourinarow.tournament.one_game import GameRecord
from fourinarow.tournament.store import Store, StoredTournament, default_db_path

__all__ = ["DB_HELP", "LimitOf", "StoredGames", "add_db_options", "run_review_db"]

DB_HELP = """\
Stored games come from the results database of fourinarow tournament: --db PATH, by default
%(db)s
--list shows a tournament's games (the latest, or --tournament ID) with their ids T:N (game N
of tournament T), agents (X = the agent that moved first), results and moves; --db alone does
the same. --game T:N reviews one game (--game N: game N of --tournament ID, or of the latest
tournament). --tournament [ID] reviews every game of tournament ID (the latest when ID is left
out) and prints per agent its games, moves, moves of each grade, accuracy, weighted accuracy and
blunders per game, over the moves it chose (a random opening, --opening-plies, counts for no
agent). Stored games keep their own board: --size and --connect are not used with them. With
--json: --list gives the games, --game the review with the game's id and agents, --tournament
every game's players and turning points and the agents' summaries.
"""

LimitOf = Callable[[Geometry], Limit | None]
"""The limit per position ``fourinarow review`` gives a board of a shape:
``limit_of(geometry)``."""

_MARK_NAMES = {"best": "best", "inaccuracy": "?!", "mistake": "?", "blunder": "??", "unproven": "~"}


def _game_id(text: str) -> tuple[int | None, int]:
    """``T:N`` or ``N`` as (tournament or ``None``, game number from 1)."""
    tournament, _, number = text.rpartition(":")
    try:
        parsed = int(tournament) if tournament else None, int(number)
    except ValueError:
        parsed = None, 0
    if parsed[1] < 1 or (parsed[0] is not None and parsed[0] < 1):
        raise argparse.ArgumentTypeError(
            f"a game's id is T:N (game N of tournament T, from 1; see --list) or N, not {text!r}"
        )
    return parsed


def _tournament_id(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a tournament's id is a number from 1, not {text!r}")
    return int(text)


def add_db_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--db``, ``--game``, ``--tournament`` and ``--list`` to ``fourinarow review``."""
    group = parser.add_argument_group("stored games (see below)")
    group.add_argument(
        "--db", metavar="PATH", help="the results database, a regular file (default: see below)"
    )
    group.add_argument("--game", type=_game_id, metavar="ID", help="review game T:N (or N)")
    group.add_argument(
        "--tournament",
        nargs="?",
        const=0,
        type=_tournament_id,
        metavar="ID",
        help="review every game of a tournament (default: the latest) and sum up per agent",
    )
    group.add_argument(
        "--list", action="store_true", help="list a tournament's games with their ids"
    )
    group.add_argument("--quiet", action="store_true", help="no progress bar on standard error")


@dataclass(frozen=True)
class StoredGames:
    """Which stored games ``fourinarow review`` was asked for, and how to show them."""

    db: str | None = None  # --db (default: the results database's default place)
    game: tuple[int | None, int] | None = None  # --game T:N (tournament or None, game from 1)
    tournament: int | None = None  # --tournament [ID]: 0 for the latest, None when not given
    list: bool = False
    json: bool = False
    quiet: bool = False

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> StoredGames:
        """The stored games ``review``'s arguments ask for (none, if they ask for none)."""
        return cls(
            db=args.db,
            game=args.game,
            tournament=args.tournament,
            list=args.list,
            json=args.json,
            quiet=args.quiet,
        )

    @property
    def wanted(self) -> bool:
        """Whether the command asks for stored games."""
        return bool(self.db or self.game or self.list) or self.tournament is not None


def run_review_db(asked: StoredGames, limit_of: LimitOf) -> int:
    """Review or list stored games; ``limit_of(geometry)`` gives the limit per
    position for a board. Return the exit status."""
    if asked.game and asked.list:
        raise ReviewError("--list shows a tournament's games: leave out --game")
    path = Path(asked.db) if asked.db else default_db_path()
    check_regular_file(path, "the results database")
    try:
        missing = not path.is_file()
    except OSError:  # a folder on the way that we may not enter: the store says so below
        missing = False
    if missing:
        raise ReviewError(
            f"there is no results database {path}: give the file fourinarow tournament "
            "wrote with --db PATH"
        )
    with Store(path, create=False, on_wait=_say_waiting) as store:
        wanted = asked.tournament or None
        if asked.game and asked.game[0] is not None:
            if wanted not in (None, asked.game[0]):
                raise ReviewError(
                    f"--game {asked.game[0]}:{asked.game[1]} is of tournament {asked.game[0]}, "
                    f"not --tournament {wanted}: give one of them"
                )
            wanted = asked.game[0]
        stored = store.tournament(wanted)
        if stored is None:
            which = f"tournament {wanted}" if wanted else "tournament"
            raise ReviewError(f"there is no {which} in {path}{_known_tournaments(store)}")
        records = store.records(stored.id)
    games = [_played(stored.id, r) for r in records]
    if asked.game:
        numbers = [r.spec.index + 1 for r in records]
        if asked.game[1] not in numbers:
            raise ReviewError(
                f"tournament {stored.id} has no game {asked.game[1]}: its games are "
                f"{_numbers(numbers)} (see fourinarow review --list)"
            )
        return _review_one(asked, games[numbers.index(asked.game[1])], limit_of)
    if asked.list or asked.tournament is None:
        return _list(asked, stored, games, records)
    return _review_all(asked, stored, games, limit_of)


def _say_waiting(message: str) -> None:
    print(f"fourinarow review: note: {message}", file=sys.stderr)


def _known_tournaments(store: Store) -> str:
    latest = store.tournament()
    return ": it holds none" if latest is None else f" (the latest is tournament {latest.id})"


def _numbers(numbers: list[int]) -> str:
    """Sorted numbers as runs: ``1-4, 6, 9-10`` (``none`` for none)."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][1] + 1:
            runs[-1][1] = number
        else:
            runs.append([number, number])
    words = [f"{low}" if low == high else f"{low}-{high}" for low, high in runs]
    return ", ".join(words) or "none"


def _played(tournament_id: int, record: GameRecord) -> PlayedGame:
    spec = record.spec
    return PlayedGame(
        moves=format_moves(record.moves, spec.width),
        first=spec.first,
        second=spec.second,
        width=spec.width,
        height=spec.height,
        connect=spec.connect,
        opening_plies=len(spec.opening),
        id=f"{tournament_id}:{spec.index + 1}",
    )


def _result(winner: int | None) -> str:
    return "draw" if winner is None else f"{'XO'[winner - 1]} wins"


def _heading(stored: StoredTournament) -> str:
    s = stored.settings
    opening = f"; {s.opening_plies} random opening moves" if s.opening_plies else ""
    return (
        f"Tournament {stored.id} ({s.width}x{s.height}, connect {s.connect}; "
        f"{stored.played} of {stored.total_games} games stored{opening})"
    )


def _list(
    asked: StoredGames,
    stored: StoredTournament,
    games: list[PlayedGame],
    records: list[GameRecord],
) -> int:
    if asked.json:
        rows = [
            {**_game_json(game), "result": r.winner if r.winner else "draw"}
            for game, r in zip(games, records, strict=True)
        ]
        print(json.dumps({"tournament": stored.id, "games": rows}))
        return 0
    print(_heading(stored) + ":")
    width_x = max([len(g.first) for g in games] + [1])
    width_o = max([len(g.second) for g in games] + [1])
    width_id = max([len(g.id) for g in games] + [4])
    print(f"{'game':<{width_id}}  {'X':<{width_x}}  {'O':<{width_o}}  {'result':<7}  moves")
    for game, record in zip(games, records, strict=True):
        print(
            f"{game.id:<{width_id}}  {game.first:<{width_x}}  {game.second:<{width_o}}  "
            f"{_result(record.winner):<7}  {game.moves}"
        )
    return 0


def _game_json(game: PlayedGame) -> dict[str, object]:
    return {
        "id": game.id,
        "X": game.first,
        "O": game.second,
        "moves": game.moves,
        "opening_plies": game.opening_plies,
    }


def _reviewed(asked: StoredGames, games: list[PlayedGame], limit_of: LimitOf) -> list[ReviewedGame]:
    """Every game reviewed (Ctrl-C stops at once), with progress on standard error."""
    if not games:
        return []
    first = games[0]
    limit = limit_of(Geometry(first.width, first.height, first.connect))  # the stored shape
    with progress_bar("games", enabled=not asked.quiet and len(games) > 1) as progress:
        work = partial(review_games, games, limit=limit, solver=Solver(tt_mb=64), progress=progress)
        return interruptible(work)


def _review_one(asked: StoredGames, game: PlayedGame, limit_of: LimitOf) -> int:
    (reviewed,) = _reviewed(asked, [game], limit_of)
    agents = agent_summaries([reviewed])
    if asked.json:
        data = {**_game_json(game), **review_record(reviewed.review)}
        data["agents"] = [a.to_json() for a in agents]
        print(json.dumps(data))
        return 0
    opening = (
        f"; moves 1-{game.opening_plies} were the random opening" if game.opening_plies else ""
    )
    print(f"Game {game.id}: X = {game.first}, O = {game.second}{opening}")
    print(review_text(reviewed.review))
    if game.opening_plies:
        print("\nThe agents' own moves (the opening left out):")
        print(_agent_table(agents))
    return 0


def _review_all(
    asked: StoredGames, stored: StoredTournament, games: list[PlayedGame], limit_of: LimitOf
) -> int:
    reviewed = _reviewed(asked, games, limit_of)
    agents = agent_summaries(reviewed)
    if asked.json:
        s = stored.settings
        print(
            json.dumps(
                {
                    "tournament": stored.id,
                    "size": f"{s.width}x{s.height}",
                    "connect": s.connect,
                    "games": [
                        {
                            **_game_json(r.game),
                            "result": r.review.to_json()["result"],
                            "players": [p.to_json() for p in r.review.summaries()],
                            "turning_points": [m.number for m in r.review.turning_points],
                        }
                        for r in reviewed
                    ],
                    "agents": [a.to_json() for a in agents],
                }
            )
        )
        return 0
    print(f"{_heading(stored)}: {len(reviewed)} games reviewed")
    print()
    print(_agent_table(agents))
    return 0


def _percent(share: float | None) -> str:
    return "-" if share is None else f"{share:.0%}"


def _agent_table(agents: list[AgentSummary]) -> str:
    """One row per agent: games, moves, moves per grade, both accuracies, blunders a game."""
    width = max([len(a.agent) for a in agents] + [5])
    grades = "".join(f"{_MARK_NAMES[g]:>6}" for g in GRADES)
    lines = [f"{'agent':<{width}}  games  moves{grades}  accuracy  weighted  ??/game"]
    for a in agents:
        counts = "".join(f"{a.counts[g]:>6}" for g in GRADES)
        lines.append(
            f"{a.agent:<{width}}  {a.games:>5}  {a.moves:>5}{counts}  "
            f"{_percent(a.accuracy):>8}  {_percent(a.weighted_accuracy):>8}  "
            f"{a.blunders_per_game:>7.2f}"
        )
    return "\n".join(lines)
