"""Reproduce John Tromp's table of who wins the empty board, for every shape the kernel holds.

    python benchmarks/tromp.py --shapes 4x4,5x4,4x5,6x4           # seconds
    python benchmarks/tromp.py --json tromp.jsonl --resume --markdown   # all of them: hours
    python benchmarks/tromp.py --json tromp.jsonl --resume --markdown --shapes none  # the table

Tromp's table (published by John Tromp; held below as data) gives,
for widths and heights 4 to 11 with four in a row, whether the first player wins (+), the second
(-) or it is a draw (=); some cells are blank. This script solves the empty board of every
shape the compiled kernel holds (``width * (height + 1)`` up to 128 bits: all but 11x11;
larger boards go to the pure-Python solver, far too slow, and count as out of reach), cheapest
first, without an opening book, and checks our values against the published ones:

- a weak solve (win, draw or loss only), then a strong one (the exact score: who wins with which
  stone), each from an empty table, must agree on the sign;
- "both colours" (``--check-children``): the position after each first move is solved for the
  second player, and the root's score must be the best over the moves of minus the child's (a
  move that wins at once counting as a win). It costs up to a solve per column, so by default it
  runs only where the strong solve took at most 10 s, and on the shapes the published table
  leaves blank (within what remains of the shape's time);
- the time cap (``--max-seconds``, default an hour) is for a shape as a whole; a shape whose value
  is still unknown when it runs out is "not settled", and, unless ``--no-skip-larger``, every
  shape at least as wide and as high as it is skipped (larger boards cost more).

One line per shape is printed as it settles (and with ``--json FILE`` appended to FILE, so a long
run that is stopped keeps what it settled; ``--resume`` skips the shapes FILE already holds,
except those whose exact score it did not settle under a smaller cap). ``--markdown`` then
prints the README's tables: ours in Tromp's layout and a list of shapes with their scores and
costs. Wall time is what one waits; CPU time is the whole process's (every thread). Every
table is backed with memory before its shape's first solve, outside the timing. The load
average before and after says how busy the machine was. The exit status is 1 if any check
failed (weak and strong solves, the children or the published value disagree), else 0.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from fourinarow.core import Board, FourInARowError
from fourinarow.search.checks import table_megabytes, thread_count
from fourinarow.search.limit import Limit
from fourinarow.search.scores import Exact
from fourinarow.search.solver import KERNEL_MAX_BITS, Solution, Solver

SIDES = range(4, 12)
"""The widths and heights of the published table."""

# fmt: off
PUBLISHED: dict[tuple[int, int], str] = {
    (width, height): value
    for height, row in {
        4:  "= = - = - - - -",
        5:  "= = = = + + + .",
        6:  "= = - + - - . .",
        7:  "= = + = + . . .",
        8:  "= = - + - . . .",
        9:  "= = + . . . . .",
        10: "= = . . . . . .",
        11: "= . . . . . . .",
    }.items()
    for width, value in zip(SIDES, row.split(), strict=True)
    if value != "."
}
# fmt: on
"""John Tromp's values of the empty board, by (width, height), connect four: ``+`` the first
player wins, ``-`` the second, ``=`` a draw; shapes the table leaves blank are absent."""

MEASURED_SECONDS = {
    (4, 4): 0.01, (5, 4): 0.01, (4, 5): 0.01, (4, 6): 0.01, (6, 4): 0.03, (5, 5): 0.03,
    (4, 7): 0.03, (5, 6): 0.09, (6, 5): 0.2, (7, 4): 0.2, (4, 8): 0.3, (4, 9): 0.5,
    (5, 7): 1.0, (8, 4): 1.8, (7, 5): 3.0, (6, 6): 4.0, (5, 8): 4.0, (4, 10): 6.0,
    (4, 11): 9.0, (6, 7): 38.0, (5, 9): 40.0, (8, 5): 92.0, (7, 6): 300.0,
}  # fmt: skip
"""Seconds the strong solve of the empty board took on one thread without a book, where it
was measured on a 2-core x86-64 VM, AMD EPYC (6x7, 8x5 and 7x6 in the solver's earlier runs,
7x6 rounded; the others once each while this script was written): the order of the run.
Shapes not here come after these (9x4 took over 15 s)."""

CHILDREN_AUTO_SECONDS = 10.0
"""By default the children are checked where the strong solve took at most this long."""


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on standard error (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def fits_kernel(width: int, height: int) -> bool:
    """True if the compiled kernel holds this shape (else it counts as out of reach)."""
    return width * (height + 1) <= KERNEL_MAX_BITS


def in_reach() -> list[tuple[int, int]]:
    """Every shape of the table the kernel holds, cheapest first (by the measured costs, then
    by an estimate: wider boards cost more than taller ones of as many cells)."""
    shapes = [(w, h) for w in SIDES for h in SIDES if fits_kernel(w, h)]
    return sorted(shapes, key=cost_rank)


def cost_rank(shape: tuple[int, int]) -> tuple[int, float]:
    """A sort key putting cheaper shapes first."""
    width, height = shape
    if shape in MEASURED_SECONDS:
        return 0, MEASURED_SECONDS[shape]
    return 1, width * height + 3 * width


def parse_shapes(text: str) -> list[tuple[int, int]]:
    """The shapes of ``--shapes``: ``all``, ``none`` or ``WxH,WxH,...``, in the run's order.

    Raises:
        ValueError: a shape is not ``WxH`` with sides 4 to 11, or the kernel does not hold it.
    """
    if text.strip() == "all":
        return in_reach()
    if text.strip() == "none":
        return []
    chosen = set()
    for item in text.split(","):
        width, _, height = item.strip().lower().partition("x")
        if not (width.isdigit() and height.isdigit()):
            raise ValueError(
                f"--shapes is all, none or shapes WIDTHxHEIGHT separated by commas (4x4,7x6), "
                f"not {item.strip()!r}"
            )
        shape = int(width), int(height)
        if not (shape[0] in SIDES and shape[1] in SIDES):
            raise ValueError(f"Tromp's table has widths and heights 4 to 11, not {item.strip()}")
        if not fits_kernel(*shape):
            raise ValueError(
                f"{item.strip()} is out of reach: the compiled kernel holds boards of "
                f"width*(height+1) <= {KERNEL_MAX_BITS} bits, and it needs "
                f"{shape[0] * (shape[1] + 1)}"
            )
        chosen.add(shape)
    return sorted(chosen, key=cost_rank)


def name(shape: tuple[int, int]) -> str:
    return f"{shape[0]}x{shape[1]}"


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ..., ``11th``, ``12th``, ``21st``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def symbol(result: int) -> str:
    """``+``, ``=`` or ``-`` for a result 1, 0 or -1 of the first player."""
    return {1: "+", 0: "=", -1: "-"}[result]


def score_text(score: int, width: int, height: int) -> str:
    """The exact score of an empty board in words: ``+ (first player wins with their 12th
    stone)``, ``- (second player ...)`` or ``= (draw)``."""
    exact = Exact.of(score, Board(width, height))
    if exact.result == 0:
        return "= (draw)"
    player = "first" if exact.result > 0 else "second"
    stone = ordinal(exact.own_moves or 0)
    return f"{symbol(exact.result)} ({player} player wins with their {stone} stone)"


def sign_of_bounds(lower: int, upper: int) -> int | None:
    """The sign proven by bounds on a value: 1, 0, -1, or ``None`` if they leave it open."""
    if lower > 0:
        return 1
    if upper < 0:
        return -1
    if lower == upper == 0:
        return 0
    return None


@dataclass
class Clock:
    """Wall and CPU seconds since it was made."""

    wall: float
    cpu: float

    @classmethod
    def start(cls) -> Clock:
        return cls(time.perf_counter(), time.process_time())

    def lap(self) -> dict[str, float]:
        return {
            "wall": round(time.perf_counter() - self.wall, 3),
            "cpu": round(time.process_time() - self.cpu, 3),
        }


def timed_solve(
    solver: Solver, board: Board, seconds: float, weak: bool, *, clear: bool = True
) -> dict[str, Any]:
    """One solve under a time limit, from an empty table unless ``clear`` is False: its
    result, bounds, nodes and time."""
    if clear:
        solver.clear()
    clock = Clock.start()
    solution: Solution = solver.solve(board, Limit(time=seconds), weak=weak)
    return {
        "score": solution.score,
        "lower": solution.lower,
        "upper": solution.upper,
        "nodes": solution.nodes,
        **clock.lap(),
    }


def check_children(solver: Solver, board: Board, score: int, seconds: float) -> dict[str, Any]:
    """Solve the position after each first move (for the second player) and check that the
    root's ``score`` is the best over the moves of minus the child's score. The children
    share one table, emptied before the first: none of the root's solve is reused."""
    deadline = time.perf_counter() + seconds
    solver.clear()
    clock = Clock.start()
    values: list[int | None] = []
    nodes = 0
    winning = set(board.winning_moves())
    win_now = (board.width * board.height + 1 - board.ply) // 2
    for column in board.legal_moves:
        child = board.copy()
        child.push(column)
        if column in winning:
            values.append(win_now)
        elif child.is_game_over():  # the last cell, filled without a line
            values.append(0)
        else:
            left = deadline - time.perf_counter()
            result = timed_solve(solver, child, left, False, clear=False) if left > 0 else None
            nodes += 0 if result is None else result["nodes"]
            if result is None or result["score"] is None:
                values.append(None)
                break
            values.append(-result["score"])
    finished = len(values) == len(board.legal_moves) and None not in values
    best = max(v for v in values if v is not None) if finished else None
    return {
        "values": values,
        "finished": finished,
        "agree": None if best is None else best == score,
        "nodes": nodes,
        **clock.lap(),
    }


