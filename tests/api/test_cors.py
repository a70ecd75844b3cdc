"""Browsers and the API (``MEMORYD_API__CORS_ORIGINS``): with no origin allowed, the default,
no answer carries a CORS header, so no web page reads an answer; an allowed origin's preflight
is answered and its requests, refusals included, carry the origin back; any other origin gets
nothing it could use."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from daemon.access.grant import Role
from daemon.base.settings import ApiSettings
from tests.api.in_process import in_process
from tests.backends import SqliteTemplate

APP = "https://app.example.com"
PREFLIGHT = {
    "Origin": APP,
    "Access-Control-Request-Method": "POST",
    "Access-Control-Request-Headers": "authorization, content-type",
}


async def test_no_origin_is_allowed_by_default(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str
) -> None:
    async with in_process(sqlite_template, tmp_path, prefix) as api:
        key = await api.key(Role.READER)
        async with api.client(key) as client:
            preflight = await client.options("/v1/recall/search", headers=PREFLIGHT)
            read = await client.get(
                "/v1/recall/search", params={"query": "x"}, headers={"Origin": APP}
            )
    assert "access-control-allow-origin" not in preflight.headers
    assert read.status_code == 200
    assert "access-control-allow-origin" not in read.headers


async def test_an_allowed_origin_gets_preflight_answers_and_headers_on_every_answer(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str
) -> None:
    async with in_process(
        sqlite_template, tmp_path, prefix, api=ApiSettings(cors_origins=[APP])
    ) as api:
        key = await api.key(Role.READER)
        async with api.client(key) as client:
            preflight = await client.options("/v1/events", headers=PREFLIGHT)
            read = await client.get(
                "/v1/recall/search", params={"query": "x"}, headers={"Origin": APP}
            )
            refused = await client.post("/v1/events", json=[], headers={"Origin": APP})
            other = await client.options(
                "/v1/events", headers={**PREFLIGHT, "Origin": "https://evil.example"}
            )
    assert preflight.status_code == 200
    assert preflight.headers["access-control-allow-origin"] == APP
    assert "POST" in preflight.headers["access-control-allow-methods"]
    assert "authorization" in preflight.headers["access-control-allow-headers"].lower()
    assert read.headers["access-control-allow-origin"] == APP
    assert refused.status_code == 403  # a reader key may not publish
    assert refused.headers["access-control-allow-origin"] == APP
    assert "access-control-allow-credentials" not in read.headers
    assert "access-control-allow-origin" not in other.headers


@pytest.mark.parametrize(
    "origin", ["app.example.com", "https://app.example.com/", "ftp://x", "https://a.b/path"]
)
def test_an_origin_that_is_not_one_is_refused_with_the_shape_to_give(origin: str) -> None:
    with pytest.raises(ValidationError, match="is not a web origin"):
        ApiSettings(cors_origins=[origin])


def test_origins_a_browser_sends_are_accepted() -> None:
    allowed = ["*", "http://localhost:5173", "https://app.example.com", "http://[::1]:8080"]
    assert ApiSettings(cors_origins=allowed).cors_origins == allowed
