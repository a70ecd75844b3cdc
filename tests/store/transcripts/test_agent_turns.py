"""The main agent's own memory writes marked per turn, and the guard that reads the marks:
idempotent, and only a mark of the turn's own scope counts."""

from __future__ import annotations

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.store.tables import agent_turns, turns
from daemon.store.transcripts import agent_turns as marks
from tests.store.transcripts.seed import T0, session


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
