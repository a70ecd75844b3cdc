"""A scope's transcripts erased: its sessions found, spilled messages named, rows deleted by
session and by scope (the tombstones of forgotten turns too), other scopes' rows untouched."""

from __future__ import annotations

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.store.erasure_scope import ErasureScope
from daemon.store.tables import forgotten_turns, turns
from daemon.store.transcripts import erase_transcripts as erasure
from daemon.store.transcripts import forgotten, summaries
from daemon.store.transcripts import session_listing as listing
from daemon.store.transcripts.summaries import SessionSummary
from tests.store.transcripts.seed import T0, session

_COUNTS = {
    "session_summaries": 1,
    "messages": 2,
    "turns": 2,
    "agent_turns": 1,
    "forgotten_turns": 1,
    "cursors": 1,
    "sessions": 1,
}


async def _summarize(runtime: Container, session_id: str, project: str, user: str) -> None:
    """The session's rolling summary, as the worker keeps it."""
    summary = SessionSummary(session_id, "Fix the exporter", (), (), "", (), 2, T0)
    async with runtime.store.begin() as conn:
        await summaries.write(
            conn,
            tenant="",
            project=project,
            user=user,
            summary=summary,
            progress={},
            previous_turn=None,
        )


async def _tombstones(runtime: Container) -> list[str]:
    """A tombstone of each session's first turn (kept here beside the turn itself); the
    sessions that still have one."""
    async with runtime.store.begin() as conn:
        await forgotten.record(conn, turns.c.turn == 1)
        found = await conn.execute(sa.select(forgotten_turns.c.session_id))
        return sorted(found.scalars())


async def test_a_users_sessions_are_found_and_deleted(runtime: Container) -> None:
    await session(runtime, "A", user="gone", content="see truncation file mt-" + "0" * 32 + ".txt")
    await session(runtime, "B", user="kept")
    await _summarize(runtime, "A", "p", "gone")
    await _summarize(runtime, "B", "p", "kept")
    assert await _tombstones(runtime) == ["A", "B"]
    erased = ErasureScope(user="gone")
    async with runtime.store.begin() as conn:
        assert await erasure.session_ids_of(conn, erased) == {("", "A")}
        spilled = await erasure.spilled_messages(conn, [("", "A"), ("", "B")])
        assert sorted((s.session_id, s.message_id) for s in spilled) == [("A", "m1"), ("A", "m2")]
        assert spilled[0].scope.user == "gone"
        assert await erasure.delete_of_sessions(conn, [("", "A")]) == _COUNTS
        assert await erasure.session_ids_of(conn, erased) == set()
        assert await listing.count_turns(conn) == 2
    assert await _tombstones(runtime) == ["B"]


async def test_rows_of_the_scope_go_whatever_their_session(runtime: Container) -> None:
    await session(runtime, "A", project="gone")
    await session(runtime, "B", project="kept")
    await _summarize(runtime, "A", "gone", "u")
    await _summarize(runtime, "B", "kept", "u")
    assert await _tombstones(runtime) == ["A", "B"]
    async with runtime.store.begin() as conn:
        assert await erasure.delete_in(conn, ErasureScope(project="gone")) == _COUNTS
        assert await erasure.session_ids_of(conn, ErasureScope(project="kept")) == {("", "B")}
        assert await summaries.read_summary(conn, "", "B") is not None
    assert await _tombstones(runtime) == ["B"]
