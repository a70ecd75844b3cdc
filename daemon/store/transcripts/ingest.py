"""Storing turns: idempotent, batched, one transaction per batch."""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.failpoints import failpoint
from daemon.base.scope import ScopeKey, SessionKey
from daemon.base.sealing import CLEAR, Sealer
from daemon.events.models import TurnEvent
from daemon.store.compaction import SUMMARY_LIFETIME, redacted_summary, store_summaries
from daemon.store.db import greater, sealer_of, upsert
from daemon.store.tables import cursors, messages, sessions, turns
from daemon.store.transcripts import forgotten, pgbulk
from daemon.store.transcripts.prepared import PreparedTurn
from daemon.store.transcripts.sealed import (
    HOST_PROMPT,
    HOST_TOOLS,
    MESSAGE_CONTENT,
    MESSAGE_TOOL_CALLS,
    TURN_SUMMARY,
    seal_row,
)


@dataclass(slots=True)
class IngestResult:
    stored: list[PreparedTurn] = field(default_factory=list)
    duplicates: list[PreparedTurn] = field(default_factory=list)
    rejected: list[tuple[PreparedTurn, str]] = field(default_factory=list)

    def extend(self, other: IngestResult) -> None:
        self.stored += other.stored
        self.duplicates += other.duplicates
        self.rejected += other.rejected


def session_key(prepared: PreparedTurn) -> SessionKey:
    return (prepared.scope.tenant, prepared.event.session_id)


def _event_key(prepared: PreparedTurn) -> tuple[str, str]:
    return (prepared.scope.tenant, prepared.event.event_id)


def _turn_key(prepared: PreparedTurn) -> tuple[str, str, int]:
    return (prepared.scope.tenant, prepared.event.session_id, prepared.event.turn)


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
    candidates, last_turns = await _check_sessions(conn, batch, result, known, max_turn_jump)
    candidates, later = _dedupe_in_batch(candidates)
    candidates = await _judge_tombstoned(conn, candidates, last_turns, result)
    if not candidates:
        return await _judge_later(conn, result, later, now, summary_lifetime, max_turn_jump)
    sealer = sealer_of(conn)
    rows = [seal_row(sealer, _turn_row(t, now), TURN_SUMMARY) for t in candidates]
    inserted = await _insert_turns(conn, rows)
    failpoint("ingest.after_turns")
    refused = [t for t in candidates if _event_key(t) not in inserted]
    result.stored = [t for t in candidates if _event_key(t) in inserted]
    if refused:  # redeliveries, mostly: find out which, and what the others contradict
        await _classify_conflicts(conn, refused, result)
    await _insert_messages(conn, result.stored)
    failpoint("ingest.after_messages")
    extracted = await _upsert_sessions(conn, result.stored, now)
    failpoint("ingest.after_sessions")
    await _take_back_repeats(conn, result, extracted)
    await _count_late(conn, result.stored, extracted)
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


async def _judge_tombstoned(
    conn: AsyncConnection,
    batch: list[PreparedTurn],
    last_turns: dict[SessionKey, int],
    result: IngestResult,
) -> list[PreparedTurn]:
    """``batch`` but the events a tombstone judges (one statement): an event id a forgotten
    turn of another number had is rejected, as the turns' unique key rejected it while the
    turn was kept; an event at a forgotten turn (only a turn not after its session's last
    one can be) is a duplicate when it is that turn's event again, else rejected."""
    if not batch:
        return batch
    behind = [_turn_key(t) for t in batch if t.event.turn <= last_turns[session_key(t)]]
    by_event, by_turn = await forgotten.matching(conn, [_event_key(t) for t in batch], behind)
    kept: list[PreparedTurn] = []
    for prepared in batch:
        tomb = by_event.get(_event_key(prepared))
        reason = tomb and forgotten.reused(tomb, prepared.event.session_id, prepared.event.turn)
        if reason:
            result.rejected.append((prepared, reason))
        elif not _judged_forgotten(prepared, by_turn, result):
            kept.append(prepared)
    return kept


