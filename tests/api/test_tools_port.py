"""The memory tools ``memoryd serve`` reaches: on the context's store, recall and clock,
bounded by the serve process's own extraction limits."""

from __future__ import annotations

from pathlib import Path

import pytest

from daemon.access.grant import Role
from daemon.api.tools_port import memory_tools
from daemon.base.scope import ScopeKey
from daemon.gate.screening import Limits
from daemon.tools.memory import Caller
from tests.api.in_process import MID_WINDOW, in_process
from tests.backends import SqliteTemplate
from tests.tools.helpers import PROJECT, grant

pytestmark = [pytest.mark.redis]


async def test_the_tools_write_to_the_context_s_store_within_its_limits(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str
) -> None:
    async with in_process(
        sqlite_template, tmp_path, prefix, extraction={"max_title_chars": 12}
    ) as api:
        tools = memory_tools(api.ctx)
        assert tools.limits == Limits.from_settings(api.ctx.settings.extraction)
        assert tools.limits.max_title_chars == 12
        assert tools.store is api.ctx.store and tools.clock is api.clock
        caller = Caller.of(grant(Role.AGENT))
        written = await tools.save(
            caller,
            type="project",
            title="Deploy day for billing",
            content="The billing service deploys on Fridays.",
        )
        read = await api.ctx.recall.read(written.id, ScopeKey(PROJECT, "alice", "acme"))
        assert read is not None
        assert len(read.title) <= 12
        assert read.created_at == MID_WINDOW  # the context's clock, not the wall's
