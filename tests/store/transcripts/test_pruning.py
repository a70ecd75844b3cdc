"""Old transcripts pruned: only turns both older than the cutoff and passed by the cursor,
their messages first; marks of the main agent's writes kept while their turn waits; a turn
deleted before its window passed leaves a tombstone without its text."""

from __future__ import annotations

from datetime import timedelta

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.store.tables import agent_turns, forgotten_turns, messages, turns
from daemon.store.transcripts import forgotten, pruning
from tests.store.transcripts.seed import T0, session

DAY = timedelta(days=1)
LATER = T0 + DAY


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


async def _tombstones(runtime: Container) -> list[tuple[str, int]]:
    return await _left(runtime, forgotten_turns)


async def test_turns_deleted_before_their_window_passed_leave_a_tombstone(
    runtime: Container,
) -> None:
    """Retention with a window shorter than the tombstones' (``until_extracted``'s nought)
    remembers the turns it deletes that the transcript window would have kept; the
    tombstones go once that window has passed too."""
    await session(runtime, "A", turn_count=2, cursor=2)
    await session(runtime, "B", turn_count=2, cursor=2)
    async with runtime.store.begin() as conn:
        await conn.execute(
            sa.update(turns).where(turns.c.session_id == "B").values(received_at=LATER)
        )
        gone = await pruning.prune_batch(conn, LATER + DAY, 100, remember_since=T0 + DAY)
    assert gone == (4, 4)
    assert await _tombstones(runtime) == [("B", 1), ("B", 2)]
    async with runtime.store.begin() as conn:
        assert await forgotten.prune(conn, LATER) == 0
        assert await forgotten.prune(conn, LATER + DAY) == 2
    assert await _tombstones(runtime) == []


async def test_forgetting_extracted_turns_leaves_their_tombstones_and_no_text(
    runtime: Container,
) -> None:
    await session(runtime, "A", turn_count=3, cursor=2, content="Quetzalcoatl")
    async with runtime.store.begin() as conn:
        await pruning.forget_extracted(conn, "", "A", 2)
        query = sa.select(forgotten_turns).order_by(forgotten_turns.c.turn)
        kept = (await conn.execute(query)).all()
    assert [(t.session_id, t.turn, t.event_id, t.message_count) for t in kept] == [
        ("A", 1, "A-1", 1),
        ("A", 2, "A-2", 1),
    ]
    assert "Quetzalcoatl" not in repr(kept)
    assert await _left(runtime, turns) == [("A", 3)]
