"""Agents for web requests: checked against the server's limits, perfect ones on pooled solvers.

A spec may not make the server read a file (``book=PATH``) or allocate a table larger than the
server's own (``tt_mb=``). Perfect players that use the shipped book and the server's table size
(``perfect``, ``perfect:tiebreak=...``, ``level:10``) search on the solver of the
slot that runs them, so their tables and the book are reused, not allocated per request.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from fourinarow.agents import Agent, InvalidAgentSpecError, PerfectAgent, make_agent
from fourinarow.core.numbers import InvalidNumberError, number_text, parse_float
from fourinarow.search.checks import MAX_TABLE_MB
from fourinarow.search.solver import Solver
from fourinarow.web.foreign import ForeignAgent, WorkerProcesses, is_foreign

__all__ = ["KEPT_PER_SLOT", "Players", "build_agent", "on_solver"]

KEPT_PER_SLOT = 4
"""How many pooled agents (by spec) each search slot keeps for the next request."""


def _options(spec: str) -> dict[str, str]:
    """The ``key=value`` options of a spec, keys in lower case (other parts are ignored: the
    registry judges them)."""
    options: dict[str, str] = {}
    for part in spec.partition(":")[2].split(","):
        key, equals, value = part.partition("=")
        if equals:
            options[key.strip().lower()] = value.strip()
    return options


def build_agent(spec: str, seed: int | None, tt_mb: float) -> tuple[Agent, bool]:
    """The agent a spec names, and whether it may search on a pooled solver.

    Raises:
        InvalidAgentSpecError: the registry refuses the spec, or it asks for a book file or a
            table larger than ``tt_mb`` megabytes.
    """
    if not isinstance(spec, str):
        raise InvalidAgentSpecError(f"an agent spec is a string, not {type(spec).__name__}")
    options = _options(spec)
    book = options.get("book")
    if book is not None and book.lower() not in ("shipped", "none"):
        raise InvalidAgentSpecError(
            "book is shipped or none on this server (it reads no book files)"
        )
    table = options.get("tt_mb")
    if table is not None:
        try:
            parse_float(table, 0, tt_mb, above_low=True)
        except InvalidNumberError:
            raise InvalidAgentSpecError(
                f"tt_mb is a number above 0 and at most {number_text(tt_mb)} on this server "
                f"(megabytes; the library takes up to {MAX_TABLE_MB})"
            ) from None
    agent = make_agent(spec, seed=seed)
    pooled = table is None and (book is None or book.lower() == "shipped")
    return agent, pooled


def on_solver(agent: Agent, solver: Solver) -> Agent:
    """``agent`` with every perfect player in it (the agent itself, or one a level or a
    blunderer wraps) searching on ``solver``."""
    inner: object = agent
    while inner is not None:
        if isinstance(inner, PerfectAgent):
            inner.solver = solver
        inner = getattr(inner, "agent", None)
    return agent


@dataclass(frozen=True)
class Players:
    """Builds the agent a request names, within the server's limits.

    Attributes:
        tt_mb: the server's table size, the most a spec may ask for.
        workers: the worker processes that run other libraries' agents.
    """

    tt_mb: float
    workers: WorkerProcesses
    _kept: dict[int, OrderedDict[str, tuple[Solver, Agent]]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    _lock: threading.Lock = field(
        default_factory=threading.Lock, init=False, repr=False, compare=False
    )

    def build(self, spec: str, seed: int | None, solver: Solver) -> Agent:
        """The agent ``spec`` names; its perfect players on the slot's ``solver``, if it may;
        another library's agent in a worker process killed at the time cap.

        A pooled agent asked for without a seed is kept with the slot for the next request
        of the same spec (the last :data:`KEPT_PER_SLOT` specs), so that its tables, like
        the slot's solver, are allocated once and its settings checked once; a seeded one
        is built afresh, so that the seed repeats its choices.

        Raises:
            InvalidAgentSpecError: as :func:`build_agent`.
        """
        if is_foreign(spec):
            return ForeignAgent(spec, seed, self.workers)
        if seed is None:
            kept = self._kept_agent(solver, spec)
            if kept is not None:
                return kept
        player, pooled = build_agent(spec, seed, self.tt_mb)
        if not pooled:
            return player
        player = on_solver(player, solver)
        if seed is None:
            self._keep(solver, spec, player)
        return player

    def _kept_agent(self, solver: Solver, spec: str) -> Agent | None:
        """The agent kept with ``solver``'s slot for ``spec``, if any."""
        with self._lock:
            slot = self._kept.get(id(solver))
            if slot is None or spec not in slot or slot[spec][0] is not solver:
                return None
            slot.move_to_end(spec)
            return slot[spec][1]

    def _keep(self, solver: Solver, spec: str, agent: Agent) -> None:
        """Keep ``agent`` with ``solver``'s slot, forgetting the slot's oldest beyond
        :data:`KEPT_PER_SLOT`."""
        with self._lock:
            slot = self._kept.setdefault(id(solver), OrderedDict())
            slot[spec] = (solver, agent)
            while len(slot) > KEPT_PER_SLOT:
                slot.popitem(last=False)
