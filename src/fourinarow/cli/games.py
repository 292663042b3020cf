"""``fourinarow games``: your saved games (every game of ``fourinarow play``, the desktop game
and the web page that ended or was left after a move): list them, show one, review it (and
retry its mistakes), export it as a move string or JSON, or replay it move by move."""

from __future__ import annotations

import argparse
import dataclasses
import json
import textwrap
from pathlib import Path
from typing import Any

from fourinarow.cli.help_format import ParagraphHelpFormatter
from fourinarow.cli.options import add_no_color, positive_int, whole_option
from fourinarow.cli.output import color_wanted
from fourinarow.cli.review import (
    YOURS,
    ReviewSettings,
    add_limit_options,
    add_retry_options,
    check_retry_file,
    review_moves,
)
from fourinarow.cli.streams import ask
from fourinarow.core import Board, column_label
from fourinarow.core.render import render_ansi, render_text
from fourinarow.service.games import (
    GameStore,
    SavedGame,
    UnknownGameError,
    default_games_path,
)
from fourinarow.service.records import game_record

__all__ = ["add_parser", "run"]

DESCRIPTION = """\
Your saved games: every game of fourinarow play, the desktop game and the web page that ended,
or that was left after a move, numbered 1, 2, 3... in the order saved.

Without an action, or with list, the games are listed, newest first. show N prints a game and
its final board; review N grades its every move against the solver, as fourinarow review does
(with --retry, then replays each mistake and asks for a better move); export N prints its move
string (with --json its JSON record), ready for fourinarow review or the web page; replay N
steps through it move by move.

The games are kept in games.sqlite3 in the user's data folder ($XDG_DATA_HOME/fourinarow, or
~/.local/share/fourinarow), or in the file --db gives.
"""

RESULTS = {"first": "X won", "second": "O won", "draw": "draw", "unfinished": "unfinished"}
"""A saved game's result as the listing says it."""

PLACES = {"terminal": "in the terminal", "desktop": "in the desktop game", "web": "on the web page"}
"""Where a saved game was played, as a sentence says it."""

LINE_WIDTH = 80
"""The listing's widest line: the players are cut only where a line would be wider."""

game_number = whole_option(1, 10**12)
"""A saved game's number, from 1."""


def _add_db(parser: argparse.ArgumentParser, default: object = None) -> None:
    parser.add_argument(
        "--db",
        metavar="FILE",
        default=default,
        help="the games file (default: games.sqlite3 in the user's data folder)",
    )