def _judged_forgotten(
    prepared: PreparedTurn, by_turn: dict[tuple[str, str, int], Any], result: IngestResult
) -> bool:
    """Judge ``prepared`` against its turn's tombstone, if it has one: the same event again
    is a duplicate, another is rejected, as while the turn was kept. Whether it had one."""
    tomb = by_turn.get(_turn_key(prepared))
    if tomb is None:
        return False
    digest, count = turn_digest(prepared), len(prepared.messages)
    reason = forgotten.contradiction(tomb, prepared.event.event_id, digest, count)
    if reason is None:
        result.duplicates.append(prepared)
    else:
        result.rejected.append((prepared, reason))
    return True


async def _take_back_repeats(
    conn: AsyncConnection, result: IngestResult, extracted: dict[SessionKey, int]
) -> None:
    """Take back a turn stored behind its session's cursor that was forgotten: its tombstone
    was not to be seen before the session's row was locked (this dispatcher's last turn of
    the session was stale, or the run forgetting it had not committed yet). What was stored
    of it is deleted and it is judged as a forgotten turn. The session row keeps what its
    upsert merged from the event (host prompt, agent facts, time zone: the turn's own, which
    a later turn's may have replaced), as it did before tombstones; this race is rare."""
    behind = [t for t in result.stored if t.event.turn <= extracted.get(session_key(t), -1)]
    if not behind:
        return
    _, by_turn = await forgotten.matching(conn, [], [_turn_key(t) for t in behind])
    repeats = {_turn_key(t) for t in behind if _judged_forgotten(t, by_turn, result)}
    if not repeats:
        return
    result.stored = [t for t in result.stored if _turn_key(t) not in repeats]
    for table in (messages, turns):
        key = sa.tuple_(table.c.tenant, table.c.session_id, table.c.turn)
        await conn.execute(sa.delete(table).where(key.in_(sorted(repeats))))


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
        event_key, turn_key = _event_key(prepared), _turn_key(prepared)
        if event_key in seen_events or turn_key in seen_turns:
            later.append(prepared)  # even the same event again: the first may be refused
        else:
            kept.append(prepared)
        # A waiting event's claims hold too: what conflicts with it waits until after it.
        seen_events.add(event_key)
        seen_turns.add(turn_key)
    return kept, later


@dataclass(frozen=True, slots=True)
class KnownSession:
    scope: ScopeKey
    last_turn: int


class ScopeCache:
    """Scopes (and the last turn seen) of sessions known to be stored, so that a dispatcher
    does not ask the store again for every batch (a session never changes scope; a last turn
    that other dispatchers moved on is only ever lower, and is read again before it refuses
    anything). Least recently used go first.

    An entry costs about 330 bytes: 10,000 sessions (3.3 MB at most) cover the sessions a
    dispatcher sees within minutes at hundreds of turns a second (bench soak: 10 new
    sessions/s); a session that fell out costs one indexed lookup with its batch."""

    def __init__(self, size: int = 10_000) -> None:
        self._size = size
        self._sessions: OrderedDict[SessionKey, KnownSession] = OrderedDict()

    def get(self, key: SessionKey) -> KnownSession | None:
        known = self._sessions.get(key)
        if known is not None:
            self._sessions.move_to_end(key)
        return known

    def remember(self, stored: list[PreparedTurn]) -> None:
        """Call after the transaction that stored these turns committed."""
        for prepared in stored:
            sid = session_key(prepared)
            before = self._sessions.get(sid)
            last = max(prepared.event.turn, before.last_turn if before else -1)
            self._sessions[sid] = KnownSession(prepared.scope, last)
            self._sessions.move_to_end(sid)
        while len(self._sessions) > self._size:
            self._sessions.popitem(last=False)


async def _stored_sessions(
    conn: AsyncConnection, ids: set[SessionKey]
) -> dict[SessionKey, KnownSession]:
    rows = await conn.execute(
        sa.select(
            sessions.c.session_id,
            sessions.c.tenant,
            sessions.c.project,
            sessions.c.user,
            sessions.c.last_turn,
        ).where(sa.tuple_(sessions.c.tenant, sessions.c.session_id).in_(sorted(ids)))
    )
    return {
        (row.tenant, row.session_id): KnownSession(ScopeKey.from_row(row), row.last_turn)
        for row in rows
    }


