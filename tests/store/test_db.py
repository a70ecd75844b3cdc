"""The SQL store's connections. A transaction commits whole or not at all; ``upsert`` and
``greater`` mean the same on both backends. ``Store.read``: recall's connections, outside a
transaction on PostgreSQL, without leaking that mode into the pool's other users (a write
after them is still one transaction); a few at once on SQLite."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from daemon.app.container import Container
from daemon.base.errors import StoreUnavailable
from daemon.base.scope import ScopeKey
from daemon.store import memory
from daemon.store.db import SQLITE_READERS, Store, greater, upsert
from daemon.store.engine import read_engine


async def test_a_read_connection_leaves_the_next_transaction_whole(
    runtime: Container, scratch_tables: list[str]
) -> None:
    scratch_tables.append("read_probe")
    store = runtime.store
    async with store.begin() as conn:
        await conn.execute(sa.text("CREATE TABLE read_probe (n integer)"))
    async with store.read() as conn:
        assert (await conn.execute(sa.text("SELECT count(*) FROM read_probe"))).scalar() == 0
        if store.dialect == "postgresql":  # no BEGIN was sent for the SELECT
            driver = (await conn.get_raw_connection()).driver_connection
            assert driver is not None and not driver.is_in_transaction()
    with pytest.raises(RuntimeError, match="roll back"):
        async with store.begin() as conn:
            assert conn.sync_connection is not None
            assert (
                conn.sync_connection.get_execution_options().get("isolation_level") != "AUTOCOMMIT"
            )
            await conn.execute(sa.text("INSERT INTO read_probe VALUES (1)"))
            await conn.execute(sa.text("INSERT INTO read_probe VALUES (2)"))
            raise RuntimeError("roll back")
    async with store.read() as conn:
        assert (await conn.execute(sa.text("SELECT count(*) FROM read_probe"))).scalar() == 0


async def test_sqlite_runs_at_most_a_few_reads_at_once_and_the_rest_wait(
    runtime: Container,
) -> None:
    store = runtime.store
    if store.dialect != "sqlite":
        pytest.skip("the bound is SQLite's: PostgreSQL reads have a pool of their own")
    inside, most = 0, 0
    release = asyncio.Event()

    async def read() -> int:
        nonlocal inside, most
        async with store.read() as conn:
            inside += 1
            most = max(most, inside)
            await release.wait()
            inside -= 1
            return int((await conn.execute(sa.text("SELECT 1"))).scalar_one())

    reads = [asyncio.create_task(read()) for _ in range(SQLITE_READERS + 3)]
    for _ in range(500):  # until the first ones hold their connections (thread hops)
        if inside == SQLITE_READERS:
            break
        await asyncio.sleep(0.01)
    for _ in range(10):  # the others had time to come in, were they let
        await asyncio.sleep(0.01)
    assert (inside, most) == (SQLITE_READERS, SQLITE_READERS)
    release.set()
    assert await asyncio.gather(*reads) == [1] * len(reads)


async def _pid(reader: AsyncEngine) -> int:
    async with reader.connect() as conn:
        return int((await conn.execute(sa.text("SELECT pg_backend_pid()"))).scalar_one())


async def _drop(store: Store, pid: int) -> None:
    async with store.begin() as conn:
        await conn.execute(sa.text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})


@asynccontextmanager
async def _reader(runtime: Container, ping_after_s: float) -> AsyncIterator[AsyncEngine]:
    """PostgreSQL's read engine over the runtime's store (the test is skipped on SQLite)."""
    if runtime.store.dialect != "postgresql":
        pytest.skip("PostgreSQL's read pool")
    reader = read_engine(runtime.store.engine, ping_after_s=ping_after_s)
    try:
        yield reader
    finally:
        await reader.dispose()


async def test_a_read_connection_idle_past_the_ping_delay_is_pinged_and_replaced_when_dropped(
    runtime: Container,
) -> None:
    async with _reader(runtime, ping_after_s=0) as reader:
        first = await _pid(reader)
        await _drop(runtime.store, first)
        assert await _pid(reader) != first  # the ping failed, a new connection answered


async def test_a_read_connection_in_steady_use_is_not_pinged_so_a_drop_fails_one_read(
    runtime: Container,
) -> None:
    """The trade made for a cheaper checkout: the read that takes a connection dropped since
    its last use fails (a store error, answered 503), and the pool is renewed for the next."""
    async with _reader(runtime, ping_after_s=3600) as reader:
        first = await _pid(reader)
        await _drop(runtime.store, first)
        with pytest.raises(sa.exc.DBAPIError) as failed:
            await _pid(reader)
        assert failed.value.connection_invalidated
        assert await _pid(reader) != first


async def test_a_dropped_connection_under_a_driver_statement_fails_as_a_store_error_once(
    runtime: Container,
) -> None:
    """Recall's statements run on the driver's connection: a drop under one is still a
    store error (answered 503), and the connection leaves the pool for the next read."""
    store = runtime.store
    if store.dialect != "postgresql":
        pytest.skip("the driver's statements are PostgreSQL's")
    scope = ScopeKey(project="drops")
    where = memory.SearchFilter()
    stats = memory.TermStats(runtime.clock)  # the words' stems and counts read once, here
    async with store.read() as conn:
        assert await memory.search(conn, "refunds", scope, where, stats) == []
        pid = int((await conn.execute(sa.text("SELECT pg_backend_pid()"))).scalar_one())
    await _drop(store, pid)
    with pytest.raises(StoreUnavailable) as failed:
        async with store.read() as conn:  # the same pooled connection, used a moment ago
            await memory.search(conn, "refunds", scope, where, stats)
    cause = failed.value.__cause__
    assert isinstance(cause, sa.exc.DBAPIError) and cause.connection_invalidated
    async with store.read() as conn:
        assert await memory.search(conn, "refunds", scope, where, stats) == []


async def test_a_transaction_that_fails_is_rolled_back_whole(
    runtime: Container, scratch_tables: list[str]
) -> None:
    scratch_tables.append("tx_probe")
    store = runtime.store
    async with store.begin() as conn:
        await conn.execute(sa.text("CREATE TABLE tx_probe (n integer)"))
    with pytest.raises(RuntimeError):
        async with store.begin() as conn:
            await conn.execute(sa.text("INSERT INTO tx_probe VALUES (1)"))
            raise RuntimeError("fails after the insert")
    async with store.connect() as conn:
        assert (await conn.execute(sa.text("SELECT count(*) FROM tx_probe"))).scalar() == 0


async def test_upsert_and_greater_mean_the_same_on_both_backends(
    runtime: Container, scratch_tables: list[str]
) -> None:
    scratch_tables.append("upsert_probe")
    table = sa.Table(
        "upsert_probe",
        sa.MetaData(),
        sa.Column("k", sa.Integer, primary_key=True),
        sa.Column("n", sa.Integer),
    )
    async with runtime.store.begin() as conn:
        await conn.run_sync(table.metadata.create_all)
        await conn.execute(upsert(conn, table).values(k=1, n=5))
        await conn.execute(upsert(conn, table).values(k=1, n=9).on_conflict_do_nothing())
        assert (await conn.execute(sa.select(table.c.n))).scalar_one() == 5
        for value, expected in ((3, 5), (8, 8)):
            await conn.execute(sa.update(table).values(n=greater(table.c.n, value)))
            assert (await conn.execute(sa.select(table.c.n))).scalar_one() == expected
