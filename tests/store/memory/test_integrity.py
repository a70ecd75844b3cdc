"""Memories carry an integrity tag over scope, type, title and content (and metadata, when
they have any), which every read verifies: a memory changed behind memoryd's back (plain
SQL) is shown by no reader (search, the injection block, the manifest, read, list, the MCP
tools), is logged, and is counted by
``memoryd status`` and its metric; with a data key the tag is an HMAC that a writer of the
database cannot recompute. On both backends, with a key and without one."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from arq.connections import ArqRedis
from mcp import Client
from structlog.testing import capture_logs

from daemon.app.container import Container, open_container
from daemon.app.prometheus import status_families
from daemon.base.clock import FakeClock
from daemon.base.scope import ScopeKey
from daemon.base.sealing import CLEAR, Verdict
from daemon.health.render import _at_rest, _integrity
from daemon.health.report import Status
from daemon.health.store_probe import read_at_rest
from daemon.health.verdict import judge
from daemon.maintenance.scheduled import run_job
from daemon.mcp.memory_server import build_mcp, fixed_caller
from daemon.recall import Recall
from daemon.store import memory
from daemon.store.engine import make_engine, upgrade
from daemon.store.tables import memories
from tests.mcp.mcp_support import structured
from tests.operators.seed import T0
from tests.operators.seed import memory as seed
from tests.tools.helpers import PROJECT, caller, tools_of

SCOPE = ScopeKey(project=PROJECT)
K1 = "k1:" + base64.b64encode(bytes([1]) * 32).decode()


@pytest.fixture(params=["clear", "keyed"])
async def rt(
    request: pytest.FixtureRequest, settings_factory: Any, redis: ArqRedis
) -> AsyncIterator[Container]:
    data = {"keys": K1} if request.param == "keyed" else {}
    built = await open_container(settings_factory(data=data), redis=redis)
    yield built
    await built.close()


async def _pair(rt: Container) -> tuple[int, int]:
    kept = await seed(rt, SCOPE, "Deploy day", "The billing service deploys on Fridays.")
    changed = await seed(rt, SCOPE, "Deploy window", "The billing deploys run at noon.")
    return kept, changed


async def _tamper(rt: Container, memory_id: int, **columns: str) -> None:
    sets = ", ".join(f'"{name}" = :{name}' for name in columns)
    async with rt.store.begin() as conn:
        await conn.execute(
            sa.text(f"UPDATE memories SET {sets} WHERE id = :id"), {**columns, "id": memory_id}
        )


async def _everything_shown(rt: Container) -> set[int]:
    """The ids every reader shows in the scope."""
    recall = Recall(rt.store, FakeClock(T0))
    shown: set[int] = set()
    shown |= {m.id for m in await recall.search("billing deploys", SCOPE, mark=False)}
    block = await recall.injection_block(SCOPE, query="billing deploys")
    shown |= set(block.memory_ids)
    manifest = await recall.manifest(SCOPE)
    shown |= {int(m[1]) for m in re.finditer(r"^- #(\d+) ", manifest.text, re.MULTILINE)}
    async with rt.store.read() as conn:
        shown |= {m.id for m in await memory.listed(conn, SCOPE)}
        for memory_id in (1, 2):
            found = await memory.read(conn, SCOPE, memory_id)
            shown |= {found.id} if found else set()
    server = build_mcp(tools_of(rt), fixed_caller(caller()))
    async with Client(server) as client:
        listed = structured(await client.call_tool("memory_list", {}))
        shown |= {m["id"] for m in listed["memories"]}
        found = structured(await client.call_tool("memory_search", {"query": "billing deploys"}))
        shown |= {m["id"] for m in found["memories"]}
    await recall.aclose(close_store=False)
    return shown


@pytest.mark.parametrize(
    "change",
    [
        {"content": "The billing deploys run at midnight."},
        {"title": "Deploy window (changed)"},
        {"type": "decision"},
        {"project": "github.com/acme/other"},
    ],
    ids=["content", "title", "type", "scope"],
)
async def test_a_memory_changed_behind_memoryds_back_is_shown_by_no_reader(
    rt: Container, change: dict[str, str]
) -> None:
    kept, changed = await _pair(rt)
    assert await _everything_shown(rt) == {kept, changed}
    await _tamper(rt, changed, **change)
    with capture_logs() as logs:
        assert await _everything_shown(rt) == {kept}
        if "project" in change:  # moved to another scope: not shown there either
            other = ScopeKey(project=change["project"])
            async with rt.store.read() as conn:
                assert await memory.read(conn, other, changed) is None
    failed = [e for e in logs if e["event"] == "memory.integrity_failed"]
    assert failed and {e["memory_id"] for e in failed} == {changed}


TICKET = {"ticket": "OPS-12", "priority": 3}


async def _tagged_pair(rt: Container) -> tuple[int, int]:
    """Two memories of the scope, both with metadata."""
    kept = await seed(
        rt, SCOPE, "Deploy day", "The billing service deploys on Fridays.", metadata=TICKET
    )
    changed = await seed(
        rt, SCOPE, "Deploy window", "The billing deploys run at noon.", metadata=TICKET
    )
    return kept, changed


@pytest.mark.parametrize(
    ("signed", "change"),
    [
        (TICKET, {"ticket": "OPS-13", "priority": 3}),
        (TICKET, {"ticket": "OPS-12", "priority": 3, "urgent": True}),
        (TICKET, {}),
        (TICKET, None),
        (None, {"ticket": "OPS-12"}),
    ],
    ids=["value", "key added", "emptied", "removed", "added to none"],
)
async def test_metadata_changed_behind_memoryds_back_is_shown_by_no_reader(
    rt: Container, signed: dict[str, Any] | None, change: dict[str, Any] | None
) -> None:
    """As a content change is: the tag covers metadata, so a row whose metadata was
    changed, emptied, removed, or added to a memory that had none is hidden from every
    reader and logged."""
    kept = await seed(rt, SCOPE, "Deploy day", "The billing service deploys on Fridays.")
    changed = await seed(
        rt, SCOPE, "Deploy window", "The billing deploys run at noon.", metadata=signed
    )
    assert await _everything_shown(rt) == {kept, changed}
    async with rt.store.begin() as conn:
        await conn.execute(
            sa.update(memories).where(memories.c.id == changed).values(metadata=change)
        )
    with capture_logs() as logs:
        assert await _everything_shown(rt) == {kept}
    failed = [e for e in logs if e["event"] == "memory.integrity_failed"]
    assert failed and {e["memory_id"] for e in failed} == {changed}
    async with rt.store.connect() as conn:
        found = await memory.check_all(conn)
    assert (found.checked, found.tampered, found.failing_ids) == (2, 1, [changed])


async def test_metadata_written_through_memoryd_verifies_on_every_reader(rt: Container) -> None:
    """A save and an update with metadata sign it: both memories are shown everywhere and
    the integrity check finds nothing."""
    kept, changed = await _tagged_pair(rt)
    tools = tools_of(rt)
    public = await tools.ids()
    rewrite = {"metadata": {"ticket": "OPS-13"}}
    await tools.update(caller(tenant="", user=None), public.encode(changed), **rewrite)
    assert await _everything_shown(rt) == {kept, changed}
    async with rt.store.connect() as conn:
        found = await memory.check_all(conn)
    assert (found.checked, found.tampered, found.versions_checked) == (2, 0, 1)
    assert found.versions_failing == 0


async def test_the_integrity_job_counts_tampered_memories_for_status_and_its_metric(
    rt: Container,
) -> None:
    _, changed = await _pair(rt)
    assert (await _status(rt)).at_rest.checked_at is None
    first = await run_job(rt, "verify_integrity")
    assert (first.outcome, first.counts["checked"], first.counts["tampered"]) == ("ok", 2, 0)
    await _tamper(rt, changed, content="Deploys run at midnight.")
    with capture_logs() as logs:
        second = await run_job(rt, "verify_integrity")
    assert second.outcome == "partial" and second.counts["tampered"] == 1
    assert [e["memory_id"] for e in logs if e["event"] == "memory.integrity_failed"] == [changed]
    status = await _status(rt)
    assert (status.at_rest.memories_checked, status.at_rest.memories_tampered) == (2, 1)
    assert "1 TAMPERED, hidden from recall" in _integrity(status)
    judge(status, rt.settings.health)
    assert any(f.check == "integrity" for f in status.findings)
    gauges = {f.name: f.samples[0].value for f in status_families(status) if f.samples}
    assert gauges["memoryd_memories_integrity_failed"] == 1
    assert gauges["memoryd_data_sealed"] == float(rt.store.sealer.enabled)
    shown = _at_rest(status)
    assert ("STORED IN CLEAR" in shown) is (not rt.store.sealer.enabled)


async def _status(rt: Container) -> Status:
    status = Status(at=rt.clock.now(), store_reachable=True)
    async with rt.store.connect() as conn:
        await read_at_rest(conn, status.at_rest)
    return status


async def test_a_plain_digest_recomputed_by_a_database_writer_is_refused_under_a_key(
    settings_factory: Any, redis: ArqRedis
) -> None:
    """The downgrade: a writer of the database changes a memory and gives it the plain
    digest of the new text. Shown while plain digests are accepted (memories written before
    the key), refused once they are not; a keyed tag cannot be recomputed at all."""
    strict = await open_container(
        settings_factory(data={"keys": K1, "accept_plain_digests": False}), redis=redis
    )
    try:
        kept, changed = await _pair(strict)
        forged = {
            "tenant": "",
            "project": PROJECT,
            "user": "",
            "type": "project",
            "title": "Deploy window",
            "content": "Deploys run at midnight.",
        }
        await _tamper(strict, changed, content=forged["content"], integrity=CLEAR.tag_of(forged))
        assert await _everything_shown(strict) == {kept}
    finally:
        await strict.close()
    lenient = await open_container(settings_factory(data={"keys": K1}), redis=redis)
    try:
        assert await _everything_shown(lenient) == {kept, changed}
    finally:
        await lenient.close()


async def test_writes_sign_with_the_primary_key_and_rotation_signs_older_memories(
    settings_factory: Any, redis: ArqRedis
) -> None:
    from daemon.store.rotation import rotate

    clear = await open_container(settings_factory(), redis=redis)
    kept, _ = await _pair(clear)
    await clear.close()
    keyed = await open_container(settings_factory(data={"keys": K1}), redis=redis)
    try:
        async with keyed.store.connect() as conn:
            tags = (await conn.execute(sa.text("SELECT integrity FROM memories"))).scalars()
            assert {t[:3] for t in tags} == {"s1:"}
            assert (await memory.check_all(conn)).unkeyed == 2
        done = await rotate(keyed.store, keyed.truncation)
        assert done.resealed["memories.integrity"] == 2
        async with keyed.store.connect() as conn:
            tags = (await conn.execute(sa.text("SELECT integrity FROM memories"))).scalars()
            assert {t[:6] for t in tags} == {"h1:k1:"}
            assert (await memory.check_all(conn)).unkeyed == 0
        assert kept in await _everything_shown(keyed)
    finally:
        await keyed.close()
    unkeyed = await open_container(settings_factory(), redis=redis)
    try:  # signed with a key this reader lacks: not shown, not crashed
        assert await _everything_shown(unkeyed) == set()
    finally:
        await unkeyed.close()


async def test_rotation_signs_metadata_with_the_primary_key(
    settings_factory: Any, redis: ArqRedis
) -> None:
    """A memory with metadata written without a key is signed by rotation over its metadata
    too: shown after, and hidden once its metadata is changed behind memoryd's back."""
    from daemon.store.rotation import rotate

    clear = await open_container(settings_factory(), redis=redis)
    kept, changed = await _tagged_pair(clear)
    await clear.close()
    keyed = await open_container(settings_factory(data={"keys": K1}), redis=redis)
    try:
        done = await rotate(keyed.store, keyed.truncation)
        assert done.resealed["memories.integrity"] == 2
        async with keyed.store.connect() as conn:
            tags = (await conn.execute(sa.text("SELECT integrity FROM memories"))).scalars()
            assert {t[:6] for t in tags} == {"h1:k1:"}
        assert await _everything_shown(keyed) == {kept, changed}
        async with keyed.store.begin() as conn:
            await conn.execute(
                sa.update(memories).where(memories.c.id == changed).values(metadata={"a": 1})
            )
        assert await _everything_shown(keyed) == {kept}
    finally:
        await keyed.close()