async def _check_sessions(
    conn: AsyncConnection,
    batch: list[PreparedTurn],
    result: IngestResult,
    known: ScopeCache | None,
    max_turn_jump: int,
) -> tuple[list[PreparedTurn], dict[SessionKey, int]]:
    """Keep the turns that fit their session: its scope, and a turn number at most
    ``max_turn_jump`` ahead of the last one stored (or accepted before it in this batch).
    Returns them, and the last turn stored of each session as far as this batch knows
    (perhaps lower than the store's, never higher)."""
    owner: dict[SessionKey, KnownSession] = {}
    unknown: set[SessionKey] = set()
    for prepared in batch:
        sid = session_key(prepared)
        cached = known.get(sid) if known is not None else None
        if cached is None or prepared.event.turn > cached.last_turn + max_turn_jump:
            unknown.add(sid)  # a stale last turn is read again before it refuses anything
        else:
            owner[sid] = cached
    if unknown:
        owner.update(await _stored_sessions(conn, unknown))
    last_turn = {sid: session.last_turn for sid, session in owner.items()}
    for prepared in batch:  # a new session belongs to the scope of its first event
        owner.setdefault(session_key(prepared), KnownSession(prepared.scope, 0))
    kept: list[PreparedTurn] = []
    for prepared in sorted(batch, key=_turn_key):
        event = prepared.event
        sid = session_key(prepared)
        expected = owner[sid].scope
        last = last_turn.get(sid, 0)
        if expected != prepared.scope:
            reason = (
                f"session {event.session_id} belongs to scope ({expected}), "
                f"the event says ({prepared.scope})"
            )
            result.rejected.append((prepared, reason))
        elif event.turn > last + max_turn_jump:
            reason = (
                f"turn {event.turn} is more than {max_turn_jump} turns ahead of turn {last}, "
                f"the last stored of session {event.session_id} (a turn number out of sequence "
                "would carry extraction past the turns before it; the limit is the setting "
                "MEMORYD_STREAM__MAX_TURN_JUMP)"
            )
            result.rejected.append((prepared, reason))
        else:
            last_turn[sid] = max(last, event.turn)
            kept.append(prepared)
    order = {id(t): i for i, t in enumerate(batch)}
    kept.sort(key=lambda t: order[id(t)])
    return kept, {sid: session.last_turn for sid, session in owner.items()}


async def _classify_conflicts(
    conn: AsyncConnection, batch: list[PreparedTurn], result: IngestResult
) -> None:
    """Sort turns the insert skipped into duplicates (this turn is stored with this content)
    and rejections (other content under this event id or turn number, another event at the
    turn, or this event id at another turn), all within the event's tenant."""
    event_ids = sorted({_event_key(t) for t in batch})
    turn_keys = sorted({_turn_key(t) for t in batch})
    rows = (
        await conn.execute(
            sa.select(
                turns.c.tenant,
                turns.c.session_id,
                turns.c.turn,
                turns.c.event_id,
                turns.c.digest,
                turns.c.message_count,
            ).where(
                sa.or_(
                    sa.tuple_(turns.c.tenant, turns.c.event_id).in_(event_ids),
                    sa.tuple_(turns.c.tenant, turns.c.session_id, turns.c.turn).in_(turn_keys),
                )
            )
        )
    ).all()
    by_key = {(row.tenant, row.session_id, row.turn): row for row in rows}
    by_event = {(row.tenant, row.event_id): row for row in rows}
    for prepared in batch:
        event = prepared.event
        at_turn = by_key.get(_turn_key(prepared))
        same_event = by_event.get(_event_key(prepared))
        if same_event is not None and same_event is not at_turn:
            reason = (
                f"event_id {event.event_id} is already stored as turn {same_event.turn} "
                f"of session {same_event.session_id}"
            )
            result.rejected.append((prepared, reason))
        elif at_turn is None:  # gone since the insert (erased): nothing to compare
            result.rejected.append((prepared, _conflict_reason(event, "?")))
        elif _same_content(prepared, at_turn):
            result.duplicates.append(prepared)
        elif same_event is None:
            result.rejected.append((prepared, _conflict_reason(event, at_turn.event_id)))
        else:
            result.rejected.append((prepared, _clash_reason(prepared, at_turn)))


