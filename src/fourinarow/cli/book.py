"""``fourinarow book build``, ``info``, ``install``, ``list`` and ``remove``: opening books."""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fourinarow.book.estimate import MAX_BUILD_DAYS
from fourinarow.book.install import DEADLINE_S, MAX_BYTES
from fourinarow.cli.help_format import ParagraphHelpFormatter
from fourinarow.cli.options import (
    add_shape_options,
    board_size,
    connect_length,
    decimal_option,
    path_value,
    ply_count,
    positive_int,
    table_megabytes,
    whole_option,
    within_cores,
    worker_count,
)
from fourinarow.cli.progress_bars import progress_bar
from fourinarow.core import Geometry
from fourinarow.search.book import (
    COMPRESSIONS,
    Book,
    BookError,
    BookHeader,
    cache_copy_path,
    cache_directory,
    default_book_path,
)

__all__ = ["add_parser", "resolve_book_path", "run"]

_STANDARD = Geometry(7, 6, 4)
"""The shape ``resolve_book_path`` names a book for unless told another."""

BUILD_EPILOG = """\
Only the positions with exactly --plies stones are solved (each by the solver, in chunks of
neighbouring positions); the shallower ones follow from them. Progress goes to PATH.build (or
--progress-dir) after every chunk: stop the build at any time, with Ctrl-C or otherwise, and run
the same command again to continue. Fewer plies are not always cheaper: the shallower a
position, the harder it is to solve. For 7x6 (CPU time): 2 plies about 5 minutes, 4 plies half
an hour, 8 plies about 6 hours, 12 plies about 14 hours.
"""


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Register ``book`` with its ``build``, ``info``, ``install``, ``list`` and ``remove``
    subcommands."""
    book = commands.add_parser(
        "book",
        help="build, describe, install or list opening books",
        description="Opening books: exact scores of early positions, solved ahead of time.",
    )
    actions = book.add_subparsers(dest="book_command", metavar="ACTION", required=True)
    build = actions.add_parser(
        "build",
        help="make a book of every position up to --plies stones",
        description="Build an opening book with the solver; resumable.",
        epilog=BUILD_EPILOG,
        formatter_class=ParagraphHelpFormatter,
    )
    build.add_argument(
        "--plies", type=ply_count, required=True, metavar="N", help="the most stones of a position"
    )
    add_shape_options(build)
    build.add_argument(
        "--out",
        type=path_value,
        metavar="PATH",
        help="the book file (default: WxHcN-pliesP.book in the current directory); it must be "
        "a regular file or new (a device or FIFO is refused)",
    )
    build.add_argument(
        "--progress-dir", type=path_value, metavar="DIR", help="where progress is kept (PATH.build)"
    )
    build.add_argument(
        "--workers",
        type=worker_count,
        default=1,
        metavar="N",
        help="processes, at most one per core (saying so) unless on a Ray cluster (default 1)",
    )
    build.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="local processes (default), or a Ray cluster (extra ray)",
    )
    build.add_argument("--address", metavar="ADDR", help="the Ray cluster to join")
    build.add_argument(
        "--chunk",
        type=positive_int,
        default=256,
        metavar="N",
        help="positions per unit of work and of saved progress (default 256)",
    )
    build.add_argument(
        "--tt-mb",
        type=table_megabytes,
        default=128,
        metavar="MB",
        help="each worker's transposition table (default 128)",
    )
    build.add_argument(
        "--compression", choices=tuple(COMPRESSIONS), default="lzma", help="default lzma"
    )
    build.add_argument("--quiet", action="store_true", help="no progress bar")
    build.add_argument(
        "--yes",
        action="store_true",
        help="build even a book estimated to need more memory than is free, or more than "
        f"{MAX_BUILD_DAYS} days on its workers (refused otherwise, before anything is written)",
    )

    info = actions.add_parser(
        "info",
        help="describe a book file and check it",
        description=(
            "Print a book's header and check its checksum and entries; for a shape's default"
            " book (shipped or installed), also where its uncompressed copy is cached"
            " (FOURINAROW_CACHE) and whether it is there yet."
        ),
    )
    info.add_argument(
        "path",
        metavar="PATH",
        help="the book file (a regular file: a device or FIFO is refused), 'shipped' for the "
        "default book of --size and --connect (the shipped or the installed one, the deeper; "
        "default 7x6 connect 4), or a build directory (PATH.build: how far that build is)",
    )
    add_shape_options(info)
    info.add_argument(
        "--verify",
        type=positive_int,
        default=0,
        metavar="N",
        help="also re-solve N random entries of the deepest layer and compare",
    )
    _add_install_parsers(actions)


INSTALL_EPILOG = """\
The book is copied or downloaded to a temporary file in the books folder of the user's data
folder ($XDG_DATA_HOME/fourinarow/books, else ~/.local/share/fourinarow/books), its SHA-256
checked, the whole book read (header, checksum, entries), and only then renamed to WxHcN.book
after its own header, replacing the one installed for that shape. On any failure, or Ctrl-C,
nothing is left behind; a temporary file left by a killed install (.install-PID-*.partial) is
removed by the next install once that process is gone (or after ten minutes unchanged).

