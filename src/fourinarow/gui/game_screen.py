"""The game screen: events become moves, moves become animations, and the computer and the hint
work on background threads while the window keeps drawing.

Esc, Q and N act at once, whatever moves or thinks (closing the window too: the app handles that
before any screen). Other keys and clicks made while a disc falls wait for it to land and then act
in the order they came; those made while the end buttons fall in are ignored, and so is what was
still waiting when the game ended: its moves have no turn left.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections import deque
from collections.abc import Callable

import pygame

from fourinarow.agents import Agent, PerfectAgent
from fourinarow.core import Board, Column, IllegalMoveError, InvalidMoveError, column_label
from fourinarow.gui.controls import AT_ONCE, KEYS_HELP, Command, Pressed, game_command
from fourinarow.gui.end_buttons import EndButtons
from fourinarow.gui.frame import GameFrame, HintLabel, MovingDisc, hint_labels
from fourinarow.gui.game_setup import GuiSettings, Mode
from fourinarow.gui.game_state import GameSession, seats_for
from fourinarow.gui.layout import Layout, Point
from fourinarow.gui.palette import palette_for
from fourinarow.gui.physics import DiscDrop
from fourinarow.gui.screen import Action
from fourinarow.gui.sound import SoundPlayer
from fourinarow.gui.thinking import Hint, TaskFailed, Workers
from fourinarow.search.scores import Bounds, ColumnValues, Estimate, Unvalued
from fourinarow.service.budgets import ANALYSIS_SECONDS
from fourinarow.service.games import player_names
from fourinarow.service.judgement import hint

__all__ = ["HINT_SECONDS", "AgentFor", "GameScreen"]

HINT_SECONDS = ANALYSIS_SECONDS
"""How long the hint may spend valuing the columns where no opening book answers the position
(the budget of every hint: :func:`fourinarow.service.budgets.hint_limit`)."""

AgentFor = Callable[[int], Agent]
"""Gives the agent that plays a level (1-10)."""


class GameScreen:
    """One game in the window, from the first disc to the end buttons.

    Args:
        settings: who plays, the board, the palette and sound.
        agent_for: builds (or reuses) the agent of a level.
        workers: the background tasks (shared across games).
        sound: plays the discs' landings.
        rng: settles a random first player.
        on_new_game: called with the screen before a new game replaces the one on the board
            (the app saves the game left).
    """

    def __init__(
        self,
        settings: GuiSettings,
        agent_for: AgentFor,
        workers: Workers,
        sound: SoundPlayer,
        rng: random.Random,
        on_new_game: Callable[[GameScreen], None] | None = None,
    ) -> None:
        self.settings = settings
        self._on_new_game = on_new_game
        self._agent_for = agent_for
        self._workers = workers
        self._sound = sound
        self._rng = rng
        board = Board(settings.width, settings.height, settings.connect)
        self.session = GameSession(board, seats_for(settings, rng))
        self.size = (720, 640)  # the window's, kept up to date by the app
        self.cursor = settings.width // 2  # the column the human's disc is over
        self._waiting_x = float(self.cursor)  # where the computer's disc waits while it thinks
        self.drop: DiscDrop | None = None
        self.buttons = EndButtons()
        self.notice: str | None = None
        self.hint_on = False
        self._hint: Hint | None = None
        self._failed = False
        self.show_keys = False
        self._waiting: deque[pygame.event.Event] = deque()  # input made while a disc falls
        self._clock = 0.0
        self._workers.cancel()

    # --------------------------------------------------------------------------------- state

    @property
    def board(self) -> Board:
        """The board (read it, do not change it)."""
        return self.session.board

    @property
    def animating(self) -> bool:
        """True while a disc or a button is still moving: input waits (or, for the buttons, is
        ignored), except Esc, Q and N."""
        return self.drop is not None or not self.buttons.settled

    @property
    def thinking(self) -> bool:
        """True while the computer works out its move."""
        return self._workers.computer.pending

    def name(self, player: int) -> str:
        """Who plays player 1 or 2, as messages call them (``You``, ``Computer (level 5)``)."""
        seat = self.session.seat(player)
        colour = palette_for(self.settings.color_blind).name(player)
        if self.settings.mode is Mode.HUMAN_VS_COMPUTER:
            return self.saved_names()[player - 1]
        return colour if seat.is_human else f"{colour} (level {seat.level})"

    def saved_names(self) -> tuple[str, str]:
        """The names the game is saved under, as every door saves them (``You``,
        ``Computer (level 5)``; ``Red`` and ``Yellow`` for two people)."""
        seats = (self.session.seat(1), self.session.seat(2))
        return player_names(*(None if s.is_human else f"level:{s.level}" for s in seats))

    def status(self) -> str:
        """The status line: a notice if there is one, else what is happening."""
        if self.notice:
            return self.notice
        board, session = self.board, self.session
        outcome = session.outcome
        if self.drop is not None:
            name = self.name(self.drop.player)
            verb = "play" if name == "You" else "plays"
            return f"{name} {verb} {column_label(self.drop.column)}."
        if outcome is not None:
            if outcome.winner is None:
                return "Draw: the board is full."
            winner = self.name(outcome.winner)
            return "You win!" if winner == "You" else f"{winner} wins!"
        if session.computer_to_move:
            dots = "." * (1 + int(self._clock * 3) % 3)
            return f"{self.name(board.turn)} is thinking{dots}"
        colour = palette_for(self.settings.color_blind).name(board.turn)
        if self.hint_on:
            known = self._hint is not None and self._hint[0] == board.moves
            if known and self._hint is not None and not self._hint[1].exact:
                return _open_hint_status(colour, self._hint[1])
            return (
                f"Hint for {colour}, perfect play: +N wins (larger: sooner), 0 draws, "
                "-N loses (larger: later); boxed: best"
            )
        who = "Your move" if self.name(board.turn) == "You" else f"{colour} to move"
        digits = f"1-{min(9, board.width)}"
        return f"{who} ({colour}): click a column, or {digits} or Left/Right and Enter. F1: keys"

    # -------------------------------------------------------------------------------- events

    def handle(self, event: pygame.event.Event) -> Action | None:
        """React to one pygame event; return what the app should do, if anything.

        Esc, Q and N act at once; other keys and clicks made while a disc falls wait until it
        lands (see ``update``), and those made while the end buttons fall in are ignored.
        """
        if event.type == pygame.MOUSEMOTION:
            self._point(event.pos)
            return None
        clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if event.type != pygame.KEYDOWN and not clicked:
            return None
        if not self.animating:
            return self._react(event)
        if self.show_keys:
            self.show_keys = False
            return None
        pressed = None if clicked else _pressed(event)
        if pressed is not None and pressed.command in AT_ONCE:
            self._waiting.clear()
            return self._command(pressed.command, pressed.column)
        if self.drop is not None:
            self._waiting.append(event)
        return None

    def _react(self, event: pygame.event.Event) -> Action | None:
        """Carry out a left click or a key press, nothing moving."""
        if self.show_keys:  # a key or a click closes the overlay, and does nothing else
            self.show_keys = False
            return None
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._click(event.pos)
        pressed = _pressed(event)
        if pressed is None:
            return None
        return self._command(pressed.command, pressed.column)

    def _command(self, command: Command, column: int) -> Action | None:
        """Carry out a key's command."""
        if command is Command.MENU:
            return Action.MENU
        if command is Command.QUIT:
            return Action.QUIT
        if self.buttons.shown and command is Command.REDO:
            return Action.REVIEW  # nothing is left to redo once the game has ended
        if self.buttons.shown and command in (Command.LEFT, Command.RIGHT):
            self.buttons.move_focus(-1 if command is Command.LEFT else 1)
        elif self.buttons.shown and command is Command.DROP:
            return self._press(self.buttons.focused_action)
        elif command in (Command.DROP, Command.COLUMN) and self.session.outcome is not None:
            pass  # no more discs: the result stays in the status
        elif command is Command.PLAY_AGAIN:
            if self.buttons.shown:
                self.new_game()
        elif command in (Command.LEFT, Command.RIGHT):
            step = 1 if command is Command.RIGHT else -1
            self.cursor = max(0, min(self.board.width - 1, self.cursor + step))
        elif command is Command.DROP:
            self.play(self.cursor)
        elif command is Command.COLUMN:
            if column < self.board.width:
                self.play(column)
            else:
                self.notice = f"There is no column {column + 1}: columns go 1-{self.board.width}."
        else:
            self._toggle_or_step(command)
        return None

    def _toggle_or_step(self, command: Command) -> None:
        """The commands that work at any time: overlay, palette, sound, new game, undo, redo,
        hint."""
        if command is Command.KEYS:
            self.show_keys = True
        elif command is Command.PALETTE:
            color_blind = not self.settings.color_blind
            self.settings = dataclasses.replace(self.settings, color_blind=color_blind)
        elif command is Command.SOUND:
            on = self._sound.toggle()
            self.settings = dataclasses.replace(self.settings, sound=on)
            if not on:
                self.notice = "Sound off."
            elif self._sound.available:
                self.notice = "Sound on."
            else:
                self.notice = "Sound on, but there is no audio device to play it."
        elif command is Command.NEW_GAME:
            self.new_game()
        elif command is Command.UNDO:
            self.undo()
        elif command is Command.REDO:
            self.redo()
        elif command is Command.HINT:
            self.toggle_hint()

    def _point(self, pos: Point) -> None:
        """The mouse moved: the disc follows it over the columns, a button takes the focus."""
        layout = self._layout()
        column = layout.column_at(pos)
        if column is not None:
            self.cursor = column
        button = self.buttons.at(layout, pos)
        if button is not None:
            self.buttons.focus = button

    def _click(self, pos: Point) -> Action | None:
        layout = self._layout()
        button = self.buttons.at(layout, pos)
        if button is not None:
            return self._press(self.buttons.action(button))
        column = layout.column_at(pos)
        if column is not None:
            self.cursor = column
            self.play(column)
        return None

    def _press(self, action: str) -> Action | None:
        """An end button was pressed: ``again``, ``review``, ``menu`` or ``quit``."""
        if action == "again":
            self.new_game()
            return None
        if action == "review":
            return Action.REVIEW
        return Action.MENU if action == "menu" else Action.QUIT

    # ------------------------------------------------------------------------------- actions

    def play(self, column: Column) -> None:
        """Play ``column`` for the human to move; if that cannot be, say why in the status.
        After the end nothing is played and the result stays in the status."""
        session = self.session
        if session.outcome is not None:
            return
        if session.computer_to_move:
            self.notice = f"Wait: {self.name(self.board.turn)} is thinking."
            return
        try:
            session.play(column)
        except (IllegalMoveError, InvalidMoveError) as error:
            self.notice = f"Not played: {error}."
            return
        self.notice = None
        start = None if column == self.cursor else float(self.cursor)
        self.cursor = column
        self._drop_last(start)

    def undo(self) -> None:
        """Take back the last human move (and the computer's replies)."""
        if not self.session.has_human:
            self.notice = "Undo takes back a human's moves; here the computer plays both sides."
            return
        taken = self.session.undo()
        if not taken:
            self.notice = "Nothing to undo."
            return
        self._reset_turn(taken[-1])
        self.notice = f"Taken back: {', '.join(column_label(c) for c in reversed(taken))}."

    def redo(self) -> None:
        """Play the undone moves again, up to the next human turn."""
        played = self.session.redo()
        if not played:
            self.notice = "Nothing to redo."
            return
        self._reset_turn(played[-1])
        self.notice = f"Played again: {', '.join(column_label(c) for c in played)}."
        if self.session.outcome is not None:
            self.buttons.show()

    def new_game(self) -> None:
        """Start again on an empty board (a random first player is drawn again)."""
        if self._on_new_game is not None:
            self._on_new_game(self)
        self._waiting.clear()
        self.session.restart(seats_for(self.settings, self._rng))
        self._reset_turn(self.board.width // 2)
        self.notice = None

    def toggle_hint(self) -> None:
        """Show or hide every column's value for the human to move."""
        if not self.session.has_human:
            self.notice = "The hint is for a human's turn; here the computer plays both sides."
            return
        self.hint_on = not self.hint_on
        self.notice = None

    def _reset_turn(self, column: Column) -> None:
        """Drop what was under way for the position left behind (thoughts, hint, buttons) and
        put the waiting disc over ``column``."""
        self._workers.cancel()
        self.buttons.hide()
        self._failed = False
        self.drop = None
        self.cursor = column
        self._waiting_x = float(column)

    def _drop_last(self, from_column: float | None) -> None:
        """Animate the disc just played, from ``from_column`` (``None``: straight down)."""
        board = self.board
        column = board.moves[-1]
        row_from_top = board.height - board.heights[column]
        player = 2 - board.ply % 2
        self.drop = DiscDrop(column, row_from_top, player, from_column=from_column)

    # -------------------------------------------------------------------------------- update

    def update(self, dt: float) -> Action | None:
        """Advance the animations by ``dt`` seconds; once nothing moves, carry out the input
        that waited, then start or collect background work. Return what the app should do (as
        ``handle`` does), if anything."""
        self._clock += dt
        if self.drop is not None:
            for impact in self.drop.update(dt):
                self._sound.hit(impact.strength)
            if self.drop.done:
                self._waiting_x = float(self.drop.column)
                self.drop = None
                if self.session.outcome is not None:
                    self.buttons.show()
        for impact in self.buttons.update(dt):
            self._sound.hit(0.4 * impact.strength)
        if self.animating:
            return None
        action = self._catch_up()
        if action is None and not self.animating:
            self._computer_turn()
            self._hint_turn()
        return action

    def _catch_up(self) -> Action | None:
        """Carry out the keys and clicks that waited for a disc to land, in order, until one
        drops another disc; forget them if the game has ended."""
        if self.session.outcome is not None:
            self._waiting.clear()
        while self._waiting and not self.animating:
            event = self._waiting.popleft()
            action = self._react(event)
            if action is not None:
                self._waiting.clear()
                return action
        return None

    def _computer_turn(self) -> None:
        """Start the computer thinking, or play its move once it has chosen."""
        task = self._workers.computer
        if not self.session.computer_to_move or self._failed:
            return
        if not task.pending:
            if task.ready:
                board = self.board.copy()
                level = self.session.seat(board.turn).level
                assert level is not None
                agent = self._agent_for(level)
                task.start(lambda: agent.choose(board))  # the level sets the time budget
            return
        result = task.poll()
        if result is None:
            return
        if isinstance(result, TaskFailed):
            self._failed = True
            self.notice = f"The computer could not move: {result.error}"
            return
        try:
            self.session.play(result.column)
        except (IllegalMoveError, InvalidMoveError) as error:
            self._failed = True
            self.notice = f"The computer chose a move that cannot be played: {error}"
            return
        self._drop_last(self._waiting_x)

    def _hint_turn(self) -> None:
        """Keep the hint's values for the current position coming while the hint is on."""
        if not (self.hint_on and self.session.human_to_move):
            return
        task = self._workers.hint
        moves = self.board.moves
        if self._hint is not None and self._hint[0] == moves:
            return
        if task.pending:
            result = task.poll()
            if isinstance(result, TaskFailed):
                self.hint_on = False
                self.notice = f"No hint: {result.error}"
            elif result is not None and result[0] == moves:
                self._hint = result
        elif task.ready:
            self._start_hint()

    def _start_hint(self) -> None:
        board = self.board.copy()
        workers = self._workers

        def analyse() -> Hint:
            if workers.analyst is None:
                workers.analyst = PerfectAgent(tt_mb=32)
            return board.moves, hint(workers.analyst, board)

        workers.hint.start(analyse)

    # --------------------------------------------------------------------------------- frame

    def _layout(self) -> Layout:
        return Layout.fit(self.size, self.board.width, self.board.height)

    def frame(self, size: tuple[int, int]) -> GameFrame:
        """What to draw in a window of ``size`` pixels now (and remember the size for clicks)."""
        self.size = size
        layout = self._layout()
        board, session = self.board, self.session
        moving, hidden = None, None
        if self.drop is not None:
            moving = MovingDisc(self.drop.x, self.drop.y, self.drop.player)
            hidden = (self.drop.column, board.height - 1 - self.drop.row_from_top)
        elif session.human_to_move:
            moving = MovingDisc(float(self.cursor), -1.0, board.turn)
        elif session.computer_to_move:
            bob = 0.08 * math.sin(self._clock * 5.0)  # the waiting disc rises and sinks
            moving = MovingDisc(self._waiting_x, -1.0 + bob, board.turn)
        hints: tuple[HintLabel | None, ...] | None = None
        if self.hint_on and session.human_to_move and self.drop is None:
            known = self._hint is not None and self._hint[0] == board.moves
            hints = (
                hint_labels(self._hint[1], best=True)
                if known and self._hint
                else (None,) * board.width
            )
        outcome = session.outcome
        return GameFrame(
            layout=layout,
            palette=palette_for(self.settings.color_blind),
            board=board,
            status=self.status(),
            hidden=hidden,
            moving=moving,
            hints=hints,
            winning_line=outcome.line if outcome is not None and self.drop is None else (),
            buttons=self.buttons.frame(layout),
            keys=KEYS_HELP if self.show_keys else (),
        )


def _open_hint_status(colour: str, values: ColumnValues) -> str:
    """The status line of a hint not all proven within its time: what its kinds of label
    mean, those it shows only."""
    kinds = {type(value) for value in values.values}
    parts = ["+N wins, 0 draws, -N loses"]
    if Estimate in kinds:
        parts.append(f"~ an estimate, not proven (+ favours {colour})")
    if any(isinstance(value, Bounds) and not value.exact for value in values.values):
        parts.append("A..B proven bounds")
    if Unvalued.NOT_SEARCHED in values.values:
        parts.append("? not reached")
    parts.append("boxed: likely best" if Estimate in kinds else "boxed: best")
    return f"Hint for {colour} ({HINT_SECONDS:g} s): " + "; ".join(parts)


def _pressed(event: pygame.event.Event) -> Pressed | None:
    """The command of a key press event, if the key has one."""
    return game_command(event.key, getattr(event, "mod", 0), getattr(event, "unicode", ""))
