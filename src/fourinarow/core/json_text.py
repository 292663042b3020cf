"""JSON read from files a user may have edited: every way it can fail is one ``ValueError``.

``json.loads`` fails in three ways: ``JSONDecodeError`` for text that is not JSON, a plain
``ValueError`` for an integer of more digits than Python converts, and ``RecursionError`` for
arrays or objects nested thousands deep. The last is no ``ValueError`` at all, so a reader that
catches ``ValueError`` alone lets it through as a traceback. :func:`read_json` turns all three
into :class:`JSONTextError`, whose message says which in a few words.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["JSONTextError", "read_json"]


class JSONTextError(ValueError):
    """Text that cannot be read as JSON; the message says why, in a few words."""


def read_json(text: str | bytes) -> Any:
    """The value of the JSON ``text``.

    Raises:
        JSONTextError: the text is not JSON, nests too deep, or holds a number with too
            many digits.

    >>> read_json('{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> read_json("[" * 100_000)
    Traceback (most recent call last):
    ...
    fourinarow.core.json_text.JSONTextError: nested too deep
    >>> read_json("1" * 5000)
    Traceback (most recent call last):
    ...
    fourinarow.core.json_text.JSONTextError: a number with too many digits
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        detail = error.msg
    except UnicodeDecodeError:
        detail = "not UTF-8 text"
    except RecursionError:
        detail = "nested too deep"
    except ValueError:  # Python's limit on the digits of an integer
        detail = "a number with too many digits"
    raise JSONTextError(detail)
