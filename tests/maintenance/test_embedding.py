"""Embedding pending memories: every pending memory is embedded in batches; an outage
(transient failures) stops a pass with nothing lost and the next pass finishes the work; a
memory the provider refuses is reported once and the others are embedded; a memory written
again is re-embedded only when its text changed; a new model fills its own space in the
background while the old one keeps answering, and a reindex drops the old space."""

from __future__ import annotations

import sqlalchemy as sa

from daemon.base.clock import FakeClock
from daemon.base.scope import ScopeKey
from daemon.maintenance.embedding import Backfill, reindex, status
from daemon.store.db import Store
from daemon.store.memory.nearest import nearest
from daemon.store.memory.search import SearchFilter
from daemon.store.tables import memories, memory_vectors
from tests.hashed_embedder import HashedEmbedder
from tests.maintenance.helpers import DAY, T0, add

P1 = ScopeKey(project="p1")
TEXTS = [
    "Ingest moved off RabbitMQ to NATS JetStream.",
    "The billing service deploys on Tuesdays.",
    "Staging resets every night at midnight.",
    "Ann prefers short commit messages.",
    "The search index is rebuilt weekly.",
]


async def _memories(store: Store) -> list[int]:
    return [await add(store, text) for text in TEXTS]


async def _embedded(store: Store, space: str) -> set[int]:
    async with store.connect() as conn:
        rows = await conn.execute(
            sa.select(memory_vectors.c.memory_id).where(memory_vectors.c.space == space)
        )
        return set(rows.scalars())


async def test_every_pending_memory_is_embedded_in_batches(vector_store: Store) -> None:
    ids = await _memories(vector_store)
    embedder = HashedEmbedder()
    report = await Backfill(embedder, FakeClock(T0), batch=2).run(vector_store)
    assert (report.embedded, report.retry, report.more) == (5, False, False)
    assert embedder.calls == 3 and embedder.texts == 5
    assert await _embedded(vector_store, embedder.space) == set(ids)
    assert (await status(vector_store, embedder.space)).pending == 0
    # a second pass has nothing to do
    again = await Backfill(embedder, FakeClock(T0), batch=2).run(vector_store)
    assert again.embedded == 0 and embedder.calls == 3


async def test_an_outage_loses_nothing_and_the_next_pass_finishes(vector_store: Store) -> None:
    ids = await _memories(vector_store)
    embedder = HashedEmbedder(outage={2, 3})
    backfill = Backfill(embedder, FakeClock(T0), batch=2)
    first = await backfill.run(vector_store)
    assert first.retry and first.embedded == 2 and "503" in (first.error or "")
    assert (await status(vector_store, embedder.space)).pending == 3
    second = await backfill.run(vector_store)
    assert second.retry and second.embedded == 0
    third = await backfill.run(vector_store)
    assert not third.retry and third.embedded == 3
    assert await _embedded(vector_store, embedder.space) == set(ids)
    # what was stored after the outage ranks as what was stored before it
    async with vector_store.connect() as conn:
        query = embedder.vector("does ingest still use RabbitMQ?")
        found = await nearest(conn, P1, embedder.space, query, SearchFilter(limit=1))
    assert [m.id for m in found] == [ids[0]]


async def test_a_refused_memory_is_reported_once_and_the_rest_embedded(
    vector_store: Store,
) -> None:
    ids = await _memories(vector_store)
    embedder = HashedEmbedder()
    embedder.refused.add("Staging")
    backfill = Backfill(embedder, FakeClock(T0), batch=5)
    report = await backfill.run(vector_store)
    assert (report.embedded, report.refused) == (4, 1)
    assert await _embedded(vector_store, embedder.space) == set(ids) - {ids[2]}
    calls = embedder.calls
    later = await backfill.run(vector_store)
    assert (later.embedded, later.refused, embedder.calls) == (0, 0, calls)
    assert (await status(vector_store, embedder.space)).pending == 1


async def test_only_a_changed_text_is_embedded_again(vector_store: Store) -> None:
    ids = await _memories(vector_store)
    embedder = HashedEmbedder()
    backfill = Backfill(embedder, FakeClock(T0))
    await backfill.run(vector_store)
    async with vector_store.begin() as conn:
        await conn.execute(
            sa.update(memories).where(memories.c.id == ids[0]).values(updated_at=T0, pinned=True)
        )
        await conn.execute(
            sa.update(memories)
            .where(memories.c.id == ids[1])
            .values(content="The billing service deploys on Thursdays.", updated_at=T0 + DAY)
        )
    texts = embedder.texts
    report = await backfill.run(vector_store)
    assert (report.embedded, report.unchanged, embedder.texts - texts) == (1, 1, 1)
    assert (await status(vector_store, embedder.space)).pending == 0


async def test_a_pass_stops_at_its_deadline_with_more_to_do(vector_store: Store) -> None:
    await _memories(vector_store)
    embedder = HashedEmbedder()
    report = await Backfill(embedder, FakeClock(T0), batch=2).run(vector_store, until=lambda: True)
    assert (report.embedded, report.more) == (2, True)


async def test_a_new_model_fills_its_own_space_and_a_reindex_drops_the_old(
    vector_store: Store,
) -> None:
    ids = await _memories(vector_store)
    old, new = HashedEmbedder(model="old"), HashedEmbedder(dims=32, model="new")
    await Backfill(old, FakeClock(T0)).run(vector_store)
    before = await status(vector_store, new.space)
    assert (before.pending, before.spaces) == (5, {old.space: 5})
    await Backfill(new, FakeClock(T0), batch=3).run(vector_store)
    after = await status(vector_store, new.space)
    assert (after.pending, after.spaces) == (0, {old.space: 5, new.space: 5})
    query = "Ingest moved off RabbitMQ"
    async with vector_store.connect() as conn:
        by_old = await nearest(conn, P1, old.space, old.vector(query), SearchFilter(limit=1))
        by_new = await nearest(conn, P1, new.space, new.vector(query), SearchFilter(limit=1))
    assert [m.id for m in by_old] == [m.id for m in by_new] == [ids[0]]
    assert await reindex(vector_store, new.space) == 5
    assert (await status(vector_store, new.space)).spaces == {new.space: 5}
    assert await reindex(vector_store, new.space, restart=True) == 5
    assert (await status(vector_store, new.space)).pending == 5


async def test_status_names_the_path_searches_take(vector_store: Store) -> None:
    """SQLite with sqlite-vec: its exact scan until the worker stores the space's vectors,
    then the vec0 index; without it the Python scan; PostgreSQL's pgvector or exact scan."""
    await _memories(vector_store)
    embedder = HashedEmbedder()
    before = await status(vector_store, embedder.space)
    await Backfill(embedder, FakeClock(T0)).run(vector_store)
    after = await status(vector_store, embedder.space)
    if before.ranking.startswith("sqlite-vec"):
        assert (before.path, after.path) == ("sqlite-vec", "vec0")
    else:
        assert before.path == after.path == before.ranking
        assert after.path in {"python", "pgvector", "exact"}
    note = str(after.as_dict()["path_note"])
    assert ("index" if after.path in {"vec0", "pgvector"} else "exact scan") in note
