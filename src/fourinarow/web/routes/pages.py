"""The pages: the front end at ``/`` and the API's own page at ``/api`` (not in the schema).

Their files (and ``/static``, which :func:`~fourinarow.web.app.create_app` mounts) are read from
the settings' ``static_dir``; a page missing there is a 404.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse
from starlette.exceptions import HTTPException

from fourinarow.web.dependencies import SettingsDep

__all__ = ["router"]

router = APIRouter()


def _page(static_dir: Path, name: str) -> FileResponse:
    """The file ``name`` of ``static_dir``, or a 404."""
    page = static_dir / name
    if not page.is_file():
        raise HTTPException(404)
    return FileResponse(page)


@router.get("/", include_in_schema=False)
async def index(settings: SettingsDep) -> FileResponse:
    return _page(settings.static_dir, "index.html")


@router.get("/api", include_in_schema=False)
async def api_page(settings: SettingsDep) -> FileResponse:
    return _page(settings.static_dir, "api.html")
