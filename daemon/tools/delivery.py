"""Delivery a host can see: what became of an event, where a session stands, the
session's rolling summary, and a scope's sessions, for the scope a key may read
(``GET /v1/events/{id}``, ``GET /v1/sessions/{id}``, ``GET /v1/sessions/{id}/summary``,
``GET /v1/sessions``, the MCP tools ``delivery_status`` and ``session_summary``).

An event's state, from the first it can be to the last:

- ``accepted``: appended to the stream (``POST /v1/events``), its turn not stored yet;
- ``stored``: its turn is in the store, the session's cursor has not passed it;
- ``extracted``: the cursor has passed its turn, with the run that took it there;
- ``dead_lettered``: the dispatcher set its latest send aside, with the reason (redacted as
  the dead letter's is); a turn already stored under the id is still shown.

Another tenant's, project's or user's event or session is answered as an unknown one: the
caller cannot tell the two apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

from daemon.access.grant import Grant
from daemon.access.policy import NO_AUTH_KEY_ID, tenant_of
from daemon.base.clock import Clock
from daemon.base.errors import QueueError
from daemon.base.redis_keys import Keys
from daemon.base.scope import ScopeKey
from daemon.events.delivery import DeadMark, Published, find_published
from daemon.extraction.outcome import PROGRESS
from daemon.store import runs
from daemon.store.db import Store
from daemon.store.transcripts import delivery_status, session_listing, summaries
from daemon.store.transcripts.session_listing import PagePosition

_PASSED = tuple(sorted(str(outcome) for outcome in PROGRESS))


@dataclass(frozen=True, slots=True)
class Bounds:
    """What a caller may read: one tenant; any project (``projects`` empty) or these; any
    user (``user`` None) or this one's and the shared."""

    tenant: str
    projects: tuple[str, ...] = ()
    user: str | None = None

    @classmethod
    def of(cls, grant: Grant, tenant: str | None = None) -> Bounds:
        """The key's bounds (under ``--no-auth``, every scope of the tenant named)."""
        if grant.key_id == NO_AUTH_KEY_ID:
            return cls(tenant or "")
        return cls(tenant_of(grant, tenant), tuple(grant.projects), grant.user)

    @classmethod
    def of_scope(cls, scope: ScopeKey) -> Bounds:
        """Exactly one scope's (its project; its user's and the shared)."""
        return cls(scope.tenant, (scope.project,), scope.user or None)

    def sees(self, project: str, user: str) -> bool:
        if self.projects and project not in self.projects:
            return False
        return self.user is None or user in ("", self.user)


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def _scope(tenant: str, project: str, user: str) -> dict[str, str | None]:
    return {"tenant": tenant or None, "project": project, "user": user or None}


def _run(row: dict[str, Any] | None) -> dict[str, Any] | None:
    if row is None:
        return None
    return {
        "id": int(row["id"]),
        "outcome": row["outcome"],
        "from_turn": row["from_turn"],
        "to_turn": row["to_turn"],
        "finished_at": _iso(row["finished_at"]),
    }


