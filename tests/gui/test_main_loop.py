"""The real app driven by real pygame events on the event queue (SDL's dummy video driver)."""

from __future__ import annotations

import pytest

from tests.gui.conftest import NO_PYGAME, WINDOW, MakeApp

pytest.importorskip("pygame", reason=NO_PYGAME)

import subprocess
import sys
import time
from collections.abc import Iterator

import pygame

from fourinarow.agents import Decision, Limit
from fourinarow.core import Board
from fourinarow.gui.frame import HintLabel
from fourinarow.gui.game_screen import GameScreen
from fourinarow.gui.game_setup import GuiSettings, Mode
from fourinarow.gui.layout import Layout
from fourinarow.gui.main_loop import App
from tests.gui.driving import BlockingAgent, ScriptedAgent, click, post, press, settle

HUMANS = GuiSettings(mode=Mode.HUMAN_VS_HUMAN, sound=False)


def game_of(app: App) -> GameScreen:
    assert app.game is not None
    return app.game


def played(game: GameScreen) -> tuple[int, ...]:
    """The columns played so far (a call, so that mypy does not narrow it between steps)."""
    return game.board.moves


def column_point(game: GameScreen, column: int, row_from_top: float = 0) -> tuple[float, float]:
    """The pixel in the middle of a column's cell, in the window the app draws in."""
    layout = Layout.fit(
        pygame.display.get_surface().get_size(), game.board.width, game.board.height
    )
    return layout.cell_centre(column, row_from_top)


def test_a_click_in_a_column_lands_a_disc_in_its_bottom_cell(make_app: MakeApp) -> None:
    app = make_app(HUMANS)
    game = game_of(app)
    click(column_point(game, 2, row_from_top=1))  # anywhere in the column
    app.step(1 / 60)
    assert game.animating
    assert played(game) == (2,)
    frames = settle(app)
    assert 20 < frames < 120  # it fell and bounced for a while
    assert game.board.cell(2, 0) == 1
    click(column_point(game, 2))
    settle(app)
    assert game.board.cell(2, 1) == 2
    assert "Red to move" in game.status()


