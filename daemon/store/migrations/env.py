"""Alembic environment: runs migrations over memoryd's async engine."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy import event
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import create_async_engine

from daemon.store import stems
from daemon.store.tables import metadata

config = context.config


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


async def _run_async(url: str) -> None:
    engine = create_async_engine(url)
    if engine.dialect.name == "sqlite":  # the search index's triggers call it
        event.listen(engine.sync_engine, "connect", lambda conn, _: stems.register(conn))
    try:
        async with engine.begin() as connection:
            await connection.run_sync(_run)
    finally:
        await engine.dispose()


connection = config.attributes.get("connection")
if connection is not None:
    _run(connection)
else:
    asyncio.run(_run_async(config.get_main_option("sqlalchemy.url") or ""))
