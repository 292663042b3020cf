"""A text engine protocol: the part of GTP (the Go Text Protocol, version 2) that OpenSpiel's
``GTPBot`` speaks for ``connect_four``, and a few commands of our own, so that any program in any
language can play against our agents over standard input and output.

Each command is one line; each reply is ``=`` (success) or ``?`` (failure), the optional command
id, a space and the text, then a blank line::

    play x x3          ->  "= \\n\\n"
    genmove o          ->  "= o2\\n\\n"
    2 play o x3        ->  "?2 it is x's turn, not o's\\n\\n"

Moves are written as OpenSpiel writes connect_four's actions: the mover's letter and the 0-based
column (``x3`` is the first player's stone in the fourth column). ``play`` also takes a column
letter (``a`` is the leftmost: ``play x d``) or the move alone (``play x3``). Colours are ``x``
or ``b``/``black`` for the first player and ``o`` or ``w``/``white`` for the second (OpenSpiel's
GTPBot names them ``b`` and ``w`` by default). As GTP says, lines are cleaned before they are
read: comments (``#`` to the end) and control characters are dropped and empty lines ignored.

The commands (:data:`COMMANDS` describes each; ``list_commands`` lists them):

- GTP's own: ``protocol_version``, ``name``, ``version``, ``known_command``, ``list_commands``,
  ``quit``, ``boardsize``, ``clear_board``, ``play``, ``genmove``, ``undo``, ``showboard``.
  ``boardsize`` takes ``WxH`` (``7x6``) or ``W H``, since boards here are not square.
- Ours: ``connect N`` (the line length), ``time_ms T`` (the agent's time per ``genmove`` and
  ``analyze``), ``agent SPEC`` (another agent, as ``fourinarow agents`` lists), ``position MOVES``
  (set the game from 1-based moves such as ``4453``), ``moves`` (the game so far, 1-based),
  ``analyze`` (the value of every playable column for the side to move: ``x0:-2 x1:0 x2:-1..3``,
  ``?`` where the search did not reach), ``result`` (``x``, ``o``, ``draw`` or ``none``).
  ``boardsize``, ``connect`` and ``position`` start a new game.

A command line longer than :data:`COMMAND_LIMIT` characters (the longest useful one, a
``position`` on a 20x20 board, takes about 1,200) is answered with a failure, and the session
goes on: :func:`read_commands` reads a line a bounded piece at a time and skips the rest of one
that long, so it never holds it whole.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TextIO

from fourinarow import __version__
from fourinarow.agents import Agent, Limit, analyze, make_agent
from fourinarow.core import Board, Column, FourInARowError, Geometry
from fourinarow.core.checks import shown
from fourinarow.core.lines import LINE_LIMIT, skip_line
from fourinarow.core.notation import LETTER_COLUMNS, parse_size
from fourinarow.core.numbers import InvalidNumberError, parse_float, parse_int
from fourinarow.core.render import render_text
from fourinarow.search.scores import Unvalued
from fourinarow.service.words import label as value_label

__all__ = ["COMMANDS", "COMMAND_LIMIT", "GtpEngine", "GtpError", "read_commands", "serve"]

COMMAND_LIMIT = LINE_LIMIT
"""The most characters of a command line, its newline aside."""

_FIRST = ("x", "b", "black", "1")
_SECOND = ("o", "w", "white", "2")
_LETTERS = "xo"


class GtpError(FourInARowError):
    """A command the engine cannot carry out: unknown, malformed, or illegal in the game."""


@dataclass(frozen=True)
class Reply:
    """A command's answer: success or failure, and its text."""

    ok: bool
    text: str = ""


Handler = Callable[["GtpEngine", list[str]], str]

COMMANDS: dict[str, str] = {
    "protocol_version": "the GTP version spoken: 2",
    "name": "the engine's name: fourinarow",
    "version": "the engine's version",
    "known_command": "known_command NAME: true if the engine knows NAME, else false",
    "list_commands": "every command, one per line",
    "quit": "end the session",
    "boardsize": "boardsize WxH (or W H): a new game on that board",
    "connect": "connect N: a new game where N in a row wins",
    "clear_board": "a new game on the same board",
    "play": "play COLOUR MOVE (or play MOVE): x3 is x in the 0-based column 3; or a column letter",
    "genmove": "genmove COLOUR: the agent moves for COLOUR, and the reply is the move (o2)",
    "undo": "take back the last move",
    "showboard": "the board as text (columns labelled 1..W, which moves call 0..W-1)",
    "time_ms": "time_ms T: the agent's time per genmove and analyze, in ms",
    "agent": "agent SPEC: play with another agent (fourinarow agents lists them)",
    "position": "position MOVES: a new game from 1-based moves such as 4453 (empty: the start)",
    "moves": "the moves so far, 1-based (empty at the start)",
    "analyze": "the value of each playable column for the side to move (x0:-2 x1:0 ...)",
    "result": "x or o (who has won), draw, or none while the game goes on",
}
"""Every command the engine knows, with what it does (``analyse`` is also accepted)."""

