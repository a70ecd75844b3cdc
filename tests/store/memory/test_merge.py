"""Merging exact duplicates of a scope and type: the oldest stays with its id and the
strongest attributes of the group (pin, class, expiry, last use); the others become
tombstones; both sides get a ``merge`` history row; the limit counts groups."""

from __future__ import annotations

from daemon.app.container import Container
from daemon.store.memory import merge
from tests.maintenance.helpers import DAY, T0, add, duplicates_allowed, history, live_ids, memory


async def _merge(runtime: Container, limit: int = 100) -> int:
    async with runtime.store.begin() as conn:
        return await merge.merge_duplicates(conn, now=T0, actor_id="run-3", limit=limit)


async def test_the_oldest_stays_with_the_strongest_attributes(runtime: Container) -> None:
    store = runtime.store
    async with duplicates_allowed(runtime):
        oldest = await add(
            store, "Tabs, not spaces.", **{"class": "working"}, expires_at=T0 + DAY,
            created_at=T0 - 9 * DAY,
        )  # fmt: skip
        priority = await add(
            store, "tabs, not SPACES", **{"class": "priority"}, expires_at=T0 + 5 * DAY,
            last_surfaced_at=T0 - DAY, created_at=T0 - 5 * DAY,
        )  # fmt: skip
        pinned = await add(
            store, "Tabs, not spaces!", pinned=True, expires_at=T0 + 2 * DAY,
            created_at=T0 - 2 * DAY,
        )  # fmt: skip
        assert await _merge(runtime) == 2
    assert await live_ids(store) == {oldest}
    kept = await memory(store, oldest)
    assert (kept.pinned, kept._mapping["class"], kept.expires_at) == (
        True,
        "priority",
        T0 + 5 * DAY,
    )
    assert (kept.last_surfaced_at, kept.updated_at, kept.content) == (
        T0 - DAY,
        T0,
        "Tabs, not spaces.",
    )
    for dup in (priority, pinned):
        row = await memory(store, dup)
        assert (row.deleted_at, row.deleted_reason) == (T0, f"duplicate of #{oldest}")
        [entry] = await history(store, dup)
        assert (entry.action, entry.actor, entry.actor_id) == ("merge", "maintenance", "run-3")
        assert entry.new == {"merged_into": oldest}
        assert entry.old["content"] == row.content
    absorbed = await history(store, oldest)
    assert sorted(e.new["absorbed"] for e in absorbed) == [priority, pinned]
    assert {e.reason for e in absorbed} == {
        f"absorbed its duplicate #{priority}",
        f"absorbed its duplicate #{pinned}",
    }


async def test_one_without_expiry_makes_the_kept_one_permanent(runtime: Container) -> None:
    store = runtime.store
    async with duplicates_allowed(runtime):
        oldest = await add(store, "Use uv.", expires_at=T0 + DAY, created_at=T0 - 3 * DAY)
        await add(store, "use uv", created_at=T0 - DAY)
        assert await _merge(runtime) == 1
    assert (await memory(store, oldest)).expires_at is None


async def test_only_same_scope_and_type_merge_and_the_limit_counts_groups(
    runtime: Container,
) -> None:
    store = runtime.store
    async with duplicates_allowed(runtime):
        a = await add(store, "Fact A.", created_at=T0 - 2 * DAY)
        a2 = await add(store, "fact a", created_at=T0 - DAY)
        b = await add(store, "Fact B.", created_at=T0 - 2 * DAY)
        b2 = await add(store, "fact b", created_at=T0 - DAY)
        ann = await add(store, "Fact A.", user="ann")
        decision = await add(store, "Fact A.", type="decision")
        assert await _merge(runtime, limit=1) == 1  # one group of the two, either
        assert await live_ids(store) in ({a, b, b2, ann, decision}, {a, a2, b, ann, decision})
        assert await _merge(runtime) == 1
        assert await _merge(runtime) == 0
    assert await live_ids(store) == {a, b, ann, decision}
