"""Truthful answers under outages: the store down is 503 ``store_unavailable`` on every
route that needs it (a key not yet cached included: its failed lookup is the store's, never
Redis's), while a key already known still publishes (nothing accepted is lost: Redis holds
it until the store is back); Redis down is 503 ``queue_unavailable`` for publishing only,
while reads (search, the injection block, a memory, MCP) go on with the in-process rate
limit, leaving Redis alone for a cool-down after each failure (no request waits on it, nor
logs it, meanwhile); both carry ``Retry-After``."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import create_async_engine
from structlog.testing import capture_logs

from daemon.access.grant import Role
from daemon.access.key_lifecycle import revoke
from daemon.access.rate_limits import COOLDOWN_S, RateLimiter
from daemon.api.application import create_app
from daemon.api.mcp_mount import mcp_mount
from daemon.base.clock import FakeClock
from daemon.base.settings import Settings
from daemon.store.public_ids import id_codec
from tests.api.in_process import MID_WINDOW, Api, in_process
from tests.backends import SqliteTemplate

pytestmark = [pytest.mark.redis]

EVENT = {
    "v": 1,
    "event_id": "evt-outage-1",
    "session_id": "s-outage",
    "turn": 1,
    "at": "2026-01-01T00:00:00Z",
    "scope": {"project": "billing", "tenant": "acme"},
    "messages": [{"id": "m1", "role": "user", "content": "The deploy day is Friday."}],
}
MEMORY = {"type": "project", "title": "Deploy day", "content": "Deploys happen on Fridays."}
PING = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
MCP_HEADERS = {"accept": "application/json, text/event-stream", "host": "127.0.0.1:8080"}


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@asynccontextmanager
async def _store_down(api: Api, tmp_path: Path, backend: str) -> AsyncIterator[None]:
    """The store's engine pointed at a PostgreSQL port nothing listens on, or at a directory
    SQLite is unable to open; then back."""
    if backend == "postgresql":
        url = f"postgresql+asyncpg://memoryd@127.0.0.1:{_closed_port()}/memoryd"
    else:
        (tmp_path / "gone").mkdir()
        url = f"sqlite+aiosqlite:///{tmp_path / 'gone'}"
    store, dead = api.ctx.store, create_async_engine(url)
    alive, store.engine = store.engine, dead
    try:
        yield
    finally:
        reader, store.engine, store._reader = store._reader, alive, None
        await dead.dispose()
        if reader is not None:
            await reader.dispose()


@asynccontextmanager
async def _redis_down(template: SqliteTemplate, tmp_path: Path) -> AsyncIterator[Api]:
    """The application on a Redis nothing listens for."""
    settings = Settings(
        database_url=template.copy_to(tmp_path / "api.db"),
        redis_url=f"redis://127.0.0.1:{_closed_port()}/0",
        redis_prefix="outage",
        api={"rate_limit": 3, "rate_window_s": 60},  # reader: search, block, read; 4th over
    )
    clock = FakeClock(MID_WINDOW)
    app = create_app(settings, clock=clock, auth=True, mounts={"/": mcp_mount()})
    async with app.router.lifespan_context(app):
        yield Api(app, clock)


def _unavailable(response: Any, code: str) -> None:
    assert response.status_code == 503, response.text
    assert response.json()["error"]["code"] == code
    assert 1 <= int(response.headers["retry-after"]) <= 60


@pytest.mark.parametrize("backend", ["postgresql", "sqlite"])
async def test_the_store_down_is_answered_503_store_unavailable_on_every_route(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str, backend: str
) -> None:
    async with in_process(sqlite_template, tmp_path, prefix) as api:
        reader, agent = await api.key(Role.READER), await api.key(Role.AGENT, user="alice")
        host, publisher = await api.key(Role.HOST), await api.key(Role.HOST)
        async with api.client(publisher) as client:  # resolved now, cached afterwards
            assert (await client.post("/v1/events", json=EVENT)).status_code == 202
        async with api.client(reader) as client:
            assert (await client.get("/v1/recall/manifest")).status_code == 200
        async with api.client(agent) as client:
            assert (await client.get("/v1/recall/manifest")).status_code == 200
        some_id = (await id_codec(api.ctx.store)).encode(1)  # a well-formed id: it asks the store
        async with _store_down(api, tmp_path, backend):
            async with api.client(reader) as client:
                _unavailable(
                    await client.get("/v1/recall/search?query=deploy"), "store_unavailable"
                )
                _unavailable(await client.get("/v1/recall/injection"), "store_unavailable")
                _unavailable(await client.get(f"/v1/memories/{some_id}"), "store_unavailable")
            async with api.client(agent) as client:
                _unavailable(await client.post("/v1/memories", json=MEMORY), "store_unavailable")
            async with api.client(host) as client:  # never looked up: its lookup fails
                _unavailable(await client.post("/v1/events", json=EVENT), "store_unavailable")
            async with api.client("mdk_000000000000_" + "A" * 43) as client:
                _unavailable(await client.get("/v1/recall/manifest"), "store_unavailable")
            async with api.client(publisher) as client:  # accepted: Redis keeps it meanwhile
                later = {**EVENT, "event_id": "evt-outage-2", "turn": 2}
                assert (await client.post("/v1/events", json=later)).status_code == 202
        assert await api.ctx.redis.xlen(api.ctx.keys.stream) == 2


async def test_redis_down_refuses_publishing_only_and_reads_go_on(
    sqlite_template: SqliteTemplate, tmp_path: Path
) -> None:
    async with _redis_down(sqlite_template, tmp_path) as api:
        reader, agent = await api.key(Role.READER), await api.key(Role.AGENT, user="alice")
        host = await api.key(Role.HOST)
        async with api.client(agent) as client:
            saved = await client.post("/v1/memories", json=MEMORY)
            assert saved.status_code == 201, saved.text
            memory_id = saved.json()["id"]
        async with api.client(reader) as client:
            search = await client.get("/v1/recall/search?query=deploy")
            assert search.status_code == 200, search.text
            assert [hit["id"] for hit in search.json()["memories"]] == [memory_id]
            block = await client.get("/v1/recall/injection")
            assert block.status_code == 200 and "Deploy day" in block.text
            assert (await client.get(f"/v1/memories/{memory_id}")).status_code == 200
            over = await client.get("/v1/recall/manifest")  # the in-process bound: 3 a window
            assert over.status_code == 429
            assert over.json()["error"]["code"] == "rate_limited"
        async with api.client(agent) as client:
            mcp = await client.post("/mcp", json=PING, headers=MCP_HEADERS)
            assert mcp.status_code == 200, mcp.text
        async with api.client(host) as client:
            _unavailable(await client.post("/v1/events", json=EVENT), "queue_unavailable")


async def test_redis_down_a_revoked_key_stops_when_its_cache_entry_expires(
    sqlite_template: SqliteTemplate, tmp_path: Path
) -> None:
    """The documented bound while Redis cannot carry the revocation: the key cache's life."""
    async with _redis_down(sqlite_template, tmp_path) as api:
        key = await api.key(Role.READER)
        cache_s = api.ctx.settings.api.key_cache_s
        async with api.client(key) as client:
            assert (await client.get("/v1/recall/manifest")).status_code == 200
            ctx = api.ctx
            await revoke(ctx.store, api.clock, key.split("_")[1], redis=ctx.redis, keys=ctx.keys)
            api.clock.advance(cache_s - 1)
            assert (await client.get("/v1/recall/manifest")).status_code == 200
            api.clock.advance(2)
            refused = await client.get("/v1/recall/manifest")
        assert refused.status_code == 401
        assert refused.json()["error"]["code"] == "key_revoked"


