"""Drawing with pygame: the board and its discs, the hint, the end buttons, the menu.

Everything drawn comes from a ``GameFrame`` (or the menu's state): this module decides how
things look, never what happens.
"""

from __future__ import annotations

import pygame
import pygame.gfxdraw

from fourinarow.gui.frame import GameFrame
from fourinarow.gui.layout import Box, Layout, Point
from fourinarow.gui.menu import ROWS, Menu, MenuLayout
from fourinarow.gui.palette import Color, Palette

__all__ = ["Fonts", "Painter"]


class Fonts:
    """pygame's default font at any pixel size, each size loaded once."""

    def __init__(self) -> None:
        self._fonts: dict[int, pygame.font.Font] = {}

    def get(self, size: float) -> pygame.font.Font:
        """The font at ``size`` pixels (at least 8)."""
        key = max(8, round(size))
        if key not in self._fonts:
            self._fonts[key] = pygame.font.Font(None, key)
        return self._fonts[key]

    def fitting(self, text: str, size: float, width: float) -> pygame.font.Font:
        """The font at ``size``, or smaller until ``text`` fits in ``width`` pixels."""
        font = self.get(size)
        while font.size(text)[0] > width and size > 9:
            size *= 0.9
            font = self.get(size)
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
        for column in range(board.width):
            for row in range(board.heights[column]):
                if (column, row) != frame.hidden:
                    centre = layout.cell_centre(column, board.height - 1 - row)
                    _disc(surface, palette, centre, layout.disc_radius, board.cell(column, row))
        if frame.moving is not None:
            centre = layout.cell_centre(frame.moving.x, frame.moving.y)
            _disc(surface, palette, centre, layout.disc_radius, frame.moving.player)
        surface.blit(self._board_face(layout, palette.board), layout.board.rect())
        ring = max(2, round(layout.cell * 0.07))
        for column, row in frame.winning_line:
            centre = _pixel(layout.cell_centre(column, board.height - 1 - row))
            pygame.draw.circle(surface, palette.highlight, centre, layout.disc_radius + ring, ring)
        if frame.hints is not None:
            _hints(surface, fonts, frame)
        _status(surface, fonts, layout, palette, frame.status)
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
        keys = "Up/Down: choose   Left/Right: change   Enter: start   Esc: quit"
        help_font = fonts.fitting(keys, layout.help.height * 0.7, layout.help.width - 16)
        _text(surface, help_font, keys, palette.dim_text, layout.help.centre)


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


def _hints(surface: pygame.Surface, fonts: Fonts, frame: GameFrame) -> None:
    layout, palette = frame.layout, frame.palette
    assert frame.hints is not None
    tones = {
        "win": palette.win,
        "draw": palette.draw,
        "loss": palette.loss,
        "open": palette.dim_text,
    }
    for column, label in enumerate(frame.hints):
        text, color = ("…", palette.dim_text) if label is None else (label.text, tones[label.tone])
        font = fonts.fitting(text, layout.hints.height * 0.8, layout.cell * 0.95)
        _text(surface, font, text, color, layout.hint_centre(column))


def _status(
    surface: pygame.Surface, fonts: Fonts, layout: Layout, palette: Palette, text: str
) -> None:
    box = layout.status
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
