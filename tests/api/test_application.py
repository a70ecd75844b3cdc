"""Another front door mounted in ``memoryd serve`` (how the MCP server's HTTP transport is):
made once the context is open, its lifespan run inside the API's, reached after the API's
own routes, resolving keys through the API's keyring."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from daemon.access.grant import Role
from daemon.access.key_lifecycle import create_key
from daemon.api.application import Mounted, create_app
from daemon.api.request_context import ApiContext
from daemon.base.clock import SystemClock
from daemon.base.settings import Settings
from tests.api.conftest import drop_prefix
from tests.api.in_process import in_process
from tests.backends import REDIS_URL, SqliteTemplate, redis_reachable, unavailable
from tests.base.planted import PLANTED, leaked

pytestmark = [pytest.mark.redis]


async def test_a_mounted_front_door_shares_the_keyring_and_the_lifespan(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str
) -> None:
    error = redis_reachable()
    if error is not None:
        unavailable("Redis", error)
    settings = Settings(
        database_url=sqlite_template.copy_to(tmp_path / "m.db"),
        redis_url=REDIS_URL,
        redis_prefix=prefix,
    )
    events: list[str] = []

    def factory(ctx: ApiContext) -> Mounted:
        async def whoami(request: Request) -> JSONResponse:
            header = request.headers.get("authorization", "")
            grant = await ctx.keyring.resolve(header.removeprefix("Bearer "))
            return JSONResponse({"tenant": None if grant is None else grant.tenant})

        @asynccontextmanager
        async def lifespan() -> AsyncIterator[None]:
            events.append("started")
            yield
            events.append("stopped")

        return Mounted(Starlette(routes=[Route("/door/whoami", whoami)]), lifespan)

    app = create_app(settings, mounts={"/": factory})
    async with app.router.lifespan_context(app):
        assert events == ["started"]
        ctx: Any = app.state.ctx
        key = (await create_key(ctx.store, SystemClock(), tenant="acme", role=Role.AGENT)).key
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://local") as client:
            auth = {"Authorization": f"Bearer {key}"}
            assert (await client.get("/door/whoami", headers=auth)).json() == {"tenant": "acme"}
            unknown = {"Authorization": "Bearer mdk_000000000000_" + "A" * 43}
            assert (await client.get("/door/whoami", headers=unknown)).json() == {"tenant": None}
            # The API's own routes still answer first.
            assert (await client.get("/healthz")).json() == {"status": "ok"}
            manifest = await client.get("/v1/recall/manifest?project=p", headers=auth)
            assert manifest.status_code == 200
    assert events == ["started", "stopped"]
    drop_prefix(prefix)


@pytest.mark.redis
async def test_a_refused_save_over_http_answers_with_redacted_text_only(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str
) -> None:
    """The 422 bodies of ``POST /v1/memories``: a secret in the content (the gate's
    refusal), in the type (the request's validation) or in a field's name: never echoed."""
    async with in_process(sqlite_template, tmp_path, prefix) as api:
        key = await api.key(Role.AGENT, user="alice")
        async with api.client(key) as client:
            bodies = []
            for text, _ in PLANTED.values():
                for body in (
                    {"type": "project", "title": "Deploy", "content": text},
                    {"type": text, "title": "Deploy", "content": "The deploy runs nightly."},
                    {"type": "project", "title": "t", "content": "Deploys run nightly.", text: 1},
                ):
                    answer = await client.post("/v1/memories?project=billing", json=body)
                    assert answer.status_code == 422, answer.text
                    bodies.append(answer.text)
    assert leaked("\n".join(bodies)) == []
