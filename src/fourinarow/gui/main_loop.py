"""The window's main loop: the menu, game and review screens, events in, frames out.

``App.step(dt)`` handles the queued events, advances by ``dt`` seconds and draws one frame;
``run`` calls it in real time, tests and the headless demo call it with a fixed ``dt``.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import pygame

from fourinarow.agents import Agent, make_agent
from fourinarow.core import Board
from fourinarow.gui.drawing import Painter
from fourinarow.gui.game_screen import AgentFor, GameScreen
from fourinarow.gui.game_setup import GuiSettings
from fourinarow.gui.games_screen import GamesScreen
from fourinarow.gui.games_view import GamesView
from fourinarow.gui.keeper import GameKeeper
from fourinarow.gui.menu_screen import MenuScreen
from fourinarow.gui.palette import palette_for
from fourinarow.gui.retry_screen import RetryScreen
from fourinarow.gui.retry_view import RetryView
from fourinarow.gui.review_screen import ReviewScreen
from fourinarow.gui.review_view import ReviewJob
from fourinarow.gui.screen import Action
from fourinarow.gui.sound import SoundPlayer
from fourinarow.gui.thinking import Workers
from fourinarow.service import coach
from fourinarow.service.budgets import review_position_limit
from fourinarow.service.puzzles import Progress

__all__ = ["FPS", "App"]

FPS = 60
"""Frames a second in the real-time loop (and the headless demo's time step, 1/FPS)."""

MAX_FRAME_SECONDS = 0.05
"""Longest time step taken at once, so that a stalled frame does not make discs jump."""


class App:
    """The desktop game: a start menu, then games, in the window pygame has opened.

    Args:
        settings: the menu's first choices (or the game's, with ``start_game``).
        start_game: skip the menu and start a game at once.
        agent_for: builds the agent of a level; by default ``make_agent("level:N")``, seeded by
            ``settings.seed``, one agent per level kept for the whole session.
        sound: the sound player; by default one for ``settings.sound``.
        progress_path: the puzzle history file missed retries are recorded in (default: the
            user's, as ``fourinarow puzzle`` keeps it).
        games_path: the games file every game played is saved to (default: the user's, as
            ``fourinarow games`` lists it).
        keep_games: save the games at all (the headless demo does not).
    """

    def __init__(
        self,
        settings: GuiSettings,
        *,
        start_game: bool = False,
        agent_for: AgentFor | None = None,
        sound: SoundPlayer | None = None,
        progress_path: Path | None = None,
        games_path: Path | None = None,
        keep_games: bool = True,
    ) -> None:
        self.progress_path = progress_path
        self.keeper = GameKeeper(games_path, enabled=keep_games)
        self.settings = settings
        self.running = True
        self.painter = Painter()
        self.sound = sound if sound is not None else SoundPlayer(settings.sound)
        self.workers = Workers()
        self._rng = random.Random(settings.seed)
        self._agents: dict[int, Agent] = {}
        self._agent_for = agent_for or self._level_agent
        self.menu = MenuScreen(settings)
        self.game: GameScreen | None = None
        self.review: ReviewScreen | None = None
        self.retry: RetryScreen | None = None
        self.games: GamesScreen | None = None  # the list of saved games, from the menu
        self._review_job: ReviewJob | None = None  # kept once finished, for the same game
        if start_game:
            self.start_game(settings)

    def _level_agent(self, level: int) -> Agent:
        if level not in self._agents:
            self._agents[level] = make_agent(f"level:{level}", seed=self.settings.seed)
        return self._agents[level]

    def start_game(self, settings: GuiSettings) -> None:
        """Leave the menu for a new game with ``settings``."""
        self.settings = settings
        if self.sound.enabled != settings.sound:
            self.sound.toggle()
        self.game = GameScreen(
            settings, self._agent_for, self.workers, self.sound, self._rng, self.keep_game
        )

    def keep_game(self, game: GameScreen) -> None:
        """Save ``game`` to the games file (finished, or as left); say so if that fails."""
        self.keeper.keep(game.board, game.saved_names())
        if self.keeper.error is not None:
            game.notice = self.keeper.error

    def back_to_menu(self) -> None:
        """Leave the game (forgetting what its computer was thinking) for the menu."""
        if self.game is not None:
            self.settings = self.game.settings
            self.keep_game(self.game)
        self.workers.cancel()
        self.leave_review()
        self.game = None
        self.menu = MenuScreen(self.settings)

    def open_review(self) -> None:
        """Show the review of the game that has just ended; it is worked out on a background
        thread (once per game: going back and opening it again shows the same review)."""
        game = self.game
        if game is None:
            return
        job = self._review_job_for(game.board)
        names = (game.name(1), game.name(2))
        self.review = ReviewScreen(job, names, color_blind=game.settings.color_blind)
        humans = [p for p in (1, 2) if game.session.seat(p).is_human]
        self.review.player = humans[0] if len(humans) == 1 else None  # the human's mistakes

    def _review_job_for(self, board: Board) -> ReviewJob:
        """The review job of ``board``'s game: the one under way or done if it is for this
        game, else a new one started (the old one stopped)."""
        job = self._review_job
        if job is None or not job.is_for(board):
            if job is not None:
                job.stop()
            job = ReviewJob(board, review_position_limit(board))
            job.start()
            self._review_job = job
        return job

    def open_games(self) -> None:
        """Show the list of saved games (from the menu)."""
        view = GamesView(self.keeper)
        self.games = GamesScreen(view, color_blind=self.menu.settings.color_blind)

    def open_saved(self) -> None:
        """Review the saved game chosen in the list; Back returns to the list."""
        games = self.games
        saved = None if games is None else games.view.game
        if games is None or saved is None:
            return
        job = self._review_job_for(saved.board())
        names = (saved.first, saved.second)
        self.review = ReviewScreen(job, names, color_blind=games.color_blind)
        self.review.player = {"first": 1, "second": 2, None: None}[saved.you]

    def open_retry(self) -> None:
        """Replay the reviewed game's mistakes (the human's alone against the computer),
        asking for a better move; missed ones join the puzzle history."""
        review = self.review
        if review is None or review.job.review is None:
            return
        exercises = coach.exercises(review.job.review, review.player)
        view = RetryView(review.job.board, exercises, review.view.names, self._remember)
        self.retry = RetryScreen(view, color_blind=review.color_blind)

    def _remember(self, exercise: coach.Exercise) -> None:
        """Record a missed exercise in the puzzle history (a file opened for the write)."""
        with Progress(self.progress_path) as progress:
            coach.remember_missed(exercise, progress)

    def leave_review(self) -> None:
        """Back from the review to the game's end screen (or the list of saved games it was
        opened from); a review not finished is stopped
        (opening it again starts it afresh)."""
        job = self._review_job
        if job is not None and not job.finished:
            job.stop()
            self._review_job = None
        if self.review is not None:
            self.review.leave_line()
        self.review = None
        self.retry = None

    # ------------------------------------------------------------------------------ the loop

    def handle(self, event: pygame.event.Event) -> None:
        """Pass one event to the screen showing; closing the window always works at once."""
        if event.type in (pygame.QUIT, pygame.WINDOWCLOSE):
            self.quit()
            return
        screen = self.retry or self.review or self.games or self.game or self.menu
        self._act(screen.handle(event))

    def _act(self, action: Action | None) -> None:
        """Do what a screen asked for."""
        if action is Action.QUIT:
            self.quit()
        elif action is Action.MENU:
            if self.games is not None and self.game is None:
                self.games = None  # the list goes back to the menu it came from
            else:
                self.back_to_menu()
        elif action is Action.GAMES:
            self.open_games()
        elif action is Action.OPEN:
            self.open_saved()
        elif action is Action.START:
            self.start_game(self.menu.settings)
        elif action is Action.REVIEW:
            self.open_review()
        elif action is Action.RETRY:
            self.open_retry()
        elif action is Action.BACK:
            if self.retry is not None:
                self.retry = None  # back to the review
            else:
                self.leave_review()

    def quit(self) -> None:
        """Stop the loop, saving the game on the board (unfinished, if it is)."""
        if self.game is not None:
            self.keep_game(self.game)
        self.running = False

    def update(self, dt: float) -> None:
        """Advance the game by ``dt`` seconds, or collect the review (the menu does not
        move)."""
        if self.review is not None:
            self.review.update(dt)
        elif self.game is not None:
            self._act(self.game.update(dt))
            if self.game is not None and self.game.session.outcome is not None:
                self.keep_game(self.game)  # once: the keeper knows it saved this game

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the screen showing onto ``surface``."""
        if self.retry is not None:
            self.painter.draw_retry(surface, self.retry.frame(surface.get_size()))
        elif self.review is not None:
            self.painter.draw_review(surface, self.review.frame(surface.get_size()))
        elif self.games is not None:
            self.painter.draw_games(surface, self.games.frame(surface.get_size()))
        elif self.game is not None:
            self.painter.draw_game(surface, self.game.frame(surface.get_size()))
        else:
            palette = palette_for(self.menu.settings.color_blind)
            self.painter.draw_menu(surface, self.menu.menu, palette)

    def step(self, dt: float, *, draw: bool = True) -> None:
        """Handle the queued events, advance by ``dt`` seconds and (if ``draw``) show a frame."""
        surface = pygame.display.get_surface()
        size = surface.get_size()
        self.menu.size = size
        if self.game is not None:
            self.game.size = size
        if self.review is not None:
            self.review.size = size
        if self.retry is not None:
            self.retry.size = size
        if self.games is not None:
            self.games.size = size
        for event in pygame.event.get():
            self.handle(event)
            if not self.running:
                return
        self.update(dt)
        if draw:
            self.draw(surface)
            pygame.display.flip()

    def run(self) -> None:
        """Show the window in real time until it is closed or the player quits."""
        clock = pygame.time.Clock()
        while self.running:
            dt = clock.tick(FPS) / 1000
            self.step(min(dt, MAX_FRAME_SECONDS))

    def play_to_end(self, timeout: float = 120.0) -> bool:
        """Step without drawing, ``1/FPS`` seconds at a time, until the game is over and all
        has come to rest; return False if ``timeout`` real seconds pass first (or the window
        is closed). The computer's thinking still takes real time."""
        game = self.game
        if game is None:
            raise RuntimeError("play_to_end needs a game: start one first")
        deadline = time.monotonic() + timeout
        while self.running and time.monotonic() < deadline:
            self.step(1 / FPS, draw=False)
            if game.session.outcome is not None and not game.animating:
                return True
            if game.thinking:
                time.sleep(0.002)  # leave the processor to the thinking thread
        return False

    def review_to_end(self, timeout: float = 120.0) -> bool:
        """Open the review of the game that has ended and step without drawing until it is
        worked out, then show its first turning point; return False if ``timeout`` real
        seconds pass first (for the headless demo's screenshot)."""
        self.open_review()
        review = self.review
        if review is None:
            raise RuntimeError("review_to_end needs a game: start one first")
        deadline = time.monotonic() + timeout
        while review.reviewing and time.monotonic() < deadline:
            self.step(1 / FPS, draw=False)
            time.sleep(0.002)  # leave the processor to the review's thread
        self.step(1 / FPS, draw=False)
        if review.reviewing:
            return False
        review.view.turning_point(1)
        return True
