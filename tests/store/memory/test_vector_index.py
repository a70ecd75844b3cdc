"""SQLite's sqlite-vec index of memory vectors (``daemon.store.memory.vector_index``): its
answers are the exact scan's, it never ranks another scope's vectors, a search's filters
hold through it (more candidates asked, the exact scan past its limit), it follows every
write of ``memory_vectors`` (updates, purges, a space dropped), and a connection without
sqlite-vec still works on a store that has it, the index being rebuilt afterwards."""

from __future__ import annotations

import importlib
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from daemon.base.scope import ScopeKey
from daemon.store import sqlite_driver
from daemon.store.db import Store
from daemon.store.memory import vector_index, vectors
from daemon.store.memory.nearest import nearest
from daemon.store.memory.search import SearchFilter
from daemon.store.tables import memories
from tests.backends import SqliteTemplate
from tests.maintenance.helpers import DAY, T0, add
from tests.store.memory.vector_helpers import SPACE, put

#: The module (its name is also the package's function).
nearest_module = importlib.import_module("daemon.store.memory.nearest")
P1 = ScopeKey(project="p1")
ANN = ScopeKey(project="p1", user="ann")


@pytest.fixture
def url(sqlite_template: SqliteTemplate, tmp_path: Path) -> str:
    return sqlite_template.copy_to(tmp_path / "memoryd.db")


@pytest.fixture
async def store(url: str) -> AsyncIterator[Store]:
    store = Store.from_url(url)
    async with store.connect() as conn:
        version = (await conn.exec_driver_sql("SELECT vec_version()")).scalar_one()
    if version == "python":
        pytest.skip("no sqlite3 module here loads sqlite-vec (install pysqlite3-binary)")
    yield store
    await store.close()


def _random(rng: random.Random, dims: int = 16) -> list[float]:
    return [rng.uniform(-1, 1) for _ in range(dims)]


async def _near(
    store: Store, query: list[float], *, scope: ScopeKey = ANN, exact: bool = False, **kw: object
) -> list[int]:
    async with store.connect() as conn:
        where = SearchFilter(**kw)  # type: ignore[arg-type]
        return [m.id for m in await nearest(conn, scope, SPACE, query, where, exact=exact)]


async def _indexed(store: Store, space: str = SPACE) -> set[int]:
    async with store.connect() as conn:
        found = await conn.exec_driver_sql(f"SELECT memory_id FROM {vector_index.table_of(space)}")
        return {int(memory_id) for (memory_id,) in found}


async def _ready(store: Store, space: str = SPACE) -> bool:
    async with store.connect() as conn:
        return await vector_index.ready(conn, space)


async def _bulk(store: Store, n: int, tag: str = "", **fields: object) -> list[int]:
    return [await add(store, f"Memory {tag}{i} of {fields}.", **fields) for i in range(n)]


def test_the_store_loads_sqlite_vec_where_pysqlite3_is_installed() -> None:
    """The interpreter's sqlite3 or pysqlite3: one of them loads extensions here."""
    assert sqlite_driver.stdlib_loads_extensions() or sqlite_driver.dbapi() is not None


async def test_the_index_answers_what_the_exact_scan_answers(store: Store) -> None:
    rng = random.Random(21)
    ids = await _bulk(store, 150) + await _bulk(store, 50, user="ann")
    await put(store, {memory_id: _random(rng) for memory_id in ids})
    assert await _ready(store)
    assert await _indexed(store) == set(ids)
    for _ in range(25):
        query = _random(rng)
        for k in (1, 10, 40):
            assert await _near(store, query, limit=k) == await _near(
                store, query, limit=k, exact=True
            )
    async with store.connect() as conn:
        (best,) = await nearest(conn, ANN, SPACE, query, SearchFilter(limit=1))
        (same,) = await nearest(conn, ANN, SPACE, query, SearchFilter(limit=1), exact=True)
    assert best.score == pytest.approx(same.score, abs=1e-6)


async def test_a_crowded_neighbour_never_takes_the_scopes_places(store: Store) -> None:
    """Another project's and another user's memories lie on the query, and so do many of
    the scope's own forgotten or held ones: the scope's 3 visible ones still come back."""
    query = [1.0] + [0.0] * 15
    near = [1.0, 0.001] + [0.0] * 14
    crowd = await _bulk(store, 300, project="p2") + await _bulk(store, 300, user="bob")
    crowd += await _bulk(store, 100, tenant="t2")
    forgotten = await _bulk(store, 40, "forgotten")
    held = await _bulk(store, 40, review="pending", source_user="bob")
    small = await _bulk(store, 3)
    chosen = {memory_id: near for memory_id in crowd + forgotten + held}
    chosen |= {memory_id: [0.1 * n, 1.0] + [0.0] * 14 for n, memory_id in enumerate(small)}
    await put(store, chosen)
    async with store.begin() as conn:
        await conn.execute(
            sa.update(memories).where(memories.c.id.in_(forgotten)).values(deleted_at=sa.func.now())
        )
    assert await _ready(store)
    assert await _near(store, query, limit=3) == small[::-1]
    assert await _near(store, query, scope=P1, limit=5) == small[::-1]
    assert len(await _near(store, query, scope=ScopeKey(project="p2"), limit=5)) == 5
    assert await _near(store, query, limit=3, types=["user"]) == []


