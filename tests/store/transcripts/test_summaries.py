"""The owner of ``session_summaries``: one summary per session, written with a compare-and-set
on the last turn it covers, read back through a connection or the store, sealed at rest when
a data key is configured, and gone with its session, its user or its project (both
backends)."""

from __future__ import annotations

import base64
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from arq.connections import ArqRedis

from daemon.app.container import Container, open_container
from daemon.store.erasure_scope import ErasureScope
from daemon.store.tables import sessions
from daemon.store.transcripts import erase_transcripts, summaries
from daemon.store.transcripts.summaries import SessionSummary
from tests.recall.sessions import said, store_session, turn

AT = datetime(2026, 11, 20, 10, tzinfo=UTC)
SCOPE = {"project": "github.com/acme/billing", "user": "dana"}
KEY = "k1:" + base64.b64encode(bytes([7]) * 32).decode()


def _summary(session_id: str, through_turn: int, goal: str = "Fix the Zanzibar exporter") -> Any:
    return SessionSummary(
        session_id=session_id,
        goal=goal,
        key_decisions=("We'll use tenacity for retries.",),
        accomplished=("Edited `billing/exporter.py`",),
        in_progress="Latest request: add a CSV column.",
        relevant_files=("billing/exporter.py",),
        through_turn=through_turn,
        updated_at=AT,
    )


async def _write(rt: Container, summary: SessionSummary, previous: int | None) -> bool:
    async with rt.store.begin() as conn:
        return await summaries.write(
            conn,
            tenant="",
            project=SCOPE["project"],
            user=SCOPE["user"],
            summary=summary,
            progress={"touches": summary.through_turn},
            previous_turn=previous,
        )


async def test_a_summary_is_written_once_then_only_over_the_turn_it_covered(
    runtime: Container,
) -> None:
    await store_session(runtime, "s-1", said("s-1", SCOPE, "first"))
    assert await summaries.read_summary(runtime.store, "", "s-1") is None
    assert await _write(runtime, _summary("s-1", 3), None)
    assert not await _write(runtime, _summary("s-1", 4), None)  # another update was first
    assert not await _write(runtime, _summary("s-1", 5), 2)  # not what it covers now
    assert await _write(runtime, _summary("s-1", 5, goal="Add a CSV export"), 3)
    found = await summaries.read_summary(runtime.store, "", "s-1")
    assert found == _summary("s-1", 5, goal="Add a CSV export")
    async with runtime.store.connect() as conn:
        stored = await summaries.read_stored(conn, "", "s-1")
        assert await summaries.read_summary(conn, "other-tenant", "s-1") is None
    assert stored is not None and stored.progress == {"touches": 5}
    assert (stored.project, stored.user) == (SCOPE["project"], "dana")


async def test_the_next_stored_turns_are_found_in_bounded_steps(runtime: Container) -> None:
    events = [turn("s-1", n, SCOPE, user=f"step {n}") for n in range(1, 5)]
    await store_session(runtime, "s-1", events)
    async with runtime.store.connect() as conn:
        assert await summaries.turns_after(conn, "", "s-1", 0, limit=2) == 2
        assert await summaries.turns_after(conn, "", "s-1", 2, limit=5) == 4
        assert await summaries.turns_after(conn, "", "s-1", 4) is None


async def test_with_a_data_key_the_summary_is_sealed_at_rest(
    settings_factory: Any, redis: ArqRedis
) -> None:
    for keys, sealed in ((KEY, True), (None, False)):
        rt = await open_container(
            settings_factory(data={"keys": keys} if keys else {}), redis=redis
        )
        try:
            session_id = f"s-{sealed}"
            await store_session(rt, session_id, said(session_id, SCOPE, "first"))
            assert await _write(rt, _summary(session_id, 1), None)
            async with rt.store.connect() as conn:
                raw = (
                    await conn.execute(
                        sa.text("SELECT state FROM session_summaries WHERE session_id = :s"),
                        {"s": session_id},
                    )
                ).scalar_one()
            assert ("Zanzibar" in raw) is not sealed
            assert raw.startswith("enc:v1:k1:") is sealed
            found = await summaries.read_summary(rt.store, "", session_id)
            assert found is not None and found.goal == "Fix the Zanzibar exporter"
        finally:
            await rt.close()


async def test_a_summary_goes_with_its_session_its_user_and_its_project(
    runtime: Container,
) -> None:
    for session_id in ("s-1", "s-2", "s-3"):
        scope = SCOPE if session_id != "s-3" else {**SCOPE, "user": "sam"}
        await store_session(runtime, session_id, said(session_id, scope, "first"))
        async with runtime.store.begin() as conn:
            await summaries.write(
                conn,
                tenant="",
                project=scope["project"],
                user=scope["user"],
                summary=_summary(session_id, 1),
                progress={},
                previous_turn=None,
            )
    async with runtime.store.begin() as conn:
        removed = await erase_transcripts.delete_of_sessions(conn, [("", "s-1")])
        assert removed["session_summaries"] == 1
        assert (await erase_transcripts.delete_in(conn, ErasureScope(user="dana")))[
            "session_summaries"
        ] == 1
        assert await summaries.count(conn) == 1
        # the session's row going takes its summary with it
        await conn.execute(sa.delete(sessions).where(sessions.c.session_id == "s-3"))
        assert await summaries.count(conn) == 0


def test_the_render_has_the_five_headings_and_every_part() -> None:
    text = _summary("s", 1).render()
    assert text.split("\n\n")[0] == "## Goal\nFix the Zanzibar exporter"
    assert "## Key Decisions\n- We'll use tenacity for retries." in text
    assert "## Relevant Files\n- `billing/exporter.py`" in text
    assert text.index("## Accomplished") < text.index("## In Progress")
