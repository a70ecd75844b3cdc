"""Retention: transcripts only behind the cursor, old run records, acknowledged entries."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.maintenance import session_summary
from daemon.maintenance.retention import (
    RetentionPolicy,
    prune_store,
)
from daemon.store.db import Store
from daemon.store.tables import agent_turns, cursors, messages, runs, sessions, turns
from daemon.store.transcripts import agent_turns as marks
from daemon.store.transcripts import summaries
from tests.maintenance.helpers import DAY, T0

POLICY = RetentionPolicy()  # transcripts 30 days, runs 90 days


async def _session(store: Store, session_id: str, turn_count: int, received: datetime,
                   cursor: int | None) -> None:  # fmt: skip
    scope = {"tenant": "", "project": "p1", "user": ""}
    async with store.begin() as conn:
        await conn.execute(
            sa.insert(sessions).values(
                session_id=session_id, **scope, first_seen_at=received,
                last_event_at=received, last_turn=turn_count,
            )
        )  # fmt: skip
        await conn.execute(
            sa.insert(cursors).values(session_id=session_id, **scope, turn=cursor, updated_at=T0)
        )
        for turn in range(1, turn_count + 1):
            await conn.execute(
                sa.insert(turns).values(
                    session_id=session_id, turn=turn, **scope, event_id=f"{session_id}-{turn}",
                    kind="turn", at=received, received_at=received, message_count=2,
                    main_agent_saved=False,
                )
            )  # fmt: skip
            await conn.execute(
                sa.insert(messages),
                [
                    {"session_id": session_id, "message_id": f"t{turn}m{seq}", **scope,
                     "turn": turn, "seq": seq, "role": "user", "content": "hi", "at": received}
                    for seq in range(2)
                ],
            )  # fmt: skip


async def _stored(store: Store, table: sa.Table, *columns: Any) -> set[tuple[Any, ...]]:
    async with store.connect() as conn:
        return {tuple(row) for row in await conn.execute(sa.select(*columns))}


async def _run(store: Store, run_id: int, finished: datetime) -> None:
    async with store.begin() as conn:
        await conn.execute(
            sa.insert(runs).values(
                id=run_id, session_id="s1", project="p1", extractor="rules", outcome="wrote",
                started_at=finished, finished_at=finished, duration_ms=1,
            )
        )  # fmt: skip


async def test_only_old_transcripts_the_cursor_has_passed_are_deleted(runtime: Container) -> None:
    store = runtime.store
    await _session(store, "passed", 4, T0 - 40 * DAY, cursor=2)
    await _session(store, "never-extracted", 2, T0 - 40 * DAY, cursor=None)
    await _session(store, "recent", 2, T0 - 5 * DAY, cursor=2)
    await _run(store, 1, T0 - 100 * DAY)
    await _run(store, 2, T0 - 10 * DAY)

    counts = await prune_store(store, POLICY, now=T0)

    assert counts == {
        "messages": 4,
        "turns": 2,
        "agent_turns": 0,
        "session_fragments": 0,
        "session_summaries": 0,
        "forgotten_turns": 0,
        "runs": 1,
    }
    left = await _stored(store, turns, turns.c.session_id, turns.c.turn)
    assert ("passed", 1) not in left and ("passed", 2) not in left
    assert {("passed", 3), ("passed", 4), ("never-extracted", 1), ("recent", 2)} <= left
    kept_messages = await _stored(
        store, messages, messages.c.session_id, messages.c.turn, messages.c.message_id
    )
    assert {turn for session, turn, _ in kept_messages if session == "passed"} == {3, 4}
    assert len(kept_messages) == 3 * 2 * 2
    assert await _stored(store, runs, runs.c.id) == {(2,)}
    assert set((await prune_store(store, POLICY, now=T0)).values()) == {0}


async def test_a_dry_run_counts_and_keeps_everything(runtime: Container) -> None:
    store = runtime.store
    await _session(store, "passed", 3, T0 - 40 * DAY, cursor=3)
    dry = await prune_store(store, RetentionPolicy(batch_size=2), now=T0, dry_run=True)
    assert dry == {
        "messages": 6,
        "turns": 3,
        "agent_turns": 0,
        "session_fragments": 0,
        "session_summaries": 0,
        "forgotten_turns": 0,
        "runs": 0,
    }
    assert len(await _stored(store, messages, messages.c.message_id)) == 6
    assert await prune_store(store, RetentionPolicy(batch_size=2), now=T0) == dry


async def test_old_agent_turn_marks_go_unless_their_turn_waits_for_extraction(
    runtime: Container,
) -> None:
    store = runtime.store
    await _session(store, "passed", 2, T0 - 40 * DAY, cursor=2)
    await _session(store, "waiting", 2, T0 - 40 * DAY, cursor=1)
    scope = ScopeKey(project="p1")
    async with store.begin() as conn:
        for session_id, turn, at in (
            ("passed", 1, T0 - 40 * DAY),  # extracted: goes
            ("waiting", 2, T0 - 40 * DAY),  # not extracted yet: stays
            ("never-published", 1, T0 - 40 * DAY),  # no turn ever came: goes
            ("recent", 1, T0 - 5 * DAY),  # inside the window: stays
        ):
            await marks.record(conn, session_id, turn, scope, at)
    counts = await prune_store(store, POLICY, now=T0)
    assert counts["agent_turns"] == 2
    left = await _stored(store, agent_turns, agent_turns.c.session_id, agent_turns.c.turn)
    assert left == {("waiting", 2), ("recent", 1)}


async def test_a_session_summary_goes_once_not_updated_for_the_transcript_window(
    runtime: Container,
) -> None:
    """A rolling summary is never kept longer than the turns it was built from: one not
    updated for 30 days goes, a fresher one stays."""
    store = runtime.store
    for session_id, updated in (("quiet", T0 - 31 * DAY), ("busy", T0 - 29 * DAY)):
        await _session(store, session_id, 1, updated, cursor=1)
        await session_summary.update(store, session_id, tenant="", now=updated)
    counts = await prune_store(store, POLICY, now=T0)
    assert counts["session_summaries"] == 1
    assert await summaries.read_summary(store, "", "quiet") is None
    assert await summaries.read_summary(store, "", "busy") is not None