Limits: the first 40 bytes must be a book's header, which gives the size of the whole; a source
that is not a book, sends more than that size, announces another (Content-Length), or would
exceed --max-mb is stopped at once. A download that takes more than --deadline seconds in all,
or gets no bytes for 30 seconds, is abandoned. Redirects are followed over http(s) only.

A shape's default book (solve, perfect, Solver(book=True)) is the shipped or the installed one,
whichever has more plies; a tie goes to the shipped one.
"""


def _add_install_parsers(actions: argparse._SubParsersAction[Any]) -> None:
    """Register ``book install``, ``book list`` and ``book remove``."""
    install = actions.add_parser(
        "install",
        help="install a book from a file or a URL into the user's data folder",
        description="Install an opening book from a file or an http(s) URL, checked first.",
        epilog=INSTALL_EPILOG,
        formatter_class=ParagraphHelpFormatter,
    )
    install.add_argument(
        "source", metavar="SOURCE", help="a book file (a regular file) or an http(s) URL"
    )
    install.add_argument(
        "--sha256",
        metavar="HEX",
        help="the book's SHA-256 (64 hexadecimal digits): required for a URL, checked if given",
    )
    install.add_argument(
        "--max-mb",
        type=whole_option(1, 1 << 20),
        default=MAX_BYTES >> 20,
        metavar="MB",
        help=f"the most megabytes (MiB) a book may have (default {MAX_BYTES >> 20})",
    )
    install.add_argument(
        "--deadline",
        type=decimal_option(0, 86400, above_low=True),
        default=DEADLINE_S,
        metavar="SECONDS",
        help=f"the most seconds a download may take in all (default {DEADLINE_S:g})",
    )
    install.add_argument("--quiet", action="store_true", help="no progress display")
    actions.add_parser(
        "list",
        help="list the shipped and installed books, and which one each shape uses",
        description=(
            "Every book the solver may use: shipped with fourinarow or installed in the user's"
            " data folder; the one in use for its shape is marked. A damaged or misnamed file"
            " is listed, its problem said on standard error, and the status is 1."
        ),
    )
    remove = actions.add_parser(
        "remove",
        help="remove the book installed for a shape",
        description="Remove the book installed for a shape (shipped books stay).",
    )
    remove.add_argument("size", type=board_size, metavar="WxH", help="the board, e.g. 6x6")
    remove.add_argument(
        "--connect",
        type=connect_length,
        default=4,
        metavar="N",
        help="line length that wins (default: 4)",
    )


def run(args: argparse.Namespace) -> int:
    """Run the ``book`` action ``args`` name; return the exit status."""
    if args.book_command == "list":
        return _run_list()
    if args.book_command == "install":
        return _run_install(
            args.source, args.sha256, deadline=args.deadline, max_mb=args.max_mb, quiet=args.quiet
        )
    if args.book_command in ("remove", "info"):
        width, height = args.size
        shape = Geometry(width, height, args.connect)
        if args.book_command == "remove":
            return _run_remove(shape)
        return _run_info(args.path, shape, verify=args.verify)
    return _run_build(BuildSettings.from_args(args))


@dataclass(frozen=True)
class BuildSettings:
    """What ``fourinarow book build`` was asked for."""

    out: Path  # the book (default: named after the shape and the plies)
    width: int
    height: int
    connect: int
    plies: int
    progress_dir: Path | None = None
    workers: int = 1
    backend: str = "local"
    address: str | None = None
    chunk: int = 256
    tt_mb: float = 128
    compression: str = "lzma"
    quiet: bool = False
    check_size: bool = True  # False with --yes

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> BuildSettings:
        """The settings the arguments of ``book build`` ask for."""
        width, height = args.size
        return cls(
            out=args.out or Path(f"{width}x{height}c{args.connect}-plies{args.plies}.book"),
            width=width,
            height=height,
            connect=args.connect,
            plies=args.plies,
            progress_dir=args.progress_dir,
            workers=within_cores(
                "book",
                "--workers",
                args.workers,
                cluster=args.backend == "ray" and bool(args.address),
            ),
            backend=args.backend,
            address=args.address,
            chunk=args.chunk,
            tt_mb=args.tt_mb,
            compression=args.compression,
            quiet=args.quiet,
            check_size=not args.yes,
        )


def _run_build(settings: BuildSettings) -> int:
    from fourinarow.book.build import build_book
    from fourinarow.book.estimate import BuildTooLargeError

    s, out = settings, settings.out
    start = time.perf_counter()
    with progress_bar("chunks", enabled=not s.quiet) as progress:
        try:
            report = build_book(
                out,
                s.width,
                s.height,
                s.connect,
                s.plies,
                workers=s.workers,
                backend=s.backend,
                address=s.address,
                chunk_size=s.chunk,
                tt_mb=s.tt_mb,
                compression=s.compression,
                directory=s.progress_dir,
                progress=progress,
                check_size=s.check_size,
            )
        except BuildTooLargeError as error:  # said as the command line says it
            raise BuildTooLargeError(
                error.reason, "give fewer --plies, or --yes to build anyway"
            ) from None
    print(
        f"{out}: {_count(report.entries, 'position')}, {report.size:,} bytes; solved "
        f"{_count(report.solved, 'position')} in this run ({time.perf_counter() - start:.1f} s), "
        f"{report.cpu_seconds:.1f} s of CPU time in all"
    )
    return 0


def _count(n: int, noun: str) -> str:
    """``1 position``, ``2,048 positions``."""
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}s"


def resolve_book_path(text: str | Path, shape: Geometry = _STANDARD) -> Path:
    """A book's path; ``shipped`` names the default book of ``shape`` (see
    ``default_book_path``: shipped with fourinarow or installed, the deeper; 7x6 connect 4
    unless told).

    Raises:
        BookError: ``shipped`` for a shape that has no book.
    """
    if str(text) == "shipped":
        path = default_book_path(shape.width, shape.height, shape.connect)
        if path is None:
            raise BookError(
                f"no book for {shape.width}x{shape.height} connect {shape.connect} ships with "
                "fourinarow or is installed (fourinarow book install)"
            )
        return path
    return Path(text)


def _describe_cache(path: Path, header: BookHeader, used: Path | None) -> str:
    """Where the default book's uncompressed copy is (see ``Book.load``), and whether the
    entries just read came from it, checked against the book's digests (or, for a book
    without one, the copy's CRC-32)."""
    directory = cache_directory()
    if directory is None:
        return "none (FOURINAROW_CACHE is empty): every process decompresses the book"
    copy = cache_copy_path(path, header, directory)
    if used is not None:
        check = "verified against the book's digest" if header.digest else "CRC-32 verified"
        return f"{used} ({used.stat().st_size:,} bytes; entries {check}, mapped)"
    if copy.is_file():  # found damaged just now, and written again
        return f"{copy} (was damaged: written again from the book, which was read instead)"
    return f"{copy} (could not be written or read: every process decompresses the book)"


