"""The ``messages`` rows of newly stored turns: built, sealed and inserted.

:func:`insert_messages` writes them (on PostgreSQL through COPY, from
:func:`message_records`; elsewhere from :func:`message_rows`). A message id the session
already used is a refusal of the event, never a silent skip.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.sealing import CLEAR, Sealer
from daemon.store.db import sealer_of
from daemon.store.tables import messages
from daemon.store.transcripts import pgbulk
from daemon.store.transcripts.prepared import PreparedTurn
from daemon.store.transcripts.sealed import MESSAGE_CONTENT, MESSAGE_TOOL_CALLS, seal_row


async def insert_messages(conn: AsyncConnection, stored: list[PreparedTurn]) -> None:
    """Insert the messages of newly stored turns (on PostgreSQL through COPY). Only new turns
    get here, so a message id the session already used is a refusal of the event (an
    integrity error, raised as :class:`~daemon.base.errors.StoreRefused`) on both backends,
    never a silent skip."""
    if not any(t.messages for t in stored):
        return
    if conn.dialect.name == "postgresql":
        records = message_records(stored, sealer_of(conn))
        await pgbulk.copy_records(conn, messages, MESSAGE_COLUMNS, records)
    else:
        sealer = sealer_of(conn)
        rows = [
            seal_row(sealer, row, MESSAGE_CONTENT, MESSAGE_TOOL_CALLS)
            for t in stored
            for row in message_rows(t)
        ]
        await conn.execute(sa.insert(messages), rows)


#: The columns of a message row, in the order of :func:`message_records`.
MESSAGE_COLUMNS = (
    "session_id", "message_id", "tenant", "project", "user", "turn", "seq", "role", "content",
    "tool_calls", "tool_call_id", "name", "at",
)  # fmt: skip


def message_records(stored: list[PreparedTurn], sealer: Sealer = CLEAR) -> list[tuple[Any, ...]]:
    """The message rows of ``stored`` as the driver sends them (``MESSAGE_COLUMNS``, content
    and tool calls sealed, JSON as text, times as naive UTC): built directly, with no row
    dictionary on the way."""
    records: list[tuple[Any, ...]] = []
    for prepared in stored:
        event, scope = prepared.event, prepared.scope
        at = pgbulk.naive_utc(event.at)
        for seq, m in enumerate(prepared.messages):
            key = {**scope.columns(), "session_id": event.session_id, "message_id": m.message_id}
            content = MESSAGE_CONTENT.seal(sealer, m.content, key)
            calls = MESSAGE_TOOL_CALLS.seal(sealer, m.tool_calls, key)
            records.append(
                (
                    event.session_id, m.message_id, scope.tenant, scope.project, scope.user,
                    event.turn, seq, m.role, content, pgbulk.json_text(calls),
                    m.tool_call_id, m.name, at,
                )
            )  # fmt: skip
    return records


def message_rows(prepared: PreparedTurn) -> list[dict[str, Any]]:
    event = prepared.event
    scope = prepared.scope.columns()
    return [
        {
            "session_id": event.session_id,
            "message_id": message.message_id,
            **scope,
            "turn": event.turn,
            "seq": seq,
            "role": message.role,
            "content": message.content,
            "tool_calls": message.tool_calls,
            "tool_call_id": message.tool_call_id,
            "name": message.name,
            "at": event.at,
        }
        for seq, message in enumerate(prepared.messages)
    ]
