"""The message rows of stored turns (daemon.store.transcripts.message_rows): PostgreSQL gets
them as COPY records built directly, with the values the other backends insert as rows."""

from __future__ import annotations

from daemon.dispatcher.prepare import Preparer
from daemon.events.codec import validate_event
from daemon.store.transcripts import pgbulk
from daemon.store.transcripts.message_rows import MESSAGE_COLUMNS, message_records, message_rows
from tests.dispatcher.rig import SPILL
from tests.dispatcher.test_batches import event


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
