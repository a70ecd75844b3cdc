"""The recall search and injection block through the shortcut: a plain query string is
answered by the endpoint directly, with what the framework's route answers, byte for byte;
any other (a bad value, a repeated or unknown parameter, a filter the shortcut does not
read) reaches the framework; and each plain parameter is no looser than the route's own
declaration of it."""

from __future__ import annotations

import typing
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from annotated_types import Ge, Le, MaxLen, MinLen
from fastapi.routing import APIRoute
from starlette.types import ASGIApp, Receive, Scope, Send

from daemon.access.grant import Role
from daemon.api import routes
from daemon.api.plain_query import Choice, Count, Identifier, PlainQuery, Text
from daemon.api.shortcuts import Shortcut
from daemon.events.models import IDENTIFIER_PATTERN
from tests.api.in_process import Api, in_process
from tests.backends import SqliteTemplate

pytestmark = [pytest.mark.redis]

SEARCH = "/v1/recall/search"
INJECTION = "/v1/recall/injection"
PLAIN = [
    (SEARCH, [("query", "billing deploys")]),
    (SEARCH, [("query", "billing"), ("limit", "1")]),
    (SEARCH, [("query", "billing"), ("limit", "100"), ("mode", "keyword")]),
    (SEARCH, [("query", "billing"), ("project", "billing"), ("user", "alice")]),
    (SEARCH, [("query", "billing"), ("project", "other")]),
    (SEARCH, [("query", "billing"), ("tenant", "someone-else")]),
    (SEARCH, [("query", "billing"), ("mode", "hybrid")]),
    (SEARCH, [("query", "x" * 2000)]),
    (SEARCH, [("query", "Grüße, 日本語 ¿qué?")]),
    (INJECTION, []),
    (INJECTION, [("query", "billing"), ("max_memories", "2")]),
    (INJECTION, [("session", "s:1"), ("project", "billing"), ("max_memories", "50")]),
]
NOT_PLAIN = [
    (SEARCH, []),
    (SEARCH, [("query", "")]),
    (SEARCH, [("query", "x" * 2001)]),
    (SEARCH, [("query", "billing"), ("limit", "0")]),
    (SEARCH, [("query", "billing"), ("limit", "101")]),
    (SEARCH, [("query", "billing"), ("limit", "05")]),
    (SEARCH, [("query", "billing"), ("limit", "+5")]),
    (SEARCH, [("query", "billing"), ("limit", "5.0")]),
    (SEARCH, [("query", "billing"), ("limit", " 5")]),
    (SEARCH, [("query", "billing"), ("mode", "Keyword")]),
    (SEARCH, [("query", "billing"), ("query", "deploys")]),
    (SEARCH, [("query", "billing"), ("type", "project")]),
    (SEARCH, [("query", "billing"), ("limt", "3")]),
    (SEARCH, [("query", "billing"), ("project", "bïlling")]),
    (SEARCH, [("query", "billing"), ("project", "bill\u200bing")]),
    (SEARCH, [("query", "billing"), ("project", "")]),
    (SEARCH, [("query", "billing"), ("project", "p" * 201)]),
    (SEARCH, [("query", "billing"), ("as_of", "2026-01-01T00:00:00Z")]),
    (INJECTION, [("max_memories", "51")]),
    (INJECTION, [("query", "")]),
    (INJECTION, [("session", "s\n1")]),
]


@pytest.fixture
async def api(sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str) -> AsyncIterator[Api]:
    async with in_process(sqlite_template, tmp_path, prefix) as api:
        yield api


async def _keys(api: Api) -> dict[str | None, str]:
    writer = await api.key(Role.AGENT, user="alice")
    for content in ("The billing service deploys from main.", "Billing alerts go to #ops."):
        async with api.client(writer) as client:
            body = {"type": "project", "title": "", "content": content}
            assert (await client.post("/v1/memories", json=body)).status_code == 201
        api.clock.advance(1)
    return {"reader": await api.key(Role.READER), "alice": writer, "wrong": "md_" + "x" * 40}


class _Counting:
    """The app behind the shortcut, counting the requests it is left."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.paths: list[str] = []

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            self.paths.append(scope["path"])
        await self.app(scope, receive, send)


def _behind_shortcut(api: Api) -> _Counting:
    layer: Any = api.app.middleware_stack
    while not isinstance(layer, Shortcut):
        layer = layer.app
    counting = _Counting(layer.app)
    layer.app = counting
    return counting


def _without_shortcut(api: Api) -> None:
    api.app.user_middleware = [m for m in api.app.user_middleware if m.cls is not Shortcut]
    api.app.middleware_stack = None


async def _answers(api: Api, keys: dict[str | None, str], sent: list[Any]) -> list[Any]:
    answers = []
    for who in ("reader", "alice", "wrong", None):
        for path, params in sent:
            async with api.client(keys.get(who)) as client:
                got = await client.get(path, params=params)
            answers.append((who, path, params, got.status_code, got.text))
    return answers


async def test_plain_requests_are_answered_as_the_route_answers(api: Api) -> None:
    keys = await _keys(api)
    async with api.client() as client:
        await client.get("/healthz")  # the middleware stack is built
    counting = _behind_shortcut(api)
    short = await _answers(api, keys, PLAIN)
    assert [p for p in counting.paths if p.startswith("/v1/recall")] == []
    assert {status for *_, status, _ in short} >= {200, 401, 403}
    found = [text for who, path, _, status, text in short if who == "reader" and path == SEARCH]
    assert "The billing service deploys from main." in found[0]
    async with api.client() as client:
        counted = (await client.get("/metrics")).text
    assert 'memoryd_api_requests_total{method="GET",route="/v1/recall/search",status="200"}' in (
        counted
    )
    _without_shortcut(api)
    assert await _answers(api, keys, PLAIN) == short


async def test_any_other_request_is_left_to_the_framework(api: Api) -> None:
    keys = await _keys(api)
    async with api.client() as client:
        await client.get("/healthz")
    counting = _behind_shortcut(api)
    left = await _answers(api, keys, NOT_PLAIN)
    assert len([p for p in counting.paths if p.startswith("/v1/recall")]) == len(left)
    assert {status for *_, status, _text in left} >= {200, 401, 422}


def _route(path: str) -> APIRoute:
    return next(r for r in routes.router.routes if isinstance(r, APIRoute) and r.path == path)


@pytest.mark.parametrize(
    ("path", "plain"), [(SEARCH, routes.SEARCH_PLAIN), (INJECTION, routes.INJECTION_PLAIN)]
)
def test_each_plain_parameter_is_no_looser_than_its_declaration(
    path: str, plain: PlainQuery
) -> None:
    declared = {field.alias: field for field in _route(path).dependant.query_params}
    required = {name for name, field in declared.items() if field.field_info.is_required()}
    assert required <= plain.required
    for name, kind in plain.params.items():
        info = declared[name].field_info
        bounds = {type(m): m for m in info.metadata}
        if isinstance(kind, Count):
            assert bounds[Ge].ge <= kind.least and kind.most <= bounds[Le].le
        elif isinstance(kind, Text):
            assert bounds.get(MinLen, MinLen(0)).min_length <= 1
            assert kind.longest <= bounds[MaxLen].max_length
        elif isinstance(kind, Choice):
            allowed = {a for arg in typing.get_args(info.annotation) for a in typing.get_args(arg)}
            assert set(kind.words) <= allowed
        else:
            assert isinstance(kind, Identifier)
            patterns = [getattr(m, "pattern", None) for m in info.metadata]
            assert IDENTIFIER_PATTERN in patterns and bounds[MaxLen].max_length >= 200