def _same_content(prepared: PreparedTurn, stored: Any) -> bool:
    """Whether the stored turn holds what this event brings. A turn stored before revision
    0011 has no digest: its message count is all there is to compare."""
    if stored.digest is None:
        return bool(stored.message_count == len(prepared.messages))
    return bool(stored.digest == turn_digest(prepared))


def _clash_reason(prepared: PreparedTurn, stored: Any) -> str:
    event = prepared.event
    ids = ", ".join(repr(m.message_id) for m in prepared.messages[:5])
    more = " and more" if len(prepared.messages) > 5 else ""
    return (
        f"event_id {event.event_id} is already stored as turn {event.turn} of session "
        f"{event.session_id} with different content ({stored.message_count} messages stored; "
        f"this event has {len(prepared.messages)}: {ids or 'none'}{more}): a re-send must "
        "repeat the event as first sent; send a change as a new turn under a new event_id"
    )


def turn_digest(prepared: PreparedTurn) -> str:
    """A digest of what a turn stores (the event as prepared, its id aside): a re-send with
    the same digest is the same turn."""
    body = prepared.event.model_dump_json(exclude={"event_id"})
    parts = [body, *(repr(m) for m in prepared.messages)]
    return hashlib.sha256("\x00".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


async def refusal_reason(conn: AsyncConnection, prepared: PreparedTurn) -> str | None:
    """Why the store refuses this event, in words, when it is one the store can name: a
    message id its session already holds. None when it is something else."""
    ids = [m.message_id for m in prepared.messages]
    if not ids:
        return None
    rows = await conn.execute(
        sa.select(messages.c.message_id, messages.c.turn).where(
            messages.c.tenant == prepared.scope.tenant,
            messages.c.session_id == prepared.event.session_id,
            messages.c.message_id.in_(ids),
        )
    )
    taken = [f"{row.message_id!r} (turn {row.turn})" for row in rows]
    if not taken:
        return None
    return (
        f"session {prepared.event.session_id} already holds message id "
        f"{', '.join(taken[:5])}{' and more' if len(taken) > 5 else ''}: message ids are unique "
        "within a session"
    )


def _conflict_reason(event: TurnEvent, other_event_id: str) -> str:
    return (
        f"turn {event.turn} of session {event.session_id} is already stored "
        f"under event_id {other_event_id}"
    )


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


async def _insert_messages(conn: AsyncConnection, stored: list[PreparedTurn]) -> None:
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


_PG_SESSION_MERGE = """ON CONFLICT (tenant, session_id) DO UPDATE SET
    last_turn = GREATEST(sessions.last_turn, EXCLUDED.last_turn),
    last_event_at = GREATEST(sessions.last_event_at, EXCLUDED.last_event_at),
    ended = sessions.ended OR EXCLUDED.ended,
    host_system_prompt = COALESCE(EXCLUDED.host_system_prompt, sessions.host_system_prompt),
    host_tools = COALESCE(EXCLUDED.host_tools, sessions.host_tools),
    agent = COALESCE(EXCLUDED.agent, sessions.agent),
    timezone = COALESCE(EXCLUDED.timezone, sessions.timezone)"""


def _session_rows(stored: list[PreparedTurn], now: datetime) -> list[dict[str, Any]]:
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


async def _upsert_sessions(
    conn: AsyncConnection, stored: list[PreparedTurn], now: datetime
) -> dict[SessionKey, int]:
    """Create or update the sessions of these turns (and their cursors); returns each
    session's extracted turn, read under the row lock the upsert holds."""
    sealer = sealer_of(conn)
    rows = [seal_row(sealer, row, HOST_PROMPT, HOST_TOOLS) for row in _session_rows(stored, now)]
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


async def _count_late(
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
