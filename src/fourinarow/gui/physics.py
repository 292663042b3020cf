"""The animations' motion, in plain numbers: falling with gravity and bouncing, sliding over.

Nothing here draws. A disc's position is measured in board cells (columns across, rows down
from the board's top row, the row above the board being -1); the end-screen buttons fall in
fractions of the window's height. Each animation advances by ``update(dt)`` and says when it
is ``done``.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Bounce", "DiscDrop", "Impact", "Slide"]

MAX_STEP = 1 / 120
"""Longest time step the integration takes at once (seconds); longer frames are split."""


@dataclass(frozen=True)
class Impact:
    """A body hitting its floor.

    Attributes:
        bounce: 0 for the first landing, 1 for the landing after the first bounce, and so on.
        strength: the speed of this impact over the speed of the first one: 1.0 for the
            first, less for each later one.
    """

    bounce: int
    strength: float


class Bounce:
    """A body falling onto a floor under gravity, bouncing back with damping a few times.

    Positions grow downwards. The body rests at ``rest`` once it has landed ``landings``
    times; each bounce leaves with ``restitution`` times the speed it hit with.

    Args:
        start: where the body starts, above the floor (``start <= rest``).
        rest: the floor.
        gravity: acceleration, in position units per second squared (> 0).
        restitution: the share of speed kept by a bounce, from 0 up to (not including) 1.
        landings: how many times it hits the floor, the last one ending the motion (>= 1).
        delay: seconds to wait before falling.

    >>> ball = Bounce(0.0, 1.0, gravity=10.0, restitution=0.5, landings=2)
    >>> hits = [hit for _ in range(200) for hit in ball.update(0.01)]
    >>> [(hit.bounce, round(hit.strength, 1)) for hit in hits], ball.done, ball.position
    ([(0, 1.0), (1, 0.5)], True, 1.0)
    """

    def __init__(
        self,
        start: float,
        rest: float,
        *,
        gravity: float,
        restitution: float = 0.3,
        landings: int = 3,
        delay: float = 0.0,
    ) -> None:
        if not start <= rest:
            raise ValueError(f"start {start} is below the floor {rest}")
        if not gravity > 0 or not 0 <= restitution < 1 or landings < 1:
            raise ValueError("gravity must be above 0, restitution in [0, 1), landings >= 1")
        self.position = start
        self.rest = rest
        self.velocity = 0.0
        self.gravity = gravity
        self.restitution = restitution
        self.landings = landings
        self.delay = delay
        self.done = False
        self._hits = 0
        self._first_speed = 0.0

    def update(self, dt: float) -> list[Impact]:
        """Advance by ``dt`` seconds; return the impacts that happened meanwhile."""
        impacts: list[Impact] = []
        if self.delay > 0:
            used = min(self.delay, dt)
            self.delay -= used
            dt -= used
        while dt > 0 and not self.done:
            step = min(dt, MAX_STEP)
            dt -= step
            self.velocity += self.gravity * step
            self.position += self.velocity * step
            if self.position >= self.rest and self.velocity > 0:
                impacts.append(self._hit())
        return impacts

    def _hit(self) -> Impact:
        speed = self.velocity
        if self._hits == 0:
            self._first_speed = speed
        impact = Impact(self._hits, speed / self._first_speed if self._first_speed else 1.0)
        self._hits += 1
        self.position = self.rest
        if self._hits >= self.landings:
            self.velocity = 0.0
            self.done = True
        else:
            self.velocity = -speed * self.restitution
        return impact


class Slide:
    """A move sideways from one place to another, easing in and out.

    Args:
        start, end: where it starts and stops (in columns).
        speed: columns per second at the average pace.
        min_duration: seconds the move takes at least, so that short ones are seen.

    >>> slide = Slide(0.0, 3.0, speed=6.0)
    >>> slide.update(0.25); round(slide.position, 2), slide.done
    (1.5, False)
    >>> slide.update(1.0); slide.position, slide.done
    (3.0, True)
    """

    def __init__(
        self, start: float, end: float, *, speed: float = 7.0, min_duration: float = 0.2
    ) -> None:
        self.start = start
        self.end = end
        self.duration = max(min_duration, abs(end - start) / speed)
        self.elapsed = 0.0
        self.position = start
        self.done = False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""
        self.elapsed = min(self.duration, self.elapsed + dt)
        share = self.elapsed / self.duration
        eased = share * share * (3 - 2 * share)  # smoothstep: slow, fast, slow
        self.position = self.start + (self.end - self.start) * eased
        self.done = self.elapsed >= self.duration


DISC_GRAVITY = 90.0
"""Rows per second squared: a disc falls down a 6-row board in about 0.37 s."""

DISC_RESTITUTION = 0.3
"""The share of its speed a disc keeps when it bounces."""

DISC_LANDINGS = 3
"""A disc lands, bounces, lands, bounces a little, and lands for good."""


class DiscDrop:
    """A disc's way into its cell: an optional slide over to its column, then the fall.

    The disc starts in the row above the board (``y = -1``) and ends at the row ``row_from_top``
    (0 is the board's top row).

    Args:
        column: the column it is played in.
        row_from_top: its cell's row counted from the top.
        player: whose disc it is (1 or 2).
        from_column: where the slide starts; ``None`` to fall at once (a human's disc is
            already over its column).

    >>> drop = DiscDrop(3, 5, player=2, from_column=0.0)
    >>> impacts = [hit for _ in range(300) for hit in drop.update(1 / 60)]
    >>> (drop.x, drop.y, drop.done), [hit.bounce for hit in impacts]
    ((3.0, 5.0, True), [0, 1, 2])
    """

    def __init__(
        self, column: int, row_from_top: int, player: int, *, from_column: float | None = None
    ) -> None:
        self.column = column
        self.row_from_top = row_from_top
        self.player = player
        self.slide = None if from_column is None else Slide(from_column, float(column))
        self.fall = Bounce(
            -1.0,
            float(row_from_top),
            gravity=DISC_GRAVITY,
            restitution=DISC_RESTITUTION,
            landings=DISC_LANDINGS,
        )

    @property
    def x(self) -> float:
        """The disc's column, fractional while it slides."""
        return self.slide.position if self.slide is not None else float(self.column)

    @property
    def y(self) -> float:
        """The disc's row from the board's top, -1 above the board."""
        return self.fall.position

    @property
    def sliding(self) -> bool:
        """True until the disc is over its column."""
        return self.slide is not None and not self.slide.done

    @property
    def done(self) -> bool:
        """True once the disc rests in its cell."""
        return self.fall.done

    def update(self, dt: float) -> list[Impact]:
        """Advance by ``dt`` seconds; return the impacts (the fall's landings)."""
        if self.slide is not None and not self.slide.done:
            before = self.slide.duration - self.slide.elapsed
            self.slide.update(dt)
            dt = max(0.0, dt - before)
        return self.fall.update(dt) if dt > 0 else []
