"""The synthesised hit, and sound that stays silent without an audio device."""

from __future__ import annotations

import pytest

from tests.gui.conftest import NO_PYGAME

pytest.importorskip("pygame", reason=NO_PYGAME)

import pygame

from fourinarow.gui.game_setup import GuiSettings, Mode
from fourinarow.gui.main_loop import App
from fourinarow.gui.sound import SoundPlayer, hit_samples, pcm16, volume_for
from tests.gui.driving import press, settle


def test_the_hit_is_a_short_knock_that_dies_away() -> None:
    samples = hit_samples(22050)
    assert len(samples) == round(22050 * 0.14)
    assert max(abs(s) for s in samples) <= 1.0
    first, last = samples[:1000], samples[-1000:]
    assert max(map(abs, first)) > 10 * max(map(abs, last))
    assert hit_samples(22050) == samples  # the same every time
    assert len(pcm16(samples[:10], channels=2)) == 10 * 2 * 2


def test_the_first_landing_is_the_loudest() -> None:
    volumes = [volume_for(strength) for strength in (1.0, 0.3, 0.09, 0.0)]
    assert volumes == sorted(volumes, reverse=True)
    assert volumes[0] == 1.0
    assert volumes[-1] > 0


def test_sound_plays_on_the_dummy_audio_driver(window: pygame.Surface) -> None:
    player = SoundPlayer(enabled=True)
    assert player.available
    assert player.hit(1.0) == 1.0
    assert player.toggle() is False
    assert player.hit(1.0) is None


def test_without_an_audio_device_the_game_is_silent_without_errors(
    window: pygame.Surface, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-device")
    player = SoundPlayer(enabled=True)
    assert not player.available
    assert player.hit(1.0) is None
    captured = capfd.readouterr()
    assert captured.out == ""
    assert captured.err == ""


def test_on_alsa_without_a_card_nothing_is_printed_either(
    window: pygame.Surface, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "alsa")
    SoundPlayer(enabled=True).hit(1.0)  # plays where there is a card, is silent where not
    assert capfd.readouterr().err == ""


class RecordingPlayer(SoundPlayer):
    """Records the strength of every hit instead of playing it."""

    def __init__(self) -> None:
        super().__init__(enabled=False)
        self.strengths: list[float] = []

    def hit(self, strength: float) -> float | None:
        self.strengths.append(strength)
        return None


def test_a_disc_sounds_on_each_landing_louder_on_the_first(window: pygame.Surface) -> None:
    player = RecordingPlayer()
    app = App(GuiSettings(mode=Mode.HUMAN_VS_HUMAN, sound=False), start_game=True, sound=player)
    press(pygame.K_4)
    settle(app)
    assert len(player.strengths) == 3
    assert player.strengths[0] == 1.0
    assert player.strengths == sorted(player.strengths, reverse=True)


def test_turning_sound_on_without_a_device_says_so(
    window: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-device")
    app = App(GuiSettings(mode=Mode.HUMAN_VS_HUMAN, sound=False), start_game=True)
    press(pygame.K_m)
    app.step(1 / 60)
    assert app.game is not None
    assert app.game.status() == "Sound on, but there is no audio device to play it."
    press(pygame.K_m)
    app.step(1 / 60)
    assert app.game.status() == "Sound off."