def _describe_build(directory: Path) -> int:
    """``book info`` of a build directory: how far the build is, and how to continue it."""
    from fourinarow.book.build import build_status

    status = build_status(directory)
    plan = status.plan
    share = status.positions_done / plan.positions if plan.positions else 1.0
    print(f"build        {directory}")
    print(f"board        {plan.width}x{plan.height} connect {plan.connect}")
    print(f"plies        up to {plan.plies} stones (those of {plan.plies} solved, the rest follow)")
    print(
        f"progress     {status.chunks_done} of {plan.chunks} chunks, {status.positions_done:,} of "
        f"{plan.positions:,} positions ({share:.1%})"
    )
    if status.chunks_done < plan.chunks:
        left = status.cpu_seconds_left
        more = "" if not left else f"; about {left / 3600:.1f} h more at the mean so far"
        print(f"cpu time     {status.cpu_seconds / 3600:.1f} h so far{more}")
    else:
        print(f"cpu time     {status.cpu_seconds / 3600:.1f} h in all")
    book = directory.with_suffix("") if directory.suffix == ".build" else Path("BOOK")
    if book.suffix != ".book":
        book = book.with_name(book.name + ".book")
    shape = f"--size {plan.width}x{plan.height} --connect {plan.connect}"
    from fourinarow.book.build import chunk_problems

    problems = chunk_problems(directory)
    if problems:
        for problem in problems:
            print(f"damaged      {problem}")
        print("repair       delete the damaged chunks; the build then solves them again")
    else:
        print("checked      every chunk done has its size and its recorded checksum")
    verb = "continue" if status.chunks_done < plan.chunks else "write it"
    print(
        f"{verb:<13}fourinarow book build --plies {plan.plies} {shape} --chunk "
        f"{plan.chunk_size} --out {book} --progress-dir {directory} --workers N"
    )
    return 1 if problems else 0


