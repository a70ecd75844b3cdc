"""``memoryd serve``'s application built in this process on a ``FakeClock`` (a served
process reads the wall clock), on SQLite and the real Redis, driven through
``httpx.ASGITransport``: for the tests of one module of the API."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx

from daemon.access.grant import Role
from daemon.access.key_lifecycle import create_key
from daemon.api.application import MountFactory, create_app
from daemon.base.clock import FakeClock
from daemon.base.settings import Settings
from tests.api.conftest import drop_prefix
from tests.backends import REDIS_URL, SqliteTemplate, redis_reachable, unavailable

#: 25 s into a 60 s window: a window boundary is 35 s away, whatever the wall clock says.
MID_WINDOW = datetime(2026, 1, 1, 0, 0, 25, tzinfo=UTC)


class Api:
    def __init__(self, app: Any, clock: FakeClock) -> None:
        self.app = app
        self.clock = clock

    @property
    def ctx(self) -> Any:
        return self.app.state.ctx

    async def key(
        self,
        role: Role = Role.READER,
        projects: Sequence[str] = ("billing",),
        user: str | None = None,
        tenant: str = "acme",
    ) -> str:
        made = await create_key(
            self.ctx.store, self.clock, tenant=tenant, projects=projects, user=user, role=role
        )
        return made.key

    def client(self, key: str | None = None) -> httpx.AsyncClient:
        headers = {} if key is None else {"Authorization": f"Bearer {key}"}
        return httpx.AsyncClient(
            transport=httpx.ASGITransport(app=self.app), base_url="http://memoryd", headers=headers
        )


@asynccontextmanager
async def in_process(
    template: SqliteTemplate,
    tmp_path: Path,
    prefix: str,
    *,
    auth: bool = True,
    mounts: Mapping[str, MountFactory] | None = None,
    **overrides: Any,
) -> AsyncIterator[Api]:
    error = redis_reachable()
    if error is not None:
        unavailable("Redis", error)
    settings = Settings(
        database_url=template.copy_to(tmp_path / "api.db"),
        redis_url=REDIS_URL,
        redis_prefix=prefix,
        **overrides,
    )
    clock = FakeClock(MID_WINDOW)
    app = create_app(settings, clock=clock, auth=auth, mounts=mounts)
    try:
        async with app.router.lifespan_context(app):
            yield Api(app, clock)
    finally:
        drop_prefix(prefix)
