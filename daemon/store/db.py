"""The store handle: an async engine and the dialect-specific pieces every query needs."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from daemon.store.engine import check_schema, make_engine


class Store:
    """The SQL store. Queries live in the modules beside this one and take a connection."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    @classmethod
    def from_url(cls, url: str, *, pool_size: int = 10) -> Store:
        return cls(make_engine(url, pool_size=pool_size))

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    @asynccontextmanager
    async def begin(self) -> AsyncIterator[AsyncConnection]:
        """A connection inside one transaction, committed on success."""
        async with self.engine.begin() as connection:
            yield connection

    @asynccontextmanager
    async def connect(self) -> AsyncIterator[AsyncConnection]:
        async with self.engine.connect() as connection:
            yield connection

    @asynccontextmanager
    async def read(self) -> AsyncIterator[AsyncConnection]:
        """A connection for reads: on PostgreSQL outside any transaction (autocommit), which
        saves the BEGIN and ROLLBACK round trips a read would otherwise pay. Statements read
        side by side on it need not see one snapshot."""
        async with self.engine.connect() as connection:
            if connection.dialect.name == "postgresql":
                await connection.execution_options(isolation_level="AUTOCOMMIT")
            yield connection

    async def check_schema(self) -> None:
        await check_schema(self.engine)

    async def close(self) -> None:
        await self.engine.dispose()


def upsert(connection: AsyncConnection, table: sa.Table) -> Any:
    """An INSERT that supports ``on_conflict_do_nothing`` / ``_do_update`` on this dialect."""
    if connection.dialect.name == "postgresql":
        return postgresql.insert(table)
    return sqlite.insert(table)


def greater(column: Any, value: Any) -> Any:
    """The larger of a column and a value, in SQL both backends understand."""
    return sa.case((column < value, value), else_=column)
