"""The dispatcher's pipeline as a unit: at most one commit in flight, batches the store
refused kept in order and retried oldest first, everything forgotten on ``abandon``."""

from __future__ import annotations

import asyncio

import pytest

from daemon.dispatcher.pipeline import Pipeline, StreamBatch


class Store:
    """A commit function that records what it was given and answers from a script."""

    def __init__(self, *answers: bool) -> None:
        self.answers = list(answers)
        self.seen: list[StreamBatch] = []
        self.gate: asyncio.Event | None = None

    async def commit(self, batch: StreamBatch) -> bool:
        self.seen.append(batch)
        if self.gate is not None:
            await self.gate.wait()
        return self.answers.pop(0) if self.answers else True


async def test_a_submitted_batch_commits_in_the_background_and_drain_waits_for_it() -> None:
    store = Store(True)
    store.gate = asyncio.Event()
    pipeline = Pipeline(store.commit)
    batch = StreamBatch()
    pipeline.submit(batch)
    drained = asyncio.create_task(pipeline.drain())
    await asyncio.sleep(0)
    assert store.seen == [batch] and not drained.done()  # in flight, not yet committed
    store.gate.set()
    assert await drained is True
    assert pipeline.failed == []


async def test_a_refused_batch_is_kept_and_retried_before_anything_new() -> None:
    store = Store(False)
    pipeline = Pipeline(store.commit)
    first, second = StreamBatch(), StreamBatch()
    pipeline.submit(first)
    assert await pipeline.drain() is False
    assert pipeline.failed == [first]
    await pipeline.run_now(second)  # the store is back for this one
    assert pipeline.failed == [first]
    assert await pipeline.retry() is True
    assert store.seen == [first, second, first]
    assert pipeline.failed == []


async def test_retry_stops_at_the_first_batch_still_refused_and_keeps_the_order() -> None:
    store = Store(False, False, True, False)
    pipeline = Pipeline(store.commit)
    a, b, c = StreamBatch(), StreamBatch(), StreamBatch()
    for batch in (a, b):
        await pipeline.run_now(batch)
    pipeline.failed.append(c)
    assert await pipeline.retry() is False  # a went through, b was refused again
    assert pipeline.failed == [b, c]
    assert store.seen == [a, b, a, b]


async def test_abandon_waits_for_the_commit_in_flight_and_forgets_everything() -> None:
    async def crash(batch: StreamBatch) -> bool:
        raise RuntimeError("the connection dropped")

    pipeline = Pipeline(crash)
    pipeline.failed.append(StreamBatch())
    pipeline.submit(StreamBatch())
    await pipeline.abandon()  # the crash is swallowed: the entries stay pending in Redis
    assert pipeline.failed == []
    assert await pipeline.drain() is True


async def test_drain_raises_what_the_commit_raised() -> None:
    async def crash(batch: StreamBatch) -> bool:
        raise RuntimeError("bug")

    pipeline = Pipeline(crash)
    pipeline.submit(StreamBatch())
    with pytest.raises(RuntimeError, match="bug"):
        await pipeline.drain()
