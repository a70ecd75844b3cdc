"""What each consolidation step removes: the expired, compaction summaries beyond the most
recent, idle working memories, and the least valuable beyond a scope's cap; never a pinned
memory, and each removal recorded as maintenance's."""

from __future__ import annotations

from datetime import timedelta

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.gate.kinds import COMPACTION
from daemon.store.memory import sweeps
from daemon.store.tables import memories
from tests.maintenance.helpers import DAY, T0, add, history, live_ids, memory


async def _sweep(runtime: Container, sweep: sweeps.Sweep) -> int:
    async with runtime.store.begin() as conn:
        return await sweep.tombstone(conn, now=T0, actor_id="nightly")


async def test_expired_memories_go_unless_pinned(runtime: Container) -> None:
    store = runtime.store
    past = await add(store, "past", expires_at=T0 - DAY)
    pinned = await add(store, "pinned past", expires_at=T0 - DAY, pinned=True)
    future = await add(store, "future", expires_at=T0 + DAY)
    never = await add(store, "never")
    assert await _sweep(runtime, sweeps.expired(T0, 100)) == 1
    assert await live_ids(store) == {pinned, future, never}
    row = await memory(store, past)
    assert (row.deleted_at, row.deleted_reason) == (T0, "expired")
    [entry] = await history(store, past)
    assert (entry.action, entry.actor, entry.actor_id) == ("delete", "maintenance", "nightly")


async def test_a_sweep_takes_at_most_its_limit(runtime: Container) -> None:
    for n in range(3):
        await add(runtime.store, f"past {n}", expires_at=T0 - DAY)
    assert await _sweep(runtime, sweeps.expired(T0, 2)) == 2
    assert len(await live_ids(runtime.store)) == 1


async def test_only_the_most_recent_summaries_of_a_scope_stay(runtime: Container) -> None:
    store = runtime.store
    made = [
        await add(store, f"summary {n}", created_by=COMPACTION, created_at=T0 - n * DAY)
        for n in range(4)
    ]
    elsewhere = await add(store, "summary p2", created_by=COMPACTION, project="p2")
    plain = await add(store, "not a summary", created_at=T0 - 9 * DAY)
    assert await _sweep(runtime, sweeps.summaries_beyond(2, 100)) == 2
    assert await live_ids(store) == {made[0], made[1], elsewhere, plain}
    assert "beyond the 2 most recent" in (await memory(store, made[3])).deleted_reason


async def test_idle_working_memories_go_by_their_last_use(runtime: Container) -> None:
    store = runtime.store
    cutoff = T0 - 7 * DAY
    idle = await add(store, "idle", **{"class": "working"}, created_at=T0 - 30 * DAY)
    used = await add(
        store,
        "used lately",
        **{"class": "working"},
        created_at=T0 - 30 * DAY,
        last_surfaced_at=T0 - DAY,
    )
    durable = await add(store, "durable", created_at=T0 - 30 * DAY)
    sweep = sweeps.idle_working(cutoff, timedelta(days=7), 100)
    assert await _sweep(runtime, sweep) == 1
    assert await live_ids(store) == {used, durable}
    reason = (await memory(store, idle)).deleted_reason
    assert reason == "working memory not surfaced for 7 days"


async def test_a_use_after_the_choice_spares_a_memory(runtime: Container) -> None:
    """The recheck runs at the change: a memory surfaced since it was chosen stays."""
    store = runtime.store
    cutoff = T0 - 7 * DAY
    idle = await add(store, "idle", **{"class": "working"}, created_at=T0 - 30 * DAY)
    sweep = sweeps.idle_working(cutoff, timedelta(days=7), 100)
    async with store.begin() as conn:
        await conn.execute(
            sa.update(memories).where(memories.c.id == idle).values(last_surfaced_at=T0)
        )
    assert await _sweep(runtime, sweep) == 0
    assert await live_ids(store) == {idle}


async def test_beyond_the_cap_the_least_valuable_go(runtime: Container) -> None:
    store = runtime.store
    pinned = await add(store, "pinned, oldest", pinned=True, created_at=T0 - 9 * DAY)
    working = await add(store, "working, newest", **{"class": "working"}, created_at=T0)
    durable_old = await add(store, "durable, old", created_at=T0 - 5 * DAY)
    durable_new = await add(store, "durable, new", created_at=T0 - DAY)
    small = await add(store, "another scope", project="p2", created_at=T0 - 30 * DAY)
    assert await _sweep(runtime, sweeps.over_cap(2, 100)) == 2
    assert await live_ids(store) == {pinned, durable_new, small}
    assert (await memory(store, working)).deleted_reason == "over the cap of 2 per scope"
    assert (await memory(store, durable_old)).deleted_at == T0
