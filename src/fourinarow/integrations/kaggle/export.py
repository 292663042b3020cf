"""The submission exporter (``fourinarow kaggle export``): a file Kaggle accepts, that plays
one of our agents where only the standard library is installed.

``submission.tar.gz`` holds ``main.py`` at its root, the package's library layers, this
package and the shipped opening books; or one ``main.py`` holds all of that embedded. It runs
on the compiled kernel when the submission's copy loads there, else on the same search in pure
Python. ``main.py`` is written from the templates in ``templates/`` beside this module (text
files, not modules: they hold format fields), which are read only when exporting, so a
submission does not need them.
"""

from __future__ import annotations

import base64
import io
import tarfile
import zipfile
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from fourinarow.agents.registry import make_agent
from fourinarow.core import FourInARowError
from fourinarow.core.paths import check_output_file, check_output_folder, write_output_file

__all__ = ["KaggleExportError", "Submission", "export_submission"]


class KaggleExportError(FourInARowError):
    """A submission that cannot be written where it was asked for."""


PACKAGE = Path(__file__).resolve().parents[2]
"""The fourinarow package directory whose files a submission ships."""

SHIPPED_PACKAGES = ("core", "search", "agents")
"""The library layers a submission ships whole (the apps stay out: they need other packages)."""

SHIPPED_FILES = (
    "__init__.py",
    "extras.py",
    "userdata.py",
    "integrations/__init__.py",
)
"""The other files of fourinarow a submission ships (and this package's modules, whole)."""


def _template(name: str) -> str:
    """The text of one of the templates of ``main.py`` (``templates/NAME.py.txt``)."""
    resource = resources.files("fourinarow.integrations.kaggle").joinpath(
        "templates", f"{name}.py.txt"
    )
    return resource.read_text(encoding="utf-8")


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
    files += sorted((PACKAGE / "integrations" / "kaggle").glob("*.py"))  # not its templates
    files += sorted((PACKAGE / "search" / "book" / "shipped").glob("*.book"))
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
        KaggleExportError: ``out`` is not a directory, or lies where none can be made.
        OutputWriteError: the submission cannot be written (a full disk, ...).
        PathKindError: the file to write in ``out`` is a folder, a FIFO, a device or a socket
            (it is replaced whole, never written through nor renamed over).
    """
    from fourinarow import __version__

    make_agent(spec)  # refuse a bad spec before writing anything
    directory = check_output_folder(out, "the submission", KaggleExportError)
    target = directory / ("main.py" if single_file else "submission.tar.gz")
    check_output_file(target, "the submission", write_through=False)
    files = _shipped(pure_python)
    names = [str(path.relative_to(PACKAGE.parent)) for path in files]
    compiled = tuple(name for name in names if name.endswith((".so", ".pyd")))
    if single_file:
        archive = io.BytesIO()
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as bundle:
            for path, name in zip(files, names, strict=True):
                method = zipfile.ZIP_STORED if name.endswith(".book") else None
                bundle.write(path, name, compress_type=method)
        encoded = base64.encodebytes(archive.getvalue()).decode("ascii")
        payload = f'\n_PAYLOAD = """\\\n{encoded}"""\n\n'
        where = "The package is embedded below (_PAYLOAD, a zip) and unpacked when this loads."
        text = _template("main").format(
            spec=spec,
            version=__version__,
            where=where,
            payload=payload,
            bundle=_template("unpack"),
        )
        data = text.encode("utf-8")
    else:
        where = "The fourinarow package beside it is the one this submission ships."
        text = _template("main").format(
            spec=spec,
            version=__version__,
            where=where,
            payload="\n",
            bundle=_template("find_package"),
        )
        archive = io.BytesIO()
        with tarfile.open(fileobj=archive, mode="w:gz") as tar:
            _add(tar, "main.py", text.encode("utf-8"))
            for path, name in zip(files, names, strict=True):
                _add(tar, name, path.read_bytes())
        data = archive.getvalue()
    # a full disk: an OutputWriteError (exit status 1), nothing left in place of an old one
    write_output_file(target, data, "the submission", write_through=False, make_folders=True)
    return Submission(target, tuple(names), compiled, target.stat().st_size)


def _add(tar: tarfile.TarFile, name: str, data: bytes) -> None:
    """Add a file to a tar archive, owned by nobody in particular and dated 1980 (the same
    files give the same archive)."""
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mode = 0o755 if name.endswith((".so", ".pyd")) else 0o644
    info.mtime = 315532800
    tar.addfile(info, io.BytesIO(data))
