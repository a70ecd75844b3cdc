"""The plainest query strings of a route, read without the framework.

The shortcut (:mod:`.shortcuts`) answers a recall route's request itself only when its
query string is plain: every parameter one the route takes and named once, each value well
inside what the route's own declaration allows (:data:`Param` kinds, each no looser than
the declaration: tests/api/test_plain_query.py compares them). Anything else, a bad value
included, is left to the framework, whose answer (a 422 naming the parameter, after the
key is checked) is the route's own. So a plain request reads the same arguments the
framework would have given the endpoint, and any other request is answered as before.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request

from daemon.events.models import IDENTIFIER_MAX

#: An identifier of the plainest characters: a subset of what ``IDENTIFIER_PATTERN``
#: allows, at most ``IDENTIFIER_MAX`` long.
_IDENTIFIER = re.compile(rf"[A-Za-z0-9][A-Za-z0-9._:/@+-]{{0,{IDENTIFIER_MAX - 1}}}")
_WHOLE = re.compile(r"[1-9][0-9]{0,3}")


@dataclass(frozen=True, slots=True)
class Text:
    """Text of one to ``longest`` characters, as given."""

    longest: int

    def read(self, value: str) -> str | None:
        return value if 0 < len(value) <= self.longest else None


@dataclass(frozen=True, slots=True)
class Count:
    """A whole number from ``least`` to ``most``, written plainly (digits, no sign, no
    leading zero)."""

    least: int
    most: int

    def read(self, value: str) -> int | None:
        if _WHOLE.fullmatch(value) is None:
            return None
        number = int(value)
        return number if self.least <= number <= self.most else None


@dataclass(frozen=True, slots=True)
class Choice:
    """One of ``words``, exactly."""

    words: Collection[str]

    def read(self, value: str) -> str | None:
        return value if value in self.words else None


@dataclass(frozen=True, slots=True)
class Identifier:
    """A project, user, tenant or session id of letters, digits and ``._:/@+-``."""

    def read(self, value: str) -> str | None:
        return value if _IDENTIFIER.fullmatch(value) else None


Param = Text | Count | Choice | Identifier


@dataclass(frozen=True, slots=True)
class PlainQuery:
    """The parameters a route's plain request may hold, and those it must."""

    params: Mapping[str, Param]
    required: frozenset[str] = frozenset()

    def arguments(self, request: Request) -> dict[str, Any] | None:
        """The endpoint's arguments read from ``request``'s query string, or None when it
        is not plain (the framework answers it)."""
        query = request.query_params
        items = query.multi_items()
        if len(items) != len(query):  # a parameter named twice
            return None
        found: dict[str, Any] = {}
        for name, value in items:
            kind = self.params.get(name)
            read = None if kind is None else kind.read(value)
            if read is None:
                return None
            found[name] = read
        return found if self.required <= found.keys() else None
