"""Engines, the schema check and migrations.

Migrations run through alembic (``upgrade``); the schema check that every process and
command runs first reads the revision without it (alembic takes longer to import than the
check takes), from alembic's own version table and the ``revision``/``down_revision`` lines
of the migration scripts.
"""

from __future__ import annotations

import functools
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import QueuePool

from daemon.base.errors import SchemaOutOfDate
from daemon.store import sqlite_driver, stems, vector_sql

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).parent / "migrations"
VERSION_TABLE = "alembic_version"  # alembic's default, which env.py keeps
_REVISION_LINE = re.compile(
    r"""^(down_revision|revision)\s*(?::[^=]+)?=\s*(?:["']([^"']+)["']|None)\s*$""",
    re.MULTILINE,
)


def make_engine(url: str, *, pool_size: int = 10, sqlite_vec: bool = True) -> AsyncEngine:
    """An async engine; SQLite gets WAL, a busy timeout, foreign keys and sqlite-vec (on
    pysqlite3 where the interpreter's ``sqlite3`` cannot load it: :mod:`.sqlite_driver`).
    ``sqlite_vec=False``: SQLite without the extension, ranking vectors by the Python
    stand-in (the fallback, for its tests and benchmark)."""
    if url.startswith("sqlite"):
        path = url.partition(":///")[2]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        # The same SQLite library with the extension off or on: two SQLite libraries in one
        # process on one file would not see each other's locks.
        driver = sqlite_driver.dbapi()
        extra = {} if driver is None else {"module": driver}
        engine = create_async_engine(url, connect_args={"timeout": 30}, **extra)
        hook = _sqlite_pragmas if sqlite_vec else _sqlite_pragmas_without_vec
        event.listen(engine.sync_engine, "connect", hook)
        return engine
    return create_async_engine(url, pool_size=pool_size, max_overflow=pool_size, pool_pre_ping=True)


#: PostgreSQL reads: a pooled connection idle for longer than this is pinged before use.
READ_PING_AFTER_S = 1.0


def read_engine(engine: AsyncEngine, *, ping_after_s: float = READ_PING_AFTER_S) -> AsyncEngine:
    """PostgreSQL: an engine on the same database whose connections are in autocommit from
    the start (for reads: no transaction to begin or roll back). As many as ``engine``
    keeps and no overflow: past them a read waits for one rather than opening (and closing)
    a connection of its own, which under 16 clients cost more than the wait.

    A connection is pinged at checkout only when it sat idle for ``ping_after_s`` (see
    :func:`_ping_when_idle`)."""
    size = engine.pool.size() if isinstance(engine.pool, QueuePool) else 5
    reader = create_async_engine(
        engine.url, isolation_level="AUTOCOMMIT", pool_size=size, max_overflow=0
    )
    _ping_when_idle(reader, ping_after_s)
    return reader


def _ping_when_idle(engine: AsyncEngine, after_s: float) -> None:
    """Ping a pooled connection before use when it sat idle for ``after_s`` or longer; one
    that fails is replaced (SQLAlchemy's pessimistic disconnect handling). A connection in
    steady use is not pinged: the ping was a round trip and a sixth of a search's CPU. The
    cost: a server that drops connections in the second after their use fails the reads
    that next take them (the store error answers 503), and the pool is then renewed."""
    pool = engine.sync_engine.pool
    dialect = engine.sync_engine.dialect

    def fresh(_dbapi_connection: Any, record: Any) -> None:
        record.info["idle_since"] = time.monotonic()

    def checkout(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        idle_since = record.info.get("idle_since")
        if idle_since is not None and time.monotonic() - idle_since < after_s:
            return
        try:
            dialect.do_ping(dbapi_connection)
        except Exception as exc:  # whatever the driver raised, the connection is gone
            raise sa.exc.DisconnectionError("the pooled connection did not answer") from exc

    event.listen(pool, "connect", fresh)
    event.listen(pool, "checkin", fresh)
    event.listen(pool, "checkout", checkout)


#: SQLite: how much of the database file each connection maps for reading.
SQLITE_MMAP_BYTES = 1 << 30


def _sqlite_pragmas(dbapi_connection: Any, _record: Any, *, load: bool = True) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=30000")
    # Reads of a large store come from the OS's page cache, mapped, instead of a 2 MiB
    # cache of each connection's own (a search's postings and rows are scattered pages).
    cursor.execute(f"PRAGMA mmap_size={SQLITE_MMAP_BYTES}")
    # Off by default in SQLite: a memory's vectors go with it (ON DELETE CASCADE).
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
    stems.register(dbapi_connection)  # the search index's triggers call it
    vector_sql.install(dbapi_connection, load=load)


def _sqlite_pragmas_without_vec(dbapi_connection: Any, record: Any) -> None:
    _sqlite_pragmas(dbapi_connection, record, load=False)


def alembic_config(url: str) -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


@functools.cache
def head_revision() -> str:
    """The newest revision of the migration scripts: the one no other script revises."""
    revisions: set[str] = set()
    revised: set[str] = set()
    for script in (MIGRATIONS / "versions").glob("*.py"):
        fields = {m[1]: m[2] for m in _REVISION_LINE.finditer(script.read_text("utf-8"))}
        if fields.get("revision"):
            revisions.add(fields["revision"])
        if fields.get("down_revision"):
            revised.add(fields["down_revision"])
    heads = revisions - revised
    if len(heads) != 1:
        raise SchemaOutOfDate(f"the migration scripts have {len(heads)} heads, not one")
    return heads.pop()


def _current_revision(connection: Connection) -> str | None:
    if not sa.inspect(connection).has_table(VERSION_TABLE):
        return None
    found = connection.execute(sa.text(f"SELECT version_num FROM {VERSION_TABLE}")).scalars()
    versions = list(found)
    if len(versions) > 1:
        raise SchemaOutOfDate(f"the database is at {len(versions)} revisions, not one")
    return versions[0] if versions else None


@contextmanager
def _bound(config: Config, connection: Connection) -> Iterator[Config]:
    config.attributes["connection"] = connection
    try:
        yield config
    finally:
        config.attributes.pop("connection", None)


async def upgrade(engine: AsyncEngine, revision: str = "head") -> None:
    """Migrate the database to ``revision`` (``memoryd db upgrade``)."""
    from alembic import command

    def run(connection: Connection) -> None:
        with _bound(alembic_config(str(engine.url)), connection) as config:
            command.upgrade(config, revision)

    sqlite = engine.dialect.name == "sqlite"
    async with engine.connect() as connection:
        if sqlite:
            # SQLite's batch migrations copy a table and drop the old one: with foreign keys
            # on, dropping ``memories`` would delete every memory's vectors by cascade.
            await connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            await connection.commit()
        try:
            async with connection.begin():
                await connection.run_sync(run)
        finally:
            if sqlite:
                await connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                await connection.commit()


async def current_revision(engine: AsyncEngine) -> str | None:
    async with engine.connect() as connection:
        return await connection.run_sync(_current_revision)


async def check_schema(engine: AsyncEngine) -> None:
    """Refuse to run on a schema that is not at the head revision."""
    try:
        current = await current_revision(engine)
    except sa.exc.OperationalError as exc:
        raise SchemaOutOfDate(
            f"cannot read the schema version of {engine.url.render_as_string()}: {exc.orig}"
        ) from exc
    head = head_revision()
    if current != head:
        state = "empty" if current is None else f"at {current}"
        raise SchemaOutOfDate(
            f"the database is {state}, this memoryd needs {head}: run `memoryd db upgrade`"
        )