async def test_an_export_leaves_out_a_tampered_memory(rt: Container) -> None:
    """An import signs what it places: exporting a tampered memory would launder it."""
    from daemon.admin.export_import import export_lines
    from daemon.store.memory import MemoryFilter

    kept, changed = await _pair(rt)
    await _tamper(rt, changed, content="Deploys run at midnight.")
    lines = [line async for line in export_lines(rt.store, MemoryFilter(limit=None), batch=1)]
    assert [json.loads(line)["id"] for line in lines] == [kept]


async def test_revision_0012_gives_every_existing_memory_a_digest_that_verifies(
    tmp_path: Path,
) -> None:
    """The migration has no data key: existing memories get the plain digest (shown, and
    signed by the next rotation once a key is configured); downgrading drops the column."""
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'old.db'}")
    t = "2026-01-01 00:00:00"
    try:
        await upgrade(engine, "0010")
        async with engine.begin() as conn:
            for number in range(3):
                await conn.execute(
                    sa.text(
                        "INSERT INTO memories (tenant, project, type, title, content, "
                        "content_hash, created_by, created_at, updated_at) "
                        "VALUES ('t', 'p', 'project', :title, :c, :c, 'x', :t, :t)"
                    ),
                    {"title": f"title {number}", "c": f"fact {number}", "t": t},
                )
        await upgrade(engine)
        async with engine.connect() as conn:
            rows = (await conn.execute(sa.text("SELECT * FROM memories ORDER BY id"))).all()
        assert len(rows) == 3
        for row in rows:
            m = row._mapping
            assert m["integrity"] == CLEAR.tag_of(m) and m["integrity"].startswith("s1:")
            assert CLEAR.verify(m["integrity"], *(m[k] for k in _COVERED)) is Verdict.INTACT
    finally:
        await engine.dispose()


_COVERED = ("tenant", "project", "user", "type", "title", "content")
