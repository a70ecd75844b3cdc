"""Embedding pending windows: a transient failure stops the pass with the windows still
pending; a window the provider refuses is skipped and the others are embedded."""

from __future__ import annotations

from daemon.app.container import Container
from daemon.maintenance.fragment_embedding import FragmentBackfill
from daemon.store.transcripts import fragments
from tests.hashed_embedder import HashedEmbedder
from tests.recall.sessions import said, store_session

SCOPE = {"project": "p", "user": "u"}


async def _pending(rt: Container, space: str) -> int:
    async with rt.store.connect() as conn:
        return await fragments.count_pending(conn, space)


async def test_an_outage_leaves_the_windows_pending_and_a_refusal_skips_one(
    runtime: Container,
) -> None:
    for name, text in (("s-1", "queue tuning"), ("s-2", "forbidden words"), ("s-3", "css")):
        await store_session(runtime, name, said(name, SCOPE, text))
    down = HashedEmbedder(outage={1})
    report = await FragmentBackfill(down, runtime.clock).run(runtime.store)
    assert report.retry and report.embedded == 0
    assert await _pending(runtime, down.space) == 3
    picky = HashedEmbedder()
    picky.refused.add("forbidden")
    backfill = FragmentBackfill(picky, runtime.clock)
    report = await backfill.run(runtime.store)
    assert (report.embedded, report.refused, report.retry) == (2, 1, False)
    assert await _pending(runtime, picky.space) == 1
    assert (await backfill.run(runtime.store)).refused == 0  # not asked again
