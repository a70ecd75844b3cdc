"""What ingest decides of each event of a batch, and why: stored, a duplicate, or rejected.

:class:`IngestResult` holds the verdicts; :func:`session_key`, :func:`event_key` and
:func:`turn_key` are the keys events are judged by, always within their tenant. A redelivered
event is a duplicate when its content is the stored turn's (:func:`turn_digest`); an event
that contradicts what is stored (other content under a stored event id or turn, another
event at the turn, this event id at another turn) is rejected with the reason, for the
dead-letter stream (:func:`classify_conflicts`). A turn deleted once extracted is judged
against its tombstone (:mod:`~daemon.store.transcripts.forgotten`) the same way
(:func:`judge_tombstoned`, :func:`take_back_repeats`). :func:`refusal_reason` names why the
store refused an event, where it can.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.scope import SessionKey
from daemon.events.models import TurnEvent
from daemon.store.tables import messages, turns
from daemon.store.transcripts import forgotten
from daemon.store.transcripts.prepared import PreparedTurn


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


def event_key(prepared: PreparedTurn) -> tuple[str, str]:
    return (prepared.scope.tenant, prepared.event.event_id)


def turn_key(prepared: PreparedTurn) -> tuple[str, str, int]:
    return (prepared.scope.tenant, prepared.event.session_id, prepared.event.turn)


async def judge_tombstoned(
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
    behind = [turn_key(t) for t in batch if t.event.turn <= last_turns[session_key(t)]]
    by_event, by_turn = await forgotten.matching(conn, [event_key(t) for t in batch], behind)
    kept: list[PreparedTurn] = []
    for prepared in batch:
        tomb = by_event.get(event_key(prepared))
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
    tomb = by_turn.get(turn_key(prepared))
    if tomb is None:
        return False
    digest, count = turn_digest(prepared), len(prepared.messages)
    reason = forgotten.contradiction(tomb, prepared.event.event_id, digest, count)
    if reason is None:
        result.duplicates.append(prepared)
    else:
        result.rejected.append((prepared, reason))
    return True


async def take_back_repeats(
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
    _, by_turn = await forgotten.matching(conn, [], [turn_key(t) for t in behind])
    repeats = {turn_key(t) for t in behind if _judged_forgotten(t, by_turn, result)}
    if not repeats:
        return
    result.stored = [t for t in result.stored if turn_key(t) not in repeats]
    for table in (messages, turns):
        key = sa.tuple_(table.c.tenant, table.c.session_id, table.c.turn)
        await conn.execute(sa.delete(table).where(key.in_(sorted(repeats))))


async def classify_conflicts(
    conn: AsyncConnection, batch: list[PreparedTurn], result: IngestResult
) -> None:
    """Sort turns the insert skipped into duplicates (this turn is stored with this content)
    and rejections (other content under this event id or turn number, another event at the
    turn, or this event id at another turn), all within the event's tenant."""
    event_ids = sorted({event_key(t) for t in batch})
    turn_keys = sorted({turn_key(t) for t in batch})
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
        at_turn = by_key.get(turn_key(prepared))
        same_event = by_event.get(event_key(prepared))
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
