"""Consolidation on SQLite and PostgreSQL, driven by explicit times (nothing sleeps)."""

from __future__ import annotations

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.maintenance.consolidate import ConsolidationPolicy, consolidate
from daemon.store.compaction import COMPACTION_CREATOR
from daemon.store.tables import memories
from tests.maintenance.helpers import (
    DAY,
    T0,
    add,
    duplicates_allowed,
    history,
    live_ids,
    memory,
)

POLICY = ConsolidationPolicy()


async def test_expired_memories_go_but_a_pinned_one_survives(runtime: Container) -> None:
    store = runtime.store
    gone = await add(store, "The demo server lives at demo-1.", expires_at=T0 - DAY)
    pinned = await add(store, "Freeze starts on 2026-02-20.", expires_at=T0 - DAY, pinned=True)
    later = await add(store, "The beta ends on 2026-04-01.", expires_at=T0 + DAY)
    forever = await add(store, "Use pytest for tests.")

    counts = await consolidate(store, POLICY, now=T0, actor_id="run-1")

    assert counts["expired"] == 1
    assert await live_ids(store) == {pinned, later, forever}
    row = await memory(store, gone)
    assert (row.deleted_at, row.deleted_reason) == (T0, "expired")
    (entry,) = await history(store, gone)
    assert (entry.action, entry.actor, entry.actor_id, entry.reason) == (
        "delete",
        "maintenance",
        "run-1",
        "expired",
    )
    assert entry.old["content"] == "The demo server lives at demo-1."
    assert entry.old["pinned"] is False
    assert await history(store, pinned) == []


async def test_only_the_ten_most_recent_compaction_summaries_of_a_scope_stay(
    runtime: Container,
) -> None:
    store = runtime.store
    summary = {"class": "working", "created_by": COMPACTION_CREATOR}
    ids = []
    for i in range(11):
        created = T0 - 2 * DAY + i * (DAY / 24)
        ids.append(await add(store, f"Summary number {i}.", created_at=created, **summary))
    other_scope = await add(
        store, "Summary of p2.", project="p2", created_at=T0 - 9 * DAY, **summary
    )
    pinned_old = await add(
        store, "A pinned old summary.", created_at=T0 - 9 * DAY, pinned=True, **summary
    )

    counts = await consolidate(store, POLICY, now=T0)

    assert counts["summaries_trimmed"] == 1
    live = await live_ids(store)
    assert ids[0] not in live  # the oldest of eleven
    assert set(ids[1:]) <= live
    assert {other_scope, pinned_old} <= live
    row = await memory(store, ids[0])
    assert "10 most recent" in row.deleted_reason


async def test_working_memories_unused_for_14_days_are_collected(runtime: Container) -> None:
    store = runtime.store
    idle = await add(store, "Debugging the flaky upload test.", **{"class": "working"})
    idle_since_update = await add(
        store, "Half-way through the migration.", **{"class": "working"}, updated_at=T0 - 15 * DAY
    )
    surfaced = await add(
        store,
        "Investigating the cache miss.",
        **{"class": "working"},
        updated_at=T0 - 30 * DAY,
        last_surfaced_at=T0 - 2 * DAY,
    )
    surfaced_long_ago = await add(
        store,
        "Reading the old design doc.",
        **{"class": "working"},
        updated_at=T0 - 2 * DAY,
        last_surfaced_at=T0 - 20 * DAY,
    )
    durable = await add(store, "The API is versioned by date.", updated_at=T0 - 400 * DAY)

    counts = await consolidate(store, POLICY, now=T0)

    assert counts["working_idle"] == 2
    live = await live_ids(store)
    assert idle in live  # created a day ago
    assert surfaced in live
    assert durable in live
    assert idle_since_update not in live
    assert surfaced_long_ago not in live  # last_surfaced_at wins over a recent update


