"""What keeps the dispatcher cheap without changing what it stores: the next batch is prepared
while the previous one commits (preparing gives the event loop a turn every few events).
PostgreSQL's COPY records of message rows: tests/store/transcripts/test_message_rows.py."""

from __future__ import annotations

import asyncio
import json

from daemon.app.container import Container
from daemon.dispatcher.dispatcher import Entry
from daemon.events.codec import EVENT_FIELD
from daemon.events.models import TurnEvent
from daemon.store.transcripts.prepared import PreparedTurn
from tests.dispatcher.test_batches import event


async def test_preparing_a_batch_lets_other_tasks_run(runtime: Container) -> None:
    dispatcher = runtime.dispatcher(consumer="d")
    prepared = 0
    real_prepare = dispatcher.preparer.prepare

    def counting(event: TurnEvent, entry_id: str = "") -> PreparedTurn:
        nonlocal prepared
        prepared += 1
        return real_prepare(event, entry_id)

    dispatcher.preparer.prepare = counting  # type: ignore[method-assign]
    entries: list[Entry] = [
        (f"{i}-0", {EVENT_FIELD.encode(): json.dumps(event("S", i + 1, f"m{i}")).encode()})
        for i in range(100)
    ]
    seen: list[int] = []

    async def commit_in_flight() -> None:
        while prepared < len(entries):
            seen.append(prepared)
            await asyncio.sleep(0)

    other = asyncio.create_task(commit_in_flight())
    await asyncio.sleep(0)  # the other task starts before preparing does
    batch = await dispatcher._prepare(entries)
    await other

    assert len(batch.prepared) == 100
    assert any(0 < count < len(entries) for count in seen), seen