def test_a_click_beside_the_board_plays_nothing(make_app: MakeApp) -> None:
    app = make_app(HUMANS)
    click((3, WINDOW[1] // 2))
    settle(app)
    assert game_of(app).board.ply == 0


def test_a_click_on_a_full_column_plays_nothing_and_says_why(make_app: MakeApp) -> None:
    app = make_app(HUMANS)
    game = game_of(app)
    for _ in range(6):
        click(column_point(game, 0))
        settle(app)
    assert game.board.heights[0] == 6
    click(column_point(game, 0))
    settle(app)
    assert game.board.ply == 6
    assert game.status() == "Not played: column 1 is full; playable columns: 2, 3, 4, 5, 6, 7."
    click(column_point(game, 1))
    settle(app)
    assert game.board.ply == 7
    assert "full" not in game.status()


@pytest.fixture
def blocking() -> Iterator[BlockingAgent]:
    agent = BlockingAgent()
    yield agent
    agent.release.set()  # let the forgotten thread end


def drop_under_way(app: App, column: int) -> GameScreen:
    """Click ``column`` and step one frame: its disc has only begun to fall."""
    game = game_of(app)
    click(column_point(game, column))
    app.step(1 / 60)
    assert game.drop is not None
    return game


def test_moves_made_while_a_disc_falls_are_played_after_it_lands(make_app: MakeApp) -> None:
    app = make_app(HUMANS)
    game = drop_under_way(app, 3)
    press(pygame.K_5)
    click(column_point(game, 1))
    app.step(1 / 60)
    assert played(game) == (3,)  # they wait
    assert game.drop is not None
    assert game.drop.column == 3
    settle(app)
    assert played(game) == (3, 4, 1)
    assert game.board.cell(4, 0) == 2
    assert game.board.cell(1, 0) == 1


def test_a_move_made_while_the_computers_disc_falls_is_played_after_it_lands(
    make_app: MakeApp,
) -> None:
    app = make_app(GuiSettings(sound=False), agent=ScriptedAgent([6, 5]))
    game = game_of(app)
    press(pygame.K_1)
    while game.board.ply < 2:  # the computer has chosen: its disc slides over and falls
        app.step(1 / 60)
        time.sleep(0.001)
    assert game.drop is not None
    assert game.drop.player == 2
    press(pygame.K_2)
    app.step(1 / 60)
    assert played(game) == (0, 6)
    settle(app)
    assert played(game) == (0, 6, 1, 5)


def test_undo_made_while_the_computers_disc_falls_takes_back_the_turn_after_it_lands(
    make_app: MakeApp,
) -> None:
    app = make_app(GuiSettings(sound=False), agent=ScriptedAgent([6]))
    game = game_of(app)
    press(pygame.K_1)
    while game.board.ply < 2:
        app.step(1 / 60)
        time.sleep(0.001)
    press(pygame.K_u)
    settle(app)
    assert played(game) == ()
    assert game.status() == "Taken back: 1, 7."


def test_the_hint_asked_for_while_a_disc_falls_turns_on_after_it_lands(
    make_app: MakeApp,
) -> None:
    settings = GuiSettings(mode=Mode.HUMAN_VS_HUMAN, width=5, height=4, sound=False)
    app = make_app(settings)
    game = drop_under_way(app, 2)
    press(pygame.K_h)
    app.step(1 / 60)
    assert not game.hint_on
    settle(app)
    assert game.hint_on
    assert game.status().startswith("Hint for Yellow")
    assert game.frame(WINDOW).hints is not None


@pytest.mark.parametrize(
    "key",
    [
        pytest.param(pygame.K_ESCAPE, id="esc"),
        pytest.param(pygame.K_q, id="q"),
        pytest.param(pygame.K_n, id="n"),
    ],
)
def test_esc_q_and_n_act_at_once_while_a_disc_falls(make_app: MakeApp, key: int) -> None:
    app = make_app(HUMANS)
    game = drop_under_way(app, 3)
    press(pygame.K_5)  # waits, and is forgotten
    press(key)
    app.step(1 / 60)
    if key == pygame.K_ESCAPE:
        assert app.game is None
        assert app.running
    elif key == pygame.K_q:
        assert not app.running
    else:
        assert app.game is game
        assert played(game) == ()
        assert not game.animating
        settle(app)
        assert played(game) == ()


def test_escape_between_computers_goes_to_the_menu_while_a_disc_falls(
    make_app: MakeApp,
) -> None:
    settings = GuiSettings(mode=Mode.COMPUTER_VS_COMPUTER, sound=False)
    app = make_app(settings, agent=ScriptedAgent([3, 3, 2, 2, 1]))
    game = game_of(app)
    while game.board.ply < 3 or game.drop is None:
        app.step(1 / 60)
        time.sleep(0.001)
    press(pygame.K_ESCAPE)
    app.step(1 / 60)
    assert app.game is None
    assert app.running


@pytest.mark.parametrize("mode", [Mode.HUMAN_VS_COMPUTER, Mode.COMPUTER_VS_COMPUTER])
def test_escape_and_q_act_at_once_while_the_computer_thinks(
    make_app: MakeApp, blocking: BlockingAgent, mode: Mode
) -> None:
    app = make_app(GuiSettings(mode=mode, first="computer", sound=False), agent=blocking)
    game = game_of(app)
    app.step(1 / 60)
    assert blocking.started.wait(5)
    assert game.thinking
    press(pygame.K_ESCAPE)
    app.step(1 / 60)
    assert app.game is None
    assert not game.thinking  # its thought is forgotten
    press(pygame.K_RETURN)  # the menu starts another game, whose computer thinks
    app.step(1 / 60)
    assert app.game is not None
    press(pygame.K_q)
    app.step(1 / 60)
    assert not app.running


def test_keys_move_the_disc_and_drop_it(make_app: MakeApp) -> None:
    app = make_app(HUMANS)
    game = game_of(app)
    assert game.cursor == 3
    press(pygame.K_LEFT)
    press(pygame.K_LEFT)
    press(pygame.K_RETURN)
    settle(app)
    press(pygame.K_7)
    settle(app)
    press(pygame.K_KP1)
    settle(app)
    press(pygame.K_9)
    settle(app)
    assert played(game) == (1, 6, 0)
    assert game.status() == "There is no column 9: columns go 1-7."


def test_the_disc_follows_the_mouse_over_the_columns(make_app: MakeApp) -> None:
    app = make_app(HUMANS)
    game = game_of(app)
    post(
        pygame.MOUSEMOTION,
        pos=tuple(map(round, column_point(game, 5, -1))),
        rel=(0, 0),
        buttons=(0, 0, 0),
    )
    app.step(1 / 60)
    moving = game.frame(WINDOW).moving
    assert moving is not None
    assert (moving.x, moving.y, moving.player) == (5.0, -1.0, 1)


def test_the_computer_slides_its_disc_over_before_it_drops(make_app: MakeApp) -> None:
    agent = ScriptedAgent([6])
    app = make_app(GuiSettings(sound=False), agent=agent)
    game = game_of(app)
    click(column_point(game, 0))
    xs, ys = [], []
    while game.board.ply < 2 or game.animating:
        app.step(1 / 60)
        if game.drop is not None and game.drop.player == 2:
            xs.append(game.drop.x)
            ys.append(game.drop.y)
        time.sleep(0.001)
    assert played(game) == (0, 6)
    assert game.board.cell(6, 0) == 2
    assert xs[0] < 1
    assert xs[-1] == 6.0
    assert xs == sorted(xs)
    sliding = [y for x, y in zip(xs, ys, strict=True) if x < 6.0]
    assert sliding
    assert all(y == -1.0 for y in sliding)
    assert 4.5 < max(ys) <= 5.0  # then it fell to the bottom row (5 rows below the top)


def test_undo_and_redo_against_the_computer_take_back_whole_turns(make_app: MakeApp) -> None:
    app = make_app(GuiSettings(sound=False), agent=ScriptedAgent([6, 5, 4]))
    game = game_of(app)
    press(pygame.K_1)
    settle(app)
    press(pygame.K_2)
    settle(app)
    assert played(game) == (0, 6, 1, 5)
    press(pygame.K_u)
    settle(app)
    assert played(game) == (0, 6)
    assert game.status() == "Taken back: 2, 6."
    press(pygame.K_z, mod=pygame.KMOD_CTRL)
    settle(app)
    assert played(game) == ()
    press(pygame.K_u)
    settle(app)
    assert game.status() == "Nothing to undo."
    press(pygame.K_r)
    settle(app)
    assert played(game) == (0, 6)
    press(pygame.K_y, mod=pygame.KMOD_CTRL)
    settle(app)
    assert played(game) == (0, 6, 1, 5)
    press(pygame.K_r)
    settle(app)
    assert game.status() == "Nothing to redo."


def test_a_win_highlights_the_line_and_the_end_buttons_fall_in(make_app: MakeApp) -> None:
    app = make_app(HUMANS)
    game = game_of(app)
    for key in (pygame.K_1, pygame.K_2) * 3 + (pygame.K_1,):
        press(key)
        settle(app)
    assert game.session.outcome is not None
    frame = game.frame(WINDOW)
    assert frame.winning_line == ((0, 0), (0, 1), (0, 2), (0, 3))
    assert game.status() == "Red wins!"
    assert [button.label for button in frame.buttons] == ["Play again", "Review", "Menu", "Quit"]
    assert all(not b.box.contains(b.box.centre) or b.box.y >= 0 for b in frame.buttons)


def test_the_end_buttons_ignore_input_while_they_fall_and_then_work(make_app: MakeApp) -> None:
    app = make_app(HUMANS)
    game = game_of(app)
    for key in (pygame.K_1, pygame.K_2) * 3:
        press(key)
        settle(app)
    press(pygame.K_1)
    while game.drop is not None or not game.frame(WINDOW).buttons:
        app.step(1 / 60)
    falling = game.frame(WINDOW).buttons
    press(pygame.K_RETURN)  # would press Play again, but the buttons are still falling
    app.step(1 / 60)
    assert game.board.ply == 7
    assert game.animating
    settle(app)
    resting = game.frame(WINDOW).buttons
    assert all(r.box.y > f.box.y for r, f in zip(resting, falling, strict=True))
    click(resting[0].box.centre)
    settle(app)
    assert game.board.ply == 0
    assert not game.frame(WINDOW).buttons


def win_for_red(app: App) -> GameScreen:
    """Play a vertical win for Red in the first column, between humans, and let all settle."""
    game = game_of(app)
    for key in (pygame.K_1, pygame.K_2) * 3 + (pygame.K_1,):
        press(key)
        settle(app)
    assert game.status() == "Red wins!"
    return game


def test_after_the_end_clicks_and_keys_on_the_board_leave_the_result_shown(
    make_app: MakeApp,
) -> None:
    app = make_app(HUMANS)
    game = win_for_red(app)
    click(column_point(game, 4))
    press(pygame.K_3)
    press(pygame.K_9)
    settle(app)
    assert game.board.ply == 7
    assert game.status() == "Red wins!"
    buttons = game.frame(WINDOW).buttons
    assert [button.label for button in buttons] == ["Play again", "Review", "Menu", "Quit"]
    click(buttons[0].box.centre)
    settle(app)
    assert game.board.ply == 0


def test_keys_made_while_the_last_disc_falls_are_forgotten(make_app: MakeApp) -> None:
    app = make_app(HUMANS)
    game = game_of(app)
    for key in (pygame.K_1, pygame.K_2) * 3:
        press(key)
        settle(app)
    drop_under_way(app, 0)  # the winning disc
    press(pygame.K_RETURN)  # not the end buttons' Enter: they were not there yet
    press(pygame.K_4)
    settle(app)
    assert game.board.ply == 7
    assert game.status() == "Red wins!"
    assert game.frame(WINDOW).buttons


def test_the_end_buttons_lead_to_the_menu_and_out(make_app: MakeApp) -> None:
    app = make_app(HUMANS)
    game = game_of(app)
    for key in (pygame.K_1, pygame.K_2) * 3 + (pygame.K_1,):
        press(key)
        settle(app)
    press(pygame.K_RIGHT)
    press(pygame.K_RIGHT)
    press(pygame.K_RETURN)
    app.step(1 / 60)
    assert app.game is None
    assert app.running
    press(pygame.K_RETURN)
    app.step(1 / 60)
    game = game_of(app)
    for key in (pygame.K_1, pygame.K_2) * 3 + (pygame.K_1,):
        press(key)
        settle(app)
    click(game.frame(WINDOW).buttons[3].box.centre)
    app.step(1 / 60)
    assert not app.running


def test_the_hint_shows_every_columns_value(make_app: MakeApp) -> None:
    settings = GuiSettings(mode=Mode.HUMAN_VS_HUMAN, width=5, height=4, sound=False)
    app = make_app(settings)
    game = game_of(app)
    for key in (pygame.K_3, pygame.K_3, pygame.K_5, pygame.K_5, pygame.K_5, pygame.K_5):
        press(key)
        settle(app)
    press(pygame.K_h)
    app.step(1 / 60)
    assert "Hint for Red" in game.status()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        hints = game.frame(WINDOW).hints
        assert hints is not None
        if all(label is not None for label in hints):
            break
        app.step(1 / 60)
        time.sleep(0.005)
    assert hints is not None
    texts = [label.text if label else None for label in hints]
    assert texts[4] == "full"
    assert len(texts) == 5
    assert all(text is not None for text in texts)
    press(pygame.K_h)
    app.step(1 / 60)
    assert game.frame(WINDOW).hints is None


def test_closing_the_window_while_a_disc_falls_exits_at_once(make_app: MakeApp) -> None:
    app = make_app(HUMANS)
    click(column_point(game_of(app), 3))
    app.step(1 / 60)
    assert game_of(app).animating
    post(pygame.QUIT)
    app.step(1 / 60)
    assert not app.running


def test_closing_the_window_while_the_computer_thinks_exits_at_once(
    make_app: MakeApp, blocking: BlockingAgent
) -> None:
    app = make_app(GuiSettings(first="computer", sound=False), agent=blocking)
    game = game_of(app)
    app.step(1 / 60)
    assert blocking.started.wait(5)
    for _ in range(30):  # the window goes on drawing while the computer thinks
        app.step(1 / 60)
    assert game.thinking
    assert game.status().startswith("Computer (level 5) is thinking")
    click(column_point(game, 0))
    app.step(1 / 60)
    assert game.board.ply == 0
    assert game.status() == "Wait: Computer (level 5) is thinking."
    post(pygame.QUIT)
    app.step(1 / 60)  # the agent blocks until released: a step that waited for it would hang
    assert not app.running


def test_run_returns_when_the_window_is_closed_mid_thought(
    make_app: MakeApp, blocking: BlockingAgent
) -> None:
    app = make_app(GuiSettings(mode=Mode.COMPUTER_VS_COMPUTER, sound=False), agent=blocking)
    post(pygame.USEREVENT)  # nothing
    pygame.time.set_timer(pygame.QUIT, 300, loops=1)
    app.run()  # returns, though the agent blocks until released
    assert blocking.started.is_set()


def test_undo_while_the_computer_thinks_forgets_its_thought(
    make_app: MakeApp, blocking: BlockingAgent
) -> None:
    app = make_app(GuiSettings(sound=False), agent=blocking)
    game = game_of(app)
    press(pygame.K_4)
    settle_frames = 0
    while not blocking.started.is_set() and settle_frames < 500:
        app.step(1 / 60)
        settle_frames += 1
    assert game.thinking
    press(pygame.K_u)
    app.step(1 / 60)
    assert game.board.ply == 0
    assert not game.thinking
    blocking.release.set()
    time.sleep(0.05)
    for _ in range(5):
        app.step(1 / 60)
    assert game.board.ply == 0  # the forgotten answer is not played


def test_the_computer_plays_within_its_levels_budget(make_app: MakeApp) -> None:
    settings = GuiSettings(mode=Mode.COMPUTER_VS_COMPUTER, level=3, second_level=1, seed=4)
    app = make_app(settings)
    assert app.play_to_end(timeout=20)
    game = game_of(app)
    assert game.session.outcome is not None
    assert game.board.ply >= 7


def test_escape_goes_to_the_menu_which_starts_the_chosen_game(make_app: MakeApp) -> None:
    app = make_app(start_game=False)
    assert app.game is None
    press(pygame.K_RIGHT)  # players: human vs human
    press(pygame.K_DOWN)  # to the board: the levels and who starts do not apply
    press(pygame.K_LEFT)  # board: 6 x 6
    press(pygame.K_RETURN)
    app.step(1 / 60)
    game = game_of(app)
    assert game.settings.mode is Mode.HUMAN_VS_HUMAN
    assert (game.board.width, game.board.height) == (6, 6)
    press(pygame.K_ESCAPE)
    app.step(1 / 60)
    assert app.game is None
    assert app.menu.settings.width == 6
    press(pygame.K_ESCAPE)
    app.step(1 / 60)
    assert not app.running


def test_the_menu_answers_clicks(make_app: MakeApp) -> None:
    from fourinarow.gui.menu import MenuLayout

    app = make_app(start_game=False)
    layout = MenuLayout.fit(WINDOW)
    click(layout.rows[1].right.centre)  # the computer's level, up one
    click(layout.rows[1].right.centre)
    click(layout.rows[3].value.centre)  # who starts: the computer
    app.step(1 / 60)
    assert app.menu.settings.level == 7
    assert app.menu.settings.first == "computer"
    click(layout.start.centre)
    app.step(1 / 60)
    assert game_of(app).session.seat(1).level == 7


def test_the_board_follows_the_window_when_it_is_resized(make_app: MakeApp) -> None:
    app = make_app(HUMANS)
    game = game_of(app)
    pygame.display.set_mode((1000, 500), pygame.RESIZABLE)
    post(pygame.VIDEORESIZE, size=(1000, 500), w=1000, h=500)
    app.step(1 / 60)
    layout = game.frame((1000, 500)).layout
    assert layout.size == (1000, 500)
    assert layout.board.bottom < 500
    click(layout.cell_centre(6, 0))
    settle(app)
    assert played(game) == (6,)


def test_palette_sound_and_keys_overlay_toggle(make_app: MakeApp, window: pygame.Surface) -> None:
    app = make_app(HUMANS)
    game = game_of(app)
    press(pygame.K_c)
    press(pygame.K_m)
    press(pygame.K_F1)
    app.step(1 / 60)
    frame = game.frame(WINDOW)
    assert frame.palette.names == ("Orange", "Blue")
    assert frame.keys
    assert game.status() == "Sound on."
    assert app.sound.enabled
    press(pygame.K_3)  # closes the overlay only
    app.step(1 / 60)
    assert game.board.ply == 0
    assert not game.frame(WINDOW).keys
    assert tuple(window.get_at((5, 5)))[:3] == frame.palette.background


def test_undo_and_hint_say_why_not_between_computers(make_app: MakeApp) -> None:
    app = make_app(
        GuiSettings(mode=Mode.COMPUTER_VS_COMPUTER, sound=False), agent=ScriptedAgent([])
    )
    game = game_of(app)
    settle(app)
    press(pygame.K_u)
    app.step(1 / 60)
    assert game.status().startswith("Undo takes back a human's moves")
    press(pygame.K_h)
    app.step(1 / 60)
    assert game.status().startswith("The hint is for a human's turn")


def test_a_computer_that_fails_is_reported(make_app: MakeApp) -> None:
    class Broken:
        name = "broken"

        def choose(self, board: Board, limit: Limit | None = None) -> Decision:
            raise RuntimeError("out of ideas")

    app = make_app(GuiSettings(first="computer", sound=False), agent=Broken())
    game = game_of(app)
    for _ in range(100):
        app.step(1 / 60)
        if game.notice:
            break
        time.sleep(0.002)
    assert game.status() == "The computer could not move: out of ideas"
    assert game.board.ply == 0


CLOSE_MID_THOUGHT = """
import os, time
os.environ["SDL_VIDEODRIVER"] = "dummy"
import fourinarow.gui
import pygame
from fourinarow.agents import Decision
from fourinarow.gui.main_loop import App
from fourinarow.gui.game_setup import GuiSettings

class Slow:
    name = "slow"
    def choose(self, board, limit=None):
        time.sleep(60)
        return Decision(0)

pygame.display.init()
pygame.font.init()
pygame.display.set_mode((300, 300))
app = App(GuiSettings(first="computer", sound=False), start_game=True, agent_for=lambda n: Slow())
pygame.time.set_timer(pygame.QUIT, 300, loops=1)
app.run()
pygame.quit()
print("closed")
"""


def test_the_program_ends_at_once_when_closed_while_the_computer_thinks() -> None:
    result = subprocess.run(
        [sys.executable, "-c", CLOSE_MID_THOUGHT],
        capture_output=True,
        text=True,
        timeout=50,  # a hang guard: the computer would think for a minute
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "closed\n"


def test_a_hint_not_settled_in_time_says_what_its_labels_mean(make_app: MakeApp) -> None:
    """On a board too big to settle in the hint's second, columns show estimates (``~+0.4``),
    never "full" nor ``?``, and the status line says what they mean."""
    settings = GuiSettings(mode=Mode.HUMAN_VS_HUMAN, width=12, height=8, connect=5, sound=False)
    app = make_app(settings)
    game = game_of(app)
    press(pygame.K_h)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and "(1 s)" not in game.status():
        app.step(1 / 60)
        time.sleep(0.01)
    assert "~ an estimate, not proven (+ favours Red)" in game.status()
    assert game.status().endswith("boxed: likely best")
    hints = game.frame(WINDOW).hints
    assert hints is not None
    texts = [label.text for label in hints if label is not None]
    assert len(texts) == 12
    assert all(text.startswith("~") for text in texts), texts


@pytest.mark.parametrize(("width", "height", "connect"), [(9, 7, 5), (8, 7, 4), (10, 8, 4)])
def test_the_hint_values_every_column_of_a_large_board_in_its_time(
    make_app: MakeApp, width: int, height: int, connect: int
) -> None:
    """Where the solver proves little within the hint's second, every legal column still gets
    a value (an estimate where not proven), the likely best one boxed, in about that second."""
    settings = GuiSettings(
        mode=Mode.HUMAN_VS_HUMAN, width=width, height=height, connect=connect, sound=False
    )
    app = make_app(settings)
    game = game_of(app)
    for key in (pygame.K_4, pygame.K_5, pygame.K_4):
        press(key)
        settle(app)
    press(pygame.K_h)
    deadline = time.monotonic() + 60  # a hang guard; the analysis takes its second
    hints: tuple[HintLabel | None, ...] | None = None
    while time.monotonic() < deadline:
        app.step(1 / 60)
        hints = game.frame(WINDOW).hints
        if hints is not None and None not in hints:
            break
        time.sleep(0.005)
    assert hints is not None
    labels = [label for label in hints if label is not None]
    assert len(labels) == width
    assert not [label.text for label in labels if label.text in ("?", "full")]
    assert {label.tone for label in labels} <= {"win", "draw", "loss", "estimate"}
    assert any(label.tone == "estimate" for label in labels)
    assert any(label.best for label in labels)
    window = pygame.display.get_surface()
    app.step(1 / 60)  # drawn: the estimates' colour is in the strip under the board
    strip = game.frame(WINDOW).layout.hints
    colours = {
        tuple(window.get_at((x, y)))[:3]
        for x in range(round(strip.x), round(strip.x + strip.width))
        for y in range(round(strip.y), round(strip.bottom))
    }
    assert game.frame(WINDOW).palette.estimate in colours
