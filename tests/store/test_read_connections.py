"""``Store.read``: recall's connections, outside a transaction on PostgreSQL, must not leak
that mode into the pool's other users (a write after them is still one transaction)."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from daemon.runtime import Runtime


async def test_a_read_connection_leaves_the_next_transaction_whole(runtime: Runtime) -> None:
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
