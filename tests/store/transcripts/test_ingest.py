"""Storing turns (daemon.store.transcripts.ingest): a session keeps the last time zone its
events named, and each turn the zone and offset it was said in (on SQLite and on PostgreSQL,
whose bulk paths write them)."""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.events.models import TurnEvent
from daemon.store.tables import sessions, turns
from daemon.store.transcripts.cursors import load_turns
from daemon.store.transcripts.ingest import ingest
from daemon.store.transcripts.prepared import PreparedTurn

#: The tenant of the turns ingested here (their scopes name none: the default one).
TENANT = ScopeKey(project="p").tenant

NOW = datetime(2026, 11, 18, 12, tzinfo=UTC)


def _turn(session_id: str, turn: int, at: str, timezone: str | None = None) -> PreparedTurn:
    event = TurnEvent.model_validate(
        {
            "v": 1,
            "event_id": f"{session_id}:{turn}",
            "session_id": session_id,
            "turn": turn,
            "at": at,
            "scope": {"project": "p"},
            **({"timezone": timezone} if timezone else {}),
        }
    )
    return PreparedTurn(event, ())


async def _session_zone(runtime: Container, session_id: str) -> str | None:
    async with runtime.store.connect() as conn:
        query = sa.select(sessions.c.timezone).where(sessions.c.session_id == session_id)
        return (await conn.execute(query)).scalar_one()


async def test_the_session_keeps_the_last_time_zone_its_events_named(runtime: Container) -> None:
    async with runtime.store.begin() as conn:
        await ingest(conn, [_turn("s1", 1, "2026-11-17T23:30:00Z")], NOW)
    assert await _session_zone(runtime, "s1") is None
    async with runtime.store.begin() as conn:
        batch = [
            _turn("s1", 2, "2026-11-17T23:31:00Z", "Asia/Tokyo"),
            _turn("s1", 3, "2026-11-17T23:32:00Z", "America/Los_Angeles"),
        ]
        await ingest(conn, batch, NOW)
    assert await _session_zone(runtime, "s1") == "America/Los_Angeles"
    async with runtime.store.begin() as conn:  # a later event naming none changes nothing
        await ingest(conn, [_turn("s1", 4, "2026-11-17T23:33:00+09:00")], NOW)
    assert await _session_zone(runtime, "s1") == "America/Los_Angeles"
    async with runtime.store.connect() as conn:
        query = sa.select(turns.c.turn, turns.c.timezone, turns.c.at_offset).order_by(turns.c.turn)
        rows = [tuple(row) for row in await conn.execute(query)]
    assert rows == [
        (1, None, 0),
        (2, "Asia/Tokyo", 0),
        (3, "America/Los_Angeles", 0),
        (4, None, 540),
    ]


async def test_turns_load_in_their_own_zone_then_the_sessions_then_their_offset(
    runtime: Container,
) -> None:
    """The same instant, 2026-11-18 07:30 UTC, in the zone each rule gives."""
    async with runtime.store.begin() as conn:
        await ingest(conn, [_turn("offset", 1, "2026-11-18T16:30:00+09:00")], NOW)
        await ingest(conn, [_turn("utc", 1, "2026-11-18T07:30:00Z")], NOW)
        await ingest(
            conn,
            [
                _turn("zones", 1, "2026-11-18T07:30:00Z", "+05:30"),  # its own zone first
                _turn("zones", 2, "2026-11-18T16:30:00+09:00"),  # the session's zone wins
                _turn("zones", 3, "2026-11-18T07:30:00Z", "America/Los_Angeles"),
            ],
            NOW,
        )
    async with runtime.store.connect() as conn:
        offset = await load_turns(conn, "offset", 1, 1, tenant=TENANT)
        utc = await load_turns(conn, "utc", 1, 1, tenant=TENANT)
        zones = await load_turns(conn, "zones", 1, 3, tenant=TENANT)
    instant = datetime(2026, 11, 18, 7, 30, tzinfo=UTC)
    assert all(t.at == instant for t in (*offset, *utc, *zones))
    local = [t.at.isoformat() for t in (*offset, *utc, *zones)]
    assert local == [
        "2026-11-18T16:30:00+09:00",
        "2026-11-18T07:30:00+00:00",
        "2026-11-18T13:00:00+05:30",
        "2026-11-17T23:30:00-08:00",
        "2026-11-17T23:30:00-08:00",
    ]
