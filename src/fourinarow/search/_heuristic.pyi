"""Type stub of the compiled heuristic search (see _heuristic.pyx)."""

from fourinarow.core import Geometry

class HeuristicKernel:
    def __init__(
        self,
        shape: Geometry,
        kind: str,
        prune: bool,
        order: list[int],
        lines_across: list[list[int]],
    ) -> None: ...
    @property
    def nodes(self) -> int: ...
    def search(
        self,
        own: int,
        other: int,
        heights: list[int],
        depth: int,
        seconds: float,
        node_limit: int,
        exact_root: bool = False,
    ) -> tuple[list[int | None], list[int], int, list[int]] | None: ...

class EngineKernel:
    def __init__(self, kernel: HeuristicKernel, table_bits: int) -> None: ...
    def clear(self) -> None: ...
    @property
    def nodes(self) -> int: ...
    def search(
        self,
        own: int,
        other: int,
        heights: list[int],
        depth: int,
        seconds: float,
        node_limit: int,
        exact_root: bool = False,
    ) -> tuple[list[int | None], list[int], int, list[int]] | None: ...
