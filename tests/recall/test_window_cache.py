"""The session windows a serving process keeps opened (:mod:`daemon.recall.window_cache`):
opened once and used again while their rows are unchanged; opened again when a turn or a
vector rewrites one; never shown once deleted; the same block as a process that keeps none;
on both backends."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import sqlalchemy as sa

from daemon.app.container import Container
from daemon.embeddings.query import QueryEmbedder
from daemon.recall import Recall, ScopeKey
from daemon.recall.session_recall import SessionRecallOptions, keyword_ranking
from daemon.recall.window_cache import WindowCache
from daemon.store.tables import sessions
from tests.recall.sessions import close_recalls, embed_all, recall_of, said, store_session, turn

ALICE = {"project": "acme/ingest", "user": "alice"}
READER = ScopeKey(project="acme/ingest", user="alice")
QUEUE = "Ingest moved off RabbitMQ to NATS JetStream in October."
ASKED = "which queue does ingest use"


@pytest.fixture(autouse=True)
async def _closed(runtime: Container) -> AsyncIterator[None]:
    yield
    await close_recalls()


_recall = recall_of


def _opened(recall: Recall) -> int:
    return recall.windows.opened


async def test_windows_are_opened_once_and_again_only_when_rewritten(runtime: Container) -> None:
    await store_session(runtime, "s-queue", said("s-queue", ALICE, QUEUE))
    await store_session(runtime, "s-css", said("s-css", ALICE, "The dashboard got darker."))
    recall = _recall(runtime)
    first = await recall.injection_block(READER, ASKED)
    assert "NATS JetStream" in first.text
    assert _opened(recall) == 2
    again = await recall.injection_block(READER, ASKED)
    assert (again.text, _opened(recall)) == (first.text, 2)
    # a second turn rewrites the session's window (turns 1 to 2): opened again, as it is now
    more = turn("s-queue", 2, ALICE, user="Its consumer group is ingest-workers.")
    await store_session(runtime, "s-queue", [more])
    rewritten = await recall.injection_block(READER, "which consumer group does ingest use")
    assert "ingest-workers" in rewritten.text
    assert _opened(recall) == 3


async def test_a_deleted_window_is_never_shown_again(runtime: Container) -> None:
    await store_session(runtime, "s-queue", said("s-queue", ALICE, QUEUE))
    recall = _recall(runtime)
    assert "NATS JetStream" in (await recall.injection_block(READER, ASKED)).text
    async with runtime.store.begin() as conn:  # as an erasure deletes it, with its session
        await conn.execute(sa.delete(sessions).where(sessions.c.session_id == "s-queue"))
    after = await recall.injection_block(READER, ASKED)
    assert "NATS JetStream" not in after.text and after.fragments == ()


async def test_a_window_written_again_under_an_id_given_again_is_the_new_one(
    runtime: Container,
) -> None:
    """SQLite gives a deleted row's id to the next row: a window of another session with
    the same text, turns and times under that id is that session's, not the one kept."""
    await store_session(runtime, "s-old", said("s-old", ALICE, QUEUE))
    recall = _recall(runtime)
    assert "session s-old" in (await recall.injection_block(READER, ASKED)).text
    async with runtime.store.begin() as conn:
        await conn.execute(sa.delete(sessions).where(sessions.c.session_id == "s-old"))
    await store_session(runtime, "s-new", said("s-new", ALICE, QUEUE))
    again = await recall.injection_block(READER, ASKED)
    assert "session s-new" in again.text and "s-old" not in again.text


async def test_the_block_is_the_one_a_process_keeping_none_composes(runtime: Container) -> None:
    for n, text in enumerate((QUEUE, "The queue's dead letters go to ingest.dlq.", "Lunch.")):
        await store_session(runtime, f"s-{n}", said(f"s-{n}", ALICE, text, day=n))
    kept, plain = _recall(runtime), _recall(runtime, kept_windows=0)
    for query in (ASKED, "dead letters", "nothing matches this"):
        for _ in range(2):
            assert (await kept.injection_block(READER, query)).text == (
                await plain.injection_block(READER, query)
            ).text
    stitched = await kept.stitch(READER, "s-0", ASKED, budget_tokens=500)
    assert stitched == await plain.stitch(READER, "s-0", ASKED, budget_tokens=500)
    # six blocks and a stitch: one keeping none opens the three windows for each of them
    assert (_opened(kept), _opened(plain)) == (3, 21)


async def test_a_window_is_opened_again_once_it_has_a_vector(
    runtime: Container, embedder: QueryEmbedder
) -> None:
    await store_session(runtime, "s-queue", said("s-queue", ALICE, QUEUE))
    recall = _recall(runtime, embedder, similarity_cutoff=-1.0)
    before = await recall.injection_block(READER, ASKED)
    assert before.fragments == ()  # ranked by meaning: a window without a vector is not
    assert await embed_all(runtime, embedder) == 1
    after = await recall.injection_block(READER, ASKED)
    assert after.fragments and after.fragments[0].similarity is not None
    assert _opened(recall) == 2


async def test_windows_read_together_are_all_returned_past_the_size(runtime: Container) -> None:
    for n in range(3):
        await store_session(runtime, f"s-{n}", said(f"s-{n}", ALICE, f"{QUEUE} ({n})", day=n))
    cache = WindowCache(2)
    options = SessionRecallOptions()
    for _ in range(2):
        async with runtime.store.connect() as conn:
            opened = await cache.recent(conn, READER, None, options)
        assert [w.session_id for w in opened.windows] == ["s-2", "s-1", "s-0"]
        ranked = keyword_ranking(ASKED, opened.windows, opened.terms)
        assert ranked == keyword_ranking(ASKED, opened.windows)
    assert cache.opened == 4  # two of three kept: the second read opens the one evicted
