"""Which sessions a batch's turns fit: the scope each session belongs to, and how far ahead
of its last stored turn an event may be.

:func:`check_sessions` keeps the turns whose scope is their session's and whose turn number
is at most ``max_turn_jump`` ahead of the last one stored, and rejects the others with the
reason. :class:`ScopeCache` remembers the scopes (and last turns) of sessions known to be
stored, so that a dispatcher does not ask the store again for every batch.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.scope import ScopeKey, SessionKey
from daemon.store.tables import sessions
from daemon.store.transcripts.prepared import PreparedTurn
from daemon.store.transcripts.verdicts import IngestResult, session_key, turn_key


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


async def check_sessions(
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
    for prepared in sorted(batch, key=turn_key):
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