class _Tries:
    """The rate limiter's round trips to Redis (its script and its ``GET``), counted."""

    def __init__(self, limiter: RateLimiter) -> None:
        self.calls = 0
        script, redis = limiter._script, limiter.redis

        async def counted_script(**kwargs: Any) -> Any:
            self.calls += 1
            return await script(**kwargs)

        async def counted_get(name: str) -> Any:
            self.calls += 1
            return await redis.get(name)

        limiter._script = counted_script  # type: ignore[assignment]
        self.redis = redis
        limiter.redis = self  # type: ignore[assignment]
        self.get = counted_get


def _said(logs: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(e["event"], e["log_level"]) for e in logs if e["event"].startswith("rate_limit.")]


async def test_redis_down_the_rate_limit_tries_it_once_a_cooldown_and_logs_once(
    sqlite_template: SqliteTemplate, tmp_path: Path
) -> None:
    """Redis down: the first request tries it for its count (a connect timeout, where it does
    not refuse at once) and logs one warning; the next ones within the cool-down go straight
    to the in-process count, without a try or a line, and are still refused past the limit;
    after the cool-down one request tries again, still quiet."""
    async with _redis_down(sqlite_template, tmp_path) as api:
        tries = _Tries(api.ctx.limiter)
        key = await api.key(Role.READER)
        async with api.client(key) as client:
            with capture_logs() as logs:
                assert (await client.get("/v1/recall/manifest")).status_code == 200
            assert tries.calls == 1  # the key's lookup peeks at its client's failed keys
            assert _said(logs) == [("rate_limit.redis_down", "warning")]
            with capture_logs() as logs:
                statuses = []
                for _ in range(5):
                    api.clock.advance(COOLDOWN_S / 6)
                    statuses.append((await client.get("/v1/recall/manifest")).status_code)
            assert statuses == [200, 200, 429, 429, 429]  # 3 a window, counted in the process
            assert (tries.calls, _said(logs)) == (1, [])
            api.clock.advance(COOLDOWN_S / 6)  # the cool-down is over; the window is not
            with capture_logs() as logs:
                over = await client.get("/v1/recall/manifest")
                assert over.status_code == 429
                assert over.json()["error"]["code"] == "rate_limited"
                assert (await client.get("/v1/recall/manifest")).status_code == 429
            assert (tries.calls, _said(logs)) == (2, [])
