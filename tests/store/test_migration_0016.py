"""Revision 0016 gives SQLite each scope's search postings: the live memories of a store
populated at 0015 are indexed (deleted ones are not), and later writes keep the index
through the triggers; PostgreSQL's schema is left as it was."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa

from daemon.gate.hashing import content_hash
from daemon.store.engine import make_engine, upgrade
from daemon.store.tables import memories
from tests.maintenance.helpers import T0


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
        "created_at": T0,
        "updated_at": T0,
        "deleted_at": None,
        **fields,
    }


async def test_a_populated_store_is_indexed(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'old.db'}")
    try:
        await upgrade(engine, "0015")
        async with engine.begin() as conn:
            await conn.execute(
                sa.insert(memories),
                [
                    _memory("ana", "Kestrel deploys nightly."),
                    _memory("bob", "Kestrel logs."),
                    _memory("ana", "Kestrel gone.", deleted_at=T0),
                ],
            )
        await upgrade(engine, "0016")
        postings = "SELECT tenant, term, memory_id, title_tf, content_tf, length FROM memory_terms"
        async with engine.begin() as conn:
            rows = set((await conn.execute(sa.text(postings + " WHERE term = 'kestrel'"))).all())
            assert rows == {("ana", "kestrel", 1, 0, 1, 4), ("bob", "kestrel", 2, 0, 1, 3)}
            await conn.execute(sa.insert(memories), [_memory("bob", "Kestrel again.")])
            again = await conn.execute(sa.text(postings + " WHERE memory_id = 4"))
            assert {row.term for row in again} == {"note", "kestrel", "again"}
    finally:
        await engine.dispose()
