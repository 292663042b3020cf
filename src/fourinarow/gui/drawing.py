"""Drawing with pygame: the board and its discs, the hint, the end buttons, the menu, the
review screen.

Everything drawn comes from a ``GameFrame`` (or the menu's state): this module decides how
things look, never what happens.
"""

from __future__ import annotations

import pygame
import pygame.gfxdraw

from fourinarow.core import Board
from fourinarow.gui.frame import GameFrame, HintLabel
from fourinarow.gui.games_view import GamesFrame
from fourinarow.gui.graph import GraphFrame
from fourinarow.gui.layout import Box, Layout, Point
from fourinarow.gui.menu import ROWS, Menu, MenuLayout
from fourinarow.gui.palette import Color, Palette
from fourinarow.gui.retry_view import RetryFrame
from fourinarow.gui.review_view import ReviewFrame, grade_color

__all__ = ["Fonts", "Painter"]


class Fonts:
    """pygame's default font at any pixel size, upright or italic, each loaded once."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}

    def get(self, size: float, italic: bool = False) -> pygame.font.Font:
        """The font at ``size`` pixels (at least 8), slanted if ``italic``."""
        key = (max(8, round(size)), italic)
        if key not in self._fonts:
            font = pygame.font.Font(None, key[0])
            font.set_italic(italic)
            self._fonts[key] = font
        return self._fonts[key]

    def fitting(
        self, text: str, size: float, width: float, italic: bool = False
    ) -> pygame.font.Font:
        """The font at ``size``, or smaller until ``text`` fits in ``width`` pixels."""
        font = self.get(size, italic)
        while font.size(text)[0] > width and size > 9:
            size *= 0.9
            font = self.get(size, italic)
        return font


class Painter:
    """Draws the screens; keeps the fonts and the board faces it has made for reuse."""

    def __init__(self) -> None:
        self.fonts = Fonts()
        self._faces: dict[tuple[int, int, int, int, Color], pygame.Surface] = {}

    def draw_game(self, surface: pygame.Surface, frame: GameFrame) -> None:
        """Draw the game screen: discs behind the board's face, so a falling disc shows only
        through the holes, then the highlights, hints, status and buttons on top."""
        fonts = self.fonts
        layout, palette = frame.layout, frame.palette
        surface.fill(palette.background)
        pygame.draw.rect(surface, palette.hole, layout.board.rect())
        board = frame.board
        _discs(surface, layout, palette, board, frame.hidden)
        if frame.moving is not None:
            centre = layout.cell_centre(frame.moving.x, frame.moving.y)
            _disc(surface, palette, centre, layout.disc_radius, frame.moving.player)
        surface.blit(self._board_face(layout, palette.board), layout.board.rect())
        ring = max(2, round(layout.cell * 0.07))
        for column, row in frame.winning_line:
            centre = _pixel(layout.cell_centre(column, board.height - 1 - row))
            pygame.draw.circle(surface, palette.highlight, centre, layout.disc_radius + ring, ring)
        if frame.hints is not None:
            _column_labels(surface, fonts, layout, palette, frame.hints)
        _status(surface, fonts, layout.status, palette, frame.status)
        for button in frame.buttons:
            _button(surface, fonts, palette, button.box, button.label, button.focused)
        if frame.keys:
            _overlay(surface, fonts, palette, frame.keys)

    def _board_face(self, layout: Layout, color: Color) -> pygame.Surface:
        """The board's face: its colour with a see-through hole over every cell."""
        width, height = round(layout.board.width), round(layout.board.height)
        key = (width, height, layout.columns, layout.rows, color)
        face = self._faces.get(key)
        if face is None:
            if len(self._faces) > 8:  # the window gets resized: keep a few sizes, not all
                self._faces.clear()
            face = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
            face.fill((*color, 255))
            radius = max(1, round(layout.disc_radius + 1))
            for column in range(layout.columns):
                for row in range(layout.rows):
                    centre = round((column + 0.5) * layout.cell), round((row + 0.5) * layout.cell)
                    pygame.draw.circle(face, (0, 0, 0, 0), centre, radius)
            self._faces[key] = face
        return face

    def draw_review(self, surface: pygame.Surface, frame: ReviewFrame) -> None:
        """Draw the review screen: the move and its grade in words at the top, the board after
        the move with its disc ringed in the grade's colour (and the best columns' landing
        cells ringed in the best colour), every column's value before the move under the board,
        the bar of moves, the buttons, each player's accuracy and the status line."""
        fonts = self.fonts
        layout, palette = frame.layout, frame.palette
        board_layout = layout.board
        surface.fill(palette.background)
        tone = palette.dim_text if frame.grade is None else grade_color(frame.grade, palette)
        _header(surface, fonts, palette, layout.header, frame.lines, tone)
        board = frame.board
        self._board(surface, board_layout, palette, board)
        ring = max(2, round(board_layout.cell * 0.08))
        radius = board_layout.disc_radius
        for column, row in frame.best:
            centre = _pixel(board_layout.cell_centre(column, board.height - 1 - row))
            color = grade_color("best", palette)
            pygame.draw.circle(surface, color, centre, round(radius * 0.8), ring)
        if frame.marked is not None:
            column, row = frame.marked
            centre = _pixel(board_layout.cell_centre(column, board.height - 1 - row))
            color = palette.highlight if frame.grade is None else grade_color(frame.grade, palette)
            pygame.draw.circle(surface, color, centre, round(radius) + ring, ring)
            if frame.mark:  # on a badge of the grade's colour, legible on any disc
                pygame.draw.circle(surface, color, centre, round(radius * 0.6))
                mark_font = fonts.fitting(frame.mark, radius * 0.9, radius * 1.0)
                _text(surface, mark_font, frame.mark, palette.hole, centre)
        for (column, row), step in frame.numbers:  # the best line's discs, numbered
            centre = _pixel(board_layout.cell_centre(column, board.height - 1 - row))
            pygame.draw.circle(surface, palette.hole, centre, round(radius * 0.55))
            number = str(step)
            number_font = fonts.fitting(number, radius * 0.9, radius * 0.95)
            _text(surface, number_font, number, palette.text, centre)
        if frame.values is not None:
            _column_labels(surface, fonts, board_layout, palette, frame.values)
        _graph(surface, fonts, palette, frame.graph)
        _paragraphs(surface, fonts, palette, layout.notes, frame.notes)
        _bar(surface, palette, frame)
        for button in frame.buttons:
            _button(surface, fonts, palette, button.box, button.label, button.focused)
        if frame.summary:
            box = layout.summary
            line = box.height / len(frame.summary)
            for index, text in enumerate(frame.summary):
                place = Box(box.x + 8, box.y + index * line, box.width - 16, line)
                font = fonts.fitting(text, line * 0.85, place.width)
                _text(surface, font, text, palette.text, place.centre)
        _status(surface, fonts, board_layout.status, palette, frame.status)

    def _board(
        self, surface: pygame.Surface, layout: Layout, palette: Palette, board: Board
    ) -> None:
        """The board at rest: its discs behind its face."""
        pygame.draw.rect(surface, palette.hole, layout.board.rect())
        _discs(surface, layout, palette, board, None)
        surface.blit(self._board_face(layout, palette.board), layout.board.rect())

    def draw_retry(self, surface: pygame.Surface, frame: RetryFrame) -> None:
        """Draw the retry screen: the question or the verdict at the top, the position with a
        ghost of the disc played in the game (in its grade's colour, marked) before the
        answer, then the disc tried ringed green or red and the good columns' landing cells
        ringed in the best colour; the explanation beside, the buttons and the status line."""
        fonts = self.fonts
        layout, palette = frame.layout, frame.palette
        board_layout = layout.review.board
        surface.fill(palette.background)
        tone = palette.highlight
        if frame.tried is not None:
            tone = grade_color("best" if frame.tried[1] else "blunder", palette)
        _header(surface, fonts, palette, layout.review.header, frame.lines, tone)
        board = frame.board
        self._board(surface, board_layout, palette, board)
        ring = max(2, round(board_layout.cell * 0.08))
        radius = board_layout.disc_radius
        best = grade_color("best", palette)
        for column, row in frame.good:
            centre = _pixel(board_layout.cell_centre(column, board.height - 1 - row))
            pygame.draw.circle(surface, best, centre, round(radius * 0.8), ring)
        if frame.mistake is not None:
            (column, row), grade, mark = frame.mistake
            centre = _pixel(board_layout.cell_centre(column, board.height - 1 - row))
            color = grade_color(grade, palette)
            pygame.draw.circle(surface, color, centre, round(radius * 0.8), ring)
            mark_font = fonts.fitting(mark, radius * 0.9, radius * 1.0)
            _text(surface, mark_font, mark, color, centre)
        if frame.tried is not None:
            (column, row), right = frame.tried
            centre = _pixel(board_layout.cell_centre(column, board.height - 1 - row))
            color = grade_color("best" if right else "blunder", palette)
            pygame.draw.circle(surface, color, centre, round(radius) + ring, ring)
        _paragraphs(surface, fonts, palette, layout.panel, frame.notes)
        for button in frame.buttons:
            _button(surface, fonts, palette, button.box, button.label, button.focused)
        _status(surface, fonts, board_layout.status, palette, frame.status)

    def draw_games(self, surface: pygame.Surface, frame: GamesFrame) -> None:
        """Draw the list of saved games: the title and what is shown, a row per game (the one
        chosen on the button colour, outlined), the buttons and the status line."""
        fonts = self.fonts
        layout, palette = frame.layout, frame.palette
        surface.fill(palette.background)
        _header(surface, fonts, palette, layout.header, frame.lines, palette.dim_text)
        size = min(26.0, layout.rows[0].height * 0.6)
        font = fonts.get(size)
        while size > 9 and any(font.size(row)[0] > layout.rows[0].width - 16 for row in frame.rows):
            size *= 0.9  # one size for every row: the widest fits
            font = fonts.get(size)
        for index, (box, text) in enumerate(zip(layout.rows, frame.rows, strict=False)):
            if index == frame.chosen:
                pygame.draw.rect(surface, palette.button, box.rect(), border_radius=6)
                pygame.draw.rect(surface, palette.highlight, box.rect(), 2, border_radius=6)
            image = font.render(text, True, palette.text)
            surface.blit(image, image.get_rect(midleft=_pixel((box.x + 8, box.centre[1]))))
        for button in frame.buttons:
            _button(surface, fonts, palette, button.box, button.label, button.focused)
        _status(surface, fonts, layout.status, palette, frame.status)

    def draw_menu(self, surface: pygame.Surface, menu: Menu, palette: Palette) -> None:
        """Draw the start menu: the title, a row per choice with arrows either side of its
        value, the Start button and a line of keys."""
        fonts = self.fonts
        layout = MenuLayout.fit(surface.get_size())
        surface.fill(palette.background)
        connect = menu.settings.connect
        title = "Connect Four" if connect == 4 else f"Connect {connect}"
        _title_discs(surface, palette, layout.title)
        title_font = fonts.get(layout.title.height * 0.7)
        _text(surface, title_font, title, palette.text, layout.title.centre)
        font = fonts.get(layout.rows[0].row.height * 0.55)
        for row, boxes in zip(ROWS, layout.rows, strict=False):
            active = menu.active(row)
            color = palette.text if active else palette.dim_text
            if row == menu.focused:
                pygame.draw.rect(surface, palette.button, boxes.row.rect(), border_radius=6)
            label = menu.label(row)
            label_font = fonts.fitting(label, font.get_height(), boxes.label.width - 8)
            image = label_font.render(label, True, color)
            left = _pixel((boxes.label.x + 8, boxes.label.centre[1]))
            surface.blit(image, image.get_rect(midleft=left))
            if active:
                _text(surface, font, "<", palette.text, boxes.left.centre)
                _text(surface, font, ">", palette.text, boxes.right.centre)
            value = menu.value(row) if active else "-"
            value_font = fonts.fitting(value, font.get_height(), boxes.value.width - 8)
            _text(surface, value_font, value, color, boxes.value.centre)
        _button(surface, fonts, palette, layout.start, "Start", menu.focused == "start")
        _button(surface, fonts, palette, layout.games, "Your games", False)
        keys = "Up/Down: choose   Left/Right: change   Enter: start   G: your games   Esc: quit"
        help_font = fonts.fitting(keys, layout.help.height * 0.7, layout.help.width - 16)
        _text(surface, help_font, keys, palette.dim_text, layout.help.centre)