async def test_exact_duplicates_merge_into_the_oldest_keeping_its_id(runtime: Container) -> None:
    store = runtime.store
    async with duplicates_allowed(runtime):
        oldest = await add(store, "Deploys go through the blue pool.", created_at=T0 - 9 * DAY)
        pinned = await add(
            store, "deploys  go through the BLUE pool", created_at=T0 - 5 * DAY, pinned=True
        )
        newest = await add(store, "Deploys go through the blue pool!", created_at=T0 - DAY)
        other_user = await add(store, "Deploys go through the blue pool.", user="ann")
        other_type = await add(store, "Deploys go through the blue pool.", type="decision")

        counts = await consolidate(store, POLICY, now=T0, actor_id="run-7")

        assert counts["duplicates_merged"] == 2
        assert await live_ids(store) == {oldest, other_user, other_type}
        kept = await memory(store, oldest)
        assert kept.pinned  # the pin of a merged duplicate is carried over
        for dup in (pinned, newest):
            row = await memory(store, dup)
            assert row.deleted_reason == f"duplicate of #{oldest}"
            (entry,) = await history(store, dup)
            assert (entry.action, entry.actor, entry.actor_id) == ("merge", "maintenance", "run-7")
            assert entry.new == {"merged_into": oldest}
            assert entry.old["content"] == row.content
        absorbed = sorted(e.new["absorbed"] for e in await history(store, oldest))
        assert absorbed == sorted([pinned, newest])


async def test_a_second_run_changes_nothing(runtime: Container) -> None:
    store = runtime.store
    summary = {"class": "working", "created_by": COMPACTION_CREATOR}
    await add(store, "Expired fact.", expires_at=T0 - DAY)
    await add(store, "Idle note.", **{"class": "working"}, updated_at=T0 - 20 * DAY)
    for i in range(12):
        await add(store, f"Summary {i}.", created_at=T0 - DAY + i * (DAY / 100), **summary)
    first = await consolidate(store, POLICY, now=T0)
    folded = first.pop("term_counts_folded")  # rows of counts, no memory (PostgreSQL only)
    marks = first.pop("memory_changes_folded")  # projects' marks of change, no memory (same)
    assert (marks == 1) == (store.engine.dialect.name == "postgresql")
    assert sum(first.values()) == 4
    assert (folded > 0) == (store.engine.dialect.name == "postgresql")
    before = await history(store)

    second = await consolidate(store, POLICY, now=T0)

    assert set(second.values()) == {0}
    assert len(await history(store)) == len(before)


async def test_a_dry_run_counts_without_changing_anything(runtime: Container) -> None:
    store = runtime.store
    expiring = await add(store, "Expired fact.", expires_at=T0 - DAY)
    await add(store, "Idle note.", **{"class": "working"}, updated_at=T0 - 20 * DAY)

    dry = await consolidate(store, POLICY, now=T0, dry_run=True)

    assert (dry["expired"], dry["working_idle"]) == (1, 1)
    assert len(await live_ids(store)) == 2
    assert await history(store) == []
    assert await consolidate(store, POLICY, now=T0) == dry
    assert expiring not in await live_ids(store)


async def test_the_per_scope_cap_removes_the_least_valuable_first(runtime: Container) -> None:
    store = runtime.store
    policy = ConsolidationPolicy(max_per_scope=3)
    priority = await add(store, "Never push to main.", **{"class": "priority"})
    pinned = await add(store, "Pinned working note.", **{"class": "working"}, pinned=True)
    recent = await add(store, "Recent durable fact.", updated_at=T0 - DAY)
    old = await add(store, "Old durable fact.", updated_at=T0 - 50 * DAY)
    working = await add(store, "A working note.", **{"class": "working"}, updated_at=T0)
    elsewhere = [await add(store, f"Fact {i} of p2.", project="p2") for i in range(4)]

    counts = await consolidate(store, policy, now=T0)

    assert counts["over_cap"] == 2 + 1
    live = await live_ids(store)
    assert {priority, pinned, recent} <= live
    assert not {old, working} & live
    assert len(set(elsewhere) & live) == 3
    assert "cap of 3" in (await memory(store, old)).deleted_reason


