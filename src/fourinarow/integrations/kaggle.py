"""Kaggle ConnectX: our agents as Kaggle agents, and Kaggle's agents as ours.

Kaggle's ConnectX calls an agent ``agent(observation, configuration)`` and takes the column it
returns (0-based). The observation holds ``board`` (the cells flat, row-major, top row first: 0
empty, 1 and 2 the players' stones), ``mark`` (the player to move) and ``remainingOverageTime``
(seconds left in the game's overage bank); the configuration ``rows``, ``columns``, ``inarow``
and ``actTimeout`` (seconds per move, 2 in ConnectX). A move may run past ``actTimeout``: the
excess is taken from the bank, and the agent loses by ``TIMEOUT`` only when the bank runs dry.

- :func:`agent` plays ``perfect`` on any board shape: the solver's move (with the shape's
  shipped opening book, if any) wherever it is proven within the move's time, else the engine's
  choice among the columns not proven worse; :class:`KaggleAgent` plays any agent spec the same
  way. Both plan their time: ``actTimeout`` less a margin, plus a share of the bank (keeping
  :data:`OVERAGE_RESERVE` of it), less what the first call spent loading (see
  :func:`move_seconds`).
- :func:`kaggle_board` reads an observation into a :class:`~fourinarow.core.Board` (the web
  app's ``POST /api/v1/kaggle`` uses it too).
- :func:`export_submission` (``fourinarow kaggle export``) writes a submission Kaggle accepts:
  ``submission.tar.gz`` with ``main.py`` at its root, the package's library layers and its shipped
  opening books; or one ``main.py`` with all of that embedded. It runs where only the standard
  library is installed, on the compiled kernel when the submission's copy loads there, else on
  the same search in pure Python (about 200 times slower: some 10 thousand positions a
  second against 2 million, measured on 7x6; within the book it makes no difference).
- ``kaggle:negamax`` and ``kaggle:random`` (:data:`AGENT_INFO`, :class:`KaggleEnvironmentAgent`)
  are Kaggle's own built-in agents as agents of ours, for tournaments (``fourinarow match
  perfect kaggle:negamax``; the registry finds them through the entry point ``kaggle`` of the
  group ``fourinarow.agents``); they need the ``kaggle`` extra (``kaggle-environments``).

Only the standard library and fourinarow's library layers are imported here (and
``kaggle_environments`` inside the functions that need it), so that ``fourinarow kaggle
export`` can ship this module in a submission that runs where nothing else is installed.

>>> cells = [0] * 42
>>> cells[38] = 1  # the first player's stone in the middle of the bottom row
>>> agent({"board": cells, "mark": 2}, {"rows": 6, "columns": 7, "inarow": 4})
3
"""

from __future__ import annotations

import base64
import io
import math
import random
import sys
import tarfile
import time
import traceback
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fourinarow.agents.base import (
    Agent,
    Decision,
    InvalidAgentSpecError,
    Limit,
    ensure_playable,
    reflex_move,
)
from fourinarow.agents.registry import AgentInfo, AgentOptions, make_agent
from fourinarow.core import Board, Column, FourInARowError, InvalidPositionError
from fourinarow.core.paths import check_output_file, kind_of, write_output_file
from fourinarow.extras import require_extra

__all__ = [
    "AGENT_INFO",
    "DEFAULT_ACT_TIMEOUT",
    "DEFAULT_SPEC",
    "KAGGLE_AGENTS",
    "OVERAGE_RESERVE",
    "KaggleAgent",
    "KaggleConfigurationError",
    "KaggleEnvironmentAgent",
    "KaggleExportError",
    "Submission",
    "agent",
    "export_submission",
    "kaggle_board",
    "kaggle_grid",
    "move_seconds",
]

DEFAULT_SPEC = "perfect"
"""The agent :func:`agent` plays."""

DEFAULT_ACT_TIMEOUT = 2.0
"""ConnectX's seconds per move when the configuration does not say."""

MARGIN = 0.4
"""Seconds kept back from ``actTimeout`` (at most a quarter of it) for Kaggle's harness and a
search that stops a little after its limit."""

OVERAGE_RESERVE = 15.0
"""Seconds of the overage bank never planned for: a search that overruns on a slow or busy
machine takes them, rather than losing the game by ``TIMEOUT``."""

OVERAGE_SHARE = 2.0
"""A move may take this many times its fair share of the bank above the reserve (the bank
shared out over the player's moves left): early positions, where solving is hard, get more."""