def settle(
    solver: Solver, shape: tuple[int, int], max_seconds: float, children: bool | None
) -> dict[str, Any]:
    """Solve the empty board of ``shape`` weakly, then strongly, then (maybe) its children,
    within ``max_seconds`` in all; the record written to the JSON file."""
    width, height = shape
    board = Board(width, height)
    solver.prepare(width, height)  # allocate and touch the table, outside the timing
    start = time.perf_counter()

    def left() -> float:
        return max_seconds - (time.perf_counter() - start)

    weak = timed_solve(solver, board, left(), weak=True)
    strong = timed_solve(solver, board, left(), weak=False) if left() > 0 else None
    score = None if strong is None else strong["score"]
    result = sign_of_bounds(weak["lower"], weak["upper"])
    if result is None and strong is not None:
        result = sign_of_bounds(strong["lower"], strong["upper"])
    check = None
    if score is not None:
        if children is None:
            cheap = strong is not None and strong["wall"] <= CHILDREN_AUTO_SECONDS
            children = cheap or shape not in PUBLISHED
        if children and left() > 0:
            check = check_children(solver, board, score, left())
    published = PUBLISHED.get(shape)
    value = None if result is None else symbol(result)
    return {
        "shape": name(shape),
        "width": width,
        "height": height,
        "value": value,
        "score": score,
        "score_text": None if score is None else score_text(score, width, height),
        "agree": None if score is None or weak["score"] is None else weak["score"] == sign(score),
        "weak": weak,
        "strong": strong,
        "children": check,
        "published": published,
        "matches_published": None if value is None or published is None else value == published,
        "max_seconds": max_seconds,
        "threads": solver.threads,
        "tt_mb": solver.tt_mb,
    }


