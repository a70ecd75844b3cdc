"""Revision 0024 gives PostgreSQL each scope's document counts: the live memories of a store
populated at 0023 are counted (deleted and held ones are not), later writes keep the counts
through the triggers, and a downgrade removes the table and its triggers; SQLite's schema is
left as it was."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from alembic import command
from sqlalchemy import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

from daemon.gate.hashing import content_hash
from daemon.store.engine import alembic_config, upgrade
from tests.store.test_migration_0011 import fresh  # noqa: F401 - the fixture of both backends

AT = datetime(2026, 11, 20, 12)
_COUNTS = (
    "SELECT tenant, \"user\", sum(docs) FROM memory_term_counts WHERE lexeme = 'kestrel' "
    'GROUP BY tenant, "user" ORDER BY tenant, "user"'
)


def _memory(tenant: str, content: str, **fields: object) -> dict[str, object]:
    return {
        "tenant": tenant,
        "project": "p",
        "user": "",
        "type": "project",
        "class": "durable",
        "pinned": False,
        "title": "Note",
        "content": content,
        "content_hash": content_hash("project", content),
        "created_by": "test",
        "created_at": AT,
        "updated_at": AT,
        "deleted_at": None,
        "review": "none",
        **fields,
    }


async def test_a_populated_store_is_counted(fresh: AsyncEngine) -> None:  # noqa: F811
    await upgrade(fresh, "0023")
    old = sa.table("memories", *(sa.column(c) for c in _memory("ana", "x")))
    async with fresh.begin() as conn:
        await conn.execute(
            sa.insert(old),
            [
                _memory("ana", "Kestrel deploys nightly."),
                _memory("ana", "Kestrel logs rotate.", user="u1"),
                _memory("bob", "Kestrel logs."),
                _memory("ana", "Kestrel gone.", deleted_at=AT),
                _memory("ana", "Kestrel held.", review="pending"),
            ],
        )
    await upgrade(fresh, "0024")
    async with fresh.begin() as conn:
        if conn.dialect.name != "postgresql":
            assert not await conn.run_sync(_has_counts)
            return
        assert (await conn.execute(sa.text(_COUNTS))).all() == [
            ("ana", "", 1),
            ("ana", "u1", 1),
            ("bob", "", 1),
        ]
        await conn.execute(sa.insert(old), [_memory("bob", "Kestrel again.")])
        await conn.execute(
            sa.text("UPDATE memories SET review = 'approved' WHERE review = 'pending'")
        )
        assert (await conn.execute(sa.text(_COUNTS))).all() == [
            ("ana", "", 2),
            ("ana", "u1", 1),
            ("bob", "", 2),
        ]
    await _downgrade(fresh, "0023")
    async with fresh.begin() as conn:
        assert not await conn.run_sync(_has_counts)
        await conn.execute(sa.insert(old), [_memory("bob", "Kestrel after the downgrade.")])


async def _downgrade(engine: AsyncEngine, revision: str) -> None:
    def run(connection: Connection) -> None:
        config = alembic_config(str(engine.url))
        config.attributes["connection"] = connection
        command.downgrade(config, revision)

    async with engine.connect() as connection, connection.begin():
        await connection.run_sync(run)


def _has_counts(connection: Connection) -> bool:
    return sa.inspect(connection).has_table("memory_term_counts")
