"""The game screen: events become moves, moves become animations, and the computer and the hint
work on background threads while the window keeps drawing.

While a disc falls or the end buttons fall in, input is ignored (closing the window still
works: the app handles that before any screen).
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from fourinarow.agents import Agent, Decision, Limit, PerfectAgent
from fourinarow.core import Board, Column, IllegalMoveError, InvalidMoveError, column_label
from fourinarow.gui.frame import Button, GameFrame, HintLabel, MovingDisc, hint_labels
from fourinarow.gui.layout import Box, Layout, Point
from fourinarow.gui.palette import palette_for
from fourinarow.gui.physics import Bounce, DiscDrop
from fourinarow.gui.screen import Action
from fourinarow.gui.session import GameSession, seats_for
from fourinarow.gui.settings import GuiSettings, Mode
from fourinarow.gui.sound import SoundPlayer
from fourinarow.gui.thinking import BackgroundTask, TaskFailed

__all__ = ["HINT_SECONDS", "KEYS_HELP", "AgentFor", "GameScreen", "Workers"]

HINT_SECONDS = 1.0
"""How long the hint may spend valuing the columns (the terminal game's ``?`` takes as long)."""

KEYS_HELP = (
    "Keys",
    "",
    "Left / Right: move the disc     Enter, Space or Down: drop it",
    "1 - 9: drop in that column     (or click a column)",
    "U, Backspace or Ctrl+Z: undo     R or Ctrl+Y: redo",
    "H: hint (every column's value)     N: new game",
    "C: colour-blind palette     M: sound on / off",
    "Esc: menu     Q: quit     F1: close this",
)
"""The lines of the keys overlay (F1)."""

END_BUTTONS = (("Play again", "again"), ("Menu", "menu"), ("Quit", "quit"))

BUTTON_GRAVITY = 6.0
"""Window heights per second squared: the end buttons fall in within about half a second."""

_DIGITS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, 10)} | {
    getattr(pygame, f"K_KP{n}"): n - 1 for n in range(1, 10)
}
_ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)

AgentFor = Callable[[int], Agent]
"""Gives the agent that plays a level (1-10)."""

Moves = tuple[Column, ...]
Bounds = tuple[tuple[int, int] | None, ...]


@dataclass
class Workers:
    """The background tasks and the hint's solver, kept by the app across games: a task that
    was forgotten may still be running, and no new one may start on its agent until it ends."""

    computer: BackgroundTask[Decision] = dataclasses.field(
        default_factory=lambda: BackgroundTask("computer")
    )
    hint: BackgroundTask[tuple[Moves, Bounds]] = dataclasses.field(
        default_factory=lambda: BackgroundTask("hint")
    )
    analyst: PerfectAgent | None = None

    def cancel(self) -> None:
        """Forget both tasks' results."""
        self.computer.cancel()
        self.hint.cancel()


@dataclass
class _EndButton:
    label: str
    action: str
    fall: Bounce


