"""``POST /v1/events`` through the shortcut answers what the framework's route answers, byte
for byte (the entry ids aside): accepted, refused, malformed, too large, no key, a key that
may not publish, a misspelt parameter, a failure; the metrics count it as the route; every
other route is left to the app."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from daemon.access.grant import Role
from daemon.api import routes
from daemon.api.shortcuts import Shortcut
from tests.api.in_process import Api, in_process
from tests.backends import SqliteTemplate

pytestmark = [pytest.mark.redis]

PROJECT = "billing"


def _event(n: int, **fields: Any) -> dict[str, Any]:
    return {
        "v": 1,
        "event_id": f"s:{n}",
        "session_id": "s",
        "turn": n,
        "at": "2026-01-01T00:00:00Z",
        "scope": {"project": PROJECT},
        "messages": [{"id": "m0", "role": "user", "content": f"turn {n}"}],
        **fields,
    }


@pytest.fixture
async def api(sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str) -> AsyncIterator[Api]:
    async with in_process(
        sqlite_template, tmp_path, prefix, api={"max_request_bytes": 4096}
    ) as api:
        yield api


def _without_shortcut(api: Api) -> None:
    """The app as it was before the shortcut: every request through the framework's route
    (the middleware stack is built at the first request)."""
    assert any(m.cls is Shortcut for m in api.app.user_middleware)
    api.app.user_middleware = [m for m in api.app.user_middleware if m.cls is not Shortcut]
    api.app.middleware_stack = None


async def _answers(api: Api, keys: dict[str, str]) -> list[tuple[int, str, str | None]]:
    sent: list[tuple[str | None, dict[str, Any], bytes, str]] = [
        ("host", {}, json.dumps(_event(1)).encode(), "application/json"),
        ("host", {}, json.dumps([_event(2), _event(3, v=2), 7]).encode(), "application/json"),
        (
            "host",
            {},
            json.dumps(_event(4, scope={"project": "other"})).encode(),
            "application/json",
        ),
        ("host", {}, b'{"v": 1,', "application/json"),
        ("host", {}, b"[]", "application/json"),
        ("host", {}, json.dumps([_event(5)] * 40).encode(), "application/json"),
        ("host", {"projct": "x"}, json.dumps(_event(6)).encode(), "application/json"),
        ("host", {}, b"\n".join(json.dumps(_event(n)).encode() for n in (7, 8)), "text/plain"),
        (None, {}, json.dumps(_event(9)).encode(), "application/json"),
        ("wrong", {}, json.dumps(_event(9)).encode(), "application/json"),
        ("reader", {}, json.dumps(_event(9)).encode(), "application/json"),
    ]
    answers = []
    for who, params, body, media in sent:
        headers = {"Content-Type": media}
        if who is not None:
            headers["Authorization"] = f"Bearer {keys.get(who, 'md_' + 'x' * 40)}"
        async with api.client() as client:
            got = await client.post("/v1/events", content=body, params=params, headers=headers)
        text = re.sub(r'"entry_id":"[0-9]+-[0-9]+"', '"entry_id":"*"', got.text)
        answers.append((got.status_code, text, got.headers.get("content-type")))
    return answers


async def test_the_shortcut_answers_what_the_route_answers(api: Api) -> None:
    keys = {
        "host": await api.key(Role.HOST, projects=(PROJECT,)),
        "reader": await api.key(Role.READER, projects=(PROJECT,)),
    }
    short = await _answers(api, keys)
    statuses = [status for status, _, _ in short]
    assert statuses == [202, 422, 403, 400, 422, 413, 422, 202, 401, 401, 403]
    async with api.client() as client:
        counted = (await client.get("/metrics")).text
    assert 'memoryd_api_requests_total{method="POST",route="/v1/events",status="202"} 2.0' in (
        counted
    )
    _without_shortcut(api)
    assert await _answers(api, keys) == short


async def test_a_failure_inside_is_the_same_500(api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    key = await api.key(Role.HOST, projects=(PROJECT,))

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("broken")

    monkeypatch.setattr(routes, "split", broken)
    answers = []
    for shortcut in (True, False):
        if not shortcut:
            _without_shortcut(api)
        # the server's error middleware answers, then raises it again for the server's log
        transport = httpx.ASGITransport(app=api.app, raise_app_exceptions=False)
        headers = {"Authorization": f"Bearer {key}"}
        async with httpx.AsyncClient(
            transport=transport, base_url="http://memoryd", headers=headers
        ) as client:
            got = await client.post("/v1/events", json=_event(1))
        answers.append((got.status_code, got.json()))
    assert answers[0] == answers[1] == (500, answers[0][1])
    assert answers[0][1]["error"]["code"] == "internal"
