"""The terminal game: ``fourinarow play``, a human against the computer or another human.

Each game that ends, or that the player leaves with a move made, is saved in the player's
games file (:mod:`fourinarow.service.games`), and the game prints its move string and the
commands that review it."""

from __future__ import annotations

import argparse
import random
import sys
import textwrap
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TextIO

from fourinarow.agents import AGENTS, Agent, Decision, Limit, PerfectAgent, make_agent
from fourinarow.cli.kernels import note_pure_python
from fourinarow.cli.options import (
    add_no_color,
    add_shape_options,
    non_negative_number,
    seed_number,
)
from fourinarow.cli.output import color_wanted
from fourinarow.cli.review_text import explanation_lines, line_text, review_text
from fourinarow.cli.streams import ask
from fourinarow.core import (
    Board,
    Column,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    Outcome,
    parse_column,
)
from fourinarow.core.notation import accepted_columns, column_label
from fourinarow.core.paths import OutputWriteError
from fourinarow.core.render import render_ansi, render_text
from fourinarow.search.scores import Bounds, ColumnValue, ColumnValues, Estimate, Unvalued
from fourinarow.search.solver import Solver
from fourinarow.service.budgets import review_position_limit
from fourinarow.service.coach import best_line, centre_first, explain, line_limit
from fourinarow.service.games import (
    MAX_NAME,
    YOU,
    GameStore,
    GameStoreError,
    computer_name,
    default_games_path,
    player_names,
)
from fourinarow.service.jobs import interruptible
from fourinarow.service.judgement import hint
from fourinarow.service.reviews import review_game
from fourinarow.service.words import ESTIMATE_RULE, MOVES_RULE, VALUES_RULE, value_text

__all__ = ["GameSettings", "TerminalGame", "add_parser", "run"]

_SYMBOLS = {1: "X", 2: "O"}


THINKING_NOTICE_SECONDS = 0.5
"""After this long the game says that the computer is thinking."""


HINT_HEADING = (
    "What each column is worth to the player to move, with perfect play from both sides: "
    f"{VALUES_RULE}; {MOVES_RULE}."
)
"""The first words of ``?``'s values (wrapped to the terminal's lines)."""


