"""The sessions of stored turns (daemon.store.transcripts.session_rows): a batch's events are
merged into one row per session in session order (the last turn and time the highest, ended
once a session_end came, the host prompt and time zone the last one named), and a turn
stored at or behind its session's cursor is counted late."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.events.models import TurnEvent
from daemon.store.tables import sessions
from daemon.store.transcripts.ingest import ingest
from daemon.store.transcripts.prepared import PreparedTurn
from daemon.store.transcripts.session_rows import count_late, session_rows

NOW = datetime(2026, 11, 18, 12, tzinfo=UTC)
TENANT = ScopeKey(project="p").tenant


def _turn(session_id: str, turn: int, minute: int, **fields: Any) -> PreparedTurn:
    event = TurnEvent.model_validate(
        {
            "v": 1,
            "event_id": f"{session_id}:{turn}",
            "session_id": session_id,
            "turn": turn,
            "at": f"2026-11-17T23:{minute:02d}:00Z",
            "scope": {"project": "p"},
            **fields,
        }
    )
    return PreparedTurn(event, ())


def test_a_batchs_events_merge_into_one_row_per_session_in_session_order() -> None:
    batch = [
        _turn("s2", 1, 10),
        _turn("s1", 3, 30, host={"system_prompt": "Be brief."}, timezone="Asia/Tokyo"),
        _turn("s1", 2, 40, kind="session_end", host={"tools": [{"name": "t"}]}),
        _turn("s1", 4, 20, timezone="Europe/Paris"),
    ]
    rows = session_rows(batch, NOW)
    assert [row["session_id"] for row in rows] == ["s1", "s2"]
    merged = rows[0]
    assert (merged["last_turn"], merged["last_event_at"]) == (4, batch[2].event.at)
    assert merged["ended"] is True and rows[1]["ended"] is False
    assert merged["host_system_prompt"] == "Be brief."  # a later event naming none keeps it
    assert merged["host_tools"] == [{"name": "t"}]
    assert merged["timezone"] == "Europe/Paris"  # the last one named
    assert merged["first_seen_at"] == NOW


def test_no_turns_make_no_rows() -> None:
    assert session_rows([], NOW) == []


async def _late_turns(runtime: Container, session_id: str) -> int:
    async with runtime.store.connect() as conn:
        query = sa.select(sessions.c.late_turns).where(sessions.c.session_id == session_id)
        return int((await conn.execute(query)).scalar_one())


async def test_turns_at_or_behind_the_cursor_are_counted_late(runtime: Container) -> None:
    async with runtime.store.begin() as conn:
        await ingest(conn, [_turn("s", 1, 1), _turn("t", 1, 1)], NOW)
        stored = [_turn("s", 2, 2), _turn("s", 3, 3), _turn("s", 5, 5), _turn("t", 2, 2)]
        await count_late(conn, stored, {(TENANT, "s"): 3, (TENANT, "t"): -1})
    assert await _late_turns(runtime, "s") == 2  # turns 2 and 3; 5 is ahead of the cursor
    assert await _late_turns(runtime, "t") == 0
