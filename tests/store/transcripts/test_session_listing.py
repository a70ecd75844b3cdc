"""Sessions listed for operators, and a session's turns as the demo reports them."""

from __future__ import annotations

from daemon.app.container import Container
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