def _hint_value(value: ColumnValue) -> str:
    """A column's value as ``?`` says it: ``-2 loss in 18``, ``0 draw``, ``-1..3 not proven
    (not settled within a second)``, ``~+0.4 estimate (depth 4)``, ``full``."""
    if value is Unvalued.FULL:
        return "full"
    if value is Unvalued.NOT_SEARCHED:
        return "? not searched within a second"
    if isinstance(value, Bounds):
        return f"{value_text(value)} (not settled within a second)"
    if isinstance(value, Estimate):
        proven = "" if value.bounds is None else f", proven {value.bounds}"
        return f"{value_text(value)} (depth {value.depth}{proven})"
    return value_text(value)


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Register the ``play`` subcommand."""
    play = commands.add_parser(
        "play",
        help="play a game in the terminal",
        description=(
            "Play Connect Four in the terminal against the computer (or another human). "
            "Type a column number (or letter) to drop a stone; u undoes your last move, "
            "? shows help, q quits; when a game ends, r reviews it. Each game that ends, or "
            "that you leave after a move, is saved in your games file (fourinarow games lists "
            "them), and its move string is printed with the commands that review it."
        ),
    )
    play.add_argument(
        "--opponent",
        default="level:5",
        metavar="SPEC",
        help=f"the computer player: {', '.join(AGENTS)} (default: level:5; see fourinarow agents)",
    )
    play.add_argument(
        "--first",
        choices=("human", "computer", "random"),
        default="human",
        help="who moves first (default: human)",
    )
    add_shape_options(play)
    play.add_argument(
        "--name",
        type=_player_name,
        action="append",
        help=f"your name, up to {MAX_NAME} characters (default: You); with --human-vs-human "
        "give it twice, the first player's then the second's (default: Red and Yellow)",
    )
    play.add_argument(
        "--human-vs-human", action="store_true", help="two humans take turns at one terminal"
    )
    add_no_color(play, "board")
    play.add_argument(
        "--seed", type=seed_number, help="seed the computer's choices for a repeatable game"
    )
    play.add_argument(
        "--time-ms",
        type=non_negative_number,
        default=2000,
        metavar="T",
        help="the computer's thinking time per move, for players that use time; 0 answers at "
        "once (default: 2000)",
    )
    play.add_argument(
        "--review", action="store_true", help="review each game when it ends, without asking"
    )
    play.add_argument(
        "--from",
        dest="start",
        metavar="MOVES",
        help="start each game from the position these moves reach (1-based columns, such as "
        "4453); the side to move is the one whose turn it is there",
    )
    play.add_argument(
        "--db",
        metavar="FILE",
        help="the games file the games are saved in (default: games.sqlite3 in the user's "
        "data folder, $XDG_DATA_HOME/fourinarow)",
    )
    play.add_argument("--no-save", action="store_true", help="do not save the games")


COMPUTER_SEAT = "Computer"
"""What the terminal game calls the computer in its lines (saved as ``Computer (level 5)``)."""


def _same_name(first: str, second: str) -> bool:
    """Whether two names are one, as a games file keeps them (case and spaces aside)."""
    return " ".join(first.split()).casefold() == " ".join(second.split()).casefold()


def _player_name(text: str) -> str:
    """``--name``: at most :data:`MAX_NAME` characters, as a games file keeps them whole."""
    length = len(" ".join(text.split()))
    if length > MAX_NAME:
        raise argparse.ArgumentTypeError(
            f"a name is at most {MAX_NAME} characters long, not {length}"
        )
    return text


def run(args: argparse.Namespace) -> int:
    """Play games in the terminal until the player stops; return the exit status."""
    names = args.name or []
    if len(names) > 2 or (len(names) == 2 and not args.human_vs_human):
        args.command_parser.error(
            "--name is given once, your name; twice only with --human-vs-human, "
            "the first player's then the second's"
        )
    settings = GameSettings.from_args(args)
    first, second = settings.seat_names()
    if _same_name(first, second):  # the score, kept by name, would be one player's
        args.command_parser.error(
            f"--name: the two players need names of their own, not both {first.strip()!r}"
        )
    if settings.opponent is not None:
        note_pure_python("play", settings.board.width, settings.board.height)
    return TerminalGame(settings).run()


@dataclass(frozen=True)
class GameSettings:
    """What ``fourinarow play`` was asked for: the board's shape and the computer player,
    built and checked, and the options."""

    board: Board = field(default_factory=Board)  # the start (--from); each game starts on a copy
    opponent: Agent | None = None  # the computer player; None between two humans
    first: str = "human"  # human, computer or random
    name: str | None = None  # default: "You" against the computer, "Red" between humans
    partner: str | None = None  # between humans, the second player's name (default: "Yellow")
    color: bool = True
    seed: int | None = None  # seeds the choice of who moves first (with first="random")
    think_time: float = 2.0  # seconds per computer move, for agents that use time
    review: bool = False  # review every finished game without being asked
    save: bool = True  # save each game in the games file
    db: str | None = None  # the games file (None: the default one)

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> GameSettings:
        """The settings ``play``'s arguments ask for: the board and the computer player
        built once, here, so that a bad shape or agent spec stops the command at once.

        Raises:
            FourInARowError: the shape or the agent's spec is not valid.
        """
        width, height = args.size
        board = Board(width, height, args.connect)
        if args.start is not None:
            board = Board.from_moves(args.start, width=width, height=height, connect=args.connect)
            if board.is_game_over():
                raise GameOverError(
                    f"the game of --from {args.start} is over: give the moves of a position "
                    "still to play"
                )
        opponent = None if args.human_vs_human else make_agent(args.opponent, seed=args.seed)
        names = args.name or []  # --name, given once or (between two people) twice
        return cls(
            board=board,
            opponent=opponent,
            first=args.first,
            name=names[0] if names else None,
            partner=names[1] if len(names) > 1 else None,
            color=color_wanted(args.no_color),
            seed=args.seed,
            think_time=args.time_ms / 1000,
            review=args.review,
            save=not args.no_save,
            db=args.db,
        )

    def seat_names(self) -> tuple[str, str]:
        """What the terminal calls the two sides, the first player's and the second's between
        two people, else the person's and the computer's (the score is kept by these names)."""
        if self.opponent is None:
            return player_names(None, None, you=self.name, partner=self.partner)
        return (self.name or YOU, COMPUTER_SEAT)


@dataclass
class _Seat:
    name: str
    agent: Agent | None  # None for a human


class _QuitRequested(Exception):  # noqa: N818 (control flow, not an error)
    """The player asked to leave (q, end of input)."""


class TerminalGame:
    """Runs games in a terminal until the player stops.

    Args:
        settings: the empty board, the computer player and the options.
        read: reads one line of input after showing a prompt (by default
            :func:`~fourinarow.cli.streams.ask`, ``input`` with a bound on the line); raises
            ``EOFError`` at end of input.
        out: where the board and messages go (standard output when the game starts, by
            default).
    """

    def __init__(
        self,
        settings: GameSettings,
        read: Callable[[str], str] = ask,
        out: TextIO | None = None,
    ) -> None:
        self.settings = settings
        self._read = read
        self._out = out if out is not None else sys.stdout
        self._rng = random.Random(settings.seed)
        self._agent = settings.opponent
        self._wins: dict[str, int] = {}
        self._analyst: PerfectAgent | None = None
        self._draws = 0
        self._names: dict[int, str] = {}
        self._players: dict[int, str] = {}  # as the games file keeps them
        self._board: Board | None = None  # the game in play, saved if the player leaves
        self._moved = False
        self._store: GameStore | None = None
        self._saving = settings.save
        if settings.save and settings.db is not None:  # a file given is checked at once
            self._store = GameStore(settings.db)

    # ------------------------------------------------------------------------------ output

    def _say(self, text: str = "") -> None:
        print(text, file=self._out, flush=True)

    def _draw(self, board: Board) -> None:
        self._say()
        self._say(render_ansi(board) if self.settings.color else render_text(board))

    def _label(self, player: int) -> str:
        return f"{self._names[player]} ({_SYMBOLS[player]})"

    # -------------------------------------------------------------------------------- flow

    def run(self) -> int:
        """Play games until the player quits or declines another; return the exit status."""
        s = self.settings.board
        try:
            return self._run(s)
        finally:
            if self._store is not None:
                self._store.close()

    def _run(self, s: Board) -> int:
        self._say(
            f"Connect {s.connect} on a {s.width}x{s.height} board. "
            "Type a column to drop a stone; ? for help."
        )
        if s.ply:
            self._say(f"Starting from {s.to_moves()}.")
        try:
            while True:
                board = self._play_one()
                self._board = None
                self._keep(board)
                if self.settings.review:
                    self._review(board)
                else:
                    self._say("Type r to review this game: every move graded by the solver.")
                if not self._again(board):
                    break
        except _QuitRequested:
            self._leave()
        except KeyboardInterrupt:
            self._leave()
            raise
        self._say("Bye.")
        return 0

    # ------------------------------------------------------------------------------ saving

    def _leave(self) -> None:
        """Save the game in play, left before its end, if a player at the terminal moved."""
        board, self._board = self._board, None
        if board is not None and self._moved and board.ply > self.settings.board.ply:
            self._keep(board)

    def _keep(self, board: Board) -> None:
        """Save the game in the games file and print its moves and how to review it; a file
        that cannot be written is said in one line, and the games go on unsaved."""
        moves = board.to_moves()
        self._say(f"Moves: {moves}")
        review = f"fourinarow review {moves}{self._shape_options(board)}"
        if not self._saving:
            self._say(f"Review it: {review}")
            return
        try:
            if self._store is None:
                self._store = GameStore(self.settings.db or default_games_path())
            saved = self._store.save(
                board, first=self._players[1], second=self._players[2], source="terminal"
            )
        except (GameStoreError, OutputWriteError) as error:
            self._saving = False
            self._say(f"Not saved: {error}")
            self._say(f"Review it: {review}")
            return
        games = "" if self.settings.db is None else f" --db {self.settings.db}"
        number = saved.number
        saved_line = f"Saved as game {number}. Review it: fourinarow games{games} review {number}"
        self._say(saved_line)
        self._say(f"or, from its moves: {review}")

    @staticmethod
    def _shape_options(board: Board) -> str:
        """The options that give ``board``'s shape to a command, where it is not 7x6."""
        size = (
            "" if (board.width, board.height) == (7, 6) else f" --size {board.width}x{board.height}"
        )
        return size + ("" if board.connect == 4 else f" --connect {board.connect}")

    def _seats(self) -> dict[int, _Seat]:
        s = self.settings
        names = s.seat_names()
        if self._agent is None:
            seats = {1: _Seat(names[0], None), 2: _Seat(names[1], None)}
        else:
            first = s.first if s.first != "random" else self._rng.choice(["human", "computer"])
            human, computer = _Seat(names[0], None), _Seat(names[1], self._agent)
            seats = {1: human, 2: computer} if first == "human" else {1: computer, 2: human}
        self._names = {p: seat.name for p, seat in seats.items()}
        agents = [None if seat.agent is None else seat.agent.name for seat in seats.values()]
        self._players = dict(enumerate(player_names(*agents, you=s.name, partner=s.partner), 1))
        for seat in seats.values():
            self._wins.setdefault(seat.name, 0)
        return seats

    @staticmethod
    def _describe(player: int, seat: _Seat) -> str:
        """``You play X`` or ``Computer (level 5) plays O``."""
        verb = "play" if seat.name == "You" else "plays"
        who = computer_name(seat.agent.name) if seat.agent is not None else seat.name
        return f"{who} {verb} {_SYMBOLS[player]}"

    def _play_one(self) -> Board:
        """Play one game to its end; return the final position."""
        board = self.settings.board.copy()
        self._board = board
        self._moved = False  # a human's move made in this game: left, it is saved
        seats = self._seats()
        to_move = "X moves first" if not board.ply else f"{_SYMBOLS[board.turn]} to move"
        self._say(f"{self._describe(1, seats[1])}, {self._describe(2, seats[2])}; {to_move}.")
        while True:
            self._draw(board)
            outcome = board.outcome()
            if outcome is not None:
                self._announce(outcome)
                return board
            seat = seats[board.turn]
            if seat.agent is not None:
                decision = self._think(seat, board)
                board.push(decision.column)
                self._say(f"{seat.name} plays {column_label(decision.column)}.")
            else:
                self._human_turn(board, seats)

    def _think(self, seat: _Seat, board: Board) -> Decision:
        """The computer's decision; if it takes a while, say that it is thinking."""
        assert seat.agent is not None
        notice = threading.Timer(
            THINKING_NOTICE_SECONDS, self._say, [f"{seat.name} is thinking..."]
        )
        notice.daemon = True
        notice.start()
        agent, position, limit = seat.agent, board.copy(), Limit(time=self.settings.think_time)
        try:
            return interruptible(lambda: agent.choose(position, limit))
        finally:
            notice.cancel()

    def _human_turn(self, board: Board, seats: dict[int, _Seat]) -> None:
        """Read commands until a move is played (or undone), re-prompting on bad input."""
        accepted = accepted_columns(board.width)
        prompt = f"{self._label(board.turn)}, your move [{accepted}, u, ?, q]: "
        while True:
            text = self._ask(prompt).strip().lower()
            if text in ("q", "quit", "exit"):
                raise _QuitRequested
            if text in ("?", "help"):
                self._help(board, seats)
                continue
            if text in ("u", "undo"):
                if self._undo(board, seats):
                    return
                continue
            if not text:
                continue
            try:
                board.push(parse_column(text, board.width))
            except (InvalidMoveError, IllegalMoveError) as error:
                self._say(f"Not played: {error}.")
                continue
            self._moved = True
            return

    def _undo(self, board: Board, seats: dict[int, _Seat]) -> bool:
        """Take back the last full turn: back to the human's previous move."""
        humans = [p for p, seat in seats.items() if seat.agent is None]
        start = self.settings.board.ply  # the moves of --from are not the game's to undo
        human_moves = [i for i in range(start, board.ply) if (i % 2) + 1 in humans]
        if not human_moves:
            self._say("Nothing to undo.")
            return False
        keep = human_moves[-1]
        taken = [board.pop() for _ in range(board.ply - keep)]
        labels = ", ".join(column_label(c) for c in reversed(taken))
        self._say(f"Undone: {labels}.")
        return True

    def _help(self, board: Board, seats: dict[int, _Seat]) -> None:
        against_computer = any(seat.agent is not None for seat in seats.values())
        undo = "your last move and the computer's reply" if against_computer else "the last move"
        self._say(
            f"Drop a stone by typing its column: {accepted_columns(board.width)}.\n"
            f"Make a line of {board.connect} across, up or diagonally to win; "
            "a full board is a draw.\n"
            "Cells are named by column letter and row from the bottom: d1 is the bottom cell\n"
            "of column 4.\n"
            f"  u  undo {undo}\n"
            "  ?  this help, what each column is worth, why, and the best line\n"
            "  q  quit (Ctrl-D and Ctrl-C work too)"
        )
        self._say(self._column_values(board))

    def _column_values(self, board: Board) -> str:
        """Every column's value for the side to move, within a hint's budget
        (:func:`~fourinarow.service.judgement.hint`: exact at once inside the opening book, else
        a second; reading the shape's opening book and making the table, the first time, come
        on top: they would otherwise use up the second, and a new player's first hint would be
        only estimates)."""
        first = self._analyst is None
        if self._analyst is None:
            self._analyst = PerfectAgent(tt_mb=32)
        analyst, position = self._analyst, board.copy()

        def analyze() -> ColumnValues:
            if first:  # a game keeps its shape: once is enough
                analyst.solver.prepare(position.width, position.height, position.connect)
            return hint(analyst, position)

        analysis = interruptible(analyze)
        values = []
        estimates = any(isinstance(value, Estimate) for value in analysis.values)
        best = analysis.likely_best()
        best_mark = "  <- likely best" if estimates else "  <- best"
        for column, value in enumerate(analysis.values):
            mark = best_mark if column in best and len(best) < len(analysis.legal) else ""
            values.append(f"  {column_label(column)}: {_hint_value(value)}{mark}")
        legend = HINT_HEADING + (f" {ESTIMATE_RULE}." if estimates else "")
        marked = (
            centre_first(best, board.width) if best and len(best) < len(analysis.legal) else None
        )
        return "\n".join([*textwrap.wrap(legend, 79), *values, *self._why(board, marked)])

    def _why(self, board: Board, best: Column | None) -> list[str]:
        """Why the column marked best is best (what its explanation proves), else why the
        position stands as it does (what that proves, else the threats each side holds), and
        the best line from it. ``best`` is ``None`` where no column is marked (all are equal)."""
        lines = [] if best is None else explanation_lines("Why:", explain(board, best), indent="")
        if not lines:
            explanation = explain(board)
            lines = explanation_lines("Why:", explanation, indent="")
        if not lines:  # nothing proven in words: the threats each side holds
            for sentence in explanation.sentences[:2]:
                lines += textwrap.wrap(sentence, 79)
        analyst, position = self._analyst, board.copy()
        solver = None if analyst is None else analyst.solver
        line = interruptible(lambda: best_line(position, limit=line_limit(position), solver=solver))
        if line:
            lines.append(f"Best line: {line_text(line)}")
        return lines

    def _announce(self, outcome: Outcome) -> None:
        if outcome.winner is None:
            self._draws += 1
            self._say("The board is full: a draw.")
        else:
            winner = self._names[outcome.winner]
            self._wins[winner] += 1
            cells = " ".join(_cell_name(c, r) for c, r in outcome.line)
            verb = "win" if winner == "You" else "wins"
            self._say(f"{winner} ({_SYMBOLS[outcome.winner]}) {verb}! The line: {cells}.")
        tally = ", ".join(f"{name} {count}" for name, count in self._wins.items())
        self._say(f"Score: {tally}, draws {self._draws}.")

    def _again(self, board: Board) -> bool:
        """Ask whether to play again (``r`` reviews the game just played, then asks again)."""
        while True:
            answer = self._ask("Play again? [y/n/r]: ").strip().lower()
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no", "q", "quit"):
                return False
            if answer in ("r", "review"):
                self._review(board)
                continue
            self._say("Please answer y or n (or r to review the game).")

    def _review(self, board: Board) -> None:
        """Print the review of the finished game: every move graded against the solver."""
        limit = review_position_limit(board)
        if limit is None or limit.time is None:
            self._say(f"Reviewing the game's {board.ply} moves...")
        else:
            self._say(
                f"Reviewing the game's {board.ply} moves, {limit.time:g} s a position "
                "(on this board the solver may not prove every value in that time: such "
                "moves are graded by the engine's estimates, marked est.)..."
            )
        position = board.copy()
        review = interruptible(lambda: review_game(position, limit=limit, solver=Solver(tt_mb=32)))
        who = [
            self._players[p] if self._names[p] == COMPUTER_SEAT else self._names[p] for p in (1, 2)
        ]
        self._say(f"X = {who[0]}, O = {who[1]}")
        self._say(review_text(review))
        self._say()

    def _ask(self, prompt: str) -> str:
        try:
            return self._read(prompt)
        except EOFError:
            self._say()
            raise _QuitRequested from None


def _cell_name(column: int, row: int) -> str:
    """A cell in the tutorials' notation: column letter and 1-based row from the bottom."""
    letter = chr(ord("a") + column) if column < 26 else column_label(column) + ":"
    return f"{letter}{row + 1}"
