"""Old transcripts pruned: only turns both older than the cutoff and passed by the cursor,
their messages first; marks of the main agent's writes kept while their turn waits."""

from __future__ import annotations

from datetime import timedelta

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.store.tables import agent_turns, messages, turns
from daemon.store.transcripts import pruning
from tests.store.transcripts.seed import T0, session

LATER = T0 + timedelta(days=1)


async def _left(runtime: Container, table: sa.Table) -> list[tuple[str, int]]:
    async with runtime.store.begin() as conn:
        query = sa.select(table.c.session_id, table.c.turn).order_by(
            table.c.session_id, table.c.turn
        )
        return [tuple(row) for row in await conn.execute(query)]  # type: ignore[misc]


async def test_only_turns_the_cursor_passed_before_the_cutoff_go(runtime: Container) -> None:
    await session(runtime, "A", turn_count=3, cursor=2)
    await session(runtime, "B", turn_count=2)  # no cursor position: nothing extracted yet
    async with runtime.store.begin() as conn:
        assert await pruning.prune_batch(conn, T0, 100) == (0, 0)  # nothing before T0
        assert await pruning.prune_batch(conn, LATER, 100) == (2, 2)
        assert await pruning.prune_batch(conn, LATER, 100) == (0, 0)
    assert await _left(runtime, turns) == [("A", 3), ("B", 1), ("B", 2)]
    assert await _left(runtime, messages) == [("A", 3), ("B", 1), ("B", 2)]


async def test_a_batch_takes_at_most_its_limit_oldest_first(runtime: Container) -> None:
    await session(runtime, "A", turn_count=3, cursor=3)
    async with runtime.store.begin() as conn:
        await conn.execute(
            sa.update(turns).where(turns.c.turn == 1).values(received_at=T0 + timedelta(hours=1))
        )
        assert await pruning.prune_batch(conn, LATER, 1) == (1, 1)
    assert await _left(runtime, turns) == [("A", 1), ("A", 3)]


async def test_marks_of_waiting_turns_are_kept(runtime: Container) -> None:
    await session(runtime, "A", turn_count=2, cursor=1)  # turn 1 marked and extracted
    await session(runtime, "B", turn_count=2)  # turn 1 marked, not yet extracted
    async with runtime.store.begin() as conn:
        assert await pruning.prune_agent_turns(conn, T0) == 0  # not older than the cutoff
        assert await pruning.prune_agent_turns(conn, LATER) == 1
    assert await _left(runtime, agent_turns) == [("B", 1)]
