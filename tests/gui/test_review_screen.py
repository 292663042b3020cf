"""The review screen in the real window (SDL's dummy video driver), driven by events on pygame's
queue: a game is played to its end, the review opened from the end screen, stepped through and
left again."""

from __future__ import annotations

import pytest

from tests.gui.conftest import NO_PYGAME, WINDOW, MakeApp

pytest.importorskip("pygame", reason=NO_PYGAME)

import time

import pygame

from fourinarow.core import Board
from fourinarow.gui.game_screen import GameScreen
from fourinarow.gui.game_setup import GuiSettings, Mode
from fourinarow.gui.main_loop import App
from fourinarow.gui.review_layout import REVIEW_BUTTONS
from fourinarow.gui.review_screen import ReviewScreen
from fourinarow.gui.review_view import ReviewJob, ReviewLayout
from fourinarow.search.limit import Limit
from tests.gui.driving import click, post, press, settle

HUMANS = GuiSettings(mode=Mode.HUMAN_VS_HUMAN, sound=False)

THROWN = "12121272"
"""A game between humans with hand-checked turning points. Red's first disc in column 1 throws
the win (on 7x6 only the middle column wins for the first player). Yellow's 6th move, column 2,
leaves Red's three in column 1 open: a loss in 1 (the solver finds it threw a win in 19). Red's
7th, column 7, is the known blunder: Red could win at once in column 1 (a win in 1) and instead
lets Yellow complete column 2 (a loss in 1). Yellow's last disc wins: best."""


def game_of(app: App) -> GameScreen:
    assert app.game is not None
    return app.game


def review_of(app: App) -> ReviewScreen:
    assert app.review is not None
    return app.review


def finish(app: App, moves: str) -> GameScreen:
    """Play ``moves`` (1-based columns, one digit each) with the number keys, to the end."""
    game = game_of(app)
    for move in moves:
        press(getattr(pygame, f"K_{move}"))
        settle(app)
    assert game.session.outcome is not None
    return game


def reviewed(app: App, timeout: float = 60.0) -> ReviewScreen:
    """Step the app until the review screen has its grades."""
    screen = review_of(app)
    deadline = time.monotonic() + timeout
    while screen.reviewing:
        assert time.monotonic() < deadline, "the review did not finish"
        app.step(1 / 60)
        time.sleep(0.002)
    app.step(1 / 60)
    return screen


def shown_grade(screen: ReviewScreen) -> tuple[int, str | None, str]:
    """The move shown, its grade and the header's second line, as the frame has them."""
    frame = screen.frame(WINDOW)
    return frame.shown, frame.grade, frame.lines[1]


def test_r_opens_the_review_which_finds_the_known_blunder(make_app: MakeApp) -> None:
    app = make_app(HUMANS)
    game = finish(app, THROWN)
    assert game.status() == "Yellow wins!"
    press(pygame.K_r)
    app.step(1 / 60)
    screen = reviewed(app)
    assert shown_grade(screen)[:2] == (1, "blunder")
    frame = screen.frame(WINDOW)
    assert frame.lines[0] == "Move 1 of 8: Red played column 1"
    assert frame.marked == (0, 0)
    assert frame.best == ((3, 0),)  # the middle column, ringed where its disc would land
    assert frame.values is not None
    # the known values of the empty 7x6 board: the middle wins, its neighbours draw
    tones = ["loss", "loss", "draw", "win", "draw", "loss", "loss"]
    assert [label.tone for label in frame.values] == tones
    for _ in range(6):
        press(pygame.K_RIGHT)
    app.step(1 / 60)
    shown, grade, words = shown_grade(screen)
    assert (shown, grade) == (7, "blunder")
    assert words == "?? blunder: before: win in 1 · column 7: loss in 1 · best: column 1"
    assert screen.frame(WINDOW).marked == (6, 0)
    assert screen.frame(WINDOW).best == ((0, 3),)
    press(pygame.K_RIGHT)
    press(pygame.K_RIGHT)  # no further than the last move
    app.step(1 / 60)
    assert shown_grade(screen)[:2] == (8, "best")
    assert screen.frame(WINDOW).lines[0] == "Move 8 of 8: Yellow played column 2"


