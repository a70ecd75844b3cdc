"""Memory vectors as stored: a memory is pending for a space until it has a vector of that
space made from its current text; a write with new text makes it pending again, a write of
the same text only needs marking; vectors of other spaces are counted apart and dropped on
demand; a memory's vectors go with it when it is purged or erased (in a tenant too)."""

from __future__ import annotations

import sqlalchemy as sa

from daemon.store.db import Store
from daemon.store.memory import erase_memories, vectors
from daemon.store.tables import memories, memory_vectors
from tests.maintenance.helpers import DAY, T0, add
from tests.store.memory.vector_helpers import SPACE, put


async def _pending(store: Store, space: str = SPACE, **kw: int) -> list[int]:
    async with store.connect() as conn:
        return [m.id for m in await vectors.pending(conn, space, **kw)]


async def _vector_ids(store: Store) -> set[int]:
    async with store.connect() as conn:
        return set((await conn.execute(sa.select(memory_vectors.c.memory_id))).scalars())


async def test_live_memories_without_a_vector_are_pending_oldest_first(
    vector_store: Store,
) -> None:
    first = await add(vector_store, "Deploys go out on Tuesdays.")
    second = await add(vector_store, "Ann owns billing.", user="ann", tenant="t2")
    await add(vector_store, "Forgotten.", deleted_at=T0)
    assert await _pending(vector_store) == [first, second]
    assert await _pending(vector_store, limit=1) == [first]
    assert await _pending(vector_store, after_id=first) == [second]
    assert await put(vector_store, {first: [1, 0, 0, 0]}) == 1
    assert await _pending(vector_store) == [second]
    # another space has nothing yet
    assert await _pending(vector_store, "test:other:4") == [first, second]
    async with vector_store.connect() as conn:
        assert await vectors.count_pending(conn, SPACE) == 1
        assert await vectors.count_live(conn) == 2
        assert await vectors.counts(conn) == {SPACE: 1}


async def test_a_new_text_is_pending_again_the_same_text_only_needs_marking(
    vector_store: Store,
) -> None:
    mid = await add(vector_store, "Staging resets nightly.")
    await put(vector_store, {mid: [0, 1, 0, 0]})
    async with vector_store.begin() as conn:
        await conn.execute(
            sa.update(memories).where(memories.c.id == mid).values(updated_at=T0, pinned=True)
        )
    async with vector_store.connect() as conn:
        (same,) = await vectors.pending(conn, SPACE)
    assert same.id == mid and not same.changed
    async with vector_store.begin() as conn:
        assert await vectors.touch(conn, SPACE, [same]) == 1
    assert await _pending(vector_store) == []
    async with vector_store.begin() as conn:
        await conn.execute(
            sa.update(memories)
            .where(memories.c.id == mid)
            .values(content="Staging resets weekly.", updated_at=T0 + DAY)
        )
    async with vector_store.connect() as conn:
        (changed,) = await vectors.pending(conn, SPACE)
    assert changed.changed and changed.stored_digest == same.digest
    assert changed.digest == vectors.digest_of(changed.title, "Staging resets weekly.")


async def test_vectors_of_other_spaces_are_dropped_after_a_reindex(vector_store: Store) -> None:
    a = await add(vector_store, "One.")
    b = await add(vector_store, "Two.")
    await put(vector_store, {a: [1, 0, 0, 0], b: [0, 1, 0, 0]})
    await put(vector_store, {a: [1, 0], b: [0, 1]}, space="test:new:2")
    async with vector_store.begin() as conn:
        assert await vectors.counts(conn) == {SPACE: 2, "test:new:2": 2}
        assert await vectors.drop_other_spaces(conn, "test:new:2") == 2
        assert await vectors.counts(conn) == {"test:new:2": 2}
        assert await vectors.drop_space(conn, "test:new:2") == 2
        assert await vectors.counts(conn) == {}


async def test_a_vector_of_the_wrong_size_is_refused(vector_store: Store) -> None:
    mid = await add(vector_store, "One.")
    async with vector_store.connect() as conn:
        (memory,) = await vectors.pending(conn, SPACE)
    async with vector_store.begin() as conn:
        try:
            await vectors.upsert(conn, SPACE, 4, [vectors.Embedded(memory, [1.0, 0.0])], T0)
        except ValueError as exc:
            assert "2 dimensions" in str(exc)
        else:
            raise AssertionError("a 2-d vector went into a 4-d space")
    assert mid == memory.id


async def test_a_purged_or_erased_memory_takes_its_vectors_with_it(vector_store: Store) -> None:
    kept = await add(vector_store, "Kept.", tenant="t1")
    purged = await add(vector_store, "Purged.", tenant="t1")
    erased = await add(vector_store, "Erased.", tenant="t2")
    await put(vector_store, {kept: [1, 0, 0, 0], purged: [0, 1, 0, 0], erased: [0, 0, 1, 0]})
    await put(vector_store, {erased: [1, 1]}, space="test:new:2")
    async with vector_store.begin() as conn:
        await conn.execute(sa.delete(memories).where(memories.c.id == purged))
    assert await _vector_ids(vector_store) == {kept, erased}
    async with vector_store.begin() as conn:
        _, deleted = await erase_memories(
            conn, lambda t: t.c.tenant == "t2", user=False, project=False, erased="-"
        )
    assert deleted == 1
    assert await _vector_ids(vector_store) == {kept}


async def test_a_memory_erased_while_it_was_embedded_gets_no_vector(vector_store: Store) -> None:
    mid = await add(vector_store, "Soon gone.")
    async with vector_store.connect() as conn:
        (memory,) = await vectors.pending(conn, SPACE)
    async with vector_store.begin() as conn:
        await conn.execute(sa.delete(memories).where(memories.c.id == mid))
        stored = await vectors.upsert(conn, SPACE, 4, [vectors.Embedded(memory, [1, 0, 0, 0])], T0)
    assert stored == 0
    assert await _vector_ids(vector_store) == set()


async def test_the_ranking_engine_is_named(vector_store: Store) -> None:
    async with vector_store.connect() as conn:
        engine = await vectors.engine_of(conn)
    if vector_store.dialect == "sqlite":
        assert engine == "python" or engine.startswith("sqlite-vec v")
    else:
        assert engine in {"pgvector", "exact"}
