"""Surfacing: what recall returns is marked as surfaced, at most once an hour, never raising."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest
import sqlalchemy as sa

from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.recall import Recall, ScopeKey
from daemon.recall import surfacing as surfacing_module
from daemon.recall.surfacing import Surfacing
from daemon.store.db import Store
from daemon.store.tables import memories
from tests.operators.seed import T0, memory

SHARED = ScopeKey(project="acme/billing")


async def test_search_marks_what_it_returns_as_surfaced(runtime: Container) -> None:
    """Written off the read path, at the latest when the Recall is closed."""
    hit = await memory(runtime, SHARED, "Refunds", "Refunds are issued within 5 days.")
    miss = await memory(runtime, SHARED, "Invoices", "Invoices are sent monthly.")
    clock = FakeClock(T0)
    clock.advance(3600)
    r = Recall(runtime.store, clock)
    shown_at = clock.now()
    await r.search("refunds", SHARED)
    await r.search("invoices", SHARED, mark=False)
    await r.aclose(close_store=False)
    async with runtime.store.connect() as conn:
        rows = dict(
            (await conn.execute(sa.select(memories.c.id, memories.c.last_surfaced_at))).all()
        )
    assert rows[hit] == shown_at
    assert rows[miss] is None


async def test_a_memory_surfaced_again_within_the_hour_is_not_rewritten(runtime: Container) -> None:
    """Recording a use rewrites the row (and every index of it, the full-text one too), so a
    memory shown again and again is written at most once an hour: the idle sweep counts in
    days."""
    hit = await memory(runtime, SHARED, "Refunds", "Refunds are issued within 5 days.")
    clock = FakeClock(T0)

    async def surfaced_after(seconds: float) -> Any:
        clock.advance(seconds)
        r = Recall(runtime.store, clock)
        await r.search("refunds", SHARED)
        await r.aclose(close_store=False)
        async with runtime.store.connect() as conn:
            return (
                await conn.execute(
                    sa.select(memories.c.last_surfaced_at).where(memories.c.id == hit)
                )
            ).scalar_one()

    first = await surfaced_after(3600)
    assert await surfaced_after(60) == first
    assert await surfaced_after(3500) == first
    assert await surfaced_after(60) == first + timedelta(seconds=3620)


async def test_a_failed_surfacing_write_is_dropped_not_raised(runtime: Container) -> None:
    broken = Store.from_url("postgresql+asyncpg://nobody@127.0.0.1:1/none", pool_size=1)
    surfacing = Surfacing(broken, FakeClock(T0))
    surfacing.note([1, 2])
    assert surfacing.pending == 2
    await surfacing.aclose()
    assert surfacing.pending == 0
    await broken.close()


class _Waiting(FakeClock):
    """A fake clock whose sleep never ends: only the test's flushes write."""

    async def sleep(self, seconds: float) -> None:
        await asyncio.Event().wait()


async def test_a_flush_writes_once_a_second_and_skips_what_it_wrote_within_the_hour(
    runtime: Container, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under load every request's time is its own: a flush wrote one UPDATE per request (two
    thousand every five seconds at 400 searches a second). Times are written to the second,
    and a memory this process marked within the hour is not sent again."""
    written: list[tuple[list[int], Any]] = []

    async def counted(conn: Any, ids: list[int], now: Any) -> None:
        written.append((ids, now))

    monkeypatch.setattr(surfacing_module, "mark_surfaced", counted)
    clock = _Waiting(T0)
    surfacing = Surfacing(runtime.store, clock)
    for n in range(5):
        surfacing.note([n, 10])
        clock.advance(0.1)
    await surfacing.flush()
    assert written == [([0, 1, 2, 3, 4, 10], T0)]
    clock.advance(1800)
    surfacing.note([10, 11])
    assert surfacing.pending == 1
    clock.advance(1800)
    surfacing.note([10])
    await surfacing.aclose()
    assert written[1:] == [
        ([11], T0 + timedelta(seconds=1800)),
        ([10], T0 + timedelta(seconds=3600)),
    ]