async def test_the_filters_hold_through_the_index(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """200 of the scope's memories lie on the query, of another session and created
    earlier; the 3 a filter lets through lie further: the index is asked for more until
    they come back, as the exact scan answers; and when its limit comes first, the exact
    scan (filters inside) answers."""
    query = [1.0] + [0.0] * 15
    near = [1.0, 0.001] + [0.0] * 14
    crowd = await _bulk(store, 200, "crowd", source_session="s-crowd", created_at=T0 - 9 * DAY)
    wanted = await _bulk(store, 3, "wanted", source_session="s-wanted", created_at=T0)
    chosen = {memory_id: near for memory_id in crowd}
    chosen |= {memory_id: [0.1 * n, 1.0] + [0.0] * 14 for n, memory_id in enumerate(wanted)}
    await put(store, chosen)
    assert await _ready(store)
    filters: list[dict[str, object]] = [
        {"source_session": "s-wanted"},
        {"created_after": T0 - DAY},
        {"created_before": T0 - DAY},
        {"types": ["project"], "source_session": "s-wanted"},
        {"types": ["user"], "source_session": "s-wanted"},
    ]
    for given in filters:
        indexed = await _near(store, query, limit=3, **given)
        assert indexed == await _near(store, query, limit=3, exact=True, **given), given
    assert await _near(store, query, limit=3, source_session="s-wanted") == wanted[::-1]
    assert await _near(store, query, limit=3, created_after=T0 - DAY) == wanted[::-1]
    assert len(await _near(store, query, limit=3, created_before=T0 - DAY)) == 3
    # the index's limit reached before 3 pass the filter: the exact scan answers
    answered: list[object] = []
    indexed_path = nearest_module._indexed

    async def spied(*args: object) -> object:
        found = await indexed_path(*args)  # type: ignore[arg-type]
        answered.append(found)
        return found

    monkeypatch.setattr(nearest_module, "KNN_MAX", 60)
    monkeypatch.setattr(nearest_module, "_indexed", spied)
    assert await _near(store, query, limit=3, source_session="s-wanted") == wanted[::-1]
    assert answered == [None]


async def test_updates_purges_and_dropped_spaces_reach_the_index(store: Store) -> None:
    a, b, c = [await add(store, f"Memory {n}.") for n in "abc"]
    await put(store, {a: [1, 0, 0, 0], b: [1, 1, 0, 0], c: [0, 0, 1, 0]})
    assert await _near(store, [1.0, 0, 0, 0], limit=1) == [a]
    # a is written again and its new vector lies elsewhere: the index follows the upsert
    async with store.begin() as conn:
        await conn.execute(
            sa.update(memories).where(memories.c.id == a).values(updated_at=sa.func.now())
        )
    await put(store, {a: [0, 0, 0, 1]})
    assert await _near(store, [1.0, 0, 0, 0], limit=1) == [b]
    assert await _near(store, [0, 0, 0, 1.0], limit=1) == [a]
    # a purge cascades to memory_vectors, and from there to the index
    async with store.begin() as conn:
        await conn.execute(sa.delete(memories).where(memories.c.id == b))
    assert await _indexed(store) == {a, c}
    # a second space has an index of its own; a reindex drops the other space's
    await put(store, {a: [1.0, 0.0], c: [0.0, 1.0]}, space="test:new:2")
    assert await _indexed(store, "test:new:2") == {a, c}
    async with store.begin() as conn:
        await vectors.drop_other_spaces(conn, "test:new:2")
        tables = await conn.exec_driver_sql(
            "SELECT count(*) FROM sqlite_master WHERE name GLOB 'memory_vec_*'"
        )
        left = tables.scalar_one()
    assert not await _ready(store, SPACE)
    assert await _ready(store, "test:new:2")
    async with store.begin() as conn:
        await vectors.drop_space(conn, "test:new:2")
        gone = await conn.exec_driver_sql(
            "SELECT count(*) FROM sqlite_master WHERE name GLOB 'memory_vec_*'"
        )
        assert gone.scalar_one() == 0 < left
    assert await _near(store, [1.0, 0], limit=1) == []


async def test_a_connection_without_sqlite_vec_unhooks_the_index_and_it_is_rebuilt(
    store: Store, url: str
) -> None:
    a, b = await add(store, "Alpha."), await add(store, "Beta.")
    await put(store, {a: [1, 0, 0, 0]})
    assert await _ready(store)
    plain = Store.from_url(url, sqlite_vec=False)
    try:
        async with plain.connect() as conn:
            assert await vectors.engine_of(conn) == "python"
            assert not await vector_index.ready(conn, SPACE)
        await put(plain, {b: [0, 1, 0, 0]})  # its triggers are gone: the write goes through
        async with plain.connect() as conn:
            found = await nearest(conn, ANN, SPACE, [0.0, 1, 0, 0], SearchFilter(limit=1))
        assert [m.id for m in found] == [b]
    finally:
        await plain.close()
    # the index missed b: stale, so the exact scan answers until the next batch rebuilds it
    assert not await _ready(store)
    assert await _near(store, [0.0, 1, 0, 0], limit=1) == [b]
    c = await add(store, "Gamma.")
    await put(store, {c: [0, 0, 1, 0]})
    assert await _ready(store)
    assert await _indexed(store) == {a, b, c}
