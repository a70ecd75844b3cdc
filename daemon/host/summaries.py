"""Where session-memory compaction gets its summary: memoryd's rolling summary of the
session, read over HTTP (``GET /v1/sessions/{id}/summary``), or from memory in tests and
inside ``memoryd serve``.

A :class:`Summary` is what compaction needs of it: the markdown text (Goal, Key Decisions,
Accomplished, In Progress, Relevant Files), the last turn it covers and its age. Whether it
is fresh enough is the compaction stage's decision (:mod:`daemon.host.compaction`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol
from urllib.parse import quote

import httpx2


@dataclass(frozen=True, slots=True)
class Summary:
    """A session's summary as compaction uses it."""

    text: str
    through_turn: int
    age_seconds: float


class SummarySource(Protocol):
    async def summary(self, session_id: str) -> Summary | None:
        """The session's summary, or None when it has none yet."""
        ...


class InMemorySummaries:
    """Summaries held in a dict (tests, and a host that keeps its own); counts reads."""

    def __init__(self, summaries: Mapping[str, Summary] | None = None) -> None:
        self.summaries: dict[str, Summary] = dict(summaries or {})
        self.reads = 0

    def put(self, session_id: str, summary: Summary) -> None:
        self.summaries[session_id] = summary

    async def summary(self, session_id: str) -> Summary | None:
        self.reads += 1
        return self.summaries.get(session_id)


class HttpSummaries:
    """memoryd's summaries over its HTTP API. ``client`` carries the base URL and the key
    (``Authorization: Bearer ...``); ``project``, ``user`` and ``tenant`` narrow the
    key's scope as on every recall route. A session without a summary (404) is None; any
    other failure raises ``httpx2.HTTPError`` (compaction then goes on without it)."""

    def __init__(
        self,
        client: httpx2.AsyncClient,
        *,
        project: str | None = None,
        user: str | None = None,
        tenant: str | None = None,
    ) -> None:
        self.client = client
        self.params = {
            name: value
            for name, value in (("project", project), ("user", user), ("tenant", tenant))
            if value
        }

    async def summary(self, session_id: str) -> Summary | None:
        response = await self.client.get(
            f"/v1/sessions/{quote(session_id, safe='')}/summary", params=self.params
        )
        if response.status_code == 404:
            return None
        response.raise_for_status()
        return parse(response.json())


def parse(body: Any) -> Summary:
    """A summary from the route's JSON answer (``text``, ``through_turn``,
    ``age_seconds``); ``ValueError`` when a field is missing or of the wrong type."""
    if not isinstance(body, Mapping):
        raise ValueError("a summary answer is a JSON object")
    text, turn, age = body.get("text"), body.get("through_turn"), body.get("age_seconds")
    if not isinstance(text, str):
        raise ValueError("a summary answer has a text")
    if not isinstance(turn, int) or isinstance(turn, bool):
        raise ValueError("a summary answer has an integer through_turn")
    if not isinstance(age, int | float) or isinstance(age, bool):
        raise ValueError("a summary answer has a number age_seconds")
    return Summary(text=text, through_turn=turn, age_seconds=float(age))
