"""Sessions as library calls: listing by filter, showing and retrying (both backends)."""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa

from daemon.admin.session_admin import SessionFilter, list_sessions, retry_session, show_session
from daemon.app.container import Container
from daemon.store.tables import cursors
from tests.harness import publish_fixture, rows, run_pipeline

NOW = datetime(2026, 6, 1, tzinfo=UTC)


async def test_sessions_list_show_and_retry(runtime: Container) -> None:
    await publish_fixture(runtime, "billing-fix")
    await publish_fixture(runtime, "agent-saved")
    await runtime.dispatcher(consumer="d").run(burst=True)
    async with runtime.store.connect() as conn:
        listed = await list_sessions(conn, NOW, SessionFilter(behind=True))
    assert {s["user"] for s in listed} == {"dana", "sam"}
    billing = next(s for s in listed if s["user"] == "dana")
    assert (billing["turns_behind"], billing["cursor_turn"], billing["last_turn"]) == (4, None, 4)

    await run_pipeline(runtime)
    session_id = billing["session_id"]
    async with runtime.store.begin() as conn:
        await conn.execute(
            sa.update(cursors)
            .where(cursors.c.session_id == session_id)
            .values(
                parked=True, parked_reason="boom", failures=6, breaker_until=NOW.replace(year=2027)
            )
        )
    async with runtime.store.connect() as conn:
        held = await list_sessions(conn, NOW, SessionFilter(held=True))
        shown = await show_session(conn, session_id, NOW, tenant="acme")
        other = await list_sessions(conn, NOW, SessionFilter(user="sam"))
    assert [s["session_id"] for s in held] == [session_id]
    assert shown is not None and shown["parked"] and shown["breaker_open"]
    assert shown["turns_behind"] == 0 and shown["runs"][0]["outcome"] in ("wrote", "nothing")
    assert [s["user"] for s in other] == ["sam"]

    assert await retry_session(runtime.store, runtime.queue(), session_id, NOW, tenant="acme")
    (cursor,) = await rows(runtime, "cursors", cursors.c.session_id == session_id)
    assert (cursor.parked, cursor.failures, cursor.breaker_until) == (False, 0, None)
    assert await runtime.redis.zscore(
        runtime.keys.queue, runtime.keys.extract_job_id(("acme", session_id))
    )
    assert not await retry_session(runtime.store, runtime.queue(), "nope", NOW, tenant="acme")
