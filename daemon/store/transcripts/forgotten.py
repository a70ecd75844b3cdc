"""Forgotten turns: what is left of a turn deleted before its retention window passed
(``keep_transcripts = until_extracted``), so that its event, delivered again, is known as
the repeat it is and not stored as a late turn. No text: the turn's keys and scope, its
event id, its message count, the digest of its content (the one ``turns.digest`` held) and
when it was received. Written in the transaction that deletes the turn (:func:`record`);
removed with its session (``ON DELETE CASCADE``, and the erasure's own delete) and once the
transcript window has passed since the turn was received (:func:`prune`), when ``window``
would have deleted the turn itself."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.store.db import upsert
from daemon.store.tables import forgotten_turns, turns

TurnKey = tuple[str, str, int]  # (tenant, session id, turn)

_KEPT = (
    "session_id", "turn", "tenant", "project", "user", "event_id", "message_count", "digest",
    "received_at",
)  # fmt: skip


async def record(conn: AsyncConnection, where: sa.ColumnElement[bool]) -> None:
    """Keep a tombstone of each stored turn ``where`` selects (the caller deletes them)."""
    kept = sa.select(*(turns.c[name] for name in _KEPT)).where(where)
    await conn.execute(
        upsert(conn, forgotten_turns).from_select(_KEPT, kept).on_conflict_do_nothing()
    )


async def matching(
    conn: AsyncConnection, events: list[tuple[str, str]], keys: list[TurnKey]
) -> tuple[dict[tuple[str, str], Any], dict[TurnKey, Any]]:
    """The tombstones of these events (by tenant and event id) and of these turns (by tenant,
    session id and turn), in one statement."""
    t = forgotten_turns
    wanted = [
        *([sa.tuple_(t.c.tenant, t.c.event_id).in_(sorted(set(events)))] if events else []),
        *([sa.tuple_(t.c.tenant, t.c.session_id, t.c.turn).in_(sorted(set(keys)))] if keys else []),
    ]
    if not wanted:
        return {}, {}
    rows = (await conn.execute(sa.select(t).where(sa.or_(*wanted)))).all()
    by_event = {(row.tenant, row.event_id): row for row in rows}
    by_turn = {(row.tenant, row.session_id, row.turn): row for row in rows}
    return by_event, by_turn


def reused(gone: Any, session_id: str, turn: int) -> str | None:
    """Why an event whose id a forgotten turn had is not that turn, in words (for its dead
    letter), as while the turn was kept; None when it is sent at that same turn (judged by
    :func:`contradiction`)."""
    if (gone.session_id, gone.turn) == (session_id, turn):
        return None
    return (
        f"event_id {gone.event_id} was stored as turn {gone.turn} of session "
        f"{gone.session_id} (extracted and forgotten since): send a new turn under a new "
        "event_id"
    )


def contradiction(gone: Any, event_id: str, digest: str, message_count: int) -> str | None:
    """Why an event at a forgotten turn is not that turn again, in words (for its dead
    letter), as while the turn was kept; None when it is the same event (a repeat)."""
    turn = f"turn {gone.turn} of session {gone.session_id}"
    if gone.event_id != event_id:
        return f"{turn} was stored under event_id {gone.event_id} (extracted and forgotten since)"
    if gone.digest is None:  # a turn stored before revision 0011: its count is all there is
        same = bool(gone.message_count == message_count)
    else:
        same = bool(gone.digest == digest)
    if same:
        return None
    return (
        f"event_id {event_id} was stored as {turn} with different content "
        f"({gone.message_count} messages; this event has {message_count}), extracted and "
        "forgotten since: a re-send must repeat the event as first sent; send a change as a "
        "new turn under a new event_id"
    )


async def prune(conn: AsyncConnection, cutoff: datetime) -> int:
    """Delete the tombstones of turns received before ``cutoff``; how many."""
    result = await conn.execute(
        sa.delete(forgotten_turns).where(forgotten_turns.c.received_at < cutoff)
    )
    return int(result.rowcount)
