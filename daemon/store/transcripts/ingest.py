"""Storing turns: idempotent, batched, one transaction per batch.

:func:`ingest` stores a batch: the turns that fit their session
(:mod:`~daemon.store.transcripts.session_scopes`), each judged once against what is stored
(:mod:`~daemon.store.transcripts.verdicts`), then their messages
(:mod:`~daemon.store.transcripts.message_rows`), their sessions and cursors
(:mod:`~daemon.store.transcripts.session_rows`) and their summaries.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.failpoints import failpoint
from daemon.store.compaction import SUMMARY_LIFETIME, redacted_summary, store_summaries
from daemon.store.db import sealer_of, upsert
from daemon.store.tables import turns
from daemon.store.transcripts import pgbulk
from daemon.store.transcripts.message_rows import insert_messages
from daemon.store.transcripts.prepared import PreparedTurn
from daemon.store.transcripts.sealed import TURN_SUMMARY, seal_row
from daemon.store.transcripts.session_rows import count_late, upsert_sessions
from daemon.store.transcripts.session_scopes import ScopeCache, check_sessions
from daemon.store.transcripts.verdicts import (
    IngestResult,
    classify_conflicts,
    event_key,
    judge_tombstoned,
    take_back_repeats,
    turn_digest,
    turn_key,
)

#: How far ahead of a session's last stored turn an event may be (a new session counts from
#: 0): a turn number further ahead is refused, so that it cannot carry the cursor past turns
#: that are still to come.
MAX_TURN_JUMP = 10_000


async def ingest(
    conn: AsyncConnection,
    batch: list[PreparedTurn],
    now: datetime,
    *,
    known: ScopeCache | None = None,
    summary_lifetime: timedelta = SUMMARY_LIFETIME,
    max_turn_jump: int = MAX_TURN_JUMP,
) -> IngestResult:
    """Store a batch of turns. Session and event ids are the tenant's own: every lookup is by
    (tenant, id). A redelivered event is a duplicate (changes nothing) when its content is the
    stored turn's; an event that contradicts what is stored (another scope, other content
    under a stored event id or turn, a turn number too far ahead) is rejected with the reason,
    for the dead-letter stream. An event of a turn deleted once extracted (its tombstone,
    :mod:`~daemon.store.transcripts.forgotten`) is judged the same way. A turn stored behind
    the session's cursor is counted in ``sessions.late_turns``."""
    result = IngestResult()
    # Sessions first: an event refused for its scope must not hold a turn another takes.
    candidates, last_turns = await check_sessions(conn, batch, result, known, max_turn_jump)
    candidates, later = _dedupe_in_batch(candidates)
    candidates = await judge_tombstoned(conn, candidates, last_turns, result)
    if not candidates:
        return await _judge_later(conn, result, later, now, summary_lifetime, max_turn_jump)
    sealer = sealer_of(conn)
    rows = [seal_row(sealer, _turn_row(t, now), TURN_SUMMARY) for t in candidates]
    inserted = await _insert_turns(conn, rows)
    failpoint("ingest.after_turns")
    refused = [t for t in candidates if event_key(t) not in inserted]
    result.stored = [t for t in candidates if event_key(t) in inserted]
    if refused:  # redeliveries, mostly: find out which, and what the others contradict
        await classify_conflicts(conn, refused, result)
    await insert_messages(conn, result.stored)
    failpoint("ingest.after_messages")
    extracted = await upsert_sessions(conn, result.stored, now)
    failpoint("ingest.after_sessions")
    await take_back_repeats(conn, result, extracted)
    await count_late(conn, result.stored, extracted)
    await store_summaries(conn, result.stored, now, lifetime=summary_lifetime)
    return await _judge_later(conn, result, later, now, summary_lifetime, max_turn_jump)


async def _judge_later(
    conn: AsyncConnection,
    result: IngestResult,
    later: list[PreparedTurn],
    now: datetime,
    summary_lifetime: timedelta,
    max_turn_jump: int,
) -> IngestResult:
    if later:  # judged against what this pass stored, in the same transaction
        rest = await ingest(
            conn,
            later,
            now,
            summary_lifetime=summary_lifetime,
            max_turn_jump=max_turn_jump,
        )
        result.extend(rest)
    return result


async def _insert_turns(conn: AsyncConnection, rows: list[dict[str, Any]]) -> set[tuple[str, str]]:
    """Insert turns, skipping those already stored; returns the (tenant, event id) inserted."""
    if conn.dialect.name == "postgresql":
        tail = "ON CONFLICT DO NOTHING RETURNING tenant, event_id"
        found = await pgbulk.insert_unnest(conn, turns, rows, tail)
        return {(row["tenant"], row["event_id"]) for row in found}
    statement = (
        upsert(conn, turns).on_conflict_do_nothing().returning(turns.c.tenant, turns.c.event_id)
    )
    return {(row.tenant, row.event_id) for row in await conn.execute(statement, rows)}


def _dedupe_in_batch(
    batch: list[PreparedTurn],
) -> tuple[list[PreparedTurn], list[PreparedTurn]]:
    """Split a batch into the events to insert now and those to judge after them: an event
    whose id or turn an earlier event of the batch claims (the same event again included)
    waits for that event's fate, and is then judged against the store like any other (the
    first in the stream wins, and a claimant the store refuses takes nothing down with it)."""
    seen_events: set[tuple[str, str]] = set()
    seen_turns: set[tuple[str, str, int]] = set()
    kept: list[PreparedTurn] = []
    later: list[PreparedTurn] = []
    for prepared in batch:
        its_event, its_turn = event_key(prepared), turn_key(prepared)
        if its_event in seen_events or its_turn in seen_turns:
            later.append(prepared)  # even the same event again: the first may be refused
        else:
            kept.append(prepared)
        # A waiting event's claims hold too: what conflicts with it waits until after it.
        seen_events.add(its_event)
        seen_turns.add(its_turn)
    return kept, later


def _turn_row(prepared: PreparedTurn, now: datetime) -> dict[str, Any]:
    event = prepared.event
    return {
        "session_id": event.session_id,
        "turn": event.turn,
        **prepared.scope.columns(),
        "event_id": event.event_id,
        "kind": event.kind,
        "at": event.at,
        "received_at": now,
        "message_count": len(prepared.messages),
        "main_agent_saved": event.main_agent_saved,
        "memory_writes": [w.model_dump(exclude_none=True) for w in event.memory_writes] or None,
        "summary": redacted_summary(event.summary),
        "redactions": prepared.redactions,
        "spilled": prepared.spilled,
        "timezone": event.timezone,
        "at_offset": _offset_minutes(event.at),
        "digest": turn_digest(prepared),
    }


def _offset_minutes(at: datetime) -> int:
    """The UTC offset ``at`` was sent with, in minutes."""
    offset = at.utcoffset()
    return 0 if offset is None else int(offset.total_seconds()) // 60
