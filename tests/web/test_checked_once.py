"""An analysis request's inputs are checked where the request enters: the board once by the
web layer, the table size once when the server starts (not per request)."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

import fourinarow.search.checks as checks
from fourinarow.web import Settings, create_app
from tests.web.running import request
from tests.web.test_app import served

CHECKS = {"board": "playable_board", "limit": "checked_limit", "table": "table_megabytes"}


def count_checks(monkeypatch: pytest.MonkeyPatch) -> Counter[tuple[str, str]]:
    """Count every call of the search layer's checks from now on, by what is checked and by
    the layer of the caller (``web`` or ``library``), wherever the functions were imported."""
    calls: Counter[tuple[str, str]] = Counter()

    def counting(what: str, check: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            caller = sys._getframe(1).f_globals.get("__name__", "")
            calls[what, "web" if caller.startswith("fourinarow.web") else "library"] += 1
            return check(*args, **kwargs)

        return counted

    for what, name in CHECKS.items():
        check = getattr(checks, name)
        wrapped = counting(what, check)
        for module in list(sys.modules.values()):
            if getattr(module, name, None) is check:
                monkeypatch.setattr(module, name, wrapped)
    return calls


def test_one_analysis_request_checks_the_board_once_and_not_the_table_size(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = create_app(Settings(searches=1, tt_mb=4))
    url_path = "/api/v1/analyze?pos=4453&size=8x7&time_ms=200"
    with served(app) as url:
        assert request(url + url_path).status == 200  # the slot's agent is made
        calls = count_checks(monkeypatch)
        assert request(url + url_path).status == 200
    assert calls["board", "web"] == 1  # where the request enters
    assert calls["limit", "web"] == 0  # made there from the capped time, never re-checked
    assert calls["table", "web"] + calls["table", "library"] == 0  # checked once, at start
