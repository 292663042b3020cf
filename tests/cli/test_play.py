"""``fourinarow play``: what the game says, run in process through ``main(argv)``."""

from __future__ import annotations

from pathlib import Path

from tests.cli.conftest import Run


def test_the_first_hint_is_exact_even_when_the_book_is_read_for_the_first_time(
    run: Run, tmp_path: Path
) -> None:
    """Reading the opening book (about a second with an empty cache) and making the table come
    before the hint's second, not out of it: a new player's first ``?`` on 7x6 gets exact
    values, not estimates."""
    cache = tmp_path / "empty-cache"  # nothing copied yet: the book is decompressed
    result = run("play", "--no-color", stdin="?\nq\n", env={"FOURINAROW_CACHE": str(cache)})
    assert result.returncode == 0, result.stderr
    assert "What each column is worth to the player to move" in result.stdout
    values = [line for line in result.stdout.splitlines() if line.startswith("  ") and ": " in line]
    assert [line.split(":")[0].strip() for line in values[-7:]] == list("1234567")
    assert "estimate" not in result.stdout
    assert "  4: +1" in result.stdout  # X, to move on the empty board, wins with the centre
    assert "<- best" in result.stdout