def sign(value: int) -> int:
    return (value > 0) - (value < 0)


def read_records(path: Path) -> list[dict[str, Any]]:
    """The records of a JSON-lines file from an earlier run (none if it does not exist).

    Raises:
        ValueError: a line is not a record of this script.
    """
    if not path.exists():
        return []
    records = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise ValueError(f"{path}:{number} is not JSON ({error.msg})") from None
        if not isinstance(record, dict) or not {"shape", "width", "height", "value"} <= set(record):
            raise ValueError(f"{path}:{number} is not a record of benchmarks/tromp.py")
        records.append(record)
    return records


def latest(records: Iterable[dict[str, Any]]) -> dict[tuple[int, int], dict[str, Any]]:
    """Per shape, the record that says most (an exact score, over a value alone, over neither);
    of records that say as much, the last."""
    best: dict[tuple[int, int], dict[str, Any]] = {}
    for record in records:
        shape = record["width"], record["height"]
        if shape not in best or _says(record) >= _says(best[shape]):
            best[shape] = record
    return best


def _says(record: dict[str, Any]) -> int:
    """2 for a record with the exact score, 1 for the value (win, draw or loss) alone, else 0."""
    return 2 if record.get("score") is not None else 1 if record["value"] is not None else 0


def done_before(record: dict[str, Any] | None, max_seconds: float) -> bool:
    """True if ``--resume`` skips the shape: its exact score is known, or was not found under as
    long a cap. A shape whose weak solve settled but whose strong one ran out of time is solved
    again under a longer cap."""
    if record is None:
        return False
    return record.get("score") is not None or record.get("max_seconds", 0) >= max_seconds