class GameScreen:
    """One game in the window, from the first disc to the end buttons.

    Args:
        settings: who plays, the board, the palette and sound.
        agent_for: builds (or reuses) the agent of a level.
        workers: the background tasks (shared across games).
        sound: plays the discs' landings.
        rng: settles a random first player.
    """

    def __init__(
        self,
        settings: GuiSettings,
        agent_for: AgentFor,
        workers: Workers,
        sound: SoundPlayer,
        rng: random.Random,
    ) -> None:
        self.settings = settings
        self._agent_for = agent_for
        self._workers = workers
        self._sound = sound
        self._rng = rng
        board = Board(settings.width, settings.height, settings.connect)
        self.session = GameSession(board, seats_for(settings, rng))
        self.cursor = settings.width // 2
        self._waiting_x = float(self.cursor)  # where the computer's disc waits while it thinks
        self.drop: DiscDrop | None = None
        self._buttons: list[_EndButton] = []
        self._button_focus = 0
        self.notice: str | None = None
        self.hint_on = False
        self._hint: tuple[Moves, Bounds] | None = None
        self._failed = False
        self.show_keys = False
        self._clock = 0.0
        self.size = (720, 640)  # the window's, kept up to date by the app
        self._workers.cancel()

    # --------------------------------------------------------------------------------- state

    @property
    def board(self) -> Board:
        """The board (read it, do not change it)."""
        return self.session.board

    @property
    def animating(self) -> bool:
        """True while a disc or a button is still moving: input waits."""
        return self.drop is not None or any(not b.fall.done for b in self._buttons)

    @property
    def thinking(self) -> bool:
        """True while the computer works out its move."""
        return self._workers.computer.pending

    def name(self, player: int) -> str:
        """Who plays player 1 or 2, as messages call them (``You``, ``Computer (level 5)``)."""
        seat = self.session.seat(player)
        colour = palette_for(self.settings.color_blind).name(player)
        if self.settings.mode is Mode.HUMAN_VS_COMPUTER:
            return "You" if seat.is_human else f"Computer (level {seat.level})"
        return colour if seat.is_human else f"{colour} (level {seat.level})"

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
            return (
                f"Hint for {colour}, perfect play: +N wins (larger: sooner), 0 draws, "
                "-N loses (larger: later)"
            )
        who = "Your move" if self.name(board.turn) == "You" else f"{colour} to move"
        digits = f"1-{min(9, board.width)}"
        return f"{who} ({colour}): click a column, or {digits} or Left/Right and Enter. F1: keys"

    # -------------------------------------------------------------------------------- events

    def handle(self, event: pygame.event.Event) -> Action | None:
        """React to one pygame event; return what the app should do, if anything."""
        if self.animating:
            return None
        if event.type == pygame.KEYDOWN:
            if self.show_keys:
                self.show_keys = False
                return None
            return self._key(event.key, getattr(event, "mod", 0), getattr(event, "unicode", ""))
        if event.type == pygame.MOUSEMOTION:
            self._point(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.show_keys:
                self.show_keys = False
                return None
            return self._click(event.pos)
        return None

    def _key(self, key: int, mod: int, text: str) -> Action | None:
        ctrl = bool(mod & pygame.KMOD_CTRL)
        shift = bool(mod & pygame.KMOD_SHIFT)
        if key == pygame.K_ESCAPE:
            return Action.MENU
        if key == pygame.K_q:
            return Action.QUIT
        if key == pygame.K_F1:
            self.show_keys = True
        elif key == pygame.K_c:
            self.toggle_palette()
        elif key == pygame.K_m:
            on = self._sound.toggle()
            self.settings = dataclasses.replace(self.settings, sound=on)
            self.notice = "Sound on." if on else "Sound off."
        elif key in (pygame.K_n, pygame.K_F2):
            self.new_game()
        elif key == pygame.K_r or (ctrl and (key == pygame.K_y or (key == pygame.K_z and shift))):
            self.redo()
        elif key in (pygame.K_u, pygame.K_BACKSPACE) or (ctrl and key == pygame.K_z):
            self.undo()
        elif key == pygame.K_h or text == "?":
            self.toggle_hint()
        elif self._buttons:
            return self._end_key(key)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if key == pygame.K_RIGHT else -1
            self.cursor = max(0, min(self.board.width - 1, self.cursor + step))
        elif key in _ENTER or key == pygame.K_DOWN:
            self.play(self.cursor)
        elif key in _DIGITS:
            column = _DIGITS[key]
            if column < self.board.width:
                self.play(column)
            else:
                self.notice = f"There is no column {column + 1}: columns go 1-{self.board.width}."
        return None

    def _end_key(self, key: int) -> Action | None:
        """Keys on the end screen: move between the buttons and press one."""
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            step = -1 if key == pygame.K_LEFT else 1
            self._button_focus = (self._button_focus + step) % len(self._buttons)
        elif key in _ENTER:
            return self._press(self._buttons[self._button_focus].action)
        elif key == pygame.K_p:
            return self._press("again")
        return None

    def _point(self, pos: Point) -> None:
        """The mouse moved: the disc follows it over the columns, buttons take the focus."""
        column = self._layout().column_at(pos)
        if column is not None:
            self.cursor = column
        for index, box in enumerate(self._button_boxes()):
            if box.contains(pos):
                self._button_focus = index

    def _click(self, pos: Point) -> Action | None:
        for button, box in zip(self._buttons, self._button_boxes(), strict=True):
            if box.contains(pos):
                return self._press(button.action)
        column = self._layout().column_at(pos)
        if column is not None:
            self.cursor = column
            self.play(column)
        return None

    def _press(self, action: str) -> Action | None:
        if action == "again":
            self.new_game()
            return None
        return Action.MENU if action == "menu" else Action.QUIT

    # ------------------------------------------------------------------------------- actions

    def play(self, column: Column) -> None:
        """Play ``column`` for the human to move; if that cannot be, say why in the status."""
        session = self.session
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
        self._reset_turn()
        if not taken:
            self.notice = "Nothing to undo."
            return
        self.cursor = taken[-1]
        self._waiting_x = float(self.cursor)
        self.notice = f"Taken back: {', '.join(column_label(c) for c in reversed(taken))}."

    def redo(self) -> None:
        """Play the undone moves again, up to the next human turn."""
        played = self.session.redo()
        if not played:
            self.notice = "Nothing to redo."
            return
        self._reset_turn()
        self.cursor = played[-1]
        self._waiting_x = float(self.cursor)
        self.notice = f"Played again: {', '.join(column_label(c) for c in played)}."
        if self.session.outcome is not None:
            self._end_screen()

    def new_game(self) -> None:
        """Start again on an empty board (a random first player is drawn again)."""
        self.session.restart(seats_for(self.settings, self._rng))
        self._reset_turn()
        self.cursor = self.board.width // 2
        self._waiting_x = float(self.cursor)
        self.notice = None

    def toggle_hint(self) -> None:
        """Show or hide every column's value for the human to move."""
        if not self.session.has_human:
            self.notice = "The hint is for a human's turn; here the computer plays both sides."
            return
        self.hint_on = not self.hint_on
        self.notice = None

    def toggle_palette(self) -> None:
        """Switch between the classic and the colour-blind-safe colours."""
        self.settings = dataclasses.replace(
            self.settings, color_blind=not self.settings.color_blind
        )
        self.notice = None

    def _reset_turn(self) -> None:
        """Drop what was under way for the position that was left: thoughts, hint, buttons."""
        self._workers.cancel()
        self._buttons = []
        self._button_focus = 0
        self._failed = False
        self.drop = None

    def _drop_last(self, from_column: float | None) -> None:
        """Animate the disc just played, from ``from_column`` (``None``: straight down)."""
        board = self.board
        column = board.moves[-1]
        row_from_top = board.height - board.heights[column]
        player = 2 - board.ply % 2
        self.drop = DiscDrop(column, row_from_top, player, from_column=from_column)

    def _end_screen(self) -> None:
        """Let the end buttons fall in, one after another."""
        self._buttons = [
            _EndButton(
                label,
                action,
                Bounce(-1.0, 0.0, gravity=BUTTON_GRAVITY, restitution=0.35, delay=0.12 * index),
            )
            for index, (label, action) in enumerate(END_BUTTONS)
        ]
        self._button_focus = 0

    # -------------------------------------------------------------------------------- update

    def update(self, dt: float) -> None:
        """Advance the animations by ``dt`` seconds, then start or collect background work."""
        self._clock += dt
        if self.drop is not None:
            for impact in self.drop.update(dt):
                self._sound.hit(impact.strength)
            if self.drop.done:
                self._waiting_x = float(self.drop.column)
                self.drop = None
                if self.session.outcome is not None:
                    self._end_screen()
        for button in self._buttons:
            for impact in button.fall.update(dt):
                self._sound.hit(0.4 * impact.strength)
        if not self.animating:
            self._computer_turn()
            self._hint_turn()

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
            elif result is not None:
                self._start_hint(moves)
        elif task.ready:
            self._start_hint(moves)

    def _start_hint(self, moves: Moves) -> None:
        board = self.board.copy()
        workers = self._workers

        def analyse() -> tuple[Moves, Bounds]:
            if workers.analyst is None:
                workers.analyst = PerfectAgent(tt_mb=32)
            return moves, workers.analyst.analyze(board, Limit(time=HINT_SECONDS))

        workers.hint.start(analyse)

    # --------------------------------------------------------------------------------- frame

    def _layout(self) -> Layout:
        return Layout.fit(self.size, self.board.width, self.board.height)

    def _button_boxes(self) -> list[Box]:
        """Where the end buttons are now (above their places while they fall in)."""
        layout = self._layout()
        rests = layout.end_buttons(len(self._buttons)) if self._buttons else []
        return [
            rest.moved(button.fall.position * layout.size[1])
            for button, rest in zip(self._buttons, rests, strict=True)
        ]

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
            current = self._hint is not None and self._hint[0] == board.moves
            hints = hint_labels(self._hint[1]) if current and self._hint else (None,) * board.width
        outcome = session.outcome
        line = outcome.line if outcome is not None and self.drop is None else ()
        buttons = tuple(
            Button(box, button.label, index == self._button_focus)
            for index, (button, box) in enumerate(
                zip(self._buttons, self._button_boxes(), strict=True)
            )
        )
        return GameFrame(
            layout=layout,
            palette=palette_for(self.settings.color_blind),
            board=board,
            status=self.status(),
            hidden=hidden,
            moving=moving,
            hints=hints,
            winning_line=line,
            buttons=buttons,
            keys=KEYS_HELP if self.show_keys else (),
        )
