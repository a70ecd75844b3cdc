"""What keeps the dispatcher cheap without changing what it stores: the next batch is prepared
while the previous one commits (preparing gives the event loop a turn every few events), and
PostgreSQL gets its message rows as COPY records built directly."""

from __future__ import annotations

import asyncio
import json

from daemon.app.container import Container
from daemon.dispatcher.dispatcher import Entry
from daemon.dispatcher.prepare import Preparer
from daemon.events.codec import EVENT_FIELD, validate_event
from daemon.events.models import TurnEvent
from daemon.store.transcripts import pgbulk
from daemon.store.transcripts.ingest import MESSAGE_COLUMNS, message_records, message_rows
from daemon.store.transcripts.prepared import PreparedTurn
from tests.dispatcher.rig import SPILL
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


def test_message_records_follow_the_message_row_columns() -> None:
    """The COPY records of PostgreSQL carry the same values, in the declared column order, as
    the rows the other backends insert."""
    raw = event("S", 3, "a", "b")
    raw["messages"][1] = {
        "id": "b",
        "role": "assistant",
        "content": "calling",
        "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "t", "arguments": "{}"}}
        ],
    }
    prepared = Preparer(SPILL).prepare(validate_event(raw), "1-0")
    rows = message_rows(prepared)
    records = message_records([prepared])
    assert [tuple(row) for row in rows] == [MESSAGE_COLUMNS] * 2
    converted = [
        tuple(
            pgbulk.json_text(v) if k == "tool_calls" else pgbulk.naive_utc(v) if k == "at" else v
            for k, v in row.items()
        )
        for row in rows
    ]
    assert records == converted
    assert records[1][MESSAGE_COLUMNS.index("tool_calls")] is not None
