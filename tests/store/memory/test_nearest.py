"""The memories of one scope nearest to a query vector: nearest first with the cosine as
score, of one space only, with the keyword search's visibility (the scope's users, held
memories for their author only, live ones, types and classes, integrity), and the scope
filtered inside the query: a crowded neighbouring scope of near-identical vectors never
takes a small scope's places, on the exact scans and on pgvector's HNSW index alike."""

from __future__ import annotations

import math

import pytest
import sqlalchemy as sa

from daemon.base.scope import ScopeKey
from daemon.store.db import Store
from daemon.store.memory.nearest import nearest
from daemon.store.memory.search import SearchFilter
from daemon.store.tables import memories
from tests.maintenance.helpers import add
from tests.store.memory.vector_helpers import SPACE, put

P1 = ScopeKey(project="p1")
ANN = ScopeKey(project="p1", user="ann")
QUERY = [1.0, 0.0, 0.0, 0.0]


async def _near(
    store: Store,
    scope: ScopeKey = ANN,
    query: list[float] = QUERY,
    space: str = SPACE,
    exact: bool = False,
    **kw: object,
) -> list[int]:
    async with store.connect() as conn:
        where = SearchFilter(**kw)  # type: ignore[arg-type]
        found = await nearest(conn, scope, space, query, where, exact=exact)
    return [m.id for m in found]


def _at(degrees: float) -> list[float]:
    """A vector at ``degrees`` from :data:`QUERY` in its first plane."""
    return [math.cos(math.radians(degrees)), math.sin(math.radians(degrees)), 0.0, 0.0]


async def test_nearest_first_with_the_cosine_as_score(vector_store: Store) -> None:
    ids = [await add(vector_store, f"Memory {n}.") for n in range(4)]
    await put(vector_store, {ids[0]: _at(60), ids[1]: _at(10), ids[2]: _at(90), ids[3]: _at(30)})
    assert await _near(vector_store, limit=3) == [ids[1], ids[3], ids[0]]
    async with vector_store.connect() as conn:
        (best,) = await nearest(conn, ANN, SPACE, QUERY, SearchFilter(limit=1))
    assert best.id == ids[1]
    assert best.score == pytest.approx(math.cos(math.radians(10)), abs=1e-5)


async def test_only_the_scopes_visible_memories_rank(vector_store: Store) -> None:
    s = vector_store
    shared = await add(s, "Shared.")
    own = await add(s, "Ann's.", user="ann", type="user")
    held_own = await add(s, "Held, Ann wrote it.", review="pending", source_user="ann")
    chosen = {shared: _at(40), own: _at(45), held_own: _at(35)}
    # each of these is nearer than every visible one, and none may rank for Ann
    hidden = [
        await add(s, "Bob's.", user="bob", type="user"),
        await add(s, "Held, Bob wrote it.", review="pending", source_user="bob"),
        await add(s, "Other project.", project="p2"),
        await add(s, "Other tenant.", tenant="t2"),
    ]
    forgotten = await add(s, "Forgotten later.")
    tampered = await add(s, "Tampered.")
    for n, memory_id in enumerate([*hidden, forgotten, tampered]):
        chosen[memory_id] = _at(n)
    await put(s, chosen)
    async with s.begin() as conn:
        await conn.execute(
            sa.update(memories).where(memories.c.id == forgotten).values(deleted_at=sa.func.now())
        )
        await conn.execute(
            sa.update(memories).where(memories.c.id == tampered).values(title="Changed behind")
        )
    assert await _near(s, limit=10) == [held_own, shared, own]
    assert await _near(s, P1, limit=10) == [shared]
    assert await _near(s, types=["user"]) == [own]
    assert await _near(s, classes=["working"]) == []
    # the tampered memory is left out and the next one takes its place
    assert await _near(s, limit=1) == [held_own]


async def test_one_space_at_a_time(vector_store: Store) -> None:
    a = await add(vector_store, "Alpha.")
    b = await add(vector_store, "Beta.")
    await put(vector_store, {a: _at(0)})
    await put(vector_store, {b: [1.0, 0.0]}, space="test:new:2")
    assert await _near(vector_store) == [a]
    assert await _near(vector_store, query=[1.0, 0.0], space="test:new:2") == [b]
    assert await _near(vector_store, space="test:none:4") == []


@pytest.mark.parametrize("exact", [False, True])
async def test_a_crowded_neighbour_scope_never_takes_a_small_scopes_places(
    vector_store: Store, exact: bool
) -> None:
    """600 memories of project p2 lie almost on the query; p1's 5 lie far from it. p1 still
    gets its 3 nearest, through pgvector's HNSW index or not."""
    crowd = await _bulk(vector_store, "p2", 600)
    small = await _bulk(vector_store, "p1", 5)
    chosen = {memory_id: _at(0.01 * (n % 50)) for n, memory_id in enumerate(crowd)}
    chosen |= {memory_id: _at(70 + n) for n, memory_id in enumerate(small)}
    await put(vector_store, chosen)
    assert await _near(vector_store, P1, limit=3, exact=exact) == small[:3]
    assert len(await _near(vector_store, ScopeKey(project="p2"), limit=3, exact=exact)) == 3


async def _bulk(store: Store, project: str, n: int) -> list[int]:
    return [await add(store, f"{project} memory {i}.", project=project) for i in range(n)]