def test_the_turning_point_keys_and_home_and_end(make_app: MakeApp) -> None:
    app = make_app(HUMANS)
    finish(app, THROWN)
    press(pygame.K_r)
    app.step(1 / 60)
    screen = reviewed(app)
    visited = []
    for _ in range(3):
        press(pygame.K_n)
        app.step(1 / 60)
        visited.append(shown_grade(screen)[:2])
    assert visited == [(6, "blunder"), (7, "blunder"), (7, "blunder")]
    assert screen.status() == "No mistake or blunder after move 7."
    press(pygame.K_p)
    app.step(1 / 60)
    assert shown_grade(screen)[:2] == (6, "blunder")
    press(pygame.K_END)
    app.step(1 / 60)
    assert screen.view.shown == 8
    press(pygame.K_p)
    app.step(1 / 60)
    assert screen.view.shown == 7
    press(pygame.K_HOME)
    app.step(1 / 60)
    assert screen.view.shown == 1
    press(pygame.K_LEFT)
    app.step(1 / 60)
    assert screen.view.shown == 1


def test_each_players_accuracy_is_shown(make_app: MakeApp) -> None:
    app = make_app(HUMANS)
    finish(app, THROWN)
    press(pygame.K_r)
    app.step(1 / 60)
    summary = reviewed(app).frame(WINDOW).summary
    # Red: 1 blunder, 2 best, 1 blunder (moves 1, 3, 5, 7); Yellow: best, ?!, blunder, best
    assert summary[0].startswith("Red: accuracy 50% (weighted 50%); ")
    assert summary[0].endswith("2 ??")
    assert summary[1].startswith("Yellow: accuracy 50% ")
    assert summary[1].endswith("1 ?!, 1 ??")


def test_the_buttons_and_the_bar_answer_clicks_and_back_returns_to_the_end(
    make_app: MakeApp,
) -> None:
    app = make_app(HUMANS)
    game = finish(app, THROWN)
    buttons = game.frame(WINDOW).buttons
    assert buttons[1].label == "Review"
    click(buttons[1].box.centre)
    app.step(1 / 60)
    screen = reviewed(app)
    layout = ReviewLayout.fit(WINDOW, 7, 6)
    click(layout.bar_cell(5, 8).centre)  # the sixth move
    app.step(1 / 60)
    assert screen.view.shown == 6
    actions = ["back", "first", "previous", "next", "last"]
    click(layout.buttons[actions.index("last")].centre)
    app.step(1 / 60)
    assert screen.view.shown == 8
    click(layout.buttons[actions.index("previous")].centre)
    app.step(1 / 60)
    assert screen.view.shown == 7
    post(pygame.MOUSEMOTION, pos=layout.buttons[0].centre, rel=(0, 0), buttons=(0, 0, 0))
    app.step(1 / 60)
    assert [button.focused for button in screen.frame(WINDOW).buttons][:2] == [True, False]
    click(layout.buttons[actions.index("back")].centre)
    app.step(1 / 60)
    assert app.review is None
    assert app.game is game
    assert game.status() == "Yellow wins!"
    assert [b.label for b in game.frame(WINDOW).buttons] == ["Play again", "Review", "Menu", "Quit"]


def test_esc_returns_and_the_review_is_kept_for_the_same_game(make_app: MakeApp) -> None:
    app = make_app(HUMANS)
    game = finish(app, THROWN)
    press(pygame.K_r)
    app.step(1 / 60)
    first = reviewed(app)
    press(pygame.K_ESCAPE)
    app.step(1 / 60)
    assert app.review is None
    assert app.game is game
    press(pygame.K_r)
    app.step(1 / 60)
    again = review_of(app)
    assert again.job is first.job  # not worked out twice
    assert not again.reviewing
    press(pygame.K_ESCAPE)
    app.step(1 / 60)
    press(pygame.K_p)  # play again: the next game's review is its own
    settle(app)
    finish(app, "1212121")
    press(pygame.K_r)
    app.step(1 / 60)
    assert review_of(app).job is not first.job
    assert reviewed(app).view.count == 7


