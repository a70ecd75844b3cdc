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
    """A store loaded in bulk, as memoryd keeps it once its hourly consolidation has run:
    PostgreSQL's document counts summed into one row a key (a bench's bulk insert leaves a
    row a key each statement moved, which a search's count read sums: at 100,000 memories,
    3 million rows, and half of PostgreSQL's time a search), then the planner's statistics
    read anew."""
    while True:
        async with store.begin() as conn:
            if not await fold_term_counts(conn, _FOLD_KEYS):
                break
    async with store.begin() as conn:
        await conn.execute(sa.text("ANALYZE"))


async def drop_prefix(redis: Redis, keys: Keys) -> None:
    for pattern in keys.all_patterns():
        async for key in redis.scan_iter(match=pattern, count=1000):
            await redis.delete(key)
