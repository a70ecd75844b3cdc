"""What ``memoryd serve`` reads memories through: search, manifest and injection block of
the public recall API, one memory by id within a scope, and closing without the store."""

from __future__ import annotations

from pathlib import Path

import pytest

from daemon.access.grant import Role
from daemon.api.recall_port import RecallPort
from daemon.api.tools_port import memory_tools
from daemon.base.scope import ScopeKey
from daemon.recall import Recall
from daemon.tools.memory import Caller
from tests.api.in_process import in_process
from tests.backends import SqliteTemplate
from tests.tools.helpers import PROJECT, grant

pytestmark = [pytest.mark.redis]

SCOPE = ScopeKey(PROJECT, "alice", "acme")
FACTS = [
    ("Deploy day", "The billing service deploys on Fridays after the freeze."),
    ("Export window", "The nightly billing export runs from 02:00 to 04:00 UTC."),
    ("Invoice format", "Invoices are rendered as PDF/A for the archive."),
]


async def test_search_manifest_block_and_read_in_one_scope(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str
) -> None:
    async with in_process(sqlite_template, tmp_path, prefix) as api:
        tools = memory_tools(api.ctx)
        caller = Caller.of(grant(Role.AGENT))
        ids = [(await tools.save(caller, type="project", title=t, content=c)).id for t, c in FACTS]
        port: RecallPort = api.ctx.recall
        found = await port.search("nightly export", SCOPE, types=(), classes=(), limit=5)
        assert [m.id for m in found] == [ids[1]]
        assert await port.search("export", SCOPE, types=("user",), classes=(), limit=5) == []
        manifest = await port.manifest(SCOPE)
        assert (manifest.shown, manifest.total) == (3, 3)
        block = await port.injection_block(SCOPE, "invoices", max_memories=1)
        assert block.memory_ids == (ids[2],)
        read = await port.read(ids[0], SCOPE)
        assert read is not None and read.content == FACTS[0][1]
        assert await port.read(ids[0], ScopeKey("github.com/acme/web", "alice", "acme")) is None
        assert await port.read(ids[0], ScopeKey(PROJECT, "alice", "globex")) is None
        assert await port.read(max(ids) + 1, SCOPE) is None


async def test_closing_the_port_leaves_the_store_open(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str
) -> None:
    async with in_process(sqlite_template, tmp_path, prefix) as api:
        port = RecallPort(Recall(api.ctx.store, api.clock))
        await port.aclose()
        assert (await api.ctx.recall.manifest(SCOPE)).total == 0  # the store still answers
