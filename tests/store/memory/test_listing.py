"""Memories as operators list them: filtered by scope, kind, pin and tombstone, newest
first; one memory with its history; exports in id order, without the derived hash."""

from __future__ import annotations

from daemon.app.container import Container
from daemon.store.memory import Actor, Provenance, forget, listing
from daemon.store.memory.listing import MemoryFilter
from tests.maintenance.helpers import DAY, T0, add


async def _listed(runtime: Container, where: MemoryFilter) -> list[int]:
    async with runtime.store.connect() as conn:
        return [row.id for row in await listing.list_rows(conn, where)]


async def test_filters_select_and_the_newest_come_first(runtime: Container) -> None:
    store = runtime.store
    old = await add(store, "old shared", created_at=T0 - 3 * DAY)
    ann = await add(store, "ann's", user="ann", type="user", source_user="ann")
    pinned = await add(store, "pinned", pinned=True, created_at=T0)
    gone = await add(store, "gone", deleted_at=T0, deleted_reason="expired")
    other = await add(store, "other project", project="p2", created_at=T0 + DAY)
    assert await _listed(runtime, MemoryFilter()) == [other, pinned, ann, old]
    assert await _listed(runtime, MemoryFilter(project="p1")) == [pinned, ann, old]
    assert await _listed(runtime, MemoryFilter(user="")) == [other, pinned, old]
    assert await _listed(runtime, MemoryFilter(type="user")) == [ann]
    assert await _listed(runtime, MemoryFilter(source_user="ann")) == [ann]
    assert await _listed(runtime, MemoryFilter(pinned=True)) == [pinned]
    assert await _listed(runtime, MemoryFilter(memory_class="working")) == []
    assert await _listed(runtime, MemoryFilter(deleted=True)) == [gone]
    assert len(await _listed(runtime, MemoryFilter(deleted=None))) == 5
    assert await _listed(runtime, MemoryFilter(limit=2)) == [other, pinned]


async def test_a_memory_comes_with_its_history(runtime: Container) -> None:
    memory_id = await add(runtime.store, "to forget")
    async with runtime.store.begin() as conn:
        await forget(conn, memory_id, reason="stale", prov=Provenance(Actor.OPERATOR), now=T0)
    async with runtime.store.connect() as conn:
        found = await listing.row_with_history(conn, memory_id)
        assert await listing.row_with_history(conn, memory_id + 1000) is None
    assert found is not None
    row, entries = found
    assert (row.content, row.deleted_reason) == ("to forget", "stale")
    assert [e.action for e in entries] == ["delete"]


async def test_an_export_batch_follows_the_ids_and_omits_the_hash(runtime: Container) -> None:
    ids = [await add(runtime.store, f"fact {n}") for n in range(5)]
    await add(runtime.store, "elsewhere", project="p2")
    where = MemoryFilter(project="p1", limit=None)
    async with runtime.store.connect() as conn:
        first = await listing.export_batch(conn, where, after=0, limit=2)
        rest = await listing.export_batch(conn, where, after=first[-1].id, limit=10)
    assert [r.id for r in first + rest] == ids
    assert "content_hash" not in first[0]._mapping
    assert first[0].content == "fact 0"
