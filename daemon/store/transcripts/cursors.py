"""Per-session cursors: what has been extracted, failures, breaker and parking."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.scope import ScopeKey
from daemon.base.timezones import turn_local
from daemon.base.turns import StoredMessage, StoredPrefix, TurnRecord
from daemon.store.db import sealer_of
from daemon.store.tables import BEHIND, cursors, messages, sessions, turns
from daemon.store.transcripts.agent_turns import saved
from daemon.store.transcripts.sealed import (
    HOST_PROMPT,
    HOST_TOOLS,
    MESSAGE_CONTENT,
    MESSAGE_TOOL_CALLS,
    TURN_SUMMARY,
)


@dataclass(frozen=True, slots=True)
class SessionState:
    session_id: str
    scope: ScopeKey
    cursor_turn: int | None
    version: int
    failures: int
    breaker_until: datetime | None
    parked: bool
    last_turn: int
    ended: bool
    host: StoredPrefix | None

    def breaker_open(self, now: datetime) -> bool:
        return self.breaker_until is not None and self.breaker_until > now


@dataclass(frozen=True, slots=True)
class PendingTurn:
    turn: int
    received_at: datetime
    message_count: int
    main_agent_saved: bool


async def load_state(conn: AsyncConnection, session_id: str, *, tenant: str) -> SessionState | None:
    """The session ``session_id`` of ``tenant`` with its cursor (a session id is the
    tenant's own: every function here takes the tenant with it, '' when there is none)."""
    row = (
        await conn.execute(
            sa.select(
                sessions.c.session_id,
                sessions.c.tenant,
                sessions.c.project,
                sessions.c.user,
                sessions.c.last_turn,
                sessions.c.ended,
                sessions.c.host_system_prompt,
                sessions.c.host_tools,
                cursors.c.turn,
                cursors.c.version,
                cursors.c.failures,
                cursors.c.breaker_until,
                cursors.c.parked,
            )
            .join(cursors, _same_session(cursors))
            .where(sessions.c.tenant == tenant, sessions.c.session_id == session_id)
        )
    ).one_or_none()
    if row is None:
        return None
    host = None
    if row.host_system_prompt or row.host_tools:
        sealer = sealer_of(conn)
        host = StoredPrefix(
            system_prompt=HOST_PROMPT.open(sealer, row.host_system_prompt, row),
            tools=HOST_TOOLS.open(sealer, row.host_tools, row),
        )
    return SessionState(
        session_id=row.session_id,
        scope=ScopeKey.from_row(row),
        cursor_turn=row.turn,
        version=row.version,
        failures=row.failures,
        breaker_until=row.breaker_until,
        parked=row.parked,
        last_turn=row.last_turn,
        ended=row.ended,
        host=host,
    )


def _same_session(table: sa.Table) -> sa.ColumnElement[bool]:
    return sa.and_(table.c.tenant == sessions.c.tenant, table.c.session_id == sessions.c.session_id)


def _of(table: sa.Table, tenant: str, session_id: str) -> sa.ColumnElement[bool]:
    return sa.and_(table.c.tenant == tenant, table.c.session_id == session_id)


async def pending_turns(
    conn: AsyncConnection, session_id: str, after: int | None, *, limit: int, tenant: str
) -> list[PendingTurn]:
    """Turns stored after the cursor, in order (at most ``limit``)."""
    query = sa.select(
        turns.c.turn, turns.c.received_at, turns.c.message_count, turns.c.main_agent_saved
    ).where(_of(turns, tenant, session_id))
    if after is not None:
        query = query.where(turns.c.turn > after)
    rows = await conn.execute(query.order_by(turns.c.turn).limit(limit))
    return [PendingTurn(r.turn, r.received_at, r.message_count, r.main_agent_saved) for r in rows]


async def load_turns(
    conn: AsyncConnection, session_id: str, first: int, last: int, *, tenant: str
) -> list[TurnRecord]:
    """Turns ``first..last`` of a session with their messages, in order. A turn's ``at`` is
    given in the zone it was said in (:func:`~daemon.base.timezones.turn_local`)."""
    session_zone = (
        sa.select(sessions.c.timezone)
        .where(_of(sessions, tenant, session_id))
        .scalar_subquery()
        .label("session_zone")
    )
    turn_rows = (
        await conn.execute(
            sa.select(
                turns.c.turn,
                turns.c.at,
                turns.c.kind,
                saved().label("saved"),
                turns.c.summary,
                turns.c.session_id,
                turns.c.tenant,
                turns.c.project,
                turns.c.user,
                turns.c.timezone,
                turns.c.at_offset,
                session_zone,
            )
            .where(_of(turns, tenant, session_id), turns.c.turn.between(first, last))
            .order_by(turns.c.turn)
        )
    ).all()
    message_rows = await conn.execute(
        sa.select(messages)
        .where(_of(messages, tenant, session_id), messages.c.turn.between(first, last))
        .order_by(messages.c.turn, messages.c.seq)
    )
    sealer = sealer_of(conn)
    grouped: dict[int, list[StoredMessage]] = {row.turn: [] for row in turn_rows}
    for m in message_rows:
        grouped.setdefault(m.turn, []).append(
            StoredMessage(
                message_id=m.message_id,
                turn=m.turn,
                seq=m.seq,
                role=m.role,
                content=MESSAGE_CONTENT.open(sealer, m.content, m),
                tool_calls=MESSAGE_TOOL_CALLS.open(sealer, m.tool_calls, m),
                tool_call_id=m.tool_call_id,
                name=m.name,
            )
        )
    return [
        TurnRecord(
            turn=row.turn,
            at=turn_local(row.at, row.timezone, row.session_zone, row.at_offset),
            kind=row.kind,
            main_agent_saved=bool(row.saved),
            messages=tuple(grouped[row.turn]),
            summary=TURN_SUMMARY.open(sealer, row.summary, row),
        )
        for row in turn_rows
    ]


async def advance(
    conn: AsyncConnection,
    session_id: str,
    *,
    expected_version: int,
    to_turn: int,
    message_id: str | None,
    gaps_skipped: int,
    now: datetime,
    skipped: tuple[int, int] | None = None,
    tenant: str,
) -> bool:
    """Compare-and-set the cursor; False when another run moved it first, or when a turn
    of the gap being ``skipped`` (exclusive bounds) arrived meanwhile (the caller rolls back
    and plans again). The session row is written first, then the cursor: the order in which a
    dispatcher's transaction takes them (sessions upserted, then cursors inserted), so that
    the two never wait on each other in a circle. Holding the session row also orders this
    with any dispatcher storing a turn of the gap: stored before, it is seen here; after, the
    dispatcher sees the new extracted turn and counts its turn as late."""
    await conn.execute(  # the backlog index reads it (revision 0004)
        sa.update(sessions).where(_of(sessions, tenant, session_id)).values(extracted_turn=to_turn)
    )
    if skipped is not None and await _any_turn_between(conn, tenant, session_id, *skipped):
        return False
    result = await conn.execute(
        sa.update(cursors)
        .where(_of(cursors, tenant, session_id), cursors.c.version == expected_version)
        .values(
            turn=to_turn,
            message_id=message_id,
            version=cursors.c.version + 1,
            failures=0,
            breaker_until=None,
            gaps_skipped=cursors.c.gaps_skipped + gaps_skipped,
            updated_at=now,
        )
    )
    return result.rowcount == 1


async def _any_turn_between(
    conn: AsyncConnection, tenant: str, session_id: str, after: int, before: int
) -> bool:
    found = await conn.execute(
        sa.select(turns.c.turn)
        .where(_of(turns, tenant, session_id), turns.c.turn > after, turns.c.turn < before)
        .limit(1)
    )
    return found.first() is not None


@dataclass(frozen=True, slots=True)
class FailurePolicy:
    breaker_failures: int
    breaker_cooldown: timedelta
    park_after: int


async def record_failure(
    conn: AsyncConnection,
    session_id: str,
    reason: str,
    policy: FailurePolicy,
    now: datetime,
    *,
    tenant: str,
) -> tuple[int, bool, bool]:
    """Count a failed run. Returns (consecutive failures, breaker open, parked)."""
    failures = cursors.c.failures + 1
    await conn.execute(
        sa.update(cursors)
        .where(_of(cursors, tenant, session_id))
        .values(
            failures=failures,
            breaker_until=sa.case(
                (failures >= policy.breaker_failures, now + policy.breaker_cooldown),
                else_=cursors.c.breaker_until,
            ),
            parked=sa.or_(cursors.c.parked, failures >= policy.park_after),
            parked_reason=sa.case(
                (failures >= policy.park_after, reason[:2000]), else_=cursors.c.parked_reason
            ),
            updated_at=now,
        )
    )
    row = (
        await conn.execute(
            sa.select(cursors.c.failures, cursors.c.breaker_until, cursors.c.parked).where(
                _of(cursors, tenant, session_id)
            )
        )
    ).one()
    breaker = row.breaker_until is not None and row.breaker_until > now
    return row.failures, breaker, row.parked


async def reset(conn: AsyncConnection, session_id: str, now: datetime, *, tenant: str) -> bool:
    """Close the breaker and unpark (operator's `sessions retry`)."""
    result = await conn.execute(
        sa.update(cursors)
        .where(_of(cursors, tenant, session_id))
        .values(failures=0, breaker_until=None, parked=False, parked_reason=None, updated_at=now)
    )
    return result.rowcount == 1


async def sessions_behind(
    conn: AsyncConnection, now: datetime, *, limit: int
) -> list[tuple[str, str]]:
    """Sessions (tenant, session id) with turns past their cursor that may run now (not
    parked, breaker closed), least recently active first; read from the backlog index, never
    every session."""
    rows = await conn.execute(
        sa.select(sessions.c.tenant, sessions.c.session_id)
        .join(cursors, _same_session(cursors))
        .where(
            BEHIND,
            sa.not_(cursors.c.parked),
            sa.or_(cursors.c.breaker_until.is_(None), cursors.c.breaker_until <= now),
        )
        .order_by(sessions.c.last_event_at)
        .limit(limit)
    )
    return [(row.tenant, row.session_id) for row in rows]