def line_of(record: dict[str, Any]) -> str:
    """One line of the progress table."""
    strong = record["strong"] or {}
    children = record["children"]
    check = "-" if children is None else {True: "yes", False: "NO", None: "open"}[children["agree"]]
    weak = record["weak"]
    return (
        f"{record['shape']:<6}{record['value'] or '?':>6}{_or(record['score']):>7}"
        f"{_or(weak['score']):>6}{weak['wall']:>10.2f}{_or(strong.get('wall'), '.2f'):>10}"
        f"{_or(strong.get('cpu'), '.2f'):>10}{_or(strong.get('nodes'), ',d'):>17}"
        f"{check:>10}{record['published'] or ' ':>6}"
    )


HEADER = (
    f"{'shape':<6}{'value':>6}{'score':>7}{'weak':>6}{'weak s':>10}{'wall s':>10}{'cpu s':>10}"
    f"{'nodes':>17}{'children':>10}{'Tromp':>6}"
)


def _or(value: object, spec: str = "") -> str:
    return "?" if value is None else format(value, spec)


def markdown(
    records: dict[tuple[int, int], dict[str, Any]], skipped: dict[tuple[int, int], str]
) -> list[str]:
    """The README's tables: our values in Tromp's layout, then one row per shape."""
    lines = [
        "| height \\ width | " + " | ".join(str(w) for w in SIDES) + " |",
        "|---" * (len(SIDES) + 1) + "|",
    ]
    for height in SIDES:
        cells = []
        for width in SIDES:
            record = records.get((width, height))
            value = None if record is None else record["value"]
            if value is None:
                cells.append("")
                continue
            marks = "" if record["score"] is not None else "?"  # the weak solve's alone
            if (width, height) not in PUBLISHED:
                marks += "*"
            elif PUBLISHED[width, height] != value:
                marks += "!"
            cells.append(value + marks)
        lines.append(f"| {height} | " + " | ".join(cells) + " |")
    lines += [
        "",
        f"Blank: out of the compiled kernel's reach (width*(height+1) > {KERNEL_MAX_BITS} bits) "
        "or not settled; "
        "? the weak solve's value alone (the exact score not settled); "
        "\\* not in the published table; ! differs from it.",
        *(
            new_shape_note(r)
            for s, r in sorted(records.items())
            if s not in PUBLISHED and r["value"]
        ),
        "",
        "| shape | value | score | wall s | CPU s | nodes | weak solve s | weak agrees "
        "| both colours | Tromp |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for shape in sorted(records.keys() | skipped.keys(), key=cost_rank):
        if shape in skipped:
            lines.append(f"| {name(shape)} | | {skipped[shape]} | | | | | | | |")
            continue
        lines.append(markdown_row(records[shape]))
    return lines


def new_shape_note(record: dict[str, Any]) -> str:
    """A sentence on a shape the published table leaves blank: our value and its checks."""
    children = record["children"]
    if children is None:
        colours = "was not made"
    else:
        colours = {True: "agrees", False: "**disagrees**", None: "did not finish"}[
            children["agree"]
        ]
    score = record["score_text"] or record["value"]
    if record["agree"] is None:
        checks = "Only the weak solve settled: the exact score is still open"
    else:
        checks = "The weak and strong solves " + ("agree" if record["agree"] else "**disagree**")
    return (
        f"\n{record['shape']} is blank in the published table; ours is {score}. {checks}; the "
        f"check from the second player's side (every first move solved) {colours}."
    )


def markdown_row(record: dict[str, Any]) -> str:
    """One shape's row of the README's list."""
    strong, weak, children = record["strong"], record["weak"], record["children"]
    cap = f"{record['max_seconds']:g}"
    if record["score_text"] is not None:
        score = record["score_text"]
    elif record["value"] is not None:
        score = f"{record['value']} (weak solve; exact score not settled in {cap} s)"
    else:
        score = f"not settled in {cap} s"
    solved = strong is not None and strong["score"] is not None
    agree = {True: "yes", False: "**no**", None: ""}[record["agree"]]
    if children is None:
        colours = "not checked"
    else:
        colours = {True: "yes", False: "**no**", None: f"not finished in {cap} s"}[
            children["agree"]
        ]
    tromp = {True: "yes", False: "**no**", None: ""}[record["matches_published"]]
    if record["published"] is None:
        tromp = "not published"
    cells = [
        record["shape"],
        record["value"] or "",
        score,
        f"{strong['wall']:.2f}" if solved else "",
        f"{strong['cpu']:.2f}" if solved else "",
        f"{strong['nodes']:,}" if solved else "",
        f"{weak['wall']:.2f}" if weak["score"] is not None else "",
        agree,
        colours,
        tromp,
    ]
    return "| " + " | ".join(cells) + " |"


def machine(when: str) -> str:
    """The load average and the cores, for the lines before and after the run."""
    one, five, fifteen = os.getloadavg()
    return f"{when}: load average {one:.2f}, {five:.2f}, {fifteen:.2f} on {os.cpu_count()} cores"


def processor() -> str:
    """The processor's model name, where Linux tells it, else the machine type."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.partition(":")[2].strip()
    except OSError:
        pass
    return platform.machine() or "unknown processor"


def arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = OneLineParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument(
        "--shapes",
        default="all",
        help="all (default: every shape the kernel holds), none, or WIDTHxHEIGHT,... (4x4,7x6)",
    )
    parser.add_argument(
        "--max-seconds",
        type=float,
        default=3600.0,
        help="wall-clock seconds a shape may take in all (default 3600)",
    )
    parser.add_argument(
        "--threads",
        type=int,
        default=min(os.cpu_count() or 1, 64),
        help="threads per search (default: the number of cores)",
    )
    parser.add_argument(
        "--tt-mb", type=float, default=1024.0, help="transposition table size in MB (default 1024)"
    )
    parser.add_argument(
        "--check-children",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="also solve the position after each first move and check the root's score "
        f"(default: where the strong solve took at most {CHILDREN_AUTO_SECONDS:g} s, and "
        "on shapes not in the published table)",
    )
    parser.add_argument(
        "--skip-larger",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="skip shapes at least as wide and high as one not settled (default: on)",
    )
    parser.add_argument("--json", type=Path, help="append one JSON line per shape to this file")
    parser.add_argument(
        "--resume", action="store_true", help="skip the shapes the --json file already holds"
    )
    parser.add_argument(
        "--markdown", action="store_true", help="print the README's tables at the end"
    )
    args = parser.parse_args(argv)
    try:
        args.shapes = parse_shapes(args.shapes)
        table_megabytes(args.tt_mb)
        thread_count(args.threads)
    except (ValueError, FourInARowError) as error:
        parser.error(str(error))
    if not args.max_seconds > 0:
        parser.error(f"--max-seconds is a number of seconds above 0, not {args.max_seconds:g}")
    if args.resume and args.json is None:
        parser.error("--resume reads the file of --json: give one")
    if args.resume:
        try:
            args.earlier = read_records(args.json)
        except (ValueError, OSError) as error:
            parser.error(str(error))
    else:
        args.earlier = []
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = arguments(argv)
    records = latest(args.earlier)
    solver = Solver(tt_mb=args.tt_mb, book=False, threads=args.threads, use_kernel=True)
    print(
        f"{machine('before')} ({processor()}); "
        f"{platform.python_implementation()} {platform.python_version()}; "
        f"{args.threads} thread{'s' if args.threads != 1 else ''}, "
        f"table {args.tt_mb:g} MB, no book, "
        f"at most {args.max_seconds:g} s per shape"
    )
    print(HEADER)
    print("-" * len(HEADER))
    unsettled: list[tuple[int, int]] = [s for s, r in records.items() if r["value"] is None]
    skipped: dict[tuple[int, int], str] = {}
    for shape in args.shapes:
        if args.resume and done_before(records.get(shape), args.max_seconds):
            print(f"{name(shape):<6} in {args.json} already")
            continue
        smaller = [s for s in unsettled if s[0] <= shape[0] and s[1] <= shape[1]]
        if args.skip_larger and smaller:
            skipped[shape] = f"skipped: {name(smaller[0])} was not settled"
            print(f"{name(shape):<6} {skipped[shape]}")
            continue
        record = settle(solver, shape, args.max_seconds, args.check_children)
        records[shape] = record
        if record["value"] is None:
            unsettled.append(shape)
        if args.json is not None:
            with args.json.open("a") as out:
                out.write(json.dumps(record) + "\n")
        print(line_of(record), flush=True)
    print(machine("after"))
    if args.markdown:
        print()
        print("\n".join(markdown(records, skipped)))
    disagree = [
        r["shape"]
        for r in records.values()
        if r["agree"] is False
        or r["matches_published"] is False
        or (r["children"] or {}).get("agree") is False
    ]
    if disagree:
        print(f"disagreements: {', '.join(disagree)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
