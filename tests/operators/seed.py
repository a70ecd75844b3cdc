"""Putting memories, sessions and runs straight into the store for operator tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.store import memory as memory_store
from daemon.store.memory import writes as memory_writes  # seeds the store unscreened
from daemon.store.runs import RunRecord, insert_run

T0 = datetime(2026, 1, 1, tzinfo=UTC)


async def memory(
    rt: Container,
    scope: ScopeKey,
    title: str,
    content: str,
    *,
    type_: str = "project",
    memory_class: str = "durable",
    created_by: str = "extractor:rules",
    at: datetime | None = None,
    pinned: bool = False,
    source_user: str | None = None,
    metadata: dict[str, Any] | None = None,
) -> int:
    async with rt.store.begin() as conn:
        memory_id = await memory_writes.create(
            conn,
            scope,
            type_=type_,
            memory_class=memory_class,
            title=title,
            content=content,
            prov=memory_store.Provenance(
                actor=memory_store.Actor.RUN,
                created_by=created_by,
                session_id="s-1",
                source_user=source_user,
            ),
            now=at or T0,
            metadata=metadata,
        )
        assert isinstance(memory_id, int)
        if pinned:
            from daemon.store.tables import memories

            await conn.execute(
                memories.update().where(memories.c.id == memory_id).values(pinned=True)
            )
    return memory_id


async def run(rt: Container, scope: ScopeKey, session_id: str, outcome: str, **fields: Any) -> int:
    finished = fields.pop("finished_at", T0)
    duration = fields.pop("duration_ms", 100)
    record = RunRecord(
        session_id=session_id,
        scope=scope,
        extractor="rules",
        outcome=outcome,
        started_at=finished - timedelta(milliseconds=duration),
        finished_at=finished,
        duration_ms=duration,
        **fields,
    )
    async with rt.store.begin() as conn:
        return await insert_run(conn, record)


async def many(rt: Container, scope: ScopeKey, count: int, title: str, content: str) -> list[int]:
    """``count`` memories in one transaction; ``{i}`` in title and content is the index."""
    ids = []
    async with rt.store.begin() as conn:
        for i in range(count):
            memory_id = await memory_writes.create(
                conn,
                scope,
                type_="project",
                memory_class="durable",
                title=title.format(i=i),
                content=content.format(i=i),
                prov=memory_store.Provenance(actor=memory_store.Actor.RUN, session_id="s-1"),
                now=T0 + timedelta(seconds=i),
            )
            assert isinstance(memory_id, int)
            ids.append(memory_id)
    return ids