def _header(
    surface: pygame.Surface,
    fonts: Fonts,
    palette: Palette,
    header: Box,
    lines: tuple[str, str],
    tone: Color,
) -> None:
    """The two lines at the top: the first in the text colour, the second in ``tone``."""
    half = header.height / 2
    first = Box(header.x + 8, header.y, header.width - 16, half)
    second = Box(header.x + 8, header.y + half, header.width - 16, half)
    font = fonts.fitting(lines[0], half * 0.85, first.width)
    _text(surface, font, lines[0], palette.text, first.centre)
    font = fonts.fitting(lines[1], half * 0.8, second.width)
    _text(surface, font, lines[1], tone, second.centre)


def _pixel(point: Point) -> tuple[int, int]:
    return round(point[0]), round(point[1])


def _disc(
    surface: pygame.Surface, palette: Palette, centre: Point, radius: float, player: int
) -> None:
    """A disc with a rim, shaded inside; player 2's carries a ring in the marked palette."""
    x, y = _pixel(centre)
    r = max(1, round(radius))
    color = palette.disc(player)
    rim = _shade(color, 0.75)
    pygame.gfxdraw.filled_circle(surface, x, y, r, rim)
    pygame.gfxdraw.aacircle(surface, x, y, r, rim)
    inner = max(1, round(r * 0.8))
    pygame.gfxdraw.filled_circle(surface, x, y, inner, color)
    pygame.gfxdraw.aacircle(surface, x, y, inner, color)
    if palette.marked and player == 2:
        pygame.draw.circle(surface, palette.hole, (x, y), max(2, round(r * 0.45)), max(2, r // 7))


def _shade(color: Color, factor: float) -> Color:
    red, green, blue = color
    return round(red * factor), round(green * factor), round(blue * factor)


def _discs(
    surface: pygame.Surface, layout: Layout, palette: Palette, board: Board, hidden: object
) -> None:
    """Every disc on ``board`` in its cell, but the one in cell ``hidden`` (on its way)."""
    for column in range(board.width):
        for row in range(board.heights[column]):
            if (column, row) != hidden:
                centre = layout.cell_centre(column, board.height - 1 - row)
                _disc(surface, palette, centre, layout.disc_radius, board.cell(column, row))


def _bar(surface: pygame.Surface, palette: Palette, frame: ReviewFrame) -> None:
    """The bar of moves: one cell per move in its grade's colour (the button colour while
    not reviewed, with the share reviewed so far filled in), the move shown outlined."""
    layout = frame.layout
    count = len(frame.bar)
    pygame.draw.rect(surface, _shade(palette.background, 0.7), layout.bar.rect())
    if frame.progress is not None:
        done = layout.bar.width * frame.progress
        bar = layout.bar
        pygame.draw.rect(surface, palette.button, Box(bar.x, bar.y, done, bar.height).rect())
    for index, mark in enumerate(frame.bar):
        cell = layout.bar_cell(index, count)
        inset = 1.0 if cell.width > 4 else 0.0
        inner = Box(cell.x + inset, cell.y + 2, max(1.0, cell.width - 2 * inset), cell.height - 4)
        if mark.grade is not None:
            pygame.draw.rect(surface, grade_color(mark.grade, palette), inner.rect())
    if frame.shown:
        cell = layout.bar_cell(frame.shown - 1, count)
        pygame.draw.rect(surface, palette.highlight, cell.rect(), 2)


def _graph(surface: pygame.Surface, fonts: Fonts, palette: Palette, graph: GraphFrame) -> None:
    """The evaluation graph: the first player's expected result at each position, a line
    through the points (filled where proven, hollow where estimated, each in the colour of the
    grade of the move that led there), the draw line dashed across the middle, the position
    shown marked by an upright line, the players' wins written at the top and bottom edges and
    the value shown in words."""
    box, plot = graph.box, graph.plot
    pygame.draw.rect(surface, _shade(palette.background, 0.7), box.rect(), border_radius=6)
    label = plot.y - box.y - 6
    small = fonts.fitting(graph.top, label * 1.2, box.width * 0.45)
    image = small.render(graph.top, True, palette.disc(1))
    surface.blit(image, image.get_rect(topleft=_pixel((box.x + 6, box.y + 1))))
    image = small.render(graph.bottom, True, palette.disc(2))
    surface.blit(image, image.get_rect(bottomleft=_pixel((box.x + 6, box.bottom - 1))))
    if graph.words:
        words = fonts.fitting(graph.words, label * 1.2, box.width * 0.5)
        image = words.render(graph.words, True, palette.text)
        surface.blit(image, image.get_rect(topright=_pixel((box.x + box.width - 6, box.y + 1))))
    middle = round(graph.y(0.5))
    for x in range(round(plot.x), round(plot.x + plot.width), 8):
        pygame.draw.line(
            surface, palette.dim_text, (x, middle), (min(x + 4, plot.x + plot.width), middle)
        )
    shown = round(graph.x(graph.shown))
    pygame.draw.line(
        surface, palette.highlight, (shown, round(plot.y)), (shown, round(plot.bottom)), 2
    )
    points = [_pixel(graph.point(point)) for point in graph.points]
    if len(points) > 1:
        pygame.draw.lines(surface, palette.text, False, points, 2)
    radius = max(2, min(5, round(plot.width / max(1, graph.plies) / 3)))
    for point, centre in zip(graph.points, points, strict=True):
        color = palette.text if point.grade is None else grade_color(point.grade, palette)
        pygame.draw.circle(surface, color, centre, radius, 0 if point.proven else 1)


def _paragraphs(
    surface: pygame.Surface, fonts: Fonts, palette: Palette, box: Box, paragraphs: tuple[str, ...]
) -> None:
    """``paragraphs`` wrapped to ``box``'s width, top down, as many lines as fit (the last
    line shown ends in ``…`` when some are left out)."""
    if not paragraphs or box.height < 8:
        return
    font = fonts.get(min(22.0, max(15.0, box.height / 8)))
    height = font.get_linesize()
    lines: list[tuple[str, int, bool]] = []  # a line, its paragraph, does it start it
    for number, paragraph in enumerate(paragraphs):
        wrapped = _wrap(font, paragraph, box.width - 12)
        lines += [(line, number, index == 0) for index, line in enumerate(wrapped)]
    fit = max(1, int(box.height // (height * 1.08)))
    if len(lines) > fit:
        lines = lines[:fit]
        last, number, first = lines[-1]
        lines[-1] = (last.rstrip(" .") + "…", number, first)
    y = box.y
    for line, number, first in lines:
        if first and number:
            y += height * 0.25  # a little air between paragraphs
        if y + height > box.bottom + 1:
            break
        color = palette.text if number == 0 else palette.dim_text
        image = font.render(line, True, color)
        surface.blit(image, _pixel((box.x + 6, y)))
        y += height


def _wrap(font: pygame.font.Font, text: str, width: float) -> list[str]:
    """``text`` cut at spaces into lines no wider than ``width`` (a longer word on its own)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}".strip()
        if line and font.size(candidate)[0] > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines


def _column_labels(
    surface: pygame.Surface,
    fonts: Fonts,
    layout: Layout,
    palette: Palette,
    labels: tuple[HintLabel | None, ...],
) -> None:
    """A label under each column (``…`` where not known yet), coloured by what it means:
    estimates in italics in their own muted colour, with what their proven bounds say (``≥0``)
    smaller beneath; the best columns' labels outlined."""
    tones = {
        "win": palette.win,
        "draw": palette.draw,
        "loss": palette.loss,
        "estimate": palette.estimate,
        "open": palette.dim_text,
    }
    strip = layout.hints
    for column, label in enumerate(labels):
        centre = layout.hint_centre(column)
        if label is None:
            font = fonts.fitting("…", strip.height * 0.8, layout.cell * 0.95)
            _text(surface, font, "…", palette.dim_text, centre)
            continue
        if label.best:
            box = Box(
                strip.x + column * layout.cell + 2, strip.y + 1, layout.cell - 4, strip.height - 2
            )
            pygame.draw.rect(surface, palette.highlight, box.rect(), 2, border_radius=6)
        italic = label.tone == "estimate"
        color = tones[label.tone]
        width = layout.cell * (0.85 if label.best else 0.95)
        if not label.note:
            font = fonts.fitting(label.text, strip.height * 0.8, width, italic)
            _text(surface, font, label.text, color, centre)
            continue
        x, top = centre[0], strip.y
        font = fonts.fitting(label.text, strip.height * 0.55, width, italic)
        _text(surface, font, label.text, color, (x, top + strip.height * 0.36))
        note_font = fonts.fitting(label.note, strip.height * 0.4, width)
        _text(surface, note_font, label.note, palette.dim_text, (x, top + strip.height * 0.76))


def _status(surface: pygame.Surface, fonts: Fonts, box: Box, palette: Palette, text: str) -> None:
    pygame.draw.rect(surface, _shade(palette.background, 0.7), box.rect())
    font = fonts.fitting(text, box.height * 0.6, box.width - 16)
    _text(surface, font, text, palette.text, box.centre)


def _button(
    surface: pygame.Surface,
    fonts: Fonts,
    palette: Palette,
    box: Box,
    label: str,
    focused: bool,
) -> None:
    radius = round(box.height * 0.3)
    color = palette.button_focus if focused else palette.button
    pygame.draw.rect(surface, _shade(color, 0.6), box.moved(3).rect(), border_radius=radius)
    pygame.draw.rect(surface, color, box.rect(), border_radius=radius)
    if focused:
        pygame.draw.rect(surface, palette.highlight, box.rect(), 2, border_radius=radius)
    font = fonts.fitting(label, box.height * 0.5, box.width - 12)
    _text(surface, font, label, palette.button_text, box.centre)


def _overlay(
    surface: pygame.Surface, fonts: Fonts, palette: Palette, lines: tuple[str, ...]
) -> None:
    """The window dimmed, with ``lines`` of text over it in the middle."""
    width, height = surface.get_size()
    shade = pygame.Surface((width, height), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 170))
    surface.blit(shade, (0, 0))
    line_height = min(30.0, height / (len(lines) + 2))
    font = fonts.fitting(max(lines, key=len), line_height * 0.8, width - 40)
    widest = max(font.size(line)[0] for line in lines)
    top = (height - line_height * len(lines)) / 2
    left = (width - widest) / 2
    for index, line in enumerate(lines):
        image = font.render(line, True, palette.text)
        surface.blit(image, (round(left), round(top + index * line_height)))


def _text(
    surface: pygame.Surface, font: pygame.font.Font, text: str, color: Color, centre: Point
) -> None:
    image = font.render(text, True, color)
    surface.blit(image, image.get_rect(center=_pixel(centre)))


def _title_discs(surface: pygame.Surface, palette: Palette, box: Box) -> None:
    """A disc of each colour either side of the title."""
    radius = box.height * 0.3
    y = box.centre[1]
    for player, x in ((1, box.centre[0] - box.height * 3.4), (2, box.centre[0] + box.height * 3.4)):
        if x - radius > 0 and x + radius < box.width:
            _disc(surface, palette, (x, y), radius, player)
