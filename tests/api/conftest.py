"""A real ``memoryd serve`` for the API tests: uvicorn in its own process on a free port,
on the real Redis and a private PostgreSQL database, one per test module."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import httpx
import pytest
import redis
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import create_async_engine

from daemon.access.grant import Role
from daemon.access.key_lifecycle import create_key
from daemon.api.application import create_app
from daemon.base.clock import FakeClock, SystemClock
from daemon.store.db import Store
from daemon.store.engine import make_engine, upgrade
from tests.backends import POSTGRES_URL, REDIS_URL, run_blocking, unavailable

if TYPE_CHECKING:
    from tests.api.in_process import Api

pytestmark = [pytest.mark.redis, pytest.mark.postgres]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def memoryd(
    *args: str, env: dict[str, str], timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    """Run the ``memoryd`` command line in a child process."""
    return subprocess.run(
        [sys.executable, "-m", "daemon", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


@dataclass
class Served:
    """A running ``memoryd serve`` and what it runs on."""

    base_url: str
    env: dict[str, str]
    database_url: str
    prefix: str
    process: subprocess.Popen[bytes] | None = None
    made: list[str] = field(default_factory=list)

    def client(self, key: str | None = None, **kwargs: Any) -> httpx.Client:
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        return httpx.Client(base_url=self.base_url, headers=headers, timeout=30, **kwargs)

    def key(
        self,
        role: str = "host",
        *,
        tenant: str = "acme",
        projects: tuple[str, ...] = ("billing",),
        user: str | None = None,
    ) -> str:
        """A new key, made through the store (``memoryd keys create`` does the same)."""
        found: list[str] = []

        async def make() -> None:
            store = Store.from_url(self.database_url, pool_size=1)
            try:
                created = await create_key(
                    store,
                    SystemClock(),
                    tenant=tenant,
                    projects=projects,
                    user=user,
                    role=Role(role),
                )
                found.append(created.key)
            finally:
                await store.close()

        run_blocking(make)
        return found[0]


def _create_database(name: str) -> str:
    base = sa.engine.make_url(POSTGRES_URL)
    url = base.set(database=name).render_as_string(hide_password=False)

    async def run() -> None:
        admin = create_async_engine(base, isolation_level="AUTOCOMMIT")
        try:
            async with admin.connect() as conn:
                await conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
        finally:
            await admin.dispose()
        engine = make_engine(url)
        try:
            await upgrade(engine)
        finally:
            await engine.dispose()

    run_blocking(run)
    return url


def _drop_database(name: str) -> None:
    async def run() -> None:
        admin = create_async_engine(sa.engine.make_url(POSTGRES_URL), isolation_level="AUTOCOMMIT")
        try:
            async with admin.connect() as conn:
                await conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        finally:
            await admin.dispose()

    run_blocking(run)


def drop_prefix(prefix: str) -> None:
    client = redis.Redis.from_url(REDIS_URL)
    try:
        for key in client.scan_iter(match=f"{prefix}:*", count=1000):
            client.delete(key)
    finally:
        client.close()


def serve_env(database_url: str, prefix: str, **more: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MEMORYD_", "OPENAI_"))}
    env.update(
        {
            "MEMORYD_DATABASE_URL": database_url,
            "MEMORYD_REDIS_URL": REDIS_URL,
            "MEMORYD_REDIS_PREFIX": prefix,
            "MEMORYD_LOG__FORMAT": "json",
            "MEMORYD_LOG__LEVEL": "warning",
            **more,
        }
    )
    return env


#: How long a started ``memoryd serve`` may take to answer: a readiness wait, not a timing
#: claim (a start imports the MCP SDK and the app, tens of seconds on a loaded machine).
START_WITHIN_S = 120


def start_serve(served: Served, *args: str) -> subprocess.Popen[bytes]:
    port = int(served.base_url.rsplit(":", 1)[1])
    process = subprocess.Popen(
        [sys.executable, "-m", "daemon", "serve", "--port", str(port), *args],
        env=served.env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + START_WITHIN_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            err = process.stderr.read().decode() if process.stderr else ""
            raise AssertionError(f"memoryd serve exited {process.returncode}: {err[-2000:]}")
        try:
            if httpx.get(f"{served.base_url}/healthz", timeout=1).status_code == 200:
                served.process = process
                return process
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError(f"memoryd serve did not answer /healthz within {START_WITHIN_S} s")


def stop(process: subprocess.Popen[bytes]) -> str:
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    if process.stderr is None:
        return ""
    with process.stderr:
        return process.stderr.read().decode()


@pytest.fixture(scope="module")
def stack() -> Iterator[tuple[str, str]]:
    """A private PostgreSQL database and Redis prefix for this module."""
    error = None
    try:
        client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1)
        client.ping()
        client.close()
    except Exception as exc:
        error = exc
    if error is not None:
        unavailable("Redis", error)
    name = f"memoryd_api_{uuid.uuid4().hex[:10]}"
    try:
        url = _create_database(name)
    except Exception as exc:
        unavailable("PostgreSQL", exc)
    prefix = f"mdapi-{uuid.uuid4().hex[:10]}"
    yield url, prefix
    drop_prefix(prefix)
    _drop_database(name)


#: Small limits so that the refusals are cheap to reach.
LIMITS = {
    "MEMORYD_API__RATE_LIMIT": "40",
    "MEMORYD_API__RATE_WINDOW_S": "60",
    "MEMORYD_API__MAX_REQUEST_BYTES": "300000",
    "MEMORYD_STREAM__MAX_EVENT_BYTES": "100000",
}


def serving(stack: tuple[str, str], **settings: str) -> Iterator[Served]:
    url, prefix = stack
    base = f"http://127.0.0.1:{free_port()}"
    server = Served(base, serve_env(url, prefix, **settings), url, prefix)
    process = start_serve(server)
    yield server
    log = stop(process)
    for line in log.splitlines():  # nothing secret is ever logged
        assert "mdk_" not in line, line


@pytest.fixture(scope="module")
def served(stack: tuple[str, str]) -> Iterator[Served]:
    """``memoryd serve`` with the small limits, up for the whole module."""
    yield from serving(stack, **LIMITS)


def stream_events(served: Served) -> list[dict[bytes, bytes]]:
    client = redis.Redis.from_url(REDIS_URL)
    try:
        return [fields for _, fields in client.xrange(f"{served.prefix}:turns")]
    finally:
        client.close()


def wait(coro: Any) -> Any:
    return asyncio.run(coro)


@pytest.fixture
async def api(
    settings_factory: Any, prefix: str, real_redis_error: BaseException | None
) -> AsyncIterator[Api]:
    """The API in this process on a fake clock, on SQLite or PostgreSQL (by ``backend``);
    a test module may define its own."""
    from tests.api.in_process import MID_WINDOW, Api  # it imports this module

    if real_redis_error is not None:
        unavailable("Redis", real_redis_error)
    app = create_app(settings_factory(), clock=FakeClock(MID_WINDOW))
    try:
        async with app.router.lifespan_context(app):
            yield Api(app, app.state.ctx.clock)
    finally:
        drop_prefix(prefix)