async def test_tombstones_are_purged_after_the_window_with_their_history(
    runtime: Container,
) -> None:
    store = runtime.store
    doomed = await add(store, "Short-lived fact.", expires_at=T0 - DAY)
    await consolidate(store, POLICY, now=T0)
    assert len(await history(store, doomed)) == 1

    early = await consolidate(store, POLICY, now=T0 + 29 * DAY)
    assert early["purged"] == 0
    assert (await memory(store, doomed)).deleted_at == T0

    late = await consolidate(store, POLICY, now=T0 + 30 * DAY)

    assert late["purged"] == 1
    async with store.connect() as conn:
        left = await conn.execute(sa.select(memories.c.id).where(memories.c.id == doomed))
        assert left.first() is None
    (entry,) = await history(store, doomed)  # the content went with the memory
    assert (entry.action, entry.actor, entry.old, entry.new) == ("purge", "maintenance", None, None)
    assert entry.reason == "tombstone kept 30 days"


async def test_batches_smaller_than_the_work_still_finish_it(runtime: Container) -> None:
    store = runtime.store
    for i in range(7):
        await add(store, f"Expired fact {i}.", expires_at=T0 - DAY)
    counts = await consolidate(store, ConsolidationPolicy(batch_size=2), now=T0)
    assert counts["expired"] == 7
    assert await live_ids(store) == set()
    assert len(await history(store)) == 7


async def test_consolidation_keeps_the_record_of_when_a_fact_changed(runtime: Container) -> None:
    """A tombstone purged within the version window is kept as a version (the only record of
    when its fact stopped being true); versions older than the window go, none within it."""
    from datetime import timedelta

    from daemon.base.scope import ScopeKey
    from daemon.store import memory as memory_store
    from daemon.store.memory import Actor, Provenance
    from daemon.store.tables import memory_versions

    store = runtime.store
    agent = Provenance(actor=Actor.AGENT, actor_id="k-agent")
    scope = ScopeKey(project="p1")
    changed = await add(store, "Ingest publishes to RabbitMQ.", created_at=T0 - 200 * DAY)
    async with store.begin() as conn:
        for days, content in ((150, "Ingest publishes to Kafka."), (45, "Ingest uses NATS.")):
            await memory_store.writes.update(
                conn, scope, changed, title="Queue", content=content, memory_class=None,
                prov=agent, now=T0 - days * DAY,
            )  # fmt: skip
        await memory_store.delete(
            conn, scope, changed, reason="moved to a vendor", prov=agent, now=T0 - 40 * DAY
        )
    policy = ConsolidationPolicy(version_keep=timedelta(days=90))

    counts = await consolidate(store, policy, now=T0, actor_id="run-2")

    assert (counts["purged"], counts["versions_pruned"]) == (1, 1)
    async with store.connect() as conn:
        kept = (
            await conn.execute(sa.select(memory_versions).order_by(memory_versions.c.valid_from))
        ).all()
        as_then = await memory_store.believed(conn, scope, T0 - 42 * DAY)
        long_ago = await memory_store.believed(conn, scope, T0 - 100 * DAY)
        # What ended before the window is gone.
        assert await memory_store.believed(conn, scope, T0 - 170 * DAY) == []
    assert [(v.content, v.valid_to) for v in kept] == [
        ("Ingest publishes to Kafka.", T0 - 45 * DAY),
        ("Ingest uses NATS.", T0 - 40 * DAY),
    ]
    assert [m.content for m in as_then] == ["Ingest uses NATS."]
    assert [m.content for m in long_ago] == ["Ingest publishes to Kafka."]
    again = await consolidate(store, policy, now=T0, actor_id="run-3")
    assert (again["purged"], again["versions_pruned"]) == (0, 0)