class Delivery:
    """Reads what became of events and sessions (the store, and Redis for what is not
    stored yet)."""

    def __init__(self, store: Store, redis: Redis, keys: Keys, clock: Clock) -> None:
        self.store = store
        self.redis = redis
        self.keys = keys
        self.clock = clock

    async def _published(
        self, bounds: Bounds, event_id: str
    ) -> tuple[tuple[Published, DeadMark | None] | None, QueueError | None]:
        try:
            found = await find_published(self.redis, self.keys, bounds.tenant, event_id)
        except (RedisError, OSError) as exc:
            return None, QueueError(f"Redis is not answering: {type(exc).__name__}")
        if found is not None and not bounds.sees(found[0].project, found[0].user):
            return None, None
        return found, None

    async def event(self, bounds: Bounds, event_id: str) -> dict[str, Any] | None:
        """The state of ``event_id`` for a caller of ``bounds``; None when unknown to it.
        Raises ``QueueError`` only when Redis is down and the store has no turn of it."""
        async with self.store.read() as conn:
            turn = await delivery_status.turn_of_event(conn, bounds.tenant, event_id)
            if turn is not None and not bounds.sees(turn["project"], turn["user"]):
                turn = None
            run = None
            passed = (
                turn is not None
                and turn["extracted_turn"] is not None
                and turn["extracted_turn"] >= turn["turn"]
            )
            if turn is not None and passed:
                run = await runs.passing(
                    conn, bounds.tenant, turn["session_id"], turn["turn"], _PASSED
                )
        published, down = await self._published(bounds, event_id)
        if turn is None and published is None:
            if down is not None:
                raise down
            return None
        record, mark = published if published is not None else (None, None)
        state = "accepted"
        if mark is not None:
            state = "dead_lettered"
        elif passed:
            state = "extracted"
        elif turn is not None:
            state = "stored"
        if turn is not None:
            session_id, project, user = turn["session_id"], turn["project"], turn["user"]
        else:
            assert record is not None
            session_id, project, user = record.session_id, record.project, record.user
        return {
            "event_id": event_id,
            "state": state,
            "session_id": session_id,
            "scope": _scope(bounds.tenant, project, user),
            "accepted_at": record.at if record is not None else None,
            "entry_id": record.entry_id if record is not None else None,
            "turn": turn["turn"] if turn is not None else None,
            "stored_at": _iso(turn["received_at"]) if turn is not None else None,
            "run": _run(run),
            "reason": mark.reason if mark is not None else None,
            "dead_lettered_at": (mark.at or None) if mark is not None else None,
        }

    async def session(self, bounds: Bounds, session_id: str) -> dict[str, Any] | None:
        """The session's turns (no content), cursor and last run for a caller of ``bounds``;
        None when unknown to it."""
        async with self.store.read() as conn:
            now = self.clock.now()
            found = await delivery_status.session_status(conn, bounds.tenant, session_id, now)
            if found is None or not bounds.sees(found["project"], found["user"]):
                return None
            turns = await delivery_status.session_turns(conn, bounds.tenant, session_id)
            last = await runs.last_of(conn, bounds.tenant, session_id)
        return {
            "session_id": session_id,
            "scope": _scope(bounds.tenant, found["project"], found["user"]),
            "first_seen_at": _iso(found["first_seen_at"]),
            "last_event_at": _iso(found["last_event_at"]),
            "last_turn": found["last_turn"],
            "ended": bool(found["ended"]),
            "turns": [
                {
                    "turn": t["turn"],
                    "event_id": t["event_id"],
                    "kind": t["kind"],
                    "at": _iso(t["at"]),
                    "messages": t["message_count"],
                }
                for t in turns
            ],
            "turns_capped": len(turns) >= delivery_status.MAX_TURNS,
            "cursor": {
                "extracted_turn": found["extracted_turn"],
                "failures": int(found["failures"] or 0),
                "breaker_open": bool(found["breaker_open"]),
                "breaker_until": _iso(found["breaker_until"]),
                "parked": bool(found["parked"]),
                "parked_reason": found["parked_reason"],
                "gaps_skipped": int(found["gaps_skipped"] or 0),
                "late_turns": int(found["late_turns"] or 0),
            },
            "last_run": _run(last),
        }

    async def sessions(
        self,
        scope: ScopeKey,
        *,
        every_user: bool,
        limit: int,
        after: PagePosition | None = None,
    ) -> tuple[list[dict[str, Any]], PagePosition | None]:
        """One page of the sessions of ``scope``'s project (its user's and the shared ones;
        ``every_user``: every user's, for a key bound to no user that names none), the most
        recently started first, and where the next page starts (None on the last)."""
        async with self.store.read() as conn:
            rows, more = await session_listing.scope_page(
                conn,
                tenant=scope.tenant,
                project=scope.project,
                user=None if every_user else scope.user,
                limit=limit,
                after=after,
            )
        return [
            {
                "session_id": row["session_id"],
                "user": row["user"] or None,
                "first_seen_at": _iso(row["first_seen_at"]),
                "last_event_at": _iso(row["last_event_at"]),
                "last_turn": row["last_turn"],
                "extracted_turn": None if row["extracted_turn"] < 0 else row["extracted_turn"],
                "ended": bool(row["ended"]),
            }
            for row in rows
        ], more

    async def summary(self, bounds: Bounds, session_id: str) -> dict[str, Any] | None:
        """The session's rolling summary for a caller of ``bounds`` (its five parts, its
        markdown, the last turn it covers, when it was written and how long ago); None when
        the session has none yet or is unknown to the caller."""
        async with self.store.read() as conn:
            found = await summaries.read_stored(conn, bounds.tenant, session_id)
        if found is None or not bounds.sees(found.project, found.user):
            return None
        summary = found.summary
        age = (self.clock.now() - summary.updated_at).total_seconds()
        return {
            "session_id": session_id,
            "summary": summary.fields(),
            "text": summary.render(),
            "through_turn": summary.through_turn,
            "updated_at": _iso(summary.updated_at),
            "age_seconds": round(max(0.0, age), 3),
        }