_ALIASES = {"analyse": "analyze"}


class GtpEngine:
    """The state of one session: the board, the agent and its time per move.

    Args:
        agent: an agent spec (``perfect``, ``level:5``, ...).
        width, height, connect: the board's shape.
        time_ms: the agent's time per ``genmove`` and ``analyze``.
        seed: seeds the agent's random choices.

    Raises:
        InvalidAgentSpecError: an unknown or malformed agent spec.
        InvalidBoardSizeError: a shape no board has.

    >>> engine = GtpEngine("simple", width=5, height=4, time_ms=0, seed=1)
    >>> engine.reply("play b x2"), engine.reply("2 genmove x")
    ('= \\n\\n', "?2 it is o's turn, not x's\\n\\n")
    """

    def __init__(
        self,
        agent: str = "perfect",
        *,
        width: int = 7,
        height: int = 6,
        connect: int = 4,
        time_ms: float = 1000.0,
        seed: int | None = None,
    ) -> None:
        self.spec = agent
        self.agent: Agent = make_agent(agent, seed=seed)
        self.seed = seed
        self.board = Board(width, height, connect)
        self.time_ms = time_ms
        self.finished = False

    # ------------------------------------------------------------------------- protocol

    def reply(self, line: str) -> str | None:
        """The reply to one line, ready to write (ending in a blank line), or ``None`` for a
        line that holds no command (empty, or only a comment)."""
        words = _clean(line).split()
        if not words:
            return None
        if len(line.rstrip("\r\n")) > COMMAND_LIMIT:
            ident = words[0] if words[0].isdigit() and len(words) > 1 else ""
            return f"?{ident} the command is longer than {COMMAND_LIMIT:,} characters\n\n"
        ident = ""
        if words[0].isdigit():
            ident = words.pop(0)
            if not words:
                return f"?{ident} no command after the id {ident}\n\n"
        answer = self.execute(words[0].lower(), words[1:])
        mark = "=" if answer.ok else "?"
        return f"{mark}{ident} {answer.text}\n\n"

    def execute(self, command: str, arguments: list[str]) -> Reply:
        """Carry out one command (its arguments already split into words)."""
        command = _ALIASES.get(command, command)
        handler = _HANDLERS.get(command)
        if handler is None:
            return Reply(False, f"unknown command {command!r}: list_commands lists them")
        try:
            return Reply(True, handler(self, arguments))
        except FourInARowError as error:
            return Reply(False, str(error))

    # ------------------------------------------------------------------------- helpers

    def limit(self) -> Limit:
        """The agent's budget for one move or analysis."""
        return Limit(time=self.time_ms / 1000)

    def new_board(self, shape: Geometry) -> None:
        """Start a new game on a board of that ``shape`` (a bad shape is refused as its
        ``Geometry`` is made, so the current game stays)."""
        self.board = Board(shape.width, shape.height, shape.connect)

    def colour(self, word: str) -> int:
        """The player (1 or 2) a colour word names."""
        lowered = word.lower()
        if lowered in _FIRST:
            return 1
        if lowered in _SECOND:
            return 2
        raise GtpError(f"{shown(word)} is not a colour: write x (or b, black) or o (or w, white)")

    def column(self, word: str, player: int | None) -> Column:
        """The 0-based column a move word names (``x3``, ``o3`` or a letter), checked against
        the player when the word names one."""
        lowered = word.lower()
        width = self.board.width
        if len(lowered) >= 2 and lowered[0] in _LETTERS and lowered[1:].isdigit():
            named = 1 + _LETTERS.index(lowered[0])
            if player is not None and named != player:
                raise GtpError(
                    f"the move {word} is {lowered[0]}'s, but the colour given is "
                    f"{_LETTERS[player - 1]}'s"
                )
            try:
                return parse_int(lowered[1:], 0, width - 1)
            except InvalidNumberError:
                raise GtpError(
                    f"{word} is off the board: columns are {lowered[0]}0-{lowered[0]}{width - 1}"
                ) from None
        letters = "abcdefghijklmnop"[: min(width, LETTER_COLUMNS)]
        if len(lowered) == 1 and lowered in letters:
            return letters.index(lowered)
        raise GtpError(
            f"{shown(word)} is not a move: write x3 or o3 (the 0-based column {_range(width)})"
            + (f", or a column letter a-{letters[-1]}" if letters else "")
        )

    def play(self, player: int, column: Column) -> None:
        """Drop ``player``'s stone in ``column`` (the side to move must be ``player``)."""
        self.check_turn(player)
        self.board.push(column)

    def check_turn(self, player: int) -> None:
        """Refuse a move for the player who is not to move, or after the end."""
        if self.board.outcome() is not None:
            raise GtpError(f"the game is over ({_result(self.board)}): clear_board starts anew")
        if player != self.board.turn:
            turn, other = _LETTERS[self.board.turn - 1], _LETTERS[player - 1]
            raise GtpError(f"it is {turn}'s turn, not {other}'s")


