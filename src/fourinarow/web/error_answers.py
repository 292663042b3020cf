"""The app's errors as JSON: ``{"error": "<one line>"}`` with the fitting status.

Bad input gets 400 (the library's own message; also an agent whose framework the server lacks,
naming the ``pip install``, and another library's agent that ran past the time cap) or 422 (a
missing field or a wrong type), an unknown path 404, a body over the limit 413, a server with
every search busy, or stopping, 503; anything unexpected 500, logged, never a hang. A client
that goes away before its body is in is no error of the server's: nothing is logged (at the
default level) and nothing is answered.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import ValidationError
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect
from starlette.responses import Response
from starlette.routing import Match

from fourinarow.core import FourInARowError
from fourinarow.extras import MissingExtraError
from fourinarow.web.searches import ServerBusyError

__all__ = ["error_answers", "install_error_handlers", "one_line", "validation_message"]

log = logging.getLogger(__name__)

MAX_MESSAGE = 500
"""The longest message returned, in characters."""


_ERROR_ANSWERS = {
    400: "Bad input: a position, move, size, connect length or agent spec the library refuses, "
    "a finished game, an agent whose framework the server lacks, or another library's agent "
    "that ran past the time cap",
    413: "A body over 64 KiB",
    404: "No saved game has that number",
    422: "A missing field or a wrong type in the JSON body, or a body that is not JSON",
    503: "Every search busy for longer than the time cap, the server stopping, or the games "
    "file that cannot be read or written now",
}
"""The error answers a route may document (FastAPI documents its own 422 for a query)."""


def error_answers(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` of a route that can answer ``statuses``: each a JSON
    ``{"error": "<one line>"}`` and what it means.

    >>> sorted(error_answers(400, 503))
    [400, 503]
    """
    body = {
        "application/json": {
            "schema": {
                "type": "object",
                "properties": {"error": {"type": "string"}},
                "required": ["error"],
            }
        }
    }
    return {status: {"description": _ERROR_ANSWERS[status], "content": body} for status in statuses}


def one_line(text: str) -> str:
    """``text`` on one line, cut to :data:`MAX_MESSAGE` characters."""
    line = " ".join(text.split())
    return line if len(line) <= MAX_MESSAGE else line[: MAX_MESSAGE - 3] + "..."


def error_response(status: int, message: str) -> JSONResponse:
    """``{"error": message}`` with the status."""
    return JSONResponse({"error": one_line(message)}, status_code=status)


def validation_message(errors: Any) -> str:
    """One readable line for pydantic's list of errors: where, and what is accepted."""
    parts = []
    for error in list(errors)[:3]:
        location = [str(part) for part in error.get("loc", ())]
        if location and location[0] in ("body", "query", "path", "header"):
            location = location[1:]
        where = " ".join(location[:1]) + ("." + ".".join(location[1:]) if len(location) > 1 else "")
        message = str(error.get("msg", "not accepted"))
        if error.get("type") == "json_invalid":
            detail = error.get("ctx", {}).get("error", "")
            message = f"the body is not JSON ({detail})" if detail else "the body is not JSON"
            where = ""
        elif error.get("type") == "missing":
            message = "is required"
        elif error.get("type") == "extra_forbidden":
            message = "is not a field this endpoint takes"
        elif not location and error.get("type") in ("model_type", "dict_type"):
            # a JSON body that is not an object: pydantic names its class, not the fields
            message = "the body is a JSON object of fields, not another JSON value"
            where = ""
        separator = " " if error.get("type") == "missing" else ": "  # "pos is required"
        parts.append(f"{where}{separator}{message}" if where else message)
    more = len(list(errors)) - 3
    text = "; ".join(parts) or "the request is not valid"
    return text + (f" (and {more} more)" if more > 0 else "")


def allowed_methods(request: Request, first: str) -> str:
    """The methods the request's path takes on any of its routes (Starlette's ``Allow``
    names only the first route's, where a path has one route per method), ``first`` first.
    ``HEAD`` goes with ``GET`` and is not named."""
    methods = [m.strip() for m in first.split(",")]
    for method in ("GET", "POST", "PUT", "PATCH", "DELETE"):
        scope = {**request.scope, "method": method}
        if method not in methods and any(
            route.matches(scope)[0] == Match.FULL for route in request.app.routes
        ):
            methods.append(method)
    return ", ".join(methods)


def install_error_handlers(app: FastAPI) -> None:
    """Map every error the app can meet to a JSON response."""

    @app.exception_handler(FourInARowError)
    async def bad_input(request: Request, error: FourInARowError) -> JSONResponse:
        return error_response(400, str(error))

    @app.exception_handler(MissingExtraError)
    async def missing_extra(request: Request, error: MissingExtraError) -> JSONResponse:
        return error_response(400, f"{error} (not installed on this server)")

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> JSONResponse:
        return error_response(422, validation_message(error.errors()))

    @app.exception_handler(ValidationError)
    async def invalid_body(request: Request, error: ValidationError) -> JSONResponse:
        return error_response(422, validation_message(error.errors()))

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> JSONResponse:
        headers = dict(error.headers or {})
        if error.status_code == 404 and error.detail == "Not Found":
            message = f"no such page: {request.url.path} (the API is under /api/v1 and /solve)"
        elif error.status_code == 405 and "Allow" in headers:
            headers["Allow"] = allowed_methods(request, headers["Allow"])
            message = (
                f"{request.url.path} does not take {request.method}: it takes {headers['Allow']}"
            )
        else:
            message = str(error.detail)
        response = error_response(error.status_code, message)
        response.headers.update(headers)
        return response

    @app.exception_handler(ServerBusyError)
    async def busy(request: Request, error: ServerBusyError) -> JSONResponse:
        response = error_response(503, str(error))
        response.headers["Retry-After"] = "1"
        return response

    @app.exception_handler(ClientDisconnect)
    async def gone(request: Request, error: ClientDisconnect) -> Response:
        client = request.client
        log.info("%s went away before sending its body", client.host if client else "a client")
        return Response(status_code=400)  # for no one: the server sends nothing now

    @app.exception_handler(Exception)
    async def unexpected(request: Request, error: Exception) -> JSONResponse:
        log.error("unexpected error on %s", request.url.path, exc_info=error)
        return error_response(500, f"internal error ({type(error).__name__}); see the server log")