KAGGLE_AGENTS = ("negamax", "random")
"""Kaggle's built-in ConnectX agents that ``kaggle:NAME`` plays."""


class KaggleExportError(FourInARowError):
    """A submission that cannot be written where it was asked for."""


class KaggleConfigurationError(FourInARowError):
    """An observation or configuration that is not ConnectX's: a missing board or mark, sizes
    that are not whole numbers."""


def _field(holder: object, name: str, default: Any = None) -> Any:
    """``holder[name]`` for a mapping (Kaggle's ``Struct`` is a dict), else the attribute."""
    if isinstance(holder, Mapping):
        return holder.get(name, default)
    return getattr(holder, name, default)


def _whole(value: object, name: str) -> int:
    """A configuration size as an int (a JSON number such as 7 or 7.0)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != int(value):
        raise KaggleConfigurationError(
            f"configuration {name} is {str(value)[:20]!r}; ConnectX gives a whole number"
        )
    return int(value)


def kaggle_grid(configuration: object) -> tuple[int, int, int]:
    """The board's ``(columns, rows, inarow)`` in a configuration (ConnectX's 7, 6, 4 for
    what it leaves out).

    >>> kaggle_grid({"rows": 5, "columns": 6}), kaggle_grid(None)
    ((6, 5, 4), (7, 6, 4))

    Raises:
        KaggleConfigurationError: a size is not a whole number.
    """
    return (
        _whole(_field(configuration, "columns", 7), "columns"),
        _whole(_field(configuration, "rows", 6), "rows"),
        _whole(_field(configuration, "inarow", 4), "inarow"),
    )


def kaggle_board(observation: object, configuration: object = None) -> Board:
    """The board of a ConnectX observation, with the player to move its ``mark``.

    Args:
        observation: a mapping or an object with ``board`` (the cells, flat, row-major, top row
            first) and ``mark`` (1 or 2).
        configuration: a mapping or an object with ``rows``, ``columns`` and ``inarow``
            (ConnectX's 6, 7 and 4 where left out).

    Raises:
        KaggleConfigurationError: no board or mark, or sizes that are not whole numbers.
        FourInARowError: the cells do not fit the shape or cannot arise in a game, or the mark
            is not the player to move (``InvalidPositionError``, ``InvalidBoardSizeError``).

    >>> kaggle_board({"board": [0] * 41 + [1], "mark": 2}).to_moves()
    '7'
    """
    cells = _field(observation, "board")
    mark = _field(observation, "mark")
    if not isinstance(cells, Sequence) or isinstance(cells, (str, bytes)):
        raise KaggleConfigurationError(
            "the observation has no board: ConnectX gives the cells as a flat list, top row first"
        )
    columns, rows, inarow = kaggle_grid(configuration)
    board = Board.from_grid(cells, width=columns, height=rows, connect=inarow)
    if mark != board.turn:
        raise InvalidPositionError(
            f"mark is {str(mark)[:20]} but the board has player {board.turn} to move "
            "(player 1 moves first)"
        )
    return board


def move_seconds(act_timeout: float, overage: float, empty_cells: int, spent: float = 0.0) -> float:
    """The seconds to think about a move: ``act_timeout`` less :data:`MARGIN`, plus up to
    :data:`OVERAGE_SHARE` times a fair share of the bank above :data:`OVERAGE_RESERVE` (the bank
    shared over the player's moves left, ``ceil(empty_cells / 2)``), less ``spent`` (what this
    call spent before it could think, such as loading the book); never below zero.

    >>> move_seconds(2, 0, 42), move_seconds(2, 15, 42), move_seconds(2, 60, 42)
    (1.6, 1.6, 5.886)
    >>> move_seconds(2, 60, 2, spent=1.0), move_seconds(2, 0, 42, spent=3.0)
    (45.6, 0.0)
    """
    act_timeout = max(0.0, act_timeout)
    base = act_timeout - min(MARGIN, act_timeout / 4)
    bank = max(0.0, overage - OVERAGE_RESERVE)
    moves_left = max(1, math.ceil(empty_cells / 2))
    extra = min(bank, OVERAGE_SHARE * bank / moves_left)
    return round(max(0.0, base + extra - spent), 3)


class KaggleAgent:
    """One of our agents as a Kaggle ConnectX agent: call it with ``(observation,
    configuration)``; it returns the column to play.

    It keeps its agent (and the solver's table) from move to move and game to game, and plans
    each move's time with :func:`move_seconds`. On the first move of a board shape it loads
    what the agent needs (the shape's opening book; on 7x6 about 2 s without the compiled kernel's
    cache) and takes that time off the move's budget, as it does the time since ``started``.

    If the agent fails (it should not), the traceback goes to standard error, where Kaggle
    logs it, and the column nearest the centre that wins, blocks or is legal is played, rather
    than losing the game by ``ERROR``.

    Args:
        spec: the agent spec (``perfect``, ``level:5``, ``engine``, ...).
        seed: seeds the agent's random choices.
        started: a ``time.perf_counter()`` reading taken when Kaggle's clock for the first move
            started (a submission's ``main.py`` takes one as it starts): the first move's budget
            is cut by the time since then.

    Raises:
        InvalidAgentSpecError: the spec names no agent of ours.
    """

    def __init__(
        self, spec: str = DEFAULT_SPEC, *, seed: int | None = None, started: float | None = None
    ) -> None:
        self.spec = spec
        self.agent: Agent = make_agent(spec, seed=seed)
        self._started = started
        self._prepared: set[tuple[int, int, int]] = set()
        self.last: Decision | None = None
        """The decision of the last move (for logs and tests)."""

    def __call__(self, observation: object, configuration: object = None) -> Column:
        """The column to play, 0-based.

        Raises:
            KaggleConfigurationError, FourInARowError: the observation cannot be read (a
                board that cannot arise, a mark that is not the player to move).
        """
        start = self._started if self._started is not None else time.perf_counter()
        self._started = None
        board = kaggle_board(observation, configuration)
        ensure_playable(board)
        try:
            return self._choose(board, observation, configuration, start)
        except Exception:  # a bug of ours must not lose the game by ERROR: log it, play on
            traceback.print_exc(file=sys.stderr)
            return reflex_move(board)

    def _choose(
        self, board: Board, observation: object, configuration: object, start: float
    ) -> Column:
        shape = (board.width, board.height, board.connect)
        if shape not in self._prepared:
            for solver in _solvers(self.agent):
                solver.prepare(*shape)
            self._prepared.add(shape)
        act_timeout = _field(configuration, "actTimeout", None)
        if act_timeout is None:
            act_timeout = _field(configuration, "timeout", DEFAULT_ACT_TIMEOUT)
        overage = _field(observation, "remainingOverageTime", 0.0)
        seconds = move_seconds(
            float(act_timeout),
            float(overage),
            board.width * board.height - board.ply,
            spent=time.perf_counter() - start,
        )
        self.last = self.agent.choose(board, Limit(time=seconds))
        return int(self.last.column)


def _solvers(agent: object) -> list[Any]:
    """The solvers inside an agent and the agents it wraps (a level, blunders, a fallback)."""
    found: list[Any] = []
    seen: set[int] = set()
    todo = [agent]
    while todo:
        current = todo.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        solver = getattr(current, "solver", None)
        if solver is not None and callable(getattr(solver, "prepare", None)):
            found.append(solver)
        todo.extend(getattr(current, name, None) for name in ("agent", "fallback"))
    return found


_default: KaggleAgent | None = None


def agent(observation: object, configuration: object = None) -> Column:
    """Kaggle ConnectX's agent call: ``perfect`` (:data:`DEFAULT_SPEC`) within ConnectX's
    clock, on any ``rows``, ``columns`` and ``inarow``; the 0-based column to play.

    Raises:
        KaggleConfigurationError, FourInARowError: the observation cannot be read.
    """
    global _default
    if _default is None:
        _default = KaggleAgent()
    return _default(observation, configuration)


# ----------------------------------------------------------------- Kaggle's agents as ours


class KaggleEnvironmentAgent:
    """One of Kaggle's built-in ConnectX agents (``negamax``, ``random``), as kaggle-environments
    ships it, playing in our games: for tournaments against Kaggle's baselines.

    Kaggle's agents take no time limit (``negamax`` searches 4 plies on any board) and break
    ties with Python's global ``random``; ``seed`` seeds it before each move, from a generator
    of its own, so that games can be replayed.

    Raises:
        MissingExtraError: kaggle-environments is not installed.
        InvalidAgentSpecError: ``which`` is not one of :data:`KAGGLE_AGENTS`.
    """

    def __init__(self, which: str = "negamax", rng: random.Random | None = None) -> None:
        if which not in KAGGLE_AGENTS:
            raise InvalidAgentSpecError(
                f"kaggle:{str(which)[:20]} is not accepted; Kaggle's agents here: "
                f"{', '.join(KAGGLE_AGENTS)}"
            )
        connectx = require_extra(
            "kaggle_environments.envs.connectx.connectx",
            "kaggle",
            f"kaggle:{which} needs kaggle-environments",
        )
        self._play = connectx.agents[which]
        self._rng = rng
        self.name = f"kaggle:{which}"

    def choose(self, board: Board, limit: Limit | None = None) -> Decision:
        """Kaggle's agent's column for the side to move (the limit is not used).

        Raises:
            GameOverError: the game is over.
        """
        start = time.perf_counter()
        ensure_playable(board, limit=limit)
        observation = _Struct(board=_cells(board), mark=board.turn)
        configuration = _Struct(
            columns=board.width, rows=board.height, inarow=board.connect, actTimeout=2
        )
        if self._rng is not None:
            random.seed(self._rng.getrandbits(64))
        column = int(self._play(observation, configuration))
        return Decision(column, elapsed=time.perf_counter() - start)


class _Struct(dict[str, Any]):
    """A dict whose keys are attributes too, as kaggle-environments hands its agents."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


def _cells(board: Board) -> list[int]:
    """The board as ConnectX's flat list of cells, top row first."""
    return [int(cell) for row in board.to_grid() for cell in row]


def _kaggle_factory(rng: random.Random, options: AgentOptions) -> Agent:
    return KaggleEnvironmentAgent(options.choice("kaggle", "negamax", KAGGLE_AGENTS), rng)


AGENT_INFO = AgentInfo(
    _kaggle_factory,
    "Kaggle's ConnectX agents from kaggle-environments: kaggle:negamax (4 plies) or "
    "kaggle:random (needs the kaggle extra)",
    ("kaggle",),
)
"""The ``kaggle`` agent family, for the registry's plugins (entry point ``fourinarow.agents``)."""


# ----------------------------------------------------------------- the submission


PACKAGE = Path(__file__).resolve().parents[1]
"""The fourinarow package directory whose files a submission ships."""

SHIPPED_PACKAGES = ("core", "search", "agents")
"""The library layers a submission ships whole (the apps stay out: they need other packages)."""

SHIPPED_FILES = (
    "__init__.py",
    "extras.py",
    "userdata.py",
    "integrations/__init__.py",
    "integrations/kaggle.py",
)
"""The other files of fourinarow a submission ships."""

_FIND_PACKAGE = """\
def _bundle():
    \"\"\"The directory holding the shipped fourinarow package: beside this file (Kaggle runs it
    from /kaggle_simulations/agent), else the working directory.\"\"\"
    here = _sys._getframe(1).f_code.co_filename
    for place in (_os.path.dirname(_os.path.abspath(here)), "/kaggle_simulations/agent", "."):
        if _os.path.isfile(_os.path.join(place, "fourinarow", "__init__.py")):
            return _os.path.abspath(place)
    raise ImportError("the fourinarow package of this submission is not beside main.py")


_sys.path.insert(0, _bundle())
"""

_UNPACK = """\
def _bundle():
    \"\"\"A new temporary directory holding the fourinarow package embedded below.\"\"\"
    import atexit, base64, io, shutil, tempfile, zipfile

    loaded = getattr(_sys.modules.get("fourinarow"), "__file__", None) or ""
    known = _os.path.dirname(_os.path.dirname(loaded))
    if _os.path.basename(known).startswith("fourinarow-kaggle-") and _os.path.isdir(known):
        return known  # run again in the same process (a new game): unpacked already

    place = tempfile.mkdtemp(prefix="fourinarow-kaggle-")
    atexit.register(shutil.rmtree, place, True)
    with zipfile.ZipFile(io.BytesIO(base64.b64decode(_PAYLOAD))) as archive:
        archive.extractall(place)
    return place


_sys.path.insert(0, _bundle())
"""

_MAIN = """\
\"\"\"A Kaggle ConnectX agent: fourinarow's {spec!r}, written by `fourinarow kaggle export`
(fourinarow {version}). Kaggle calls the last callable here, agent(observation, configuration).
{where}
\"\"\"

import time as _time

_STARTED = _time.perf_counter()  # Kaggle's clock for the first move runs from about here

import os as _os
import sys as _sys
{payload}
{bundle}
_os.environ.setdefault("FOURINAROW_CACHE", "")  # read the book in memory; write no cache copy

from fourinarow.integrations.kaggle import KaggleAgent as _KaggleAgent

_player = _KaggleAgent({spec!r}, started=_STARTED)


def agent(observation, configuration):
    \"\"\"The column to play (0-based) for Kaggle's observation and configuration.\"\"\"
    return _player(observation, configuration)
"""


@dataclass(frozen=True)
class Submission:
    """What :func:`export_submission` wrote.

    Attributes:
        path: the file to submit (``submission.tar.gz`` or ``main.py``).
        files: the files of fourinarow it holds (paths relative to the package's parent).
        compiled: the compiled kernels among them (empty: pure Python only).
        size: its size in bytes.
    """

    path: Path
    files: tuple[str, ...]
    compiled: tuple[str, ...]
    size: int


def _shipped(pure_python: bool) -> list[Path]:
    """The files of fourinarow a submission holds."""
    files = [PACKAGE / name for name in SHIPPED_FILES]
    for package in SHIPPED_PACKAGES:
        files += sorted((PACKAGE / package).rglob("*.py"))  # subpackages too
        if not pure_python:
            files += sorted((PACKAGE / package).glob("*.so"))
            files += sorted((PACKAGE / package).glob("*.pyd"))
    files += sorted((PACKAGE / "search" / "books").glob("*.book"))
    return files


def export_submission(
    spec: str, out: Path | str, *, single_file: bool = False, pure_python: bool = False
) -> Submission:
    """Write a Kaggle ConnectX submission that plays the agent ``spec``.

    Args:
        spec: the agent spec (checked now).
        out: the directory to write into (made if missing).
        single_file: write one ``main.py`` with the package embedded (a zip in base64, unpacked
            into a temporary directory when Kaggle loads it) instead of ``submission.tar.gz``.
        pure_python: leave the compiled kernels out: the submission then searches in pure
            Python (the kernels are built for one Python version and platform, and are skipped
            anyway where they do not load).

    Raises:
        InvalidAgentSpecError: the spec names no agent of ours.
        KaggleExportError: ``out`` cannot be made or written, or is not a directory.
        PathKindError: the file to write in ``out`` is a folder, a FIFO, a device or a socket
            (it is replaced whole, never written through nor renamed over).
    """
    from fourinarow import __version__

    make_agent(spec)  # refuse a bad spec before writing anything
    directory = Path(out)
    target = directory / ("main.py" if single_file else "submission.tar.gz")
    if directory.exists() and not directory.is_dir():
        raise KaggleExportError(
            f"cannot write the submission into {str(out)[:80]}: it is "
            f"{kind_of(directory) or 'a file'}; give a directory (made if missing)"
        )
    check_output_file(target, "the submission", write_through=False)
    files = _shipped(pure_python)
    names = [str(path.relative_to(PACKAGE.parent)) for path in files]
    compiled = tuple(name for name in names if name.endswith((".so", ".pyd")))
    try:
        directory.mkdir(parents=True, exist_ok=True)
        if single_file:
            archive = io.BytesIO()
            with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as bundle:
                for path, name in zip(files, names, strict=True):
                    method = zipfile.ZIP_STORED if name.endswith(".book") else None
                    bundle.write(path, name, compress_type=method)
            encoded = base64.encodebytes(archive.getvalue()).decode("ascii")
            payload = f'\n_PAYLOAD = """\\\n{encoded}"""\n\n'
            where = "The package is embedded below (_PAYLOAD, a zip) and unpacked when this loads."
            text = _MAIN.format(
                spec=spec, version=__version__, where=where, payload=payload, bundle=_UNPACK
            )
            data = text.encode("utf-8")
        else:
            where = "The fourinarow package beside it is the one this submission ships."
            text = _MAIN.format(
                spec=spec, version=__version__, where=where, payload="\n", bundle=_FIND_PACKAGE
            )
            archive = io.BytesIO()
            with tarfile.open(fileobj=archive, mode="w:gz") as tar:
                _add(tar, "main.py", text.encode("utf-8"))
                for path, name in zip(files, names, strict=True):
                    _add(tar, name, path.read_bytes())
            data = archive.getvalue()
        write_output_file(target, data, "the submission", write_through=False)
    except OSError as error:
        raise KaggleExportError(
            f"cannot write the submission into {str(out)[:80]}: {error.strerror or error}"
        ) from None
    return Submission(target, tuple(names), compiled, target.stat().st_size)


def _add(tar: tarfile.TarFile, name: str, data: bytes) -> None:
    """Add a file to a tar archive, owned by nobody in particular and dated 1980 (the same
    files give the same archive)."""
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mode = 0o755 if name.endswith((".so", ".pyd")) else 0o644
    info.mtime = 315532800
    tar.addfile(info, io.BytesIO(data))
