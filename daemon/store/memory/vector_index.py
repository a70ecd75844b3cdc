"""SQLite's nearest-neighbour index of memory vectors: one sqlite-vec ``vec0`` table per
embedding space, kept by triggers on ``memory_vectors``.

The table of a space (:func:`table_of`) holds each vector of the space under its memory's
id, partitioned by the memory's tenant and project (vec0 partition keys) with its user as a
metadata column, so that a k-nearest query names the scope and its users inside the index
scan: another scope's vectors are never read, let alone ranked. Distances are cosine, as
``vec_distance_cosine``'s; the scan is exact (vec0 compares every vector of the partition,
in C, chunk by chunk), so the index answers what the exact scan answers, faster.

Only :mod:`daemon.store.memory.vectors` (the owner of ``memory_vectors``) makes and drops
these tables, when a space first gets vectors on a connection with sqlite-vec
(:func:`ensure`). Their triggers copy every insert, update and delete of the space's rows,
including the deletes a memory's purge cascades to, so no other writer needs to know of
them.

A connection without sqlite-vec cannot run those triggers (``no such module: vec0``): when
one opens a store that has them, it drops the triggers
(:func:`daemon.store.vector_sql.unhook`) and its own writes
go on; the index is then stale, :func:`ready` says so, searches take the exact scan and the
next :func:`ensure` (the worker's next stored batch) builds it anew.
"""

from __future__ import annotations

import hashlib
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.store.vector_sql import INDEX_PREFIX as PREFIX
from daemon.store.vector_sql import PYTHON_FALLBACK

#: The most neighbours one vec0 query returns (sqlite-vec's limit on ``k``).
KNN_MAX = 4096
_EVENTS = ("insert", "update", "delete")


def table_of(space: str) -> str:
    """The index table of ``space`` (a digest: a space's name is free text)."""
    return PREFIX + hashlib.sha256(space.encode()).hexdigest()[:16]


def _names(space: str) -> tuple[str, ...]:
    table = table_of(space)
    return (table, *(f"{table}_{event}" for event in _EVENTS))


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def create_statements(space: str, dims: int) -> list[str]:
    """The table of ``space`` filled with its vectors, and the triggers that keep it."""
    table, on_insert, on_update, on_delete = _names(space)
    it = _literal(space)
    columns = "memory_id, tenant, project, user, embedding"
    new_row = 'NEW.memory_id, NEW.tenant, NEW.project, NEW."user", NEW.vector'
    return [
        f"CREATE VIRTUAL TABLE {table} USING vec0(memory_id integer primary key,"
        " tenant text partition key, project text partition key, user text,"
        f" embedding float[{int(dims)}] distance_metric=cosine)",
        f'INSERT INTO {table}({columns}) SELECT memory_id, tenant, project, "user", vector'
        f" FROM memory_vectors WHERE space = {it}",
        f"CREATE TRIGGER {on_insert} AFTER INSERT ON memory_vectors WHEN NEW.space = {it}"
        f" BEGIN INSERT INTO {table}({columns}) VALUES ({new_row}); END",
        f'CREATE TRIGGER {on_update} AFTER UPDATE OF vector, tenant, project, "user", space'
        f" ON memory_vectors WHEN OLD.space = {it} OR NEW.space = {it} BEGIN"
        f" DELETE FROM {table} WHERE memory_id = OLD.memory_id AND OLD.space = {it};"
        f" INSERT INTO {table}({columns}) SELECT {new_row} WHERE NEW.space = {it}; END",
        f"CREATE TRIGGER {on_delete} AFTER DELETE ON memory_vectors WHEN OLD.space = {it}"
        f" BEGIN DELETE FROM {table} WHERE memory_id = OLD.memory_id; END",
    ]


def drop_statements(space: str) -> list[str]:
    """The triggers and the table of ``space`` dropped (none is an error)."""
    table, *triggers = _names(space)
    return [
        *(f"DROP TRIGGER IF EXISTS {name}" for name in triggers),
        f"DROP TABLE IF EXISTS {table}",
    ]


async def ready(conn: AsyncConnection, space: str) -> bool:
    """Whether nearest-neighbour queries of ``space`` may use its index: this connection has
    sqlite-vec, and the table and its three triggers exist (a connection without sqlite-vec
    drops the triggers: the table is then stale)."""
    if conn.dialect.name != "sqlite":
        return False
    names = _names(space)
    found = await conn.execute(
        sa.text(
            "SELECT vec_version(), (SELECT count(*) FROM sqlite_master WHERE name IN"
            f" ({', '.join(_literal(name) for name in names)}))"
        )
    )
    version, present = found.one()
    return str(version) != PYTHON_FALLBACK and int(present) == len(names)


async def ensure(conn: AsyncConnection, space: str, dims: int) -> bool:
    """Make ``space``'s index when this SQLite connection has sqlite-vec and the index is
    missing or stale (filled from the vectors stored); returns whether it is there now."""
    if conn.dialect.name != "sqlite":
        return False
    if await ready(conn, space):
        return True
    version = (await conn.execute(sa.text("SELECT vec_version()"))).scalar_one()
    if str(version) == PYTHON_FALLBACK:
        return False
    for statement in (*drop_statements(space), *create_statements(space, dims)):
        await conn.exec_driver_sql(statement)
    return True


async def drop(conn: AsyncConnection, space: str) -> None:
    """Drop ``space``'s index (before its vectors are deleted in bulk: the triggers would
    delete them from it one by one)."""
    if conn.dialect.name != "sqlite":
        return
    for statement in drop_statements(space):
        await conn.exec_driver_sql(statement)


async def drop_all_but(conn: AsyncConnection, space: str) -> None:
    """Drop every space's index but ``space``'s."""
    if conn.dialect.name != "sqlite":
        return
    keep = set(_names(space))
    found = await conn.execute(
        sa.text(
            "SELECT name, type FROM sqlite_master WHERE name LIKE :prefix ESCAPE '!' AND"
            " (type = 'trigger' OR sql LIKE 'CREATE VIRTUAL TABLE%')"
            " ORDER BY type = 'table'"  # triggers first
        ),
        {"prefix": PREFIX.replace("_", "!_") + "%"},
    )
    for name, kind in found.all():
        if name not in keep:  # a vec0 table's own shadow tables go with it
            await conn.exec_driver_sql(f'DROP {str(kind).upper()} IF EXISTS "{name}"')


async def knn(
    conn: AsyncConnection, space: str, query: bytes, params: dict[str, Any], k: int
) -> list[tuple[int, float]]:
    """The ``k`` vectors of the scope (``params``: ``tenant``, ``project``, ``users``)
    nearest to ``query`` in ``space``'s index, nearest first: ``(memory_id, distance)``."""
    statement = sa.text(
        f"SELECT memory_id, distance FROM {table_of(space)} WHERE embedding MATCH :query"
        ' AND k = :k AND tenant = :tenant AND project = :project AND "user" IN :users'
    ).bindparams(sa.bindparam("users", expanding=True))
    found = await conn.execute(
        statement,
        {
            "query": query,
            "k": min(k, KNN_MAX),
            "tenant": params["tenant"],
            "project": params["project"],
            "users": params["users"],
        },
    )
    return [(int(memory_id), float(distance)) for memory_id, distance in found.all()]
