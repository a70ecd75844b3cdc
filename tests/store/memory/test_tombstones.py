"""Restoring what consolidation removed, and refusing to restore a duplicate."""

from __future__ import annotations

import pytest

from daemon.app.container import Container
from daemon.base.errors import MemoryRefused
from daemon.maintenance.consolidate import ConsolidationPolicy, consolidate
from daemon.store.memory import Actor, Provenance, restore
from tests.maintenance.helpers import DAY, T0, add, history, live_ids, memory

POLICY = ConsolidationPolicy()
OPERATOR = Provenance(actor=Actor.OPERATOR)
ANN = Provenance(actor=Actor.OPERATOR, actor_id="ann")


async def test_a_removed_memory_comes_back_with_its_id_and_stays(runtime: Container) -> None:
    """Restored within the window: live again under the same id, the restore in its history,
    and the next consolidation does not remove it again (its past expiry is cleared)."""
    store = runtime.store
    fact = await add(store, "Staging resets every Monday.", expires_at=T0 - DAY)
    await consolidate(store, POLICY, now=T0)
    assert fact not in await live_ids(store)

    async with store.begin() as conn:
        assert await restore(conn, fact, prov=ANN, now=T0 + DAY)

    row = await memory(store, fact)
    assert (row.deleted_at, row.deleted_reason, row.expires_at) == (None, None, None)
    assert row.updated_at == T0 + DAY
    entries = await history(store, fact)
    assert [(e.action, e.actor) for e in entries] == [
        ("delete", "maintenance"),
        ("restore", "operator"),
    ]
    assert entries[1].actor_id == "ann"
    assert entries[1].old["deleted_reason"] == "expired"
    assert "expired" in entries[1].reason
    again = await consolidate(store, POLICY, now=T0 + 2 * DAY)
    assert again["expired"] == 0
    assert fact in await live_ids(store)


async def test_restore_is_refused_while_a_live_duplicate_exists(runtime: Container) -> None:
    store = runtime.store
    first = await add(store, "Builds run on the arm64 pool.", expires_at=T0 - DAY)
    await consolidate(store, POLICY, now=T0)
    second = await add(store, "builds run on the ARM64 pool", created_at=T0)

    async with store.begin() as conn:
        with pytest.raises(MemoryRefused, match=rf"live memory {second}.*same content"):
            await restore(conn, first, prov=OPERATOR, now=T0 + DAY)

    assert await live_ids(store) == {second}
    assert [e.action for e in await history(store, first)] == ["delete"]


async def test_restore_of_a_live_or_unknown_memory_changes_nothing(runtime: Container) -> None:
    store = runtime.store
    live = await add(store, "The docs site is built with mkdocs.")
    async with store.begin() as conn:
        assert not await restore(conn, live, prov=OPERATOR, now=T0)
        assert not await restore(conn, 987_654, prov=OPERATOR, now=T0)
    assert await history(store) == []


async def test_a_purged_memory_cannot_be_restored(runtime: Container) -> None:
    store = runtime.store
    fact = await add(store, "Old fact.", expires_at=T0 - DAY)
    await consolidate(store, POLICY, now=T0)
    purged = await consolidate(store, POLICY, now=T0 + 31 * DAY)
    assert purged["purged"] == 1
    async with store.begin() as conn:
        assert not await restore(conn, fact, prov=OPERATOR, now=T0 + 31 * DAY)
