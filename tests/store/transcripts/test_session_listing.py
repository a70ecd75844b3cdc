"""Sessions listed for operators, a scope's sessions a page at a time, and a session's turns
as the demo reports them."""

from __future__ import annotations

from datetime import timedelta

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.store.tables import sessions
from daemon.store.transcripts import session_listing as listing
from daemon.store.transcripts.session_listing import SessionFilter
from tests.store.transcripts.seed import T0, TENANT, session


async def test_sessions_are_listed_with_their_cursors(runtime: Container) -> None:
    await session(runtime, "A", cursor=1)
    await session(runtime, "B", project="q", cursor=2)
    async with runtime.store.connect() as conn:
        every = await listing.list_sessions(conn, T0, SessionFilter())
        behind = await listing.list_sessions(conn, T0, SessionFilter(behind=True))
        of_q = await listing.list_sessions(conn, T0, SessionFilter(project="q"))
        one = await listing.get_session(conn, "A", T0, tenant=TENANT)
        none = await listing.get_session(conn, "nobody", T0, tenant=TENANT)
    assert sorted(s["session_id"] for s in every) == ["A", "B"]
    assert [s["session_id"] for s in behind] == ["A"]
    assert [s["session_id"] for s in of_q] == ["B"]
    assert one is not None and (one["cursor_turn"], one["turns_behind"]) == (1, 1)
    assert none is None


async def test_a_sessions_turns_carry_their_redactions_and_spills(runtime: Container) -> None:
    await session(runtime, "A", turn_count=3)
    await session(runtime, "B", turn_count=1)
    async with runtime.store.connect() as conn:
        marks = await listing.turn_marks(conn, "A", tenant=TENANT)
        assert await listing.count_turns(conn) == 4
    assert [(m.turn, m.redactions, m.spilled) for m in marks] == [(1, 1, 0), (2, 2, 1), (3, 3, 2)]


async def test_a_scopes_sessions_page_newest_first_through_ties(runtime: Container) -> None:
    """Sessions first seen at the same moment page in id order, none lost or repeated, and
    a page started at that moment counts what earlier pages showed of it."""
    for name in ("E", "D", "C", "B", "A"):
        await session(runtime, name, turn_count=1)
    await session(runtime, "Z", user="", turn_count=1)
    await session(runtime, "other-user", user="v", turn_count=1)
    await session(runtime, "other-project", project="q", turn_count=1)
    async with runtime.store.begin() as conn:
        await conn.execute(
            sa.update(sessions)
            .where(sessions.c.session_id == "C")
            .values(first_seen_at=T0 + timedelta(minutes=1))
        )
    shown: list[str] = []
    after = None
    async with runtime.store.connect() as conn:
        for _ in range(10):
            rows, after = await listing.scope_page(
                conn, tenant=TENANT, project="p", user="u", limit=2, after=after
            )
            shown.extend(row["session_id"] for row in rows)
            if after is None:
                break
        every, _ = await listing.scope_page(conn, tenant=TENANT, project="p", user=None, limit=50)
    assert shown == ["C", "A", "B", "D", "E", "Z"]
    assert len(every) == 7 and "other-project" not in {row["session_id"] for row in every}
