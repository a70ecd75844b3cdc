"""The owner of ``session_fragments``: a session's windows replaced (unchanged ones left
alone, gone ones deleted), read back opened, newest first within one project and tenant."""

from __future__ import annotations

from daemon.app.container import Container
from daemon.store.transcripts import fragments
from daemon.store.transcripts.fragments import Line, Window, text_of
from tests.recall.sessions import T0, said, store_session


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
