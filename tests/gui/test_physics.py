"""The animations' motion: gravity, damped bounces, slides."""

from __future__ import annotations

import pytest

from fourinarow.gui.physics import Bounce, DiscDrop, Impact, Slide


def run(body: Bounce | DiscDrop, dt: float = 1 / 60, frames: int = 600) -> list[Impact]:
    impacts: list[Impact] = []
    for _ in range(frames):
        impacts.extend(body.update(dt))
        if body.done:
            break
    return impacts


def test_a_body_falls_bounces_with_damping_and_rests() -> None:
    ball = Bounce(0.0, 5.0, gravity=50.0, restitution=0.4, landings=3)
    heights: list[float] = []
    impacts: list[Impact] = []
    while not ball.done:
        impacts.extend(ball.update(1 / 240))
        heights.append(ball.position)
    assert [impact.bounce for impact in impacts] == [0, 1, 2]
    assert impacts[0].strength == 1.0
    assert impacts[0].strength > impacts[1].strength > impacts[2].strength > 0
    assert impacts[1].strength == pytest.approx(0.4, abs=0.02)
    assert max(heights) <= 5.0  # never below the floor
    assert ball.position == 5.0
    assert ball.velocity == 0.0
    bounce_tops = [min(heights[i:j]) for i, j in ((50, 200), (200, 400))]
    assert all(top < 5.0 for top in bounce_tops)  # it rose again after landing


def test_long_frames_are_split_so_the_motion_does_not_depend_on_the_frame_rate() -> None:
    fine = Bounce(0.0, 6.0, gravity=90.0)
    coarse = Bounce(0.0, 6.0, gravity=90.0)
    fine_hits = run(fine, dt=1 / 240, frames=10_000)
    coarse_hits = run(coarse, dt=0.1, frames=100)
    assert len(fine_hits) == len(coarse_hits) == 3
    for a, b in zip(fine_hits, coarse_hits, strict=True):
        assert a.strength == pytest.approx(b.strength, abs=0.05)


def test_a_delay_holds_the_body_still_first() -> None:
    button = Bounce(-1.0, 0.0, gravity=6.0, delay=0.5)
    button.update(0.4)
    assert button.position == -1.0
    button.update(0.2)
    assert button.position > -1.0


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="below the floor"):
        Bounce(2.0, 1.0, gravity=1.0)
    with pytest.raises(ValueError, match="gravity"):
        Bounce(0.0, 1.0, gravity=0.0)
    with pytest.raises(ValueError, match="restitution"):
        Bounce(0.0, 1.0, gravity=1.0, restitution=1.0)


def test_a_slide_eases_in_and_out_and_takes_a_moment_even_when_short() -> None:
    slide = Slide(0.0, 4.0, speed=4.0)
    positions = []
    while not slide.done:
        slide.update(0.05)
        positions.append(slide.position)
    steps = [b - a for a, b in zip([0.0, *positions], positions, strict=False)]
    assert positions[-1] == 4.0
    assert steps[0] < steps[len(steps) // 2] > steps[-1]  # slow, fast, slow
    assert Slide(3.0, 3.0).duration > 0  # not measured: worked out from the distance
    back = Slide(5.0, 1.0)
    back.update(10.0)
    assert back.position == 1.0


def test_a_computer_disc_slides_over_then_falls_into_its_cell() -> None:
    drop = DiscDrop(5, 3, player=2, from_column=1.0)
    seen = []
    impacts: list[Impact] = []
    while not drop.done:
        impacts.extend(drop.update(1 / 60))
        seen.append((drop.x, drop.y, drop.sliding))
    across = [y for x, y, sliding in seen if sliding]
    assert across
    assert set(across) == {-1.0}
    assert seen[-1][:2] == (5.0, 3.0)
    assert [impact.bounce for impact in impacts] == [0, 1, 2]


def test_a_human_disc_falls_straight_down() -> None:
    drop = DiscDrop(0, 5, player=1)
    assert not drop.sliding
    drop.update(0.1)
    assert drop.x == 0.0
    assert drop.y > -1.0
