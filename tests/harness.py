"""Driving the pipeline in tests: publish, dispatch, work, and read back what was stored."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import sqlalchemy as sa
from arq import Worker

from daemon.app.container import Container
from daemon.app.process_runner import drain_worker
from daemon.events.models import TurnEvent
from daemon.events.publisher import Publisher, fixture_events
from daemon.fixtures import load
from daemon.store.tables import metadata
from workers.worker_settings import build_worker


def publisher(rt: Container) -> Publisher:
    return Publisher(rt.redis, rt.keys, max_event_bytes=rt.settings.stream.max_event_bytes)


async def publish_fixture(rt: Container, name: str) -> list[TurnEvent]:
    events = fixture_events(load(name))
    await publisher(rt).publish_many(events)
    return events


def worker(rt: Container, **overrides: Any) -> Worker:
    options: dict[str, Any] = {"cron_jobs": []}
    options.update(overrides)
    return build_worker(rt, **options)


async def work(rt: Container, **overrides: Any) -> None:
    """Run a worker until no job is due or running."""
    await drain_worker(worker(rt, **overrides), rt)


async def run_pipeline(rt: Container) -> None:
    """Dispatch everything published, then work until nothing is due."""
    await rt.dispatcher(consumer="test-dispatcher").run(burst=True)
    await work(rt)


async def rows(rt: Container, table: str, *where: Any) -> list[Any]:
    t = metadata.tables[table]
    async with rt.store.connect() as conn:
        return list((await conn.execute(sa.select(t).where(*where))).all())


async def live_memories(rt: Container) -> list[Any]:
    t = metadata.tables["memories"]
    return await rows(rt, "memories", t.c.deleted_at.is_(None))


#: The tables kept beside the memories, with their scope's names and words: SQLite's
#: postings, PostgreSQL's document counts and marks of which transactions changed a project.
_SEARCH_TABLES = ("memory_terms", "memory_term_counts", "memory_changes")


def _has_table(conn: sa.Connection, name: str) -> bool:
    return sa.inspect(conn).has_table(name)


async def everything_stored(rt: Container) -> str:
    """Every value in every table and every truncation file, as one text (for leak checks)."""
    parts: list[str] = []
    async with rt.store.connect() as conn:
        for table in metadata.sorted_tables:
            for row in await conn.execute(sa.select(table)):
                parts.append(repr(tuple(row)))
        for name in _SEARCH_TABLES:  # outside the declared schema (revisions 0016, 0024, 0025)
            if await conn.run_sync(_has_table, name):
                for row in await conn.execute(sa.text(f"SELECT * FROM {name}")):
                    parts.append(repr(tuple(row)))
    root = Path(rt.settings.truncation.dir)
    if root.exists():
        for path in root.iterdir():
            parts.append(path.read_text(encoding="utf-8", errors="replace"))
    return "\n".join(parts)
