"""The document counts a search plans by, as the store keeps them (PostgreSQL:
``memory_term_counts``, revision 0024; SQLite: the scope's postings): after every kind of
write they equal a count of the memories the scope sees, another scope's writes never move
them, and folding them changes no count (nor does folding while others write)."""

from __future__ import annotations

import asyncio
from typing import Any

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.store.memory.frequency import COMMON_DOCS, scope_frequencies
from daemon.store.memory.term_counts import fold
from daemon.store.stems import query_stems
from daemon.store.tables import memories
from tests.backends import REAL_ONLY
from tests.maintenance.helpers import T0, add, row

SHARED = ScopeKey(project="p1")
ALICE = ScopeKey(project="p1", user="alice")
WORDS = ["kestrel", "quokka", "heron"]


async def _counts(runtime: Container, scope: ScopeKey, words: list[str] = WORDS) -> list[int]:
    """The counts of ``words`` in ``scope``, read as a search reads them (each word is its
    own stem, English and the store's)."""
    async with runtime.store.connect() as conn:
        found = await scope_frequencies(conn, scope, query_stems(words))
    return [found[t] for t in query_stems(words)]


async def _set(runtime: Container, memory_id: int, **values: Any) -> None:
    async with runtime.store.begin() as conn:
        await conn.execute(sa.update(memories).where(memories.c.id == memory_id).values(**values))


async def test_every_write_moves_the_counts_as_the_memories_move(runtime: Container) -> None:
    kestrel = await add(runtime.store, "The kestrel pipeline retries twice.")
    await add(runtime.store, "Kestrel and quokka builds share a runner.")
    alices = await add(runtime.store, "My heron notes and the kestrel.", user="alice")
    held = await add(
        runtime.store, "A quokka rule held for review.", review="pending", source_user="carol"
    )
    assert await _counts(runtime, SHARED) == [2, 1, 0]
    assert await _counts(runtime, ALICE) == [3, 1, 1]

    await _set(runtime, kestrel, deleted_at=T0)  # forgotten
    assert await _counts(runtime, SHARED) == [1, 1, 0]
    await _set(runtime, kestrel, deleted_at=None)  # restored
    assert await _counts(runtime, SHARED) == [2, 1, 0]
    await _set(runtime, held, review="approved")  # approved: now counted
    assert await _counts(runtime, SHARED) == [2, 2, 0]
    await _set(runtime, kestrel, content="The heron pipeline retries twice.", title="heron")
    assert await _counts(runtime, SHARED) == [1, 2, 1]
    await _set(runtime, alices, user="")  # moved to the project's shared memories
    assert await _counts(runtime, SHARED) == [2, 2, 2]
    await _set(runtime, alices, last_surfaced_at=T0)  # nothing counted changes
    async with runtime.store.begin() as conn:
        await conn.execute(sa.delete(memories).where(memories.c.id.in_([kestrel, held])))
    assert await _counts(runtime, SHARED) == [2, 1, 1]
    assert await _counts(runtime, ALICE) == [2, 1, 1]


async def test_another_scopes_writes_never_move_a_scopes_counts(runtime: Container) -> None:
    await add(runtime.store, "The kestrel pipeline.")
    before = await _counts(runtime, SHARED)
    await add(runtime.store, "Their kestrel pipeline.", tenant="acme")
    await add(runtime.store, "Another kestrel pipeline.", project="p2")
    await add(runtime.store, "Bob's kestrel pipeline.", user="bob")
    assert await _counts(runtime, SHARED) == before == [1, 0, 0]
    assert await _counts(runtime, ScopeKey(project="p1", user="bob")) == [2, 0, 0]


async def test_a_count_is_read_up_to_one_more_than_common(runtime: Container) -> None:
    rows = [row(f"kestrel number {i}", integrity="") for i in range(COMMON_DOCS + 5)]
    async with runtime.store.begin() as conn:
        await conn.execute(sa.insert(memories), rows)
    assert await _counts(runtime, SHARED, ["kestrel"]) == [COMMON_DOCS + 1]


async def _rows(runtime: Container) -> int:
    async with runtime.store.connect() as conn:
        return int(
            (await conn.execute(sa.text("SELECT count(*) FROM memory_term_counts"))).one()[0]
        )


@REAL_ONLY  # SQLite keeps postings, not counts
async def test_folding_leaves_a_row_a_key_and_every_count_as_it_was(runtime: Container) -> None:
    ids = [await add(runtime.store, f"The kestrel and quokka pipeline {i}.") for i in range(6)]
    await _set(runtime, ids[0], deleted_at=T0)
    before = (await _counts(runtime, SHARED), await _counts(runtime, ALICE))
    spread = await _rows(runtime)
    async with runtime.store.begin() as conn:
        first = await fold(conn, 1)
        rest = await fold(conn, 10_000)
        again = await fold(conn, 10_000)
    assert first > 0 and rest > 0 and again == 0
    assert await _rows(runtime) < spread
    assert (await _counts(runtime, SHARED), await _counts(runtime, ALICE)) == before
    async with runtime.store.connect() as conn:
        keys = await conn.execute(
            sa.text(
                'SELECT count(*) FROM memory_term_counts GROUP BY tenant, project, "user", lexeme '
                "HAVING count(*) > 1 OR sum(docs) = 0"
            )
        )
        assert keys.all() == []


@REAL_ONLY
async def test_folds_and_writers_at_once_lose_no_count(runtime: Container) -> None:
    for i in range(20):
        await add(runtime.store, f"The kestrel pipeline {i}.")

    async def folding() -> None:
        for _ in range(10):
            async with runtime.store.begin() as conn:
                await fold(conn, 10_000)

    async def writing(start: int) -> None:
        for i in range(start, start + 10):
            await add(runtime.store, f"The kestrel and heron pipeline {i}.")

    await asyncio.gather(folding(), folding(), writing(100), writing(200))
    assert await _counts(runtime, SHARED) == [40, 0, 20]
