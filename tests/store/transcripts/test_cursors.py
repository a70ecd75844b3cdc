"""Per-session cursors: the state a run starts from, the turns after the cursor, the
compare-and-set advance, failures opening the breaker and parking, the operator's reset, and
the sessions that may run now."""

from __future__ import annotations

from datetime import timedelta

import pytest
import sqlalchemy as sa

from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.store.tables import cursors, sessions, turns
from daemon.store.transcripts import cursors as cursor_store
from daemon.store.transcripts.cursors import FailurePolicy
from tests.store.transcripts.seed import T0, TENANT, session

NOW = T0 + timedelta(hours=1)


class _RolledBack(Exception):
    pass


POLICY = FailurePolicy(breaker_failures=2, breaker_cooldown=timedelta(minutes=5), park_after=3)


async def _cursor(runtime: Container, session_id: str) -> sa.Row[tuple[object, ...]]:
    async with runtime.store.connect() as conn:
        query = sa.select(cursors).where(cursors.c.session_id == session_id)
        return (await conn.execute(query)).one()


async def test_the_state_of_a_session_and_its_pending_turns(runtime: Container) -> None:
    await session(runtime, "s1", user="ann", turn_count=4, cursor=1)
    async with runtime.store.connect() as conn:
        state = await cursor_store.load_state(conn, "s1", tenant=TENANT)
        assert await cursor_store.load_state(conn, "missing", tenant=TENANT) is None
        pending = await cursor_store.pending_turns(conn, "s1", 1, limit=2, tenant=TENANT)
        every = await cursor_store.pending_turns(conn, "s1", None, limit=10, tenant=TENANT)
    assert state is not None
    assert (state.scope, state.cursor_turn, state.version, state.failures) == (
        ScopeKey(project="p", user="ann"),
        1,
        0,
        0,
    )
    assert (state.last_turn, state.parked, state.host) == (4, False, None)
    assert not state.breaker_open(NOW)
    assert [p.turn for p in pending] == [2, 3]
    assert (pending[0].received_at, pending[0].message_count) == (T0, 1)
    assert [p.turn for p in every] == [1, 2, 3, 4]


async def test_turns_are_loaded_with_their_messages_and_the_guard(runtime: Container) -> None:
    await session(runtime, "s1", turn_count=3, content="hello")  # turn 1 marked by the agent
    async with runtime.store.connect() as conn:
        loaded = await cursor_store.load_turns(conn, "s1", 2, 3, tenant=TENANT)
        first = await cursor_store.load_turns(conn, "s1", 1, 1, tenant=TENANT)
    assert [(t.turn, t.kind, t.main_agent_saved) for t in loaded] == [
        (2, "turn", False),
        (3, "turn", False),
    ]
    assert [(m.message_id, m.role, m.content) for m in loaded[0].messages] == [
        ("m2", "user", "hello")
    ]
    assert first[0].main_agent_saved  # recorded in agent_turns for its scope


async def test_advance_is_a_compare_and_set_on_the_version(runtime: Container) -> None:
    await session(runtime, "s1", turn_count=3)
    async with runtime.store.begin() as conn:
        moved = await cursor_store.advance(
            conn,
            "s1",
            expected_version=0,
            to_turn=2,
            message_id="m2",
            gaps_skipped=1,
            now=NOW,
            tenant=TENANT,
        )
    stale = None
    with pytest.raises(_RolledBack):  # a refused advance: the caller rolls back
        async with runtime.store.begin() as conn:
            stale = await cursor_store.advance(
                conn, "s1", expected_version=0, to_turn=3, message_id="m3", gaps_skipped=0,
                now=NOW, tenant=TENANT,
            )  # fmt: skip
            raise _RolledBack
    assert (moved, stale) == (True, False)
    row = await _cursor(runtime, "s1")
    assert (row.turn, row.message_id, row.version, row.gaps_skipped, row.updated_at) == (
        2,
        "m2",
        1,
        1,
        NOW,
    )
    async with runtime.store.connect() as conn:
        extracted = await conn.execute(
            sa.select(sessions.c.extracted_turn).where(sessions.c.session_id == "s1")
        )
        assert extracted.scalar_one() == 2


