"""Opening books: building them with the solver (:mod:`fourinarow.book.build`), installing
them from a file or a URL, listing and removing them (:mod:`fourinarow.book.install`); the
format and reading are in :mod:`fourinarow.search.book`, beside the solver that consults
them."""

from fourinarow.book.build import BuildPlan, BuildReport, build_book, layers
from fourinarow.book.install import (
    BookDownloadError,
    BookInstallError,
    BookTooLargeError,
    ChecksumMismatchError,
    ListedBook,
    install_book,
    list_books,
    remove_book,
)

__all__ = [
    "BookDownloadError",
    "BookInstallError",
    "BookTooLargeError",
    "BuildPlan",
    "BuildReport",
    "ChecksumMismatchError",
    "ListedBook",
    "build_book",
    "install_book",
    "layers",
    "list_books",
    "remove_book",
]
