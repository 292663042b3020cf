"""The fixtures the service's tests share with the doors they compare: the command run in
this process (``run``), a real web server (``server_url``) and a page of it in Chromium
(``tab``)."""

from tests.cli.conftest import run
from tests.web.conftest import desktop, server_url, tab

__all__ = ["desktop", "run", "server_url", "tab"]
