"""The web app: play and analyse in the browser, and an HTTP API (``fourinarow serve``).

Needs the ``web`` extra (FastAPI, uvicorn). :func:`create_app` builds the app from
:class:`Settings`; :func:`serve` runs it.
"""

from __future__ import annotations

from fourinarow.web.app import create_app
from fourinarow.web.server import serve
from fourinarow.web.server_settings import InvalidWebSettingError, Settings

__all__ = ["InvalidWebSettingError", "Settings", "create_app", "serve"]
