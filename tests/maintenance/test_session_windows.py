"""The windows session recall reads: cut by the extraction job (never on the publishing
path), embedded by the embedding job in the embedder's space (another model's vectors make
them pending again), unchanged windows left alone, and gone with old transcripts and with
their session."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.maintenance.retention import RetentionPolicy, prune_store
from daemon.maintenance.session_windows import cut, refresh
from daemon.store.tables import sessions
from daemon.store.transcripts import fragments
from tests.harness import publisher
from tests.hashed_embedder import HashedEmbedder
from tests.maintenance.coding_session import assistant, records, user
from tests.recall.sessions import T0, turn
from workers.job_context import CTX_KEY, JobContext
from workers.jobs import embed_pending, extract_session

SCOPE = {"project": "acme/ingest", "user": "alice"}


def _ctx(rt: Container, embedder: HashedEmbedder) -> dict[str, Any]:
    return {CTX_KEY: JobContext.build(rt, embedder), "job_try": 1}


async def _count(rt: Container, space: str | None = None) -> tuple[int, int]:
    async with rt.store.connect() as conn:
        total = await fragments.count(conn)
        pending = await fragments.count_pending(conn, space) if space else total
    return total, pending


async def test_the_extraction_job_cuts_windows_and_the_embedding_job_embeds_them(
    runtime: Container,
) -> None:
    events = [turn("s-1", n, SCOPE, user=f"ingest step {n}") for n in range(1, 4)]
    events.append(turn("s-1", 4, SCOPE, summary="Three ingest steps were taken."))
    await publisher(runtime).publish_many(events)
    await runtime.dispatcher(consumer="d").run(burst=True)
    assert await _count(runtime) == (0, 0)  # storing turns cuts nothing
    embedder = HashedEmbedder()
    ctx = _ctx(runtime, embedder)
    await extract_session(ctx, "s-1", "")
    assert await _count(runtime, embedder.space) == (1, 1)
    assert embedder.calls == 0  # embedded by the job, not by the extraction
    assert await embed_pending(ctx) == "done"
    assert await _count(runtime, embedder.space) == (1, 0)
    async with runtime.store.connect() as conn:
        (window,) = await fragments.of_session(
            conn, tenant="", session_id="s-1", space=embedder.space
        )
    assert window.summary == "Three ingest steps were taken."
    assert window.vector is not None and len(window.vector) == embedder.dims
    # cutting again changes nothing and keeps the vector
    done = await refresh(runtime.store, "s-1", tenant="", now=T0)
    assert (done.windows, done.changed) == (1, 0)
    assert await _count(runtime, embedder.space) == (1, 0)
    # another model: pending in its space, never compared with the first one's vectors
    other = HashedEmbedder(model="other")
    assert await _count(runtime, other.space) == (1, 1)
    assert await embed_pending(_ctx(runtime, other)) == "done"
    assert await _count(runtime, other.space) == (1, 0)
    async with runtime.store.connect() as conn:
        (window,) = await fragments.of_session(
            conn, tenant="", session_id="s-1", space=embedder.space
        )
    assert window.vector is None  # the vector kept is the other space's


async def test_windows_go_with_old_transcripts_and_with_their_session(
    runtime: Container,
) -> None:
    for session, day in (("old", -60), ("new", 0)):
        events = [turn(session, 1, SCOPE, user="queue tuning", day=day)]
        await publisher(runtime).publish_many(events)
        await runtime.dispatcher(consumer="d").run(burst=True)
        await refresh(runtime.store, session, tenant="", now=T0)
    assert await _count(runtime) == (2, 2)
    counts = await prune_store(runtime.store, RetentionPolicy(timedelta(days=30)), now=T0)
    assert counts["session_fragments"] == 1
    async with runtime.store.begin() as conn:
        left = await fragments.recent(
            conn, tenant="", project=SCOPE["project"], users=None, space=None, limit=10
        )
        assert [f.session_id for f in left] == ["new"]
        await conn.execute(sa.delete(sessions).where(sessions.c.session_id == "new"))
    assert await _count(runtime) == (0, 0)


def test_a_window_leaves_out_a_sentence_that_reads_as_holding_a_credential() -> None:
    said = "El secreto del webhook es, desde el lunes, pardo-Rio8. The relay now batches 50 events."
    (window,) = cut(records([[user(said), assistant("Batching noted.")]]))
    text = " ".join(line.text for line in window.lines)
    assert "pardo-Rio8" not in text
    assert "The relay now batches 50 events." in text
