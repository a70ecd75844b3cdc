"""What became of an event before its turn is stored: the Redis records a host's status poll
reads (``GET /v1/events/{event_id}``).

Two small keys, both with the time-to-live ``MEMORYD_STREAM__DELIVERY_TTL_S``:

- :meth:`Keys.delivery <daemon.base.redis_keys.Keys.delivery>` (tenant, event id): written
  by ``POST /v1/events`` for each event it appended, with the event's session, project, user
  and stream entry id. A re-send under the same event id writes its newer entry id.
- :meth:`Keys.dead_entry <daemon.base.redis_keys.Keys.dead_entry>` (stream entry id): written
  by the dispatcher beside each dead letter, in the same transaction, with the letter's
  reason (redacted as the letter's is).

``POST /v1/events`` writes the records in the same command as the events' XADDs
(:func:`daemon.events.stream.append_recorded`): the record of each event is sent as the text
before and after its entry id (:func:`record_around`), which the script joins once Redis has
chosen the id.

Reading an event's fate is two GETs: its record, then the mark of the entry it names. The
store answers the rest (stored, extracted). Events a host XADDs itself have no record: their
state is known once stored.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from redis.asyncio import Redis

from daemon.base.redis_keys import Keys


@dataclass(frozen=True, slots=True)
class Published:
    """An event appended to the stream over HTTP, as its record keeps it."""

    tenant: str
    event_id: str
    session_id: str
    project: str
    user: str
    entry_id: str
    at: str  # when it was accepted, ISO 8601


@dataclass(frozen=True, slots=True)
class DeadMark:
    """Why a stream entry was dead-lettered, and when."""

    reason: str
    at: str


def _record(event: Published) -> str:
    return json.dumps(
        {
            "session_id": event.session_id,
            "project": event.project,
            "user": event.user,
            "entry_id": event.entry_id,
            "at": event.at,
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )


def record_around(session_id: str, project: str, user: str, at: str) -> tuple[str, str]:
    """The record of an event not yet appended, as the text before its entry id and the
    text after it: joined around the id, the record :func:`record_published` writes (an
    entry id is digits and a dash, which JSON holds as they are)."""
    fields = {"session_id": session_id, "project": project, "user": user}
    head = _ENCODER.encode(fields)
    return f'{head[:-1]},"entry_id":"', f'","at":{_ENCODER.encode(at)}}}'


#: One encoder for every record (``json.dumps`` with options builds one a call).
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


async def record_published(
    redis: Redis, keys: Keys, events: Sequence[Published], *, ttl_s: int
) -> None:
    """Keep a record of each event appended (one pipelined round trip)."""
    if not events:
        return
    pipe = redis.pipeline(transaction=False)
    for event in events:
        pipe.set(keys.delivery(event.tenant, event.event_id), _record(event), ex=ttl_s)
    await pipe.execute()


def mark_dead(pipe: Any, keys: Keys, entry_id: str, reason: str, at: str, *, ttl_s: int) -> None:
    """Queue on ``pipe`` (the dispatcher's settling transaction) the mark of a dead-lettered
    entry: its (already redacted) reason."""
    mark = json.dumps({"reason": reason, "at": at}, ensure_ascii=False, separators=(",", ":"))
    pipe.set(keys.dead_entry(entry_id), mark, ex=ttl_s)


async def find_published(
    redis: Redis, keys: Keys, tenant: str, event_id: str
) -> tuple[Published, DeadMark | None] | None:
    """The record of ``event_id`` accepted in ``tenant``, with the dead mark of its entry if
    it was dead-lettered; None when there is no record (never accepted over HTTP, or past
    its time-to-live)."""
    raw = await redis.get(keys.delivery(tenant, event_id))
    if raw is None:
        return None
    fields = json.loads(raw)
    published = Published(
        tenant=tenant,
        event_id=event_id,
        session_id=str(fields["session_id"]),
        project=str(fields["project"]),
        user=str(fields.get("user") or ""),
        entry_id=str(fields["entry_id"]),
        at=str(fields["at"]),
    )
    mark_raw = await redis.get(keys.dead_entry(published.entry_id))
    if mark_raw is None:
        return published, None
    mark = json.loads(mark_raw)
    return published, DeadMark(reason=str(mark["reason"]), at=str(mark["at"]))
