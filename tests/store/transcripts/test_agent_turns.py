"""The main agent's own memory writes marked per turn, and the guard that reads the marks:
idempotent, and only a mark of the turn's own scope counts."""

from __future__ import annotations

from datetime import timedelta

import pytest
import sqlalchemy as sa

from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.store.tables import agent_turns, messages, sessions, turns
from daemon.store.transcripts import agent_turns as marks
from tests.store.transcripts.seed import T0, TENANT, session


async def _saved(runtime: Container) -> list[int]:
    async with runtime.store.begin() as conn:
        query = sa.select(turns.c.turn).where(marks.saved()).order_by(turns.c.turn)
        return list((await conn.execute(query)).scalars())


async def _clear(runtime: Container) -> None:
    async with runtime.store.begin() as conn:
        await conn.execute(sa.delete(agent_turns))


async def test_a_turn_is_saved_once_marked_in_its_own_scope(runtime: Container) -> None:
    await session(runtime, "s1", turn_count=4)  # scope project p, user u; marks turn 1
    await _clear(runtime)
    assert await _saved(runtime) == []
    async with runtime.store.begin() as conn:
        await marks.record(conn, "s1", 2, ScopeKey(project="p", user="u"), T0)
        await marks.record(conn, "s1", 2, ScopeKey(project="p", user="u"), T0)  # idempotent
        await marks.record(conn, "s1", 3, ScopeKey(project="p"), T0)  # a call of no user
        count = await conn.execute(sa.select(sa.func.count()).select_from(agent_turns))
        assert count.scalar_one() == 2
    assert await _saved(runtime) == [2, 3]


async def test_a_mark_of_another_scope_does_not_count(runtime: Container) -> None:
    await session(runtime, "s1", turn_count=3)
    await _clear(runtime)
    async with runtime.store.begin() as conn:
        await marks.record(conn, "s1", 1, ScopeKey(project="other", user="u"), T0)
        await marks.record(conn, "s1", 2, ScopeKey(project="p", user="someone"), T0)
        await marks.record(conn, "s1", 3, ScopeKey(project="p", user="u", tenant="t"), T0)
    assert await _saved(runtime) == []


async def test_the_events_own_flag_counts_without_a_mark(runtime: Container) -> None:
    await session(runtime, "s1", turn_count=2)
    await _clear(runtime)
    async with runtime.store.begin() as conn:
        await conn.execute(sa.update(turns).where(turns.c.turn == 2).values(main_agent_saved=True))
    assert await _saved(runtime) == [2]


async def _zone_and_prompt(runtime: Container, session_id: str, zone: str | None) -> None:
    async with runtime.store.begin() as conn:
        await conn.execute(
            sa.update(sessions)
            .where(sessions.c.session_id == session_id)
            .values(timezone=zone, host_system_prompt="You are Acme's billing assistant.")
        )


async def test_a_write_is_read_against_its_turns_time_and_the_hosts_prompt(
    runtime: Container,
) -> None:
    """The named turn's time in its session's zone; a turn not stored yet, now there."""
    await session(runtime, "s1", turn_count=2)  # turns at T0, 12:00 UTC; scope p / u
    await _zone_and_prompt(runtime, "s1", "America/Los_Angeles")
    now = T0 + timedelta(hours=13)  # 01:00 UTC the next day: still 17:00 the day of T0 in LA
    scope = ScopeKey(project="p", user="u")
    async with runtime.store.connect() as conn:
        stored = await marks.said_in(conn, "s1", 2, scope, now)
        later = await marks.said_in(conn, "s1", 3, scope, now)
        no_user = await marks.said_in(conn, "s1", 2, ScopeKey(project="p"), now)
    assert stored is not None and later is not None and no_user is not None
    assert (stored.at, stored.at.isoformat()) == (T0, "2026-10-05T05:00:00-07:00")
    assert (later.at, later.at.isoformat()) == (now, "2026-10-05T18:00:00-07:00")
    assert stored.system_prompt == "You are Acme's billing assistant."


async def test_without_a_zone_the_last_turns_offset_or_utc_is_taken(runtime: Container) -> None:
    await session(runtime, "s1", turn_count=1)
    scope = ScopeKey(project="p", user="u")
    now = T0 + timedelta(hours=13)
    async with runtime.store.connect() as conn:
        plain = await marks.said_in(conn, "s1", 5, scope, now)
    assert plain is not None and plain.at == now and not plain.at.utcoffset()
    assert plain.system_prompt is None
    async with runtime.store.begin() as conn:
        await conn.execute(sa.update(turns).values(at_offset=540))
    async with runtime.store.connect() as conn:
        said = await marks.said_in(conn, "s1", 5, scope, now)
        same = await marks.said_in(conn, "s1", 1, scope, now)
    assert said is not None and said.at.isoformat() == "2026-10-06T10:00:00+09:00"
    assert same is not None and same.at.isoformat() == "2026-10-05T21:00:00+09:00"


@pytest.mark.parametrize(
    "scope",
    [
        ScopeKey(project="other", user="u"),
        ScopeKey(project="p", user="someone-else"),
        ScopeKey(project="p", user="u", tenant="t2"),
    ],
)
async def test_a_session_of_another_scope_gives_nothing(
    runtime: Container, scope: ScopeKey
) -> None:
    await session(runtime, "s1", turn_count=1)
    await _zone_and_prompt(runtime, "s1", "Asia/Tokyo")
    async with runtime.store.connect() as conn:
        assert await marks.said_in(conn, "s1", 1, scope, T0) is None
        assert await marks.said_in(conn, "missing", 1, ScopeKey(project="p"), T0) is None


async def test_a_write_is_read_against_the_hosts_tools_and_the_recent_messages(
    runtime: Container,
) -> None:
    """The host's tool schemas, and the system, developer and tool messages of the last
    RECENT_TURNS turns up to the one named: not those of later turns, nor of turns before."""
    last = marks.RECENT_TURNS + 2
    await session(runtime, "s1", turn_count=last)
    tools = [{"type": "function", "function": {"name": "sms", "description": "Send an SMS."}}]
    async with runtime.store.begin() as conn:
        await conn.execute(
            sa.update(sessions).where(sessions.c.session_id == "s1").values(host_tools=tools)
        )
        for turn in range(1, last + 1):
            for seq, role in enumerate(("system", "developer", "tool", "function"), start=1):
                await conn.execute(
                    sa.insert(messages).values(
                        session_id="s1", message_id=f"{role}{turn}", tenant=TENANT,
                        project="p", user="u", turn=turn, seq=seq, role=role,
                        content=f"{role} of turn {turn}", at=T0,
                    )
                )  # fmt: skip
    named = last - 1
    async with runtime.store.connect() as conn:
        said = await marks.said_in(conn, "s1", named, ScopeKey(project="p", user="u"), T0)
    assert said is not None and said.host_tools == tools
    window = range(named - marks.RECENT_TURNS + 1, named + 1)
    assert said.host_messages == tuple(
        f"{role} of turn {t}" for t in window for role in ("system", "developer")
    )
    assert said.tool_outputs == tuple(
        f"{role} of turn {t}" for t in window for role in ("tool", "function")
    )
