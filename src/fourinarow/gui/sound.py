"""The sound of a disc landing, synthesised at start-up (no audio files), and its player.

When there is no audio device (or pygame's mixer cannot start for any other reason) the game
is silent and says nothing about it.
"""

from __future__ import annotations

import array
import contextlib
import logging
import math
import os
import random
from collections.abc import Iterator

import pygame

__all__ = ["SoundPlayer", "hit_samples", "pcm16"]

log = logging.getLogger(__name__)

SAMPLE_RATE = 44100
HIT_SECONDS = 0.14


def hit_samples(rate: int = SAMPLE_RATE, seconds: float = HIT_SECONDS) -> list[float]:
    """A disc hitting a plastic board: a short knock that drops in pitch, with a click at the
    start, as samples from -1 to 1.

    >>> samples = hit_samples(8000)
    >>> len(samples), max(abs(s) for s in samples) <= 1.0, abs(samples[-1]) < 0.01
    (1120, True, True)
    """
    noise = random.Random(6)  # the same click every time
    samples = []
    phase = 0.0
    for i in range(int(rate * seconds)):
        t = i / rate
        pitch = 150 + 260 * math.exp(-t * 45)  # the knock slides from about 410 Hz to 150 Hz
        phase += 2 * math.pi * pitch / rate
        knock = math.sin(phase) * math.exp(-t * 32)
        click = noise.uniform(-1, 1) * math.exp(-t * 400)
        samples.append(0.75 * knock + 0.25 * click)
    return samples


def pcm16(samples: list[float], channels: int) -> bytes:
    """Samples from -1 to 1 as signed 16-bit PCM in native byte order, each one repeated on
    every channel.

    >>> pcm16([0.0, 1.0, -1.0], 1) == array.array("h", [0, 32767, -32767]).tobytes()
    True
    """
    data = array.array("h")
    for sample in samples:
        value = round(max(-1.0, min(1.0, sample)) * 32767)
        data.extend([value] * channels)
    return data.tobytes()


def volume_for(strength: float) -> float:
    """Loudness (0-1) of a hit of ``strength`` (1 for a disc's first landing, less for the
    bounces after it): the first is loud, each later one quieter, none inaudible.

    >>> volume_for(1.0) > volume_for(0.3) > volume_for(0.09) > 0
    True
    """
    return max(0.12, float(min(1.0, strength) ** 0.6))


class SoundPlayer:
    """Plays the hit sound, or nothing when sound is off or there is no audio device.

    Args:
        enabled: whether to make sound at all; the hit is synthesised now if so.
    """

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self._hit: pygame.mixer.Sound | None = None
        self._tried = False
        if enabled:
            self._prepare()

    @property
    def available(self) -> bool:
        """True when an audio device is open and the hit is ready."""
        return self._hit is not None

    def _prepare(self) -> None:
        """Open the mixer and synthesise the hit, once; stay silent if that fails."""
        if self._tried:
            return
        self._tried = True
        try:
            if not pygame.mixer.get_init():
                with _quiet_stderr():  # ALSA writes its own complaints when there is no card
                    pygame.mixer.init(frequency=SAMPLE_RATE, size=-16, channels=2, buffer=512)
            init = pygame.mixer.get_init()
            if init is None or init[1] != -16:
                return  # no device, or a sample format the synthesis does not write
            rate, _, channels = init
            self._hit = pygame.mixer.Sound(buffer=pcm16(hit_samples(rate), channels))
        except (pygame.error, NotImplementedError) as error:  # no audio device, or no mixer
            log.info("no sound: %s", error)
            self._hit = None

    def toggle(self) -> bool:
        """Turn sound on or off; return whether it is on now."""
        self.enabled = not self.enabled
        if self.enabled:
            self._prepare()
        return self.enabled

    def hit(self, strength: float) -> float | None:
        """Play a disc landing, as loud as ``strength`` calls for (1 for the first landing);
        return the volume played at, or ``None`` when silent."""
        if not self.enabled or self._hit is None:
            return None
        channel = self._hit.play()
        if channel is None:  # every channel is busy
            return None
        volume = volume_for(strength)
        channel.set_volume(volume)
        return volume


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Send what C libraries write to the standard error to /dev/null meanwhile."""
    try:
        saved = os.dup(2)
    except OSError:  # no standard error to begin with
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