def test_q_quits_from_the_review(make_app: MakeApp) -> None:
    app = make_app(HUMANS)
    finish(app, "1212121")
    press(pygame.K_r)
    app.step(1 / 60)
    press(pygame.K_q)
    app.step(1 / 60)
    assert not app.running


def test_a_large_board_is_reviewed_with_progress_while_the_window_answers(
    make_app: MakeApp,
) -> None:
    settings = GuiSettings(mode=Mode.HUMAN_VS_HUMAN, width=10, height=8, sound=False)
    app = make_app(settings)
    finish(app, "1212121")  # Red's four in column 1
    press(pygame.K_r)
    app.step(1 / 60)
    screen = review_of(app)
    job = screen.job
    assert job.limit == Limit(time=1.0)
    assert screen.reviewing
    assert screen.status().startswith("Reviewing… ")
    assert "/7 (1 s a position)" in screen.status()
    assert screen.frame(WINDOW).lines[1].startswith("Reviewing… ")
    press(pygame.K_RIGHT)  # the window answers at once, the review still under way
    press(pygame.K_RIGHT)
    app.step(1 / 60)
    assert screen.view.shown == 3
    assert screen.reviewing
    assert screen.frame(WINDOW).grade is None
    assert screen.frame(WINDOW).graph.points == ()  # drawn once the review is there
    screen.act("retry")  # the retry needs the grades
    assert app.retry is None
    assert screen.status() == "The review is still being worked out: wait for it."
    screen.act("previous")  # any step clears the notice
    screen.act("next")
    deadline = time.monotonic() + 60.0
    while job.done == 0:  # the progress moves on while frames are drawn
        assert time.monotonic() < deadline, "no position was reviewed"
        app.step(1 / 60)
        time.sleep(0.01)
    assert screen.status().startswith(f"Reviewing… {job.done}/7")
    press(pygame.K_ESCAPE)
    app.step(1 / 60)
    assert app.review is None
    assert job.stopped  # left unfinished: the thread stops before its next position
    assert not job.wait(30.0)
    assert not job.running
    assert job.done < job.total


def test_unproven_grades_are_marked_with_a_tilde(window: pygame.Surface) -> None:
    board = Board.from_moves("5,5,6,6,5,5,4,4,1", width=10, height=8)
    job = ReviewJob(board, Limit(time=0))  # no time: neither proofs nor estimates
    job.start()
    assert job.wait(60.0)
    screen = ReviewScreen(job, ("Red", "Yellow"), color_blind=True)
    screen.update(1 / 60)
    frame = screen.frame(WINDOW)
    assert frame.grade == "unproven"
    assert frame.mark == "~"
    assert frame.lines[1].startswith("~ unproven: before: ")
    assert frame.values is not None
    assert any(label.text == "?" or ".." in label.text for label in frame.values)
    assert job.review is not None
    unproven = job.review.summary(1).counts["unproven"]
    assert unproven > 0
    assert frame.summary[0].endswith(f"{unproven} ~")


def test_estimated_grades_say_so_on_the_screen(window: pygame.Surface) -> None:
    board = Board.from_moves("5,5,6,6,5,5,4,4,1", width=10, height=8)
    job = ReviewJob(board, Limit(nodes=2000))  # a repeatable limit, too small to prove much
    job.start()
    assert job.wait(60.0)
    screen = ReviewScreen(job, ("Red", "Yellow"), color_blind=True)
    screen.update(1 / 60)
    frame = screen.frame(WINDOW)
    assert job.review is not None
    assert job.review.moves[0].graded_by == "estimate"
    assert frame.lines[1].startswith("best (estimated): column 5 about ")
    summary = job.review.summary(1)
    assert frame.summary[0].endswith(
        f"; {summary.by_proof} by proof, {summary.by_estimate} estimated"
    )