def _deepest_sample(book: Book, n: int, rng: random.Random) -> list[tuple[int, int]]:
    """Up to ``n`` random ``(key, score)`` entries of the book's deepest layer, drawn by index
    so that a book of millions of entries is not decoded whole."""
    from fourinarow.search.book import decode_key

    def deepest(i: int) -> bool:
        return decode_key(book.keys[i], book.width, book.height)[1].bit_count() == book.plies

    chosen: dict[int, None] = {}
    for _ in range(64 * n):
        if len(chosen) == n:
            break
        i = rng.randrange(len(book))
        if deepest(i):
            chosen[i] = None
    if len(chosen) < n:  # a small or oddly made book: look at every entry
        layer = [i for i in range(len(book)) if deepest(i)]
        chosen = dict.fromkeys(rng.sample(layer, min(n, len(layer))))
    return [(book.keys[i], book.values[i]) for i in chosen]


def _run_info(text: str, shape: Geometry, *, verify: int = 0) -> int:
    """Describe the book ``text`` names (a path, or ``shipped``), or a build's progress folder;
    re-solve ``verify`` of its deepest entries. Return 1 if any disagrees, else 0."""
    from fourinarow.search.book import decode_key
    from fourinarow.search.solver import Solver

    path = resolve_book_path(text, shape)
    if path.is_dir():
        return _describe_build(path)
    told = Book.read_header(path)
    shipped = path == default_book_path(told.width, told.height, told.connect)
    # the default book is read as the solver reads it: through its cached copy, so that what
    # is described and verified below is the copy in use
    book = Book.load(path, cache_directory() if shipped else None)
    book.verify()  # every block of a mapped copy, not only those a lookup reads
    header = book.header
    assert header is not None  # read from a file
    size = path.stat().st_size
    print(f"file         {path} ({size} bytes)")
    print(f"format       version {header.version}, {header.compression}")
    print(f"board        {header.shape}")
    print(f"plies        up to {header.plies} stones")
    print(f"entries      {header.count}")
    print(f"checksum     {header.checksum:08x} (verified)")
    if header.block_bits:
        block = f"{1 << header.block_bits:,}"
        print(f"digest       {header.digest:08x} (of the entries, by blocks of {block}; verified)")
    elif header.digest:
        print(f"digest       {header.digest:08x} (of the entries, verified)")
    else:
        print("digest       none (written before books carried one)")
    if shipped:
        print(f"cache        {_describe_cache(path, header, book.copy)}")
    if verify > 0:
        sample = _deepest_sample(book, verify, random.Random(0))
        solver = Solver(book=False)
        shape = Geometry(book.width, book.height, book.connect)
        wrong = 0
        for key, value in sample:
            current, mask = decode_key(key, book.width, book.height)
            truth = solver.solve_bits(shape, current, mask)
            if truth != value:
                wrong += 1
                print(f"disagrees    entry {key:#x}: the book says {value}, the solver {truth}")
        print(f"verified     {len(sample) - wrong} of {len(sample)} re-solved entries agree")
        return 1 if wrong else 0
    return 0


