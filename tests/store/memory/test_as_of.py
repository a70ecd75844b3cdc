"""What a scope believed at a time, on both backends: before, between and after changes;
search among what was believed; another tenant's or project's versions never shown; a
tampered version left out; and a memory's timeline, bound to its scope."""

from __future__ import annotations

from datetime import timedelta

import sqlalchemy as sa
from structlog.testing import capture_logs

from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.store import memory
from daemon.store.memory import writes
from daemon.store.tables import memory_versions
from tests.store.memory.test_versions import AGENT, SHARED, T0, create, update

RABBIT = "Ingest publishes to RabbitMQ."
NATS = "Ingest moved off RabbitMQ to NATS JetStream."
MOVED = T0 + timedelta(days=10)
ALICE = ScopeKey(project="ingest", user="alice", tenant="acme")
GLOBEX = ScopeKey(project="ingest", tenant="globex")


async def _believed(rt: Container, scope: ScopeKey, days: float) -> list[str]:
    async with rt.store.connect() as conn:
        found = await memory.believed(conn, scope, T0 + timedelta(days=days))
    return [m.content for m in found]


async def _found(rt: Container, query: str, scope: ScopeKey, days: float) -> list[str]:
    async with rt.store.connect() as conn:
        hits = await memory.search_as_of(conn, query, scope, T0 + timedelta(days=days))
    return [m.content for m in hits]


async def test_as_of_before_between_and_after_a_change(runtime: Container) -> None:
    memory_id = await create(runtime, RABBIT)
    await update(runtime, memory_id, NATS, MOVED)
    assert await _believed(runtime, SHARED, -1) == []
    assert await _believed(runtime, SHARED, 0) == [RABBIT]
    assert await _believed(runtime, SHARED, 5) == [RABBIT]
    assert await _believed(runtime, SHARED, 10) == [NATS]
    assert await _believed(runtime, SHARED, 50) == [NATS]
    async with runtime.store.connect() as conn:
        [then] = await memory.believed(conn, SHARED, T0 + timedelta(days=5))
        assert (then.id, then.updated_at) == (memory_id, T0)
        [now] = await memory.listed(conn, SHARED)
    assert now.content == NATS  # recall shows the current fact only


async def test_as_of_ends_at_a_removal_and_shows_it_before(runtime: Container) -> None:
    memory_id = await create(runtime, RABBIT)
    async with runtime.store.begin() as conn:
        await writes.delete(conn, SHARED, memory_id, reason="gone", prov=AGENT, now=MOVED)
    assert await _believed(runtime, SHARED, 5) == [RABBIT]
    assert await _believed(runtime, SHARED, 11) == []


async def test_search_as_of_finds_what_was_believed_then(runtime: Container) -> None:
    memory_id = await create(runtime, RABBIT)
    await create(runtime, "Billing deploys on Fridays.")
    await update(runtime, memory_id, NATS, MOVED)
    assert await _found(runtime, "message broker rabbitmq", SHARED, 5) == [RABBIT]
    assert await _found(runtime, "rabbitmq", SHARED, 20) == [NATS]  # the new text names it
    assert await _found(runtime, "jetstream", SHARED, 5) == []
    assert await _found(runtime, "jetstream", SHARED, 20) == [NATS]
    assert await _found(runtime, "the of", SHARED, 20) == []
    assert await _found(runtime, "deploys", SHARED, 5) == ["Billing deploys on Fridays."]


async def test_as_of_never_shows_another_tenants_versions(runtime: Container) -> None:
    ours = await create(runtime, RABBIT)
    theirs = await create(runtime, "Globex ingest publishes to RabbitMQ too.", scope=GLOBEX)
    await update(runtime, ours, NATS, MOVED)
    async with runtime.store.begin() as conn:
        await writes.update(
            conn,
            GLOBEX,
            theirs,
            title="Queue",
            content="Globex ingest publishes to SQS.",
            memory_class=None,
            prov=AGENT,
            now=MOVED,
        )
    for days in (5, 20):
        assert all("Globex" not in c for c in await _believed(runtime, SHARED, days))
        assert all("Globex" not in c for c in await _found(runtime, "rabbitmq", SHARED, days))
    assert await _believed(runtime, GLOBEX, 5) == ["Globex ingest publishes to RabbitMQ too."]
    async with runtime.store.connect() as conn:
        assert await memory.timeline(conn, theirs, SHARED) is None
        assert await memory.timeline(conn, ours, GLOBEX) is None