def _add_number(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("number", type=game_number, metavar="N", help="the game's number")


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Register the ``games`` subcommand and its actions."""
    parser = commands.add_parser(
        "games",
        help="your saved games: list, show, review, export or replay one",
        description=DESCRIPTION,
        formatter_class=ParagraphHelpFormatter,
    )
    _add_db(parser)
    _add_list_options(parser)
    actions = parser.add_subparsers(
        title="action",
        dest="action",
        metavar="ACTION",
        parser_class=type(parser),
        required=False,
    )
    # an action's --db may come after it; left out, the one before it stays (SUPPRESS)
    listing = actions.add_parser("list", help="list the games, newest first (the default)")
    _add_list_options(listing, argparse.SUPPRESS)
    _add_db(listing, argparse.SUPPRESS)
    show = actions.add_parser("show", help="print a game and its final board")
    _add_number(show)
    add_no_color(show, "board")
    _add_db(show, argparse.SUPPRESS)
    review = actions.add_parser(
        "review", help="grade every move of a game against the solver (and --retry)"
    )
    _add_number(review)
    add_limit_options(review)
    review.add_argument(
        "--json", action="store_true", help="print review --json's record, with the game's"
    )
    add_retry_options(review)
    add_no_color(review, "boards (of --retry)")
    _add_db(review, argparse.SUPPRESS)
    export = actions.add_parser("export", help="print a game's move string, or its JSON record")
    _add_number(export)
    export.add_argument(
        "--json",
        action="store_true",
        help="print its JSON record: number, moves, size, width, height, connect, plies, "
        "first, second, you (which side is yours: first, second or null), result, source, "
        "finished",
    )
    _add_db(export, argparse.SUPPRESS)
    replay = actions.add_parser("replay", help="step through a game move by move")
    _add_number(replay)
    add_no_color(replay)
    _add_db(replay, argparse.SUPPRESS)


def _add_list_options(parser: argparse.ArgumentParser, default: object = None) -> None:
    parser.add_argument(
        "--limit",
        type=positive_int,
        metavar="N",
        default=50 if default is None else default,
        help="list at most N games (default: 50)",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        default=False if default is None else default,
        help="list them as one JSON array of the games' records",
    )


def run(args: argparse.Namespace) -> int:
    """Run the action; return the exit status."""
    path = Path(args.db) if args.db is not None else default_games_path()
    action = args.action or "list"
    if action == "list":
        return _list(path, args.limit, args.json)
    settings = None
    if action == "review":
        shape = {"moves": "", "size": (7, 6), "connect": 4}
        settings = ReviewSettings.from_args(argparse.Namespace(**{**vars(args), **shape}))
        check_retry_file(settings)  # before the game is looked for: a bad file said first
    if not path.exists():  # a file to read: not made here
        raise UnknownGameError(f"no game {args.number}: no games saved yet in {path}")
    with GameStore(path) as store:
        saved = store.game(args.number)
    if action == "show":
        return _show(saved, path if args.db is not None else None, color_wanted(args.no_color))
    if action == "export":
        print(json.dumps(game_record(saved)) if args.json else saved.moves)
        return 0
    if action == "replay":
        return _replay(saved, color_wanted(args.no_color))
    shape = {"moves": saved.moves, "size": (saved.width, saved.height), "connect": saved.connect}
    settings = ReviewSettings.from_args(argparse.Namespace(**{**vars(args), **shape}))
    if args.retry is YOURS and saved.you is not None:  # your mistakes, as every door replays
        settings = dataclasses.replace(settings, retry_player=1 if saved.you == "first" else 2)
    return review_moves(settings, {"game": game_record(saved)}, heading=_heading(saved))


def _list(path: Path, limit: int, as_json: bool) -> int:
    if not path.exists():  # nothing saved yet: the file is not made for a listing
        games: list[SavedGame] = []
        total = 0
    else:
        with GameStore(path) as store:
            games, total = store.games(limit), len(store)
    if as_json:
        print(json.dumps([game_record(game) for game in games]))
        return 0
    if not games:
        print(f"No games saved yet in {path}: play one with fourinarow play.")
        return 0
    many = f"{total} game{'' if total == 1 else 's'}"
    shown = f"The newest {len(games)} of {many}" if len(games) < total else many
    print(f"Games in {path}")  # its own line: a long path leaves the others 80 columns
    print(f"{shown}, newest first; times in UTC:")
    rows = [
        (
            f"{game.number:>4}  {game.finished[:16].replace('T', ' '):<16}  "
            f"{game.size + ('' if game.connect == 4 else f'c{game.connect}'):<5}",
            (game.first, game.second),
            f"{RESULTS[game.result]:<10}  {game.plies:>5}",
        )
        for game in games
    ]
    rows.insert(0, (f"{'#':>4}  {'saved':<16}  {'size':<5}", ("X", "O"), f"{'result':<10}  moves"))
    left = max(len(start) for start, _, _ in rows)
    room = LINE_WIDTH - left - max(len(end) for _, _, end in rows) - 4
    width = min(room, max(len(first) + len(second) + 4 for _, (first, second), _ in rows))
    for start, (first, second), end in rows:
        print(f"{start:<{left}}  {_players(first, second, width):<{width}}  {end}")
    print("Show one with: fourinarow games show N; review it: fourinarow games review N")
    return 0


def _when(saved: SavedGame) -> str:
    """When a game was saved, to the minute: ``2026-11-29 07:00 UTC``."""
    return saved.finished[:16].replace("T", " ") + " UTC"


def _players(first: str, second: str, width: int) -> str:
    """``first vs second`` in ``width`` columns at most: the longer name is cut first, and
    each keeps at least half the room, so that a long first name never hides the second."""
    room = width - 4  # " vs "
    half = room // 2
    if len(first) + len(second) > room:
        if len(first) <= half:
            second = _cut(second, room - len(first))
        elif len(second) <= room - half:
            first = _cut(first, room - len(second))
        else:
            first, second = _cut(first, half), _cut(second, room - half)
    return f"{first} vs {second}"


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."  # ASCII: 80 columns


def _board_text(board: Board, color: bool) -> str:
    return render_ansi(board) if color else render_text(board)


def _heading(saved: SavedGame) -> str:
    """Who played the game, on what board, where and when, in lines of up to 79 characters."""
    shape = f"{saved.size}, connect {saved.connect}"
    return textwrap.fill(
        f"Game {saved.number}: {saved.first} (X) against {saved.second} (O), {shape}, "
        f"played {PLACES[saved.source]}, saved {_when(saved)}",
        79,
    )


def _show(saved: SavedGame, db: Path | None, color: bool) -> int:
    print(_heading(saved))
    moves = "move" if saved.plies == 1 else "moves"
    print(f"Result: {RESULTS[saved.result]} after {saved.plies} {moves}")
    print(f"Moves: {saved.moves}")
    print(_board_text(saved.board(), color))
    db_option = "" if db is None else f" --db {db}"
    whose = "the players'" if saved.you is None else "your"  # two people: both sides'
    print(
        f"Review it: fourinarow games{db_option} review {saved.number} (add --retry to replay "
        f"{whose} mistakes)"
    )
    return 0


REPLAY_KEYS = "Enter next, b back, a number goes to that move, q quits"


def _replay(saved: SavedGame, color: bool) -> int:
    """Step through the game: Enter for the next move, b back, a move number, q."""
    final = saved.board()
    moves = final.moves
    board = Board(saved.width, saved.height, saved.connect)
    print(f"Replay of game {saved.number} ({saved.moves}): {REPLAY_KEYS}.")
    shown = -1
    while True:
        if shown != board.ply:
            shown = board.ply
            _say_position(board, moves, color)
        if board.ply == len(moves):
            print(f"End of the game: {RESULTS[saved.result]}.")
        try:
            text = ask(f"Move {board.ply} of {len(moves)} [Enter, b, 0-{len(moves)}, q]: ")
        except EOFError:
            print()
            return 0
        text = text.strip().lower()
        if text in ("q", "quit", "exit"):
            return 0
        if text in ("", "n", "next"):
            if board.ply == len(moves):
                return 0
            board.push(moves[board.ply])
        elif text in ("b", "back"):
            if board.ply:
                board.pop()
        elif text.isdigit() and int(text) <= len(moves):
            while board.ply > int(text):
                board.pop()
            while board.ply < int(text):
                board.push(moves[board.ply])
        else:
            print(f"Not understood: {text!r}; {REPLAY_KEYS} (0-{len(moves)}).")


def _say_position(board: Board, moves: tuple[int, ...], color: bool) -> None:
    if board.ply:
        symbol = "X" if board.ply % 2 else "O"
        print(f"Move {board.ply}: {symbol} plays {column_label(moves[board.ply - 1])}.")
    else:
        print("The start.")
    print(_board_text(board, color))