def _run_install(
    source: str, sha256: str | None, *, deadline: float, max_mb: int, quiet: bool = False
) -> int:
    """Install the book at ``source`` (a file or a URL, whose SHA-256 must be given) for its
    shape; return 0, or 130 after Ctrl-C."""
    from fourinarow.book.install import BookInstallError, install_book, is_url
    from fourinarow.cli.progress_bars import byte_progress

    if is_url(source) and sha256 is None:
        raise BookInstallError(
            f"{source}: a download needs --sha256 HEX, the book's SHA-256, to be checked "
            "against (a local file may be installed without)"
        )
    try:
        with byte_progress(enabled=not quiet and is_url(source)) as progress:
            listed = install_book(
                source,
                sha256,
                progress=progress,
                deadline=deadline,
                max_bytes=max_mb << 20,
            )
    except KeyboardInterrupt:  # install_book has removed its temporary file
        start = "\n" if sys.stderr.isatty() else ""  # past the ^C and the progress display
        message = "fourinarow book install: interrupted; nothing was installed"
        print(start + message, file=sys.stderr)
        return 130
    header = listed.header
    assert header is not None  # read in full before it was installed
    print(
        f"installed {listed.path} ({header.shape}, {header.plies} plies, "
        f"{header.count:,} entries, {listed.size:,} bytes)"
    )
    if listed.in_use:
        print(f"it is now the default book for {header.shape}")
    else:
        used = default_book_path(header.width, header.height, header.connect)
        print(f"the default book for {header.shape} stays {used} (at least as deep)")
    return 0


def _run_list() -> int:
    """List every book, shipped and installed; return 1 if any has a problem, else 0."""
    from fourinarow.book.install import list_books

    books = list_books()
    if not books:
        print("no books: none ships with this installation, none is installed")
        return 0
    title = (
        f"{'board':<16}{'plies':>6}{'entries':>14}{'bytes':>14}  {'origin':<10}{'in use':<8}path"
    )
    print(title)
    print("-" * len(title))
    status = 0
    for book in books:
        header = book.header
        board = header.shape if header else "?"
        plies = str(header.plies) if header else "?"
        entries = f"{header.count:,}" if header else "?"
        mark = "yes" if book.in_use else "no"
        print(
            f"{board:<16}{plies:>6}{entries:>14}{book.size:>14,}  {book.origin:<10}{mark:<8}"
            f"{book.path}"
        )
        if book.problem:
            print(f"  problem: {book.problem}", file=sys.stderr)
            status = 1
    return status


def _run_remove(shape: Geometry) -> int:
    """Remove the book installed for ``shape``; return 0."""
    from fourinarow.book.install import remove_book

    path = remove_book(shape.width, shape.height, shape.connect)
    used = default_book_path(shape.width, shape.height, shape.connect)
    after = f"the default book is now {used}" if used else "no book is left for that shape"
    print(f"removed {path}; {after}")
    return 0
