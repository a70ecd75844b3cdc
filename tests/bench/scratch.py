"""Private, throw-away stores and Redis prefixes for benchmarks."""

from __future__ import annotations

import secrets
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import sqlalchemy as sa
from redis.asyncio import Redis
from sqlalchemy.ext.asyncio import create_async_engine

from daemon.base.redis_keys import Keys
from daemon.store.db import Store
from daemon.store.engine import make_engine, upgrade
from daemon.store.memory import fold_term_counts

#: The document-count keys summed a statement while settling a loaded store.
_FOLD_KEYS = 50_000


@asynccontextmanager
async def scratch_database(url: str, label: str) -> AsyncIterator[str]:
    """A new, migrated database beside ``url`` (PostgreSQL) or a temp file (SQLite)."""
    if url.startswith("sqlite"):
        with tempfile.TemporaryDirectory(prefix=f"memoryd-{label}-") as tmp:
            scratch = f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}"
            await _migrate(scratch)
            yield scratch
        return
    base = sa.engine.make_url(url)
    name = f"memoryd_{label}_{secrets.token_hex(4)}"
    admin = create_async_engine(base, isolation_level="AUTOCOMMIT")
    try:
        async with admin.connect() as conn:
            await conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
        scratch = base.set(database=name).render_as_string(hide_password=False)
        await _migrate(scratch)
        try:
            yield scratch
        finally:
            async with admin.connect() as conn:
                await conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        await admin.dispose()


async def _migrate(url: str) -> None:
    engine = make_engine(url)
    try:
        await upgrade(engine)
    finally:
        await engine.dispose()


async def settle(store: Store) -> None:
    """A store loaded in bulk, as a store written over time is kept: PostgreSQL's document
    counts summed into one row a key (the hourly consolidation's step; a bulk insert leaves a
    row a key each statement moved) and every table vacuumed and analysed (autovacuum's work:
    until the visibility map is set, an index-only read visits the table too). Measured on
    the serve bench's 100,000 memories, one worker, 16 clients: a search took 1,222-1,416 us
    of PostgreSQL's CPU as loaded, 740-765 us vacuumed, 679-746 us vacuumed and folded (the
    machine busy with other work for the last two). SQLite is analysed only."""
    while True:
        async with store.begin() as conn:
            if not await fold_term_counts(conn, _FOLD_KEYS):
                break
    async with store.connect() as conn:
        quiet = await conn.execution_options(isolation_level="AUTOCOMMIT")
        postgres = conn.dialect.name == "postgresql"
        await quiet.execute(sa.text("VACUUM ANALYZE" if postgres else "ANALYZE"))


async def drop_prefix(redis: Redis, keys: Keys) -> None:
    for pattern in keys.all_patterns():
        async for key in redis.scan_iter(match=pattern, count=1000):
            await redis.delete(key)
