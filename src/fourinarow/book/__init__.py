"""Opening books: building them with the solver (the format and reading are in
:mod:`fourinarow.search.book`, beside the solver that consults them)."""

from fourinarow.book.build import BuildPlan, BuildReport, build_book, layers

__all__ = ["BuildPlan", "BuildReport", "build_book", "layers"]