def test_the_graph_draws_the_games_course_and_a_click_on_it_shows_that_move(
    make_app: MakeApp,
) -> None:
    app = make_app(HUMANS)
    finish(app, THROWN)
    press(pygame.K_r)
    app.step(1 / 60)
    screen = reviewed(app)
    graph = screen.frame(WINDOW).graph
    # Red wins from the start, throws it with its first disc, wins again after Yellow's 6th
    # move and throws it once more with its 7th; Yellow's last disc wins
    assert [point.expected for point in graph.points] == [1, 0, 0, 0, 0, 0, 1, 0, 0]
    assert [point.ply for point in graph.points] == list(range(9))
    assert all(point.proven for point in graph.points)
    assert [point.grade for point in graph.points][6:] == ["blunder", "blunder", "best"]
    assert (graph.plies, graph.shown) == (8, 1)
    assert (graph.top, graph.bottom) == ("Red (X) wins", "Yellow (O) wins")
    layout = ReviewLayout.fit(WINDOW, 7, 6)
    assert layout.beside  # the graph beside the board at the window's size
    click((graph.x(6), graph.y(0.5)))
    app.step(1 / 60)
    assert screen.view.shown == 6
    assert screen.frame(WINDOW).graph.shown == 6


def test_the_explanation_says_why_the_move_lost_and_why_the_best_one_wins(
    make_app: MakeApp,
) -> None:
    app = make_app(HUMANS)
    finish(app, THROWN)
    press(pygame.K_r)
    app.step(1 / 60)
    screen = reviewed(app)
    assert screen.frame(WINDOW).notes  # the first move's threats, at least
    press(pygame.K_END)
    press(pygame.K_LEFT)  # Red's blunder, move 7
    app.step(1 / 60)
    notes = screen.frame(WINDOW).notes
    assert notes[0] == "Playing column 7 leaves O a win at once at column 2, row 4: it loses."
    assert notes[1] == "Best, column 1: X wins at once in column 1."


def test_l_steps_the_best_line_on_the_board_and_esc_leaves_it(make_app: MakeApp) -> None:
    app = make_app(HUMANS)
    finish(app, THROWN)
    press(pygame.K_r)
    app.step(1 / 60)
    screen = reviewed(app)
    screen.view.go(6)  # Yellow's blunder: it had to block column 1
    press(pygame.K_l)
    app.step(1 / 60)
    line = screen.line
    assert line is not None
    assert line.wait(60.0)
    app.step(1 / 60)
    assert line.line is not None
    assert len(line.line) > 2
    assert line.line[0] == 0  # the block
    frame = screen.frame(WINDOW)
    assert frame.lines[0] == f"Best line from before move 6: step 1 of {len(line.line)}"
    assert frame.lines[1].startswith("[1] ")
    assert frame.board.moves == (0, 1, 0, 1, 0, 0)
    assert frame.numbers == (((0, 3), 1),)
    assert frame.marked == (0, 3)
    assert frame.graph.shown == 5
    assert screen.status().startswith("Left/Right: step along the best line")
    press(pygame.K_RIGHT)
    press(pygame.K_RIGHT)
    app.step(1 / 60)
    frame = screen.frame(WINDOW)
    assert frame.board.moves == (0, 1, 0, 1, 0, *line.line[:3])
    assert [step for _, step in frame.numbers] == [1, 2, 3]
    press(pygame.K_END)
    app.step(1 / 60)
    assert screen.board.ply == 5 + len(line.line)
    press(pygame.K_ESCAPE)  # leaves the line, not the review
    app.step(1 / 60)
    assert screen.line is None
    assert app.review is screen
    assert screen.view.shown == 6
    assert screen.frame(WINDOW).board.moves == (0, 1, 0, 1, 0, 1)
    layout = ReviewLayout.fit(WINDOW, 7, 6)
    actions = [action for _, action in REVIEW_BUTTONS]
    click(layout.buttons[actions.index("best line")].centre)  # the button opens it too
    app.step(1 / 60)
    assert screen.line is not None
    click(layout.bar_cell(1, 8).centre)  # a move of the game leaves it
    app.step(1 / 60)
    assert screen.line is None
    assert screen.view.shown == 2
