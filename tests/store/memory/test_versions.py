"""Superseded versions, on both backends: an update keeps the content it replaced (with
``valid_from``/``valid_to``, what replaced it, who and why), a restore keeps the removed
interval, a purge within the version window keeps the tombstone as a version, pruning takes
only versions older than the window, and an erasure takes its scope's versions."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.store import memory
from daemon.store.memory import Action, Actor, MemoryClass, MemoryType, Provenance, versions, writes
from daemon.store.tables import memories, memory_versions

T0 = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)
SHARED = ScopeKey(project="ingest", tenant="acme")
OTHER = ScopeKey(project="ingest", tenant="globex")
RUN = Provenance(actor=Actor.RUN, actor_id="7", session_id="s-1", run_id=7)
AGENT = Provenance(actor=Actor.AGENT, actor_id="k-agent", created_by="agent")
OPERATOR = Provenance(actor=Actor.OPERATOR, actor_id="ann")


async def create(
    rt: Container, content: str, *, scope: ScopeKey = SHARED, at: datetime = T0
) -> int:
    async with rt.store.begin() as conn:
        made = await writes.create(
            conn,
            scope,
            type_=MemoryType.PROJECT,
            memory_class=MemoryClass.DURABLE,
            title="Queue",
            content=content,
            prov=RUN,
            now=at,
        )
    assert isinstance(made, int)
    return made


async def update(
    rt: Container, memory_id: int, content: str, at: datetime, prov: Provenance = AGENT
) -> None:
    async with rt.store.begin() as conn:
        done = await writes.update(
            conn,
            SHARED,
            memory_id,
            title="Queue",
            content=content,
            memory_class=None,
            prov=prov,
            now=at,
        )
    assert done == memory_id


async def kept(rt: Container) -> list[Any]:
    async with rt.store.connect() as conn:
        rows = await conn.execute(sa.select(memory_versions).order_by(memory_versions.c.id))
        return list(rows.all())


async def test_an_update_keeps_the_replaced_content_as_a_version(runtime: Container) -> None:
    memory_id = await create(runtime, "Ingest publishes to RabbitMQ.")
    moved = T0 + timedelta(days=10)
    await update(runtime, memory_id, "Ingest moved off RabbitMQ to NATS JetStream.", moved)
    [version] = await kept(runtime)
    assert (version.memory_id, version.content) == (memory_id, "Ingest publishes to RabbitMQ.")
    assert (version.valid_from, version.valid_to) == (T0, moved)
    assert version.superseded_by == memory_id
    assert (version.action, version.actor, version.actor_id) == ("update", "agent", "k-agent")
    assert (version.tenant, version.project, version.user) == ("acme", "ingest", "")
    async with runtime.store.connect() as conn:
        row = (await conn.execute(sa.select(memories).where(memories.c.id == memory_id))).one()
    assert (row.valid_from, row.created_at) == (moved, T0)
    # The version carries the memory's tag: it verifies as the memory did.
    assert memory.intact(runtime.store.sealer, {**version._mapping, "id": memory_id})


async def test_each_update_closes_the_version_before_it(runtime: Container) -> None:
    memory_id = await create(runtime, "Ingest publishes to RabbitMQ.")
    await update(runtime, memory_id, "Ingest publishes to Kafka.", T0 + timedelta(days=1))
    await update(runtime, memory_id, "Ingest publishes to NATS.", T0 + timedelta(days=2), OPERATOR)
    found = await kept(runtime)
    assert [(v.content, v.valid_from, v.valid_to, v.actor) for v in found] == [
        ("Ingest publishes to RabbitMQ.", T0, T0 + timedelta(days=1), "agent"),
        ("Ingest publishes to Kafka.", T0 + timedelta(days=1), T0 + timedelta(days=2), "operator"),
    ]


async def test_a_restore_keeps_what_it_said_until_its_removal(runtime: Container) -> None:
    memory_id = await create(runtime, "Ingest publishes to RabbitMQ.")
    gone, back = T0 + timedelta(days=3), T0 + timedelta(days=5)
    async with runtime.store.begin() as conn:
        await writes.delete(conn, SHARED, memory_id, reason="wrong", prov=AGENT, now=gone)
    async with runtime.store.begin() as conn:
        assert await memory.restore(conn, memory_id, prov=OPERATOR, now=back)
    [version] = await kept(runtime)
    assert (version.valid_from, version.valid_to, version.superseded_by) == (T0, gone, None)
    assert (version.action, version.reason) == ("restore", "removed for: wrong")


async def test_a_purge_within_the_window_keeps_the_tombstone_as_a_version(
    runtime: Container,
) -> None:
    recent = await create(runtime, "Ingest publishes to RabbitMQ.")
    old = await create(runtime, "Billing runs on Heroku.")
    async with runtime.store.begin() as conn:
        await writes.delete(conn, SHARED, recent, reason="moved", prov=AGENT, now=T0)
        await writes.delete(
            conn, SHARED, old, reason="gone", prov=AGENT, now=T0 - timedelta(days=200)
        )
    now = T0 + timedelta(days=40)
    async with runtime.store.begin() as conn:
        purged = await memory.purge(
            conn, now=now, keep=timedelta(days=30), versions_keep=timedelta(days=90)
        )
    assert purged == 2
    [version] = await kept(runtime)
    assert (version.memory_id, version.valid_to, version.action) == (recent, T0, "purge")
    assert version.reason == "moved"


async def test_a_merged_duplicate_purged_names_the_memory_it_went_into(
    runtime: Container,
) -> None:
    dup = await create(runtime, "Ingest publishes to RabbitMQ.")
    async with runtime.store.begin() as conn:
        await conn.execute(
            sa.update(memories)
            .where(memories.c.id == dup)
            .values(deleted_at=T0, deleted_reason="duplicate of #41")
        )
        await versions.keep_purged(
            conn, sa.select(memories.c.id), since=T0 - timedelta(days=1), now=T0
        )
    [version] = await kept(runtime)
    assert version.superseded_by == 41


async def test_pruning_takes_only_versions_older_than_the_window(runtime: Container) -> None:
    memory_id = await create(runtime, "v1", at=T0 - timedelta(days=300))
    await update(runtime, memory_id, "v2", T0 - timedelta(days=200))
    await update(runtime, memory_id, "v3", T0 - timedelta(days=10))
    async with runtime.store.begin() as conn:
        gone = await versions.prune(conn, now=T0, keep=timedelta(days=90), limit=100)
    assert gone == 1
    assert [v.content for v in await kept(runtime)] == ["v2"]


async def test_an_erasure_takes_the_versions_of_its_scope_only(runtime: Container) -> None:
    ours = await create(runtime, "Ingest publishes to RabbitMQ.")
    theirs = await create(runtime, "Ingest publishes to RabbitMQ.", scope=OTHER)
    await update(runtime, ours, "Ingest publishes to NATS.", T0 + timedelta(days=1))
    async with runtime.store.begin() as conn:
        await writes.update(
            conn,
            OTHER,
            theirs,
            title="Queue",
            content="Globex ingest publishes to SQS.",
            memory_class=None,
            prov=AGENT,
            now=T0 + timedelta(days=1),
        )
    async with runtime.store.begin() as conn:
        await memory.erase_memories(
            conn,
            lambda t: sa.and_(t.c.tenant == "acme", t.c.project == "ingest"),
            user=False,
            project=True,
            erased="erased",
        )
    assert [v.tenant for v in await kept(runtime)] == ["globex"]


async def test_versions_of_a_session_lose_its_provenance_when_it_is_unlinked(
    runtime: Container,
) -> None:
    memory_id = await create(runtime, "Ingest publishes to RabbitMQ.")
    await update(runtime, memory_id, "Ingest publishes to NATS.", T0 + timedelta(days=1))
    assert (await kept(runtime))[0].source_session == "s-1"
    async with runtime.store.begin() as conn:
        await memory.unlink_sessions(conn, [("acme", "s-1")])
    [version] = await kept(runtime)
    assert (version.source_session, version.source_user) == (None, None)


async def test_versions_of_returns_only_intact_versions(runtime: Container) -> None:
    memory_id = await create(runtime, "Ingest publishes to RabbitMQ.")
    await update(runtime, memory_id, "Ingest publishes to Kafka.", T0 + timedelta(days=1))
    await update(runtime, memory_id, "Ingest publishes to NATS.", T0 + timedelta(days=2))
    async with runtime.store.begin() as conn:
        await conn.execute(
            sa.update(memory_versions)
            .where(memory_versions.c.content == "Ingest publishes to Kafka.")
            .values(content="Ingest publishes to a rogue broker.")
        )
    async with runtime.store.connect() as conn:
        found = await memory.versions_of(conn, [memory_id])
    assert [v.content for v in found[memory_id]] == ["Ingest publishes to RabbitMQ."]


async def test_supersede_records_the_given_action_and_reason(runtime: Container) -> None:
    memory_id = await create(runtime, "Ingest publishes to RabbitMQ.")
    async with runtime.store.begin() as conn:
        row = (await conn.execute(sa.select(memories).where(memories.c.id == memory_id))).one()
        await versions.supersede(
            conn,
            row,
            replaced_by=99,
            action=Action.MERGE,
            prov=OPERATOR,
            now=T0 + timedelta(hours=1),
            reason="contradicted by #99",
        )
    [version] = await kept(runtime)
    assert (version.superseded_by, version.action, version.reason) == (
        99,
        "merge",
        "contradicted by #99",
    )
    assert versions.began(row) == T0