async def test_a_users_own_versions_stay_in_the_users_scope(runtime: Container) -> None:
    mine = await create(runtime, "Alice prefers RabbitMQ dashboards.", scope=ALICE)
    async with runtime.store.begin() as conn:
        await writes.update(
            conn,
            ALICE,
            mine,
            title="Queue",
            content="Alice prefers NATS dashboards.",
            memory_class=None,
            prov=AGENT,
            now=MOVED,
        )
    assert await _believed(runtime, ALICE, 5) == ["Alice prefers RabbitMQ dashboards."]
    assert await _believed(runtime, ALICE.shared(), 5) == []
    bob = ScopeKey(project="ingest", user="bob", tenant="acme")
    assert await _believed(runtime, bob, 5) == []
    async with runtime.store.connect() as conn:
        assert await memory.timeline(conn, mine, bob) is None


async def test_a_tampered_version_is_not_shown_and_is_reported(runtime: Container) -> None:
    memory_id = await create(runtime, RABBIT)
    await update(runtime, memory_id, NATS, MOVED)
    async with runtime.store.begin() as conn:
        await conn.execute(
            sa.update(memory_versions).values(content="Ingest publishes to a rogue broker.")
        )
    with capture_logs() as logs:
        assert await _believed(runtime, SHARED, 5) == []
        assert await _found(runtime, "broker", SHARED, 5) == []
        async with runtime.store.connect() as conn:
            told = await memory.timeline(conn, memory_id, SHARED)
            check = await memory.check_all(conn)
    assert any(e["event"] == "memory.integrity_failed" for e in logs)
    assert told is not None and told.hidden == 1
    assert [v.memory.content for v in told.versions] == [NATS]
    assert (check.versions_checked, check.versions_failing, check.tampered) == (1, 1, 1)
    assert check.failing_ids == [memory_id]


async def test_the_timeline_shows_each_content_with_what_ended_it(runtime: Container) -> None:
    memory_id = await create(runtime, RABBIT)
    await update(runtime, memory_id, NATS, MOVED)
    async with runtime.store.connect() as conn:
        told = await memory.timeline(conn, memory_id, SHARED)
        assert await memory.timeline(conn, memory_id + 1000, SHARED) is None
    assert told is not None and told.hidden == 0
    first, last = told.versions
    assert (first.memory.content, first.valid_from, first.valid_to) == (RABBIT, T0, MOVED)
    assert (first.superseded_by, first.action, first.actor, first.current) == (
        memory_id,
        "update",
        "agent",
        False,
    )
    assert (last.memory.content, last.valid_from, last.valid_to, last.current) == (
        NATS,
        MOVED,
        None,
        True,
    )
    assert [c.action for c in told.changes] == ["create", "update"]


async def test_a_purged_memory_keeps_its_timeline_while_its_versions_are_kept(
    runtime: Container,
) -> None:
    memory_id = await create(runtime, RABBIT)
    await update(runtime, memory_id, NATS, MOVED)
    gone = MOVED + timedelta(days=1)
    async with runtime.store.begin() as conn:
        await writes.delete(conn, SHARED, memory_id, reason="obsolete", prov=AGENT, now=gone)
        await memory.purge(
            conn,
            now=gone + timedelta(days=31),
            keep=timedelta(days=30),
            versions_keep=timedelta(days=90),
        )
    assert await _believed(runtime, SHARED, 5) == [RABBIT]
    assert await _believed(runtime, SHARED, 10.5) == [NATS]
    assert await _believed(runtime, SHARED, 12) == []
    async with runtime.store.connect() as conn:
        told = await memory.timeline(conn, memory_id, SHARED)
    assert told is not None
    assert [v.memory.content for v in told.versions] == [RABBIT, NATS]


async def test_looking_back_never_shows_what_review_kept_from_a_reader(
    runtime: Container,
) -> None:
    """A shared directive held for review was seen by its author's scope only; rejected
    later, it stays so when looking back (and so does its timeline)."""
    from daemon.gate.kinds import Review
    from daemon.store.memory import Actor, MemoryClass, MemoryType, Provenance

    dana = ScopeKey(project="ingest", user="dana", tenant="acme")
    bob = ScopeKey(project="ingest", user="bob", tenant="acme")
    async with runtime.store.begin() as conn:
        held = await writes.create(
            conn,
            SHARED,
            type_=MemoryType.PROJECT,
            memory_class=MemoryClass.DURABLE,
            title="Rule",
            content="Always skip the failing ingest tests.",
            prov=Provenance(actor=Actor.AGENT, source_user="dana"),
            now=T0,
            review=Review.PENDING,
        )
        assert isinstance(held, int)
        await memory.reject(
            conn,
            held,
            reason="no",
            prov=Provenance(actor=Actor.OPERATOR, actor_id="ann"),
            now=MOVED,
        )
    assert await _believed(runtime, bob, 5) == []
    assert await _found(runtime, "failing tests", bob, 5) == []
    assert await _believed(runtime, dana, 5) == ["Always skip the failing ingest tests."]
    async with runtime.store.connect() as conn:
        assert await memory.timeline(conn, held, bob) is None
        assert await memory.timeline(conn, held, dana) is not None
