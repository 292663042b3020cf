"""Check a 7x6 opening book against the published strong solution of Connect Four.

    python benchmarks/strong_solution.py                    # the default 7x6 book: seconds
    python benchmarks/strong_solution.py --enumerate 12     # finished games counted to 12: minutes
    python benchmarks/strong_solution.py --book 7x6c4-plies14.book

Markus Böck strongly solved 7x6 Connect Four (every position's value) with binary decision
diagrams: "Strongly Solving 7x6 Connect-Four on Consumer Grade Hardware", arXiv 2507.05267
(2025); the code and the results are at github.com/markus7800/Connect4-Strong-Solver. Its
README gives, for every ply, the positions won, drawn and lost, their total and how many are
finished: ``PUBLISHED`` below holds that table, as printed there. What its numbers count, read
from the code that made them (``src/connect4/search/solve.c``):

- every position play reaches with that many stones; a position and its mirror image count as
  two (ply 1 has 7 positions), and the totals are John Tromp's counts (4,531,985,219,092 in all);
- finished positions among them: those where the move just made completed four in a row (the
  side to move has lost; positions after them are not reached). A full board without a line is
  not finished but a draw. Finished positions count as lost for the side to move;
- won and lost are the first player's: at an even ply the first player is to move, at an odd
  ply the second, so there the side to move's wins are the published losses and its losses
  (the finished positions included) the published wins.

Our books hold every position of up to their plies in which nobody has won, a position and its
mirror image as one entry, with the exact score for the side to move. So, ply by ply, counting
each entry twice unless the position is its own mirror image, the book's wins and draws must be
the published ones, its losses plus the finished positions the published losses, and all of
them together the published total.

The finished positions are counted here on their own, by playing out every position ply by ply
(in plain Python: about 1 s to 8 plies; about a minute and 2.7 GB of memory to 12), up to
``--enumerate`` plies (default 8). Beyond that, the published count of finished positions
stands in for ours, and the output says so. The exit status is 0 if every ply of the book
agrees, 1 if one does not (its line says where and by how much), 2 for a book that cannot be
read or is not for 7x6 connect 4. Counting the book's entries needs numpy (``pip install
numpy``; the test extras have it).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path

from fourinarow.core import FourInARowError, Geometry
from fourinarow.search.book import Book, default_book_path

SHAPE = (7, 6, 4)
"""The board the published table is for: 7x6, four in a row."""

# fmt: off
PUBLISHED: tuple[tuple[int, int, int, int, int], ...] = (
    (1, 0, 0, 1, 0),
    (1, 2, 4, 7, 0),
    (27, 12, 10, 49, 0),
    (35, 58, 145, 238, 0),
    (690, 200, 230, 1_120, 0),
    (1_080, 697, 2_486, 4_263, 0),
    (10_889, 1_943, 3_590, 16_422, 0),
    (17_507, 5_944, 31_408, 54_859, 728),
    (124_624, 14_676, 44_975, 184_275, 1_892),
    (197_749, 42_896, 317_541, 558_186, 19_412),
    (1_122_696, 97_532, 442_395, 1_662_623, 44_225),
    (1_734_122, 255_780, 2_578_781, 4_568_683, 273_261),
    (8_191_645, 541_825, 3_502_631, 12_236_101, 573_323),
    (12_333_735, 1_286_746, 17_308_630, 30_929_111, 2_720_636),
    (49_756_539, 2_583_292, 23_097_764, 75_437_595, 5_349_954),
    (73_263_172, 5_596_074, 97_682_013, 176_541_259, 20_975_690),
    (255_117_922, 10_681_110, 128_792_359, 394_591_391, 38_918_821),
    (369_230_362, 21_226_658, 467_761_723, 858_218_743, 130_632_515),
    (1_112_643_249, 38_582_237, 612_658_408, 1_763_883_894, 229_031_670),
    (1_589_752_959, 70_754_712, 1_907_752_131, 3_568_259_802, 670_491_437),
    (4_132_585_341, 122_495_056, 2_491_075_548, 6_746_155_945, 1_108_210_254),
    (5_849_074_428, 208_240_707, 6_616_029_910, 12_673_345_045, 2_858_601_535),
    (13_031_002_559, 342_506_047, 8_637_315_382, 22_010_823_988, 4_434_627_684),
    (18_317_405_077, 543_074_854, 19_402_748_258, 38_263_228_189, 10_130_180_393),
    (34_623_818_387, 845_872_717, 25_361_122_355, 60_830_813_459, 14_654_767_176),
    (48_376_711_901, 1_256_717_558, 47_632_685_500, 97_266_114_959, 29_672_303_474),
    (76_568_242_258, 1_846_266_966, 62_314_059_815, 140_728_569_039, 39_696_898_910),
    (106_274_173_915, 2_578_399_088, 96_436_935_052, 205_289_508_055, 71_042_927_249),
    (138_476_323_812, 3_567_644_646, 126_013_643_486, 268_057_611_944, 86_949_129_149),
    (190_301_585_678, 4_687_144_532, 157_638_115_456, 352_626_845_666, 136_563_138_602),
    (199_698_237_436, 6_071_049_190, 204_609_218_821, 410_378_505_447, 150_692_335_491),
    (269_818_663_336, 7_481_813_611, 201_906_000_786, 479_206_477_733, 205_243_451_746),
    (221_858_140_210, 9_048_082_187, 258_000_224_786, 488_906_447_183, 200_299_011_722),
    (291_549_830_422, 10_381_952_902, 194_705_107_378, 496_636_890_702, 232_494_602_432),
    (180_530_409_295, 11_668_229_290, 241_273_091_751, 433_471_730_336, 195_427_938_799),
    (226_007_657_501, 12_225_240_861, 132_714_989_361, 370_947_887_723, 188_065_840_647),
    (98_839_977_654, 12_431_825_174, 155_042_098_394, 266_313_901_222, 131_014_104_050),
    (114_359_332_473, 11_509_102_126, 57_747_247_782, 183_615_682_381, 100_184_819_358),
    (32_161_409_500, 10_220_085_105, 61_622_970_744, 104_004_465_349, 54_716_901_301),
    (33_666_235_957, 7_792_641_079, 13_697_133_737, 55_156_010_773, 31_270_711_562),
    (4_831_822_472, 5_153_271_363, 12_710_802_660, 22_695_896_495, 11_972_173_842),
    (4_282_128_782, 2_496_557_393, 1_033_139_763, 7_811_825_938, 4_282_128_782),
    (0, 713_298_878, 746_034_021, 1_459_332_899, 746_034_021),
)
# fmt: on
"""The published table, one row per ply from 0 to 42, as printed (the first player's view):
positions won, drawn and lost for the first player, all positions, finished positions."""


@dataclass(frozen=True)
class PlyCounts:
    """The positions of one ply, mirror images counted apart, from the side to move's view."""

    wins: int
    draws: int
    losses: int
    """Lost positions, the finished ones included."""
    finished: int

    @property
    def total(self) -> int:
        """Every position of the ply."""
        return self.wins + self.draws + self.losses


def published(ply: int) -> PlyCounts:
    """The published counts of ``ply`` (0 to 42), turned to the side to move's view."""
    won, drawn, lost, total, finished = PUBLISHED[ply]
    assert won + drawn + lost == total
    if ply % 2:  # the second player is to move: the first player's wins are its losses
        won, lost = lost, won
    return PlyCounts(won, drawn, lost, finished)


@dataclass(frozen=True)
class Reached:
    """The positions play reaches with one number of stones, mirror images counted apart."""

    positions: int
    finished: int
    """Those where the last move made a line (the game is over)."""


def count_positions(width: int, height: int, connect: int, plies: int) -> list[Reached]:
    """How many positions play reaches with 0, 1, ... ``plies`` stones, and how many of them are
    finished, a position and its mirror image counted as two.

    Each layer is made from the unfinished positions of the one before, every legal move once,
    a position and its mirror image kept as one (the smaller key), so each key stands for two
    positions unless it is its own mirror image. Each position is kept with its mirror image,
    whose child is the mirror image's child by the mirrored move: no key is ever mirrored bit
    by bit.

    >>> [(r.positions, r.finished) for r in count_positions(7, 6, 4, 3)]
    [(1, 0), (7, 0), (49, 0), (238, 0)]
    """
    geometry = Geometry(width, height, connect)
    stride = height + 1
    bottoms = [1 << (c * stride) for c in range(width)]
    columns = geometry.column_masks
    # each column with the column it becomes in the mirror image
    moves = list(zip(bottoms, columns, bottoms[::-1], columns[::-1], strict=True))
    has_line = geometry.has_line

    # folded key: (stones of the side to move, all stones, and the same two of the mirror image)
    layer = {0: (0, 0, 0, 0)}
    reached = [Reached(1, 0)]
    for _ in range(plies):
        going_on: dict[int, tuple[int, int, int, int]] = {}
        finished: dict[int, int] = {}  # folded key: positions it stands for (1 or 2)
        for current, mask, mirrored, mirrored_mask in layer.values():
            for bottom, column, mirrored_bottom, mirrored_column in moves:
                move = (mask + bottom) & column  # the lowest empty cell, none if full
                if not move:
                    continue
                mirrored_move = (mirrored_mask + mirrored_bottom) & mirrored_column
                mover, stones = current | move, mask | move
                mirrored_stones = mirrored_mask | mirrored_move
                child = mover ^ stones  # the other player is to move next
                mirrored_child = (mirrored | mirrored_move) ^ mirrored_stones
                key = child + stones
                mirrored_key = mirrored_child + mirrored_stones
                if has_line(mover):
                    finished[min(key, mirrored_key)] = 1 if key == mirrored_key else 2
                elif key <= mirrored_key:
                    going_on[key] = (child, stones, mirrored_child, mirrored_stones)
                else:
                    going_on[mirrored_key] = (mirrored_child, mirrored_stones, child, stones)
        done = sum(finished.values())
        unfinished = sum(
            1 if state[0] == state[2] and state[1] == state[3] else 2 for state in going_on.values()
        )
        reached.append(Reached(unfinished + done, done))
        layer = going_on
    return reached


def book_counts(book: Book) -> list[PlyCounts]:
    """The book's wins, draws and losses for the side to move at each ply up to its plies, an
    entry counted twice unless its position is its own mirror image (``finished`` is 0: a book
    holds no finished position). Needs numpy."""
    import numpy as np

    width, height = book.width, book.height
    stride = height + 1
    keys = np.frombuffer(book.keys, dtype=np.uint64)
    signs = np.sign(np.frombuffer(book.values, dtype=np.int8)) + 1  # 0 loss, 1 draw, 2 win
    # A column of the key holds 2**h - 1 + (the side to move's stones there): h from its top bit.
    heights = np.array([(v + 1).bit_length() - 1 for v in range(1 << stride)], dtype=np.uint8)
    plies = np.zeros(len(keys), dtype=np.uint8)
    symmetric = np.ones(len(keys), dtype=bool)
    column = [
        ((keys >> np.uint64(c * stride)) & np.uint64((1 << stride) - 1)).astype(np.uint16)
        for c in range(width)
    ]
    for c in range(width):
        plies += heights[column[c]]
    for c in range(width // 2):
        symmetric &= column[c] == column[width - 1 - c]
    cells = 3 * (book.plies + 1)
    code = plies.astype(np.int64) * 3 + signs
    # Every entry twice, less once for each that is its own mirror image.
    tally = 2 * np.bincount(code, minlength=cells) - np.bincount(code[symmetric], minlength=cells)
    return [
        PlyCounts(int(wins), int(draws), int(losses), 0)
        for losses, draws, wins in tally.reshape(-1, 3)
    ]


def compare(ours: PlyCounts, reached: Reached | None, theirs: PlyCounts) -> list[str]:
    """What does not agree between the book's counts of a ply (with the finished positions we
    counted, or else the published ones), and the published counts: empty if all agree."""
    finished = theirs.finished if reached is None else reached.finished
    problems = []
    for what, mine, published_count in (
        ("wins", ours.wins, theirs.wins),
        ("draws", ours.draws, theirs.draws),
        ("losses with the finished", ours.losses + finished, theirs.losses),
        ("positions", ours.total + finished, theirs.total),
    ):
        if mine != published_count:
            problems.append(
                f"{what} {mine:,} against {published_count:,} ({mine - published_count:+,})"
            )
    if reached is not None:
        if reached.finished != theirs.finished:
            problems.append(
                f"finished {reached.finished:,} against {theirs.finished:,} "
                f"({reached.finished - theirs.finished:+,})"
            )
        if reached.positions != theirs.total:
            problems.append(
                f"positions played out {reached.positions:,} against {theirs.total:,} "
                f"({reached.positions - theirs.total:+,})"
            )
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--book",
        default="shipped",
        help="the 7x6 connect 4 book to check: shipped (default: the default book, shipped or "
        "installed with fourinarow book install, the deeper) or a PATH",
    )
    parser.add_argument(
        "--enumerate",
        type=int,
        default=8,
        metavar="N",
        help="count the finished positions ourselves up to N plies (default 8; 12 takes "
        "minutes); beyond, the published counts stand in",
    )
    args = parser.parse_args()
    if not 0 <= args.enumerate <= len(PUBLISHED) - 1:
        parser.error(f"--enumerate goes from 0 to {len(PUBLISHED) - 1}, not {args.enumerate}")
    if importlib.util.find_spec("numpy") is None:
        print(
            "strong_solution.py: error: counting a book needs numpy (pip install numpy)",
            file=sys.stderr,
        )
        return 2
    path = default_book_path(*SHAPE) if args.book == "shipped" else Path(args.book)
    try:
        if path is None:
            raise FourInARowError("no default book for 7x6 connect 4")
        book = Book.load(path)
        book.require_shape(*SHAPE)
    except FourInARowError as error:
        print(f"strong_solution.py: error: {error}", file=sys.stderr)
        return 2
    ours = book_counts(book)
    reached = count_positions(*SHAPE, min(args.enumerate, book.plies))
    print(f"book: {path} (7x6 connect 4, up to {book.plies} stones, {len(book):,} entries)")
    print("published: Böck 2025, arXiv 2507.05267, github.com/markus7800/Connect4-Strong-Solver")
    print("side to move's view; mirror images counted apart; losses include finished games")
    header = (
        f"{'ply':>3} {'wins':>11} {'draws':>9} {'losses':>11} {'finished':>9} "
        f"{'positions':>11}  {'finished from':<14} agrees"
    )
    print(header)
    print("-" * len(header))
    wrong = 0
    for ply, counts in enumerate(ours):
        mine = reached[ply] if ply < len(reached) else None
        theirs = published(ply)
        problems = compare(counts, mine, theirs)
        finished = theirs.finished if mine is None else mine.finished
        print(
            f"{ply:>3} {counts.wins:>11,} {counts.draws:>9,} {counts.losses + finished:>11,} "
            f"{finished:>9,} {counts.total + finished:>11,}  "
            f"{'published' if mine is None else 'played out':<14} "
            f"{'yes' if not problems else 'NO: ' + '; '.join(problems)}"
        )
        wrong += bool(problems)
    if wrong:
        print(f"{wrong} of {len(ours)} plies disagree with the published strong solution")
        return 1
    print(f"every ply from 0 to {book.plies} agrees with the published strong solution")
    return 0


if __name__ == "__main__":
    sys.exit(main())
