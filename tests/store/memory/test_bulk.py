"""The bulk primitives refuse what their guards exclude, whatever the candidates say
(a memory pinned, restored or removed by someone else after it was chosen)."""

from __future__ import annotations

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.store.memory import bulk
from daemon.store.tables import memories
from tests.maintenance.helpers import DAY, T0, add, history, live_ids


def _chosen(*ids: int) -> sa.Select[tuple[int, str]]:
    return sa.select(memories.c.id, bulk.literal("chosen").label("reason")).where(
        memories.c.id.in_(ids)
    )


async def test_a_tombstone_spares_a_memory_the_recheck_excludes(runtime: Container) -> None:
    store = runtime.store
    plain = await add(store, "A plain memory.")
    pinned = await add(store, "Pinned after it was chosen.", pinned=True)
    async with store.begin() as conn:
        changed = await bulk.tombstone(
            conn,
            _chosen(plain, pinned),
            action="delete",
            now=T0,
            actor_id="t",
            recheck=(sa.not_(memories.c.pinned),),
        )
    assert changed == 1
    assert await live_ids(store) == {pinned}
    assert [e.memory_id for e in await history(store)] == [plain]


async def test_purge_never_deletes_a_live_memory(runtime: Container) -> None:
    store = runtime.store
    live = await add(store, "Restored meanwhile.")
    tombstone = await add(store, "Long gone.", deleted_at=T0 - 40 * DAY)
    async with store.begin() as conn:
        purged = await bulk.purge(conn, _chosen(live, tombstone), now=T0, actor_id="t")
    assert purged == 1
    assert await live_ids(store) == {live}
    async with store.connect() as conn:
        left = await conn.execute(sa.select(memories.c.id).where(memories.c.id == tombstone))
        assert left.first() is None
    assert [(e.memory_id, e.action) for e in await history(store)] == [(tombstone, "purge")]