async def test_advance_over_a_gap_refuses_when_a_turn_of_it_arrived(runtime: Container) -> None:
    await session(runtime, "s1", turn_count=3)
    async with runtime.store.begin() as conn:
        await conn.execute(sa.delete(turns).where(turns.c.turn == 3))  # turns 1, 2 stored
        assert not await cursor_store.advance(
            conn, "s1", expected_version=0, to_turn=4, message_id=None, gaps_skipped=1,
            now=NOW, skipped=(1, 4), tenant=TENANT,
        )  # fmt: skip
        assert await cursor_store.advance(
            conn, "s1", expected_version=0, to_turn=4, message_id=None, gaps_skipped=1,
            now=NOW, skipped=(2, 4), tenant=TENANT,
        )  # fmt: skip


async def test_failures_open_the_breaker_then_park_and_reset_clears_them(
    runtime: Container,
) -> None:
    await session(runtime, "s1", turn_count=2)
    results = []
    async with runtime.store.begin() as conn:
        for n in range(3):
            results.append(
                await cursor_store.record_failure(
                    conn, "s1", f"boom {n}", POLICY, NOW, tenant=TENANT
                )
            )
    assert results == [(1, False, False), (2, True, False), (3, True, True)]
    row = await _cursor(runtime, "s1")
    assert (row.breaker_until, row.parked_reason) == (NOW + timedelta(minutes=5), "boom 2")
    async with runtime.store.begin() as conn:
        assert await cursor_store.reset(conn, "s1", NOW, tenant=TENANT)
        assert not await cursor_store.reset(conn, "missing", NOW, tenant=TENANT)
        state = await cursor_store.load_state(conn, "s1", tenant=TENANT)
    assert state is not None
    assert (state.failures, state.breaker_until, state.parked) == (0, None, False)


async def test_a_successful_advance_closes_the_breaker(runtime: Container) -> None:
    await session(runtime, "s1", turn_count=2)
    async with runtime.store.begin() as conn:
        for _ in range(2):
            await cursor_store.record_failure(conn, "s1", "boom", POLICY, NOW, tenant=TENANT)
        assert await cursor_store.advance(
            conn,
            "s1",
            expected_version=0,
            to_turn=1,
            message_id="m1",
            gaps_skipped=0,
            now=NOW,
            tenant=TENANT,
        )
    row = await _cursor(runtime, "s1")
    assert (row.failures, row.breaker_until) == (0, None)


async def test_sessions_that_may_run_now_least_recently_active_first(
    runtime: Container,
) -> None:
    for name in ("done", "late", "early", "parked", "broken", "cooled"):
        await session(runtime, name, turn_count=2, cursor=2 if name == "done" else None)
    async with runtime.store.begin() as conn:
        await conn.execute(
            sa.update(sessions)
            .where(sessions.c.session_id == "late")
            .values(last_event_at=T0 + timedelta(minutes=1))
        )
        await conn.execute(
            sa.update(sessions)
            .where(sessions.c.session_id == "early")
            .values(last_event_at=T0 - timedelta(minutes=1))
        )
        holds = {
            "parked": {"parked": True},
            "broken": {"breaker_until": NOW + timedelta(seconds=1)},
            "cooled": {"breaker_until": NOW},
        }
        for name, values in holds.items():
            await conn.execute(
                sa.update(cursors).where(cursors.c.session_id == name).values(**values)
            )
        found = await cursor_store.sessions_behind(conn, NOW, limit=10)
        first = await cursor_store.sessions_behind(conn, NOW, limit=1)
    assert found[0] == ("", "early") and found[-1] == ("", "late")
    assert sorted(found) == [("", "cooled"), ("", "early"), ("", "late")]
    assert first == [("", "early")]
