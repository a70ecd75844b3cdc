"""The backlog as the status reports it: sessions behind their cursor, the oldest turn
waiting, late turns, and the sessions a breaker or parking holds."""

from __future__ import annotations

from datetime import timedelta

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.store.tables import cursors, sessions, turns
from daemon.store.transcripts.backlog import BacklogRead, Held, read_backlog
from tests.store.transcripts.seed import T0, session

NOW = T0 + timedelta(hours=1)


async def _read(runtime: Container, **options: int) -> BacklogRead:
    async with runtime.store.connect() as conn:
        return await read_backlog(
            conn,
            NOW,
            held_listed=options.get("held_listed", 10),
            oldest_among=options.get("oldest_among", 10),
        )


async def test_an_empty_store_has_no_backlog(runtime: Container) -> None:
    assert await _read(runtime) == BacklogRead()


async def test_sessions_behind_and_the_oldest_waiting_turn(runtime: Container) -> None:
    await session(runtime, "done", turn_count=2, cursor=2)
    await session(runtime, "recent", turn_count=2)
    await session(runtime, "stale", turn_count=3, cursor=1)
    async with runtime.store.begin() as conn:
        # "stale": its turn 1 (extracted) is the oldest of all, its turn 2 the oldest waiting
        for turn, received in ((1, T0 - timedelta(days=3)), (2, T0 - timedelta(days=2))):
            await conn.execute(
                sa.update(turns)
                .where(turns.c.session_id == "stale", turns.c.turn == turn)
                .values(received_at=received)
            )
        await conn.execute(
            sa.update(sessions)
            .where(sessions.c.session_id == "recent")
            .values(last_event_at=T0 + timedelta(minutes=5))
        )
    found = await _read(runtime)
    assert found.sessions_behind == 2
    assert (found.oldest_session, found.oldest_received_at) == ("stale", T0 - timedelta(days=2))
    # looked for among the least recently active only
    assert (await _read(runtime, oldest_among=1)).oldest_session == "stale"


async def test_held_sessions_and_late_turns_are_counted(runtime: Container) -> None:
    for name in ("parked", "open", "closed", "late"):
        await session(runtime, name, turn_count=1, cursor=1)
    async with runtime.store.begin() as conn:
        updates = {
            "parked": {"parked": True, "parked_reason": "poison", "updated_at": T0},
            "open": {"breaker_until": NOW + timedelta(minutes=1), "updated_at": NOW},
            "closed": {"breaker_until": NOW - timedelta(minutes=1), "updated_at": NOW},
        }
        for name, values in updates.items():
            await conn.execute(
                sa.update(cursors).where(cursors.c.session_id == name).values(**values)
            )
        await conn.execute(
            sa.update(sessions).where(sessions.c.session_id == "late").values(late_turns=3)
        )
    found = await _read(runtime)
    assert (found.sessions_behind, found.oldest_session) == (0, None)
    assert (found.open_breakers, found.parked) == (1, 1)
    assert (found.late_sessions, found.late_turns) == (1, 3)
    assert found.held == [Held("open", False, None), Held("parked", True, "poison")]
    assert (await _read(runtime, held_listed=1)).held == [Held("open", False, None)]
