"""The ``sessions`` rows of newly stored turns: merged, upserted with their cursors, and the
turns stored too late for extraction counted.

:func:`session_rows` merges a batch's events into one row per session; :func:`upsert_sessions`
creates or updates them (and their cursors) and returns each session's extracted turn, read
under the row lock; :func:`count_late` counts the turns stored at or behind that cursor.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.scope import SessionKey
from daemon.store.db import greater, sealer_of, upsert
from daemon.store.tables import cursors, sessions
from daemon.store.transcripts import pgbulk
from daemon.store.transcripts.prepared import PreparedTurn
from daemon.store.transcripts.sealed import HOST_PROMPT, HOST_TOOLS, seal_row
from daemon.store.transcripts.verdicts import session_key

_PG_SESSION_MERGE = """ON CONFLICT (tenant, session_id) DO UPDATE SET
    last_turn = GREATEST(sessions.last_turn, EXCLUDED.last_turn),
    last_event_at = GREATEST(sessions.last_event_at, EXCLUDED.last_event_at),
    ended = sessions.ended OR EXCLUDED.ended,
    host_system_prompt = COALESCE(EXCLUDED.host_system_prompt, sessions.host_system_prompt),
    host_tools = COALESCE(EXCLUDED.host_tools, sessions.host_tools),
    agent = COALESCE(EXCLUDED.agent, sessions.agent),
    timezone = COALESCE(EXCLUDED.timezone, sessions.timezone)"""


def session_rows(stored: list[PreparedTurn], now: datetime) -> list[dict[str, Any]]:
    """One ``sessions`` row per session of these turns, their events merged, in session
    order (one lock order for every dispatcher)."""
    merged: dict[SessionKey, dict[str, Any]] = {}
    for prepared in stored:
        event = prepared.event
        row = merged.get(session_key(prepared))
        if row is None:
            row = merged[session_key(prepared)] = {
                "session_id": event.session_id,
                **prepared.scope.columns(),
                "first_seen_at": now,
                "last_event_at": event.at,
                "last_turn": event.turn,
                "ended": False,
                "host_system_prompt": None,
                "host_tools": None,
                "agent": None,
                "timezone": None,
            }
        row["last_turn"] = max(row["last_turn"], event.turn)
        row["last_event_at"] = max(row["last_event_at"], event.at)
        row["ended"] = row["ended"] or event.kind == "session_end"
        if event.host is not None:
            row["host_system_prompt"] = event.host.system_prompt or row["host_system_prompt"]
            row["host_tools"] = event.host.tools or row["host_tools"]
        if event.agent is not None:
            row["agent"] = event.agent.model_dump(exclude_none=True)
        row["timezone"] = event.timezone or row["timezone"]  # the last one named
    return [merged[key] for key in sorted(merged)]


async def upsert_sessions(
    conn: AsyncConnection, stored: list[PreparedTurn], now: datetime
) -> dict[SessionKey, int]:
    """Create or update the sessions of these turns (and their cursors); returns each
    session's extracted turn, read under the row lock the upsert holds."""
    sealer = sealer_of(conn)
    rows = [seal_row(sealer, row, HOST_PROMPT, HOST_TOOLS) for row in session_rows(stored, now)]
    if not rows:
        return {}
    cursor_rows = [
        {
            "session_id": row["session_id"],
            "tenant": row["tenant"],
            "project": row["project"],
            "user": row["user"],
            "updated_at": now,
        }
        for row in rows
    ]
    if conn.dialect.name == "postgresql":
        tail = f"{_PG_SESSION_MERGE} RETURNING tenant, session_id, extracted_turn"
        found = await pgbulk.insert_unnest(conn, sessions, rows, tail)
        await pgbulk.insert_unnest(conn, cursors, cursor_rows, "ON CONFLICT DO NOTHING")
        return {(row["tenant"], row["session_id"]): row["extracted_turn"] for row in found}
    insert = upsert(conn, sessions)
    excluded = insert.excluded
    returned = await conn.execute(
        insert.on_conflict_do_update(
            index_elements=[sessions.c.tenant, sessions.c.session_id],
            set_={
                "last_turn": greater(sessions.c.last_turn, excluded.last_turn),
                "last_event_at": greater(sessions.c.last_event_at, excluded.last_event_at),
                "ended": sa.or_(sessions.c.ended, excluded.ended),
                "host_system_prompt": sa.func.coalesce(
                    excluded.host_system_prompt, sessions.c.host_system_prompt
                ),
                "host_tools": sa.func.coalesce(excluded.host_tools, sessions.c.host_tools),
                "agent": sa.func.coalesce(excluded.agent, sessions.c.agent),
                "timezone": sa.func.coalesce(excluded.timezone, sessions.c.timezone),
            },
        ).returning(sessions.c.tenant, sessions.c.session_id, sessions.c.extracted_turn),
        rows,
    )
    extracted = {(row.tenant, row.session_id): row.extracted_turn for row in returned}
    await conn.execute(upsert(conn, cursors).on_conflict_do_nothing(), cursor_rows)
    return extracted


async def count_late(
    conn: AsyncConnection, stored: list[PreparedTurn], extracted: dict[SessionKey, int]
) -> None:
    """Count the turns stored at or behind their session's cursor (a gap that extraction
    skipped after waiting, filled too late): they will not be extracted, so they are shown."""
    late: dict[SessionKey, int] = {}
    for prepared in stored:
        key = session_key(prepared)
        if prepared.event.turn <= extracted.get(key, -1):
            late[key] = late.get(key, 0) + 1
    for (tenant, session_id), count in sorted(late.items()):
        await conn.execute(
            sa.update(sessions)
            .where(sessions.c.tenant == tenant, sessions.c.session_id == session_id)
            .values(late_turns=sessions.c.late_turns + count)
        )
