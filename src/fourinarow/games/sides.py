"""Who played a saved game, decided once for every door (the terminal, the desktop game, the
web page and the JSON API): the names a game is saved under, and which side is yours.

Against the computer the person is ``You`` and the computer ``Computer (level 5)`` (or
``Computer (engine)`` for an agent that is not a level); two people at one board are ``Red``
and ``Yellow``, the colours of their stones, first and second, unless they gave their names.

>>> player_names(None, "level:5")
('You', 'Computer (level 5)')
>>> player_names("level:5", None)
('Computer (level 5)', 'You')
>>> player_names(None, None)
('Red', 'Yellow')
>>> player_names(None, None, you="Ada")
('Ada', 'Yellow')
>>> player_names(None, None, you="Ada", partner="Grace")
('Ada', 'Grace')
>>> your_side("Computer (level 5)", "You")
'second'
"""

from __future__ import annotations

import re
from typing import Literal

__all__ = [
    "MAX_NAME",
    "PEOPLE",
    "YOU",
    "Side",
    "computer_name",
    "player_names",
    "your_side",
]

MAX_NAME = 300
"""The most characters of a player's name (``You``, ``Computer (level 5)``) a games file keeps:
a longer one is refused, never cut, so that a saved game always names its real players."""

YOU = "You"
"""The person's name in a game against the computer."""

PEOPLE = ("Red", "Yellow")
"""The names of two people playing each other, first and second: their stones' colours."""

Side = Literal["first", "second"]
"""A side of a saved game: the first player's or the second's."""

_LEVEL = re.compile(r"level[: ]?(\d+)")
# the computer as games were saved before the names were one (and still are by an API client
# that names the players itself): "computer (level:5)" (the terminal), "level 5" (the web
# page), "Red (level 3)" (the desktop's computers playing each other)
_COMPUTER = re.compile(r"computer\b.*|level[: ]?\d+|(?:red|yellow) \(level[: ]?\d+\)")


def computer_name(agent: str) -> str:
    """The computer's name for the agent spec it plays with: ``Computer (level 5)`` for
    ``level:5``, ``Computer (engine:nodes=30)`` for another spec, whole (only a listing
    cuts it, to fit its line).

    >>> computer_name("level:10"), computer_name("random")
    ('Computer (level 10)', 'Computer (random)')
    """
    spec = " ".join(agent.split())
    level = _LEVEL.fullmatch(spec)
    return f"Computer ({f'level {level[1]}' if level else spec})"


def player_names(
    first: str | None,
    second: str | None,
    *,
    you: str | None = None,
    partner: str | None = None,
) -> tuple[str, str]:
    """The names a game is saved under, first player's and second's.

    Args:
        first, second: the agent spec of a side the computer plays (``level:5``), or ``None``
            for a side a person plays.
        you: the name the person gave (``fourinarow play --name``): for ``You`` in a game
            against the computer; between two people, the first player's, for ``Red``.
        partner: between two people, the second player's name, for ``Yellow`` (ignored
            against the computer).
    """
    given = _tidy(you)
    if first is None and second is None:
        other = _tidy(partner)
        return (given or PEOPLE[0], other or PEOPLE[1])
    person = YOU if given is None else given
    return (
        person if first is None else computer_name(first),
        person if second is None else computer_name(second),
    )


def _tidy(name: str | None) -> str | None:
    """A given name with its runs of spaces made one; ``None`` for none or only spaces."""
    return " ".join(name.split()) if name and name.strip() else None


def _is_you(name: str) -> bool:
    return name.strip().casefold() == YOU.casefold()


def _is_computer(name: str) -> bool:
    return _COMPUTER.fullmatch(" ".join(name.split()).casefold()) is not None


def your_side(first: str, second: str) -> Side | None:
    """Which side of a game saved under these names is yours: the one named ``You`` (in any
    case: games saved before the names were one said ``you``), else the person facing a
    computer (``Computer (level 5)``, ``computer (level:5)``, ``level 5``); ``None`` for two
    people, or two computers.

    >>> your_side("you", "level 5"), your_side("Ann", "computer (level:5)")
    ('first', 'first')
    >>> your_side("Red", "Yellow") is None
    True
    """
    yours = [_is_you(first), _is_you(second)]
    if sum(yours) != 1:
        computers = [_is_computer(first), _is_computer(second)]
        if sum(yours) or sum(computers) != 1:
            return None
        yours = [not computers[0], not computers[1]]
    return "first" if yours[0] else "second"
