"""The positions a book holds, layer by layer: every position of a given number of stones in
which nobody has won yet, folded by mirror symmetry (a position and its mirror image are one
key, the smaller).

>>> [len(layer) for layer in layers(4, 4, 4, 4)]
[1, 2, 8, 26, 82]
"""

from __future__ import annotations

from fourinarow.core.geometry import Geometry
from fourinarow.search.book import decode_key, mirror_key

__all__ = ["children", "layers", "layers_of", "next_layer"]


def children(geometry: Geometry, key: int) -> tuple[bool, list[int]]:
    """Whether the side to move can win at once in the position with this key, and the folded
    keys of the positions its other moves lead to (none if the board is then full)."""
    width, height = geometry.width, geometry.height
    stride = height + 1
    current, mask = decode_key(key, width, height)
    playable = (mask + geometry.bottom_mask) & geometry.full_mask
    wins = False
    keys = []
    last = mask.bit_count() + 1 == width * height
    for c in range(width):
        move = playable & (((1 << height) - 1) << (c * stride))
        if not move:
            continue
        if geometry.has_line(current | move):
            wins = True
        elif not last:
            child = (current ^ mask) + (mask | move)
            keys.append(min(child, mirror_key(child, width, height)))
    return wins, keys


def next_layer(geometry: Geometry, parents: list[int]) -> list[int]:
    """The positions one stone deeper than ``parents`` (where nobody has won), each once, in
    the order they are first reached: the children of one parent side by side."""
    found: dict[int, None] = {}
    for key in parents:
        found.update(dict.fromkeys(children(geometry, key)[1]))
    return list(found)


def layers(width: int, height: int, connect: int, plies: int) -> list[list[int]]:
    """Every layer ``0..plies``: the sorted folded keys of the positions with that many stones
    in which nobody has won (the positions a book of ``plies`` holds)."""
    return layers_of(Geometry(width, height, connect), plies)


def layers_of(geometry: Geometry, plies: int) -> list[list[int]]:
    """:func:`layers` of a board of that ``geometry``."""
    found = [[0]]
    for _ in range(plies):
        found.append(sorted(next_layer(geometry, found[-1])))
    return found