def _range(width: int) -> str:
    return f"0-{width - 1}"


def _clean(line: str) -> str:
    """A line as GTP reads it: without its comment and control characters, tabs as spaces."""
    line = line.split("#", 1)[0].replace("\t", " ")
    return "".join(ch for ch in line if ch >= " " and ch != "\x7f")


def _result(board: Board) -> str:
    outcome = board.outcome()
    if outcome is None:
        return "none"
    if outcome.winner is None:
        return "draw"
    return _LETTERS[outcome.winner - 1]


def _words(arguments: list[str], count: int | tuple[int, ...], usage: str) -> list[str]:
    counts = (count,) if isinstance(count, int) else count
    if len(arguments) not in counts:
        raise GtpError(f"usage: {usage}")
    return arguments


def _protocol_version(engine: GtpEngine, arguments: list[str]) -> str:
    _words(arguments, 0, "protocol_version")
    return "2"


def _name(engine: GtpEngine, arguments: list[str]) -> str:
    _words(arguments, 0, "name")
    return "fourinarow"


def _version(engine: GtpEngine, arguments: list[str]) -> str:
    _words(arguments, 0, "version")
    return __version__


def _known_command(engine: GtpEngine, arguments: list[str]) -> str:
    (name,) = _words(arguments, 1, "known_command NAME")
    return "true" if _ALIASES.get(name.lower(), name.lower()) in COMMANDS else "false"


def _list_commands(engine: GtpEngine, arguments: list[str]) -> str:
    _words(arguments, 0, "list_commands")
    return "\n".join(COMMANDS)


def _quit(engine: GtpEngine, arguments: list[str]) -> str:
    engine.finished = True
    return ""


def _boardsize(engine: GtpEngine, arguments: list[str]) -> str:
    words = _words(arguments, (1, 2), "boardsize WxH (or W H), such as boardsize 7x6")
    if len(words) == 1 and "x" not in words[0].lower():
        raise GtpError(
            f"boards here are not square: write boardsize WxH or W H, not boardsize {words[0]}"
        )
    width, height = parse_size("x".join(words))
    engine.new_board(Geometry(width, height, engine.board.connect))
    return ""


def _connect(engine: GtpEngine, arguments: list[str]) -> str:
    (word,) = _words(arguments, 1, "connect N, such as connect 4")
    try:
        connect = parse_int(word, 2, 64)
    except InvalidNumberError as error:
        raise GtpError(f"connect: {error}") from None
    engine.new_board(Geometry(engine.board.width, engine.board.height, connect))
    return ""


def _clear_board(engine: GtpEngine, arguments: list[str]) -> str:
    _words(arguments, 0, "clear_board")
    engine.new_board(engine.board.geometry)
    return ""


def _play(engine: GtpEngine, arguments: list[str]) -> str:
    words = _words(arguments, (1, 2), "play COLOUR MOVE, such as play x x3 (or play x3)")
    if len(words) == 2:
        player = engine.colour(words[0])
        column = engine.column(words[1], player)
    else:
        word = words[0].lower()
        if word in _FIRST or word in _SECOND:
            letter = _LETTERS[engine.colour(word) - 1]
            raise GtpError(f"play {words[0]}: give the move too, as in play {words[0]} {letter}3")
        if not (len(word) >= 2 and word[0] in _LETTERS):
            raise GtpError(f"play {words[0]}: give the colour too, as in play x {words[0]}")
        column = engine.column(word, None)
        player = 1 + _LETTERS.index(word[0])
    engine.play(player, column)
    return ""


