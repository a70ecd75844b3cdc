"""What a host sees of its own sessions: a stored turn by its event id with the extracted
turn, a session with its cursor, the last turns in order (numbers and counts, never
content); every read within its tenant (the same ids in another tenant are another's);
on both backends."""

from __future__ import annotations

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.store.tables import cursors
from daemon.store.transcripts.delivery_status import session_status, session_turns, turn_of_event
from tests.store.transcripts.seed import T0, TENANT, session


async def test_a_turn_is_found_by_its_event_id_in_its_tenant_only(runtime: Container) -> None:
    await session(runtime, "s1", turn_count=3, cursor=2)
    async with runtime.store.connect() as conn:
        found = await turn_of_event(conn, TENANT, "s1-3")
        assert await turn_of_event(conn, "another", "s1-3") is None
        assert await turn_of_event(conn, TENANT, "missing") is None
    assert found is not None
    assert (found["session_id"], found["turn"], found["kind"], found["extracted_turn"]) == (
        "s1",
        3,
        "turn",
        2,
    )
    assert (found["project"], found["user"], found["message_count"]) == ("p", "u", 1)


async def test_a_session_with_its_cursor_and_its_last_turns(runtime: Container) -> None:
    await session(runtime, "s1", turn_count=4, cursor=1)
    async with runtime.store.begin() as conn:
        await conn.execute(sa.update(cursors).values(failures=2, parked=True, parked_reason="x"))
    async with runtime.store.connect() as conn:
        status = await session_status(conn, TENANT, "s1", T0)
        assert await session_status(conn, "another", "s1", T0) is None
        last = await session_turns(conn, TENANT, "s1", limit=2)
        every = await session_turns(conn, TENANT, "s1")
        assert await session_turns(conn, "another", "s1") == []
    assert status is not None
    assert (status["last_turn"], status["extracted_turn"], status["failures"]) == (4, 1, 2)
    assert (status["parked"], status["parked_reason"], status["ended"]) == (True, "x", False)
    assert [t["turn"] for t in last] == [3, 4]
    assert [t["turn"] for t in every] == [1, 2, 3, 4]
    assert set(every[0]) == {"turn", "event_id", "kind", "at", "message_count"}  # no content
