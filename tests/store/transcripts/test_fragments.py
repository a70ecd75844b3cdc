"""The owner of ``session_fragments``: a session's windows replaced (unchanged ones left
alone, gone ones deleted), read back opened, newest first within one project and tenant."""

from __future__ import annotations

import dataclasses
from typing import Any

from daemon.app.container import Container
from daemon.store.pg_text import Rider
from daemon.store.transcripts import fragments
from daemon.store.transcripts.fragments import Line, Window, text_of
from tests.backends import REAL_ONLY
from tests.recall.sessions import T0, said, store_session

SESSIONS = ("s-a", "s-b", "s-c")


def test_a_window_is_ranked_on_its_summary_else_its_messages() -> None:
    lines = (Line(1, "user", "a"), Line(1, "assistant", "b"))
    assert text_of(None, lines) == "a\nb"
    assert text_of("summary", lines) == "summary"
    assert len(text_of("x" * 5000, ())) == fragments.EMBEDDED_CHARS


async def test_replacing_a_sessions_windows(runtime: Container) -> None:
    scope = {"project": "p", "user": "u"}
    await store_session(runtime, "s-1", said("s-1", scope, "first"))
    one = Window(1, 2, T0, None, (Line(1, "user", "first"),))
    two = Window(3, 4, T0, "sum", ())
    ids = {"tenant": "", "project": "p", "user": "u", "session_id": "s-1"}
    async with runtime.store.begin() as conn:
        assert await fragments.replace_session(conn, **ids, windows=[one, two], now=T0) == 2
        assert await fragments.replace_session(conn, **ids, windows=[one, two], now=T0) == 0
        assert await fragments.replace_session(conn, **ids, windows=[two], now=T0) == 1
        (left,) = await fragments.of_session(conn, tenant="", session_id="s-1")
        assert (left.first_turn, left.summary, left.lines) == (3, "sum", ())
        other_project = await fragments.recent(
            conn, tenant="", project="q", users=None, space=None, limit=5
        )
        assert other_project == []
        other_tenant = await fragments.recent(
            conn, tenant="t", project="p", users=None, space=None, limit=5
        )
        assert other_tenant == []


async def test_recent_windows_read_as_each_sessions_own_newest_first(runtime: Container) -> None:
    """``recent`` reads each window as ``of_session`` does (summary and lines opened, its
    time in UTC, its vector of the space asked for and no other's), newest first, of the
    users asked for, without the excluded session, at most ``limit``."""
    for day, (session, user) in enumerate([("s-a", "u"), ("s-b", ""), ("s-c", "v")]):
        scope = {"project": "p", "user": user} if user else {"project": "p"}
        await store_session(runtime, session, said(session, scope, f"said in {session}", day=day))
    async with runtime.store.begin() as conn:
        own = {s: await fragments.of_session(conn, tenant="", session_id=s) for s in SESSIONS}
        await fragments.store_vectors(conn, "sp", 2, [(own["s-b"][0], [0.5, -1.0])], T0)
        await fragments.store_vectors(conn, "other", 2, [(own["s-a"][0], [1.0, 0.0])], T0)
    async with runtime.store.connect() as conn:

        async def recent(**asked: Any) -> list[fragments.Fragment]:
            return await fragments.recent(conn, tenant="", project="p", space="sp", **asked)

        every = await recent(users=None, limit=5)
        assert [f.session_id for f in every] == ["s-c", "s-b", "s-a"]
        assert every[1] == dataclasses.replace(own["s-b"][0], vector=(0.5, -1.0))
        assert every[2] == own["s-a"][0] and every[0] == own["s-c"][0]
        assert every[0].at.tzinfo is not None and every[0].lines
        mine = await recent(users=["", "u"], limit=5, exclude_session="s-b")
        assert [f.session_id for f in mine] == ["s-a"]
        assert [f.session_id for f in await recent(users=None, limit=1)] == ["s-c"]


@REAL_ONLY  # the driver's statement of PostgreSQL
async def test_recent_windows_carry_another_owners_columns_even_with_no_window(
    runtime: Container,
) -> None:
    """``recent_versions`` lists the windows ``recent`` reads, in their order, with the
    rider's columns (its parameters numbered after the statement's own), also when the
    project has no window."""
    for day, session in enumerate(SESSIONS):
        scope = {"project": "p", "user": "u"}
        await store_session(runtime, session, said(session, scope, f"said in {session}", day=day))
    rider = Rider("{0}::text || '!' AS carried, {1}::int + 1 AS number", ("x", 7))
    async with runtime.store.read() as conn:
        for users, excluded in ((None, None), (["", "u"], "s-b"), (["v"], None)):
            asked: dict[str, Any] = {"users": users, "limit": 5, "exclude_session": excluded}
            plain = await fragments.recent(conn, tenant="", project="p", space=None, **asked)
            found, carried = await fragments.recent_versions(
                conn, tenant="", project="p", rider=rider, **asked
            )
            assert [(v.id, v.session_id, v.last_turn) for v in found] == [
                (f.id, f.session_id, f.last_turn) for f in plain
            ]
            assert carried is not None
            assert (carried["carried"], carried["number"]) == ("x!", 8)
        assert plain == []  # user v has no window: the rider's columns come all the same
