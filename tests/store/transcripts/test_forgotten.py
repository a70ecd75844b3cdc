"""Tombstones of forgotten turns: kept with no text, found by turn and by event id, judged
as the stored turn would be (the same event a repeat, another a clash), pruned by age."""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.store.tables import forgotten_turns, turns
from daemon.store.transcripts import forgotten
from tests.store.transcripts.seed import T0, TENANT, session


def _tomb(**fields: object) -> SimpleNamespace:
    kept = {"session_id": "A", "turn": 1, "event_id": "e1", "digest": "d1", "message_count": 2}
    return SimpleNamespace(**{**kept, **fields})


async def test_a_tombstone_keeps_the_turns_keys_and_no_text(runtime: Container) -> None:
    await session(runtime, "A", turn_count=2, cursor=2, content="Quetzalcoatl")
    async with runtime.store.begin() as conn:
        await forgotten.record(conn, turns.c.session_id == "A")
        (row, _) = (await conn.execute(sa.select(forgotten_turns))).all()
    assert "Quetzalcoatl" not in repr(tuple(row))
    assert (row.tenant, row.session_id, row.turn) == (TENANT, "A", 1)


async def test_tombstones_are_found_by_turn_and_by_event_id(runtime: Container) -> None:
    await session(runtime, "A", turn_count=2, cursor=2)
    async with runtime.store.begin() as conn:
        await forgotten.record(conn, turns.c.session_id == "A")
        events = [row.event_id for row in await conn.execute(sa.select(forgotten_turns))]
        _, by_turn = await forgotten.matching(conn, [], [(TENANT, "A", 2), (TENANT, "A", 9)])
        by_event, _ = await forgotten.matching(
            conn, [(TENANT, events[0]), ("other", events[0])], []
        )
        both = await forgotten.matching(conn, [(TENANT, events[0])], [(TENANT, "A", 2)])
        assert await forgotten.matching(conn, [], []) == ({}, {})
    assert list(by_turn) == [(TENANT, "A", 2)]
    assert list(by_event) == [(TENANT, events[0])]
    assert sorted(both[1]) == [(TENANT, "A", 1), (TENANT, "A", 2)]  # one statement, both


def test_the_same_event_is_a_repeat_and_anything_else_a_clash() -> None:
    tomb = _tomb()
    assert forgotten.contradiction(tomb, "e1", "d1", 2) is None
    assert "under event_id e1" in str(forgotten.contradiction(tomb, "e2", "d1", 2))
    assert "different content" in str(forgotten.contradiction(tomb, "e1", "d9", 2))
    old = _tomb(digest=None)  # stored before digests: the message count decides
    assert forgotten.contradiction(old, "e1", "anything", 2) is None
    assert forgotten.contradiction(old, "e1", "anything", 3) is not None


def test_an_event_id_used_at_another_turn_is_a_clash() -> None:
    tomb = _tomb()
    assert forgotten.reused(tomb, "A", 1) is None  # that turn: judged by contradiction
    assert "was stored as turn 1 of session A" in str(forgotten.reused(tomb, "A", 2))
    assert forgotten.reused(tomb, "B", 1) is not None


async def test_tombstones_go_once_their_turn_was_received_before_the_cutoff(
    runtime: Container,
) -> None:
    await session(runtime, "A", turn_count=2, cursor=2)
    async with runtime.store.begin() as conn:
        await forgotten.record(conn, turns.c.session_id == "A")
        assert await forgotten.prune(conn, T0) == 0
        assert await forgotten.prune(conn, T0 + timedelta(seconds=1)) == 2
        assert (await conn.execute(sa.select(forgotten_turns))).all() == []
