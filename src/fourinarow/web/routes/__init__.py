"""The web app's routes, one router per area; :func:`~fourinarow.web.app.create_app` includes
them in this order.

- :mod:`~fourinarow.web.routes.pages`: the front end at ``/`` and the API page at ``/api``.
- :mod:`~fourinarow.web.routes.solve`: ``/solve``, Pons' API.
- :mod:`~fourinarow.web.routes.analysis`: ``/api/v1/position`` and ``/api/v1/analyze``.
- :mod:`~fourinarow.web.routes.review`: ``/api/v1/review``.
- :mod:`~fourinarow.web.routes.play`: ``/api/v1/move`` and ``/api/v1/agents``.
- :mod:`~fourinarow.web.routes.games`: ``/api/v1/games``, the games played on the page.
- :mod:`~fourinarow.web.routes.kaggle`: ``/api/v1/kaggle``, Kaggle's URL agent.

:mod:`~fourinarow.web.routes.inputs` holds what they read from a request (a position, a JSON
body, the time asked for); :mod:`~fourinarow.web.dependencies` what they share (the settings,
the search pool...).
"""

from __future__ import annotations

from fastapi import APIRouter

from fourinarow.web.routes import analysis, games, kaggle, pages, play, review, solve

__all__ = ["API_ROUTERS", "PAGE_ROUTERS"]

PAGE_ROUTERS: tuple[APIRouter, ...] = (pages.router,)
"""The pages, included before ``/static`` is mounted."""

API_ROUTERS: tuple[APIRouter, ...] = (
    solve.router,
    analysis.router,
    review.router,
    play.router,
    games.router,
    kaggle.router,
)
"""The API, in the order of the schema's paths."""
