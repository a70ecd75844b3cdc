"""What every request handler is given: the process's container and what the API built on
it, the same objects whichever way a handler reaches them."""

from __future__ import annotations

from pathlib import Path

import pytest

from daemon.api.request_context import ApiContext
from tests.api.in_process import in_process
from tests.backends import SqliteTemplate

pytestmark = [pytest.mark.redis]


@pytest.mark.parametrize("auth", [True, False])
async def test_the_context_hands_out_its_container_s_backends(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str, auth: bool
) -> None:
    async with in_process(
        sqlite_template, tmp_path, prefix, auth=auth, api={"rate_limit": 7}
    ) as api:
        ctx: ApiContext = api.ctx
        container = ctx.container
        assert ctx.auth is auth
        assert ctx.settings is container.settings and ctx.settings.api.rate_limit == 7
        assert ctx.store is container.store
        assert ctx.redis is container.redis
        assert ctx.clock is container.clock is api.clock
        assert ctx.keys == container.keys and ctx.keys.prefix == prefix
        assert ctx.limits == container.limits
        assert ctx.limiter.limit == 7
        assert ctx.keyring.store is container.store
        assert ctx.recall.recall.store is container.store