def _genmove(engine: GtpEngine, arguments: list[str]) -> str:
    (word,) = _words(arguments, 1, "genmove COLOUR, such as genmove o")
    player = engine.colour(word)
    engine.check_turn(player)
    decision = engine.agent.choose(engine.board, engine.limit())
    engine.board.push(decision.column)
    return f"{_LETTERS[player - 1]}{decision.column}"


def _undo(engine: GtpEngine, arguments: list[str]) -> str:
    _words(arguments, 0, "undo")
    if not engine.board.moves:
        raise GtpError("there is no move to undo")
    engine.board.pop()
    return ""


def _showboard(engine: GtpEngine, arguments: list[str]) -> str:
    _words(arguments, 0, "showboard")
    board = engine.board
    state = _result(board)
    last = board.width - 1
    footer = f"columns 1-{last + 1} above are x0-x{last} in moves; " + (
        f"{_LETTERS[board.turn - 1]} to move" if state == "none" else f"result: {state}"
    )
    return "\n" + render_text(board) + "\n" + footer


def _time_ms(engine: GtpEngine, arguments: list[str]) -> str:
    (word,) = _words(arguments, 1, "time_ms T, such as time_ms 500")
    try:
        engine.time_ms = parse_float(word, 0, 86_400_000)
    except InvalidNumberError as error:
        raise GtpError(f"time_ms: {error} (milliseconds)") from None
    return ""


def _agent(engine: GtpEngine, arguments: list[str]) -> str:
    (spec,) = _words(arguments, 1, "agent SPEC, such as agent level:5")
    engine.agent = make_agent(spec, seed=engine.seed)
    engine.spec = spec
    return ""


def _position(engine: GtpEngine, arguments: list[str]) -> str:
    words = _words(arguments, (0, 1), "position MOVES, such as position 4453")
    board = engine.board
    engine.board = Board.from_moves(
        words[0] if words else "", width=board.width, height=board.height, connect=board.connect
    )
    return ""


def _moves(engine: GtpEngine, arguments: list[str]) -> str:
    _words(arguments, 0, "moves")
    return engine.board.to_moves()


def _analyze(engine: GtpEngine, arguments: list[str]) -> str:
    _words(arguments, 0, "analyze")
    if engine.board.outcome() is not None:
        raise GtpError(f"the game is over ({_result(engine.board)}): nothing to analyze")
    values = analyze(engine.agent, engine.board, engine.limit(), spec=engine.spec)
    letter = _LETTERS[engine.board.turn - 1]
    entries = []
    for column, value in enumerate(values.values):
        if value is Unvalued.FULL:
            continue
        text = value_label(value)
        entries.append(f"{letter}{column}:{text}")
    return " ".join(entries)


def _result_command(engine: GtpEngine, arguments: list[str]) -> str:
    _words(arguments, 0, "result")
    return _result(engine.board)


_HANDLERS: dict[str, Handler] = {
    "protocol_version": _protocol_version,
    "name": _name,
    "version": _version,
    "known_command": _known_command,
    "list_commands": _list_commands,
    "quit": _quit,
    "boardsize": _boardsize,
    "connect": _connect,
    "clear_board": _clear_board,
    "play": _play,
    "genmove": _genmove,
    "undo": _undo,
    "showboard": _showboard,
    "time_ms": _time_ms,
    "agent": _agent,
    "position": _position,
    "moves": _moves,
    "analyze": _analyze,
    "result": _result_command,
}
assert set(_HANDLERS) == set(COMMANDS)


def read_commands(stream: TextIO) -> Iterator[str]:
    """The command lines of ``stream`` until its end, each read at most
    ``COMMAND_LIMIT + 1`` characters at a time: a longer line comes cut there (which
    :meth:`GtpEngine.reply` refuses) and the rest of it is skipped."""
    while line := stream.readline(COMMAND_LIMIT + 1):
        if len(line) > COMMAND_LIMIT and not line.endswith("\n"):
            skip_line(stream)
        yield line


def serve(engine: GtpEngine, lines: Iterable[str], out: TextIO) -> int:
    """Answer every command line from ``lines`` on ``out`` (flushed after each reply) until
    ``quit`` or the end of the input; return 0. A defect in a command is reported as a failure
    reply (its traceback on standard error) and the session goes on."""
    for line in lines:
        try:
            reply = engine.reply(line)
        except Exception:  # a defect: the peer gets an answer, the traceback goes to stderr
            traceback.print_exc(file=sys.stderr)
            reply = "? internal error (see the engine's standard error)\n\n"
        if reply is None:
            continue
        out.write(reply)
        out.flush()
        if engine.finished:
            break
    return 0
