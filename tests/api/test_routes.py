"""The /v1 routes in process: recall by the key's scope, one memory read by id (another
scope's id told apart from no missing one), and a role too weak refused."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from daemon.access.grant import Role
from daemon.api.tools_port import memory_tools
from daemon.base.scope import ScopeKey
from daemon.tools.memory import Caller
from tests.api.in_process import Api, in_process
from tests.backends import SqliteTemplate
from tests.recall.writers import READER, assert_framed, seed_every_writer
from tests.tools.helpers import grant

pytestmark = [pytest.mark.redis]

PROJECT = "github.com/acme/billing"
FACT = "The billing service deploys on Fridays after the 14:00 UTC freeze."


@pytest.fixture
async def api(sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str) -> AsyncIterator[Api]:
    async with in_process(sqlite_template, tmp_path, prefix) as api:
        yield api


async def _saved(api: Api, project: str = PROJECT) -> str:
    tools = memory_tools(api.ctx)
    caller = Caller.of(grant(Role.AGENT, projects=(project,)))
    written = await tools.save(caller, type="project", title="Deploy day", content=FACT)
    return written.public_id


async def test_search_manifest_injection_and_read_answer_in_the_key_s_scope(api: Api) -> None:
    memory_id = await _saved(api)
    key = await api.key(Role.READER, projects=(PROJECT,), user="alice")
    async with api.client(key) as client:
        found = (await client.get("/v1/recall/search", params={"query": "deploys fridays"})).json()
        assert found["scope"] == {"tenant": "acme", "project": PROJECT, "user": "alice"}
        assert [m["id"] for m in found["memories"]] == [memory_id]
        assert found["memories"][0]["content"] == FACT
        manifest = await client.get("/v1/recall/manifest")
        assert manifest.status_code == 200 and "Deploy day" in manifest.text
        block = (await client.get("/v1/recall/injection", params={"query": "deploy"})).json()
        assert FACT in str(block)
        read = await client.get(f"/v1/memories/{memory_id}")
        assert read.status_code == 200 and read.json()["memory"]["id"] == memory_id
        last = "1" if memory_id.endswith("0") else "0"  # another id, whatever this one ends in
        missing = await client.get(f"/v1/memories/{memory_id[:-1]}{last}")
        assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"


async def test_another_project_s_memory_is_not_found_and_not_searched(api: Api) -> None:
    memory_id = await _saved(api, "github.com/acme/web")
    key = await api.key(Role.READER, projects=(PROJECT,), user="alice")
    async with api.client(key) as client:
        read = await client.get(f"/v1/memories/{memory_id}")
        assert read.status_code == 404 and read.json()["error"]["code"] == "not_found"
        found = (await client.get("/v1/recall/search", params={"query": "deploys"})).json()
        assert found["memories"] == []
        outside = await client.get("/v1/recall/manifest", params={"project": "github.com/acme/web"})
        assert outside.status_code == 403
        assert outside.json()["error"]["code"] == "scope_outside_key"


async def test_a_reader_may_not_publish_events(api: Api) -> None:
    key = await api.key(Role.READER)
    async with api.client(key) as client:
        refused = await client.post("/v1/events", json=[])
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "role_too_weak"


async def test_every_writer_is_framed_for_bob_in_search_list_and_read(api: Api) -> None:
    """Search, list and read answers carry each memory's ``author``; another writer's text
    (a user, a session or agent key with no user, an import) comes with its quoted line."""
    rows = await seed_every_writer(api.ctx.store, ScopeKey(PROJECT, tenant="acme"))
    codec = await memory_tools(api.ctx).ids()
    ids = {name: codec.encode(row) for name, row in rows.items()}
    key = await api.key(Role.READER, projects=(PROJECT,), user=READER)
    async with api.client(key) as client:
        params = {"query": "build make", "limit": 50}
        found = (await client.get("/v1/recall/search", params=params)).json()["memories"]
        listed = (await client.get("/v1/memories", params={"limit": 100})).json()["memories"]
        read = [(await client.get(f"/v1/memories/{i}")).json()["memory"] for i in ids.values()]
    for answers in (found, listed, read):
        assert_framed(answers, ids)
