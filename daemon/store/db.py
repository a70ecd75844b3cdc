"""The store handle: an async engine and the dialect-specific pieces every query needs."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from daemon.base.sealing import CLEAR, Sealer
from daemon.store.engine import check_schema, make_engine, read_engine
from daemon.store.failures import store_errors

#: The connection every query takes: callers outside the store annotate with this name.
Connection = AsyncConnection

#: Reads at once on SQLite: the connections its pool keeps (SQLAlchemy's default), so that a
#: read never opens one of its own. Measured with 16 clients: 3 to 10 do alike, all better
#: than unbounded (p95 half as long).
SQLITE_READERS = 5


#: The execution option under which a store's connections carry its :class:`Sealer`.
_SEALER = "memoryd_sealer"


def sealer_of(connection: AsyncConnection) -> Sealer:
    """The sealer of the store ``connection`` came from (:data:`CLEAR` for a connection
    made outside a :class:`Store`, or a store without data keys): the one codec of the
    columns and files sealed at rest."""
    sync = connection.sync_connection
    found = None if sync is None else sync.get_execution_options().get(_SEALER)
    return found if isinstance(found, Sealer) else CLEAR


class Store:
    """The SQL store. Queries live in the modules beside this one and take a connection.

    ``sealer`` seals transcripts and signs memories (:mod:`daemon.base.sealing`); every
    connection the store hands out carries it (:func:`sealer_of`)."""

    def __init__(self, engine: AsyncEngine, *, sealer: Sealer | None = None) -> None:
        self.sealer = sealer or CLEAR
        self.engine = engine.execution_options(**{_SEALER: self.sealer})
        self._reader: AsyncEngine | None = None  # PostgreSQL's read pool, made on first read
        self._sqlite_reads = asyncio.Semaphore(SQLITE_READERS)

    @classmethod
    def from_url(
        cls,
        url: str,
        *,
        pool_size: int = 10,
        sealer: Sealer | None = None,
        sqlite_vec: bool = True,
    ) -> Store:
        """``sqlite_vec=False``: SQLite without the extension (see :func:`make_engine`)."""
        engine = make_engine(url, pool_size=pool_size, sqlite_vec=sqlite_vec)
        return cls(engine, sealer=sealer)

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    @asynccontextmanager
    async def begin(self) -> AsyncIterator[AsyncConnection]:
        """A connection inside one transaction, committed on success. Here and in
        :meth:`connect` and :meth:`read`, what fails is raised as the store's own error
        (:mod:`daemon.store.failures`)."""
        async with store_errors(), self.engine.begin() as connection:
            yield connection

    @asynccontextmanager
    async def connect(self) -> AsyncIterator[AsyncConnection]:
        async with store_errors(), self.engine.connect() as connection:
            yield connection

    @asynccontextmanager
    async def read(self) -> AsyncIterator[AsyncConnection]:
        """A connection for reads. On PostgreSQL it comes from a pool of its own whose
        connections are outside any transaction (autocommit): a read sends no BEGIN nor
        ROLLBACK, and a connection is pinged at checkout only after a second idle
        (:func:`~daemon.store.engine.read_engine`). Statements read side by side on it need
        not see one snapshot. On SQLite at most :data:`SQLITE_READERS` reads run at once
        (the others wait their turn): each runs in a thread of its own, and past a few they
        only contend for the same cores."""
        if self.engine.dialect.name != "sqlite":
            async with store_errors(), self._read_engine().connect() as connection:
                yield connection
            return
        async with store_errors(), self._sqlite_reads, self.engine.connect() as connection:
            yield connection

    def _read_engine(self) -> AsyncEngine:
        if self.engine.dialect.name != "postgresql":
            return self.engine
        if self._reader is None:
            self._reader = read_engine(self.engine).execution_options(**{_SEALER: self.sealer})
        return self._reader

    async def check_schema(self) -> None:
        async with store_errors():
            await check_schema(self.engine)

    async def close(self) -> None:
        if self._reader is not None:
            await self._reader.dispose()
        await self.engine.dispose()


async def fetch(connection: AsyncConnection, statement: str, *args: Any) -> list[Any]:
    """PostgreSQL: the records of ``statement`` (numbered parameters), run on the asyncpg
    connection under ``connection``: the few hot reads recall makes per request
    (:mod:`daemon.store.memory.search`, ``.sections``). Running one statement through
    SQLAlchemy cost 0.5 ms of CPU beside asyncpg's 0.1 ms, most of a search served over HTTP.
    Whatever transaction ``connection`` is in, the statement is in.

    What fails is raised as SQLAlchemy's error (:func:`driver_error`), which the store's
    connections raise as the store's own as any other statement's; when the connection is
    lost or in an unknown state, it is invalidated first, so that the pool does not hand it
    out again.
    """
    raw = await connection.get_raw_connection()
    driver = raw.driver_connection
    assert driver is not None  # a connection checked out of the pool
    try:
        return list(await driver.fetch(statement, *args))
    except Exception as exc:
        import asyncpg  # here: commands on SQLite never import it (memoryd inject stays fast)

        lost = (
            driver.is_closed()
            or not isinstance(exc, asyncpg.PostgresError)
            or isinstance(
                exc,
                (
                    asyncpg.exceptions.PostgresConnectionError,
                    asyncpg.exceptions.OperatorInterventionError,
                ),
            )
        )
        if lost:
            await connection.invalidate(exc)
        raise driver_error(statement, exc, connection_invalidated=lost) from exc


def driver_error(
    statement: str, exc: Exception, *, connection_invalidated: bool = False
) -> sa.exc.DBAPIError:
    """An error of the driver's own wrapped as SQLAlchemy's, so that it is read as any other
    statement's (by :func:`daemon.store.failures.kind_of`, from its SQLSTATE). The parameters
    are never kept (they hold memory text and transcripts)."""
    return sa.exc.DBAPIError(
        statement, None, exc, hide_parameters=True, connection_invalidated=connection_invalidated
    )


def upsert(connection: AsyncConnection, table: sa.Table) -> Any:
    """An INSERT that supports ``on_conflict_do_nothing`` / ``_do_update`` on this dialect."""
    if connection.dialect.name == "postgresql":
        return postgresql.insert(table)
    return sqlite.insert(table)


def greater(column: Any, value: Any) -> Any:
    """The larger of a column and a value, in SQL both backends understand."""
    return sa.case((column < value, value), else_=column)


def octets(connection: Connection, column: Any) -> Any:
    """The UTF-8 byte length of a text column (NULL as 0), on this dialect."""
    if connection.dialect.name == "postgresql":
        return sa.func.coalesce(sa.func.octet_length(column), 0)
    return sa.func.coalesce(sa.func.length(sa.cast(column, sa.LargeBinary)), 0)
