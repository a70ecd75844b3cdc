"""The extractor's writes and semantic dedup, on both backends: a memory an extraction creates
is checked by the embedding job once embedded (a near-duplicate of an older memory of its
scope is absorbed by it, a distinct one stays), and a fact the extraction deletes and writes
anew is linked to what replaced it (its timeline and the version kept at purge say so)."""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.base.scope import ScopeKey
from daemon.extraction.base import ExtractionBatch, MemoryOp, MemoryReader, Proposal
from daemon.fixtures import load
from daemon.gate import Draft
from daemon.gate.screening import Limits
from daemon.maintenance.embedding import Backfill
from daemon.store import memory
from daemon.store.memory import versions
from daemon.store.tables import memories
from tests.concept_embedder import ConceptEmbedder
from tests.harness import publish_fixture, rows

FIXTURE = "style-feedback"
NOW = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)


class Proposing:
    """An extractor that proposes ``ops`` once."""

    name = "rules"

    def __init__(self, ops: list[MemoryOp]) -> None:
        self.ops = ops

    async def extract(self, batch: ExtractionBatch, memories: MemoryReader) -> Proposal:
        return Proposal(ops=list(self.ops))


async def _scope(rt: Container) -> tuple[str, ScopeKey]:
    await publish_fixture(rt, FIXTURE)
    await rt.dispatcher(consumer="d").run(burst=True)
    (row,) = await rows(rt, "sessions")
    return str(load(FIXTURE)["session_id"]), ScopeKey.from_row(row)


async def _older(rt: Container, scope: ScopeKey, title: str, content: str) -> int:
    """A memory the extractor wrote in an earlier run of the session's user."""
    async with rt.store.begin() as conn:
        saved = await memory.save(
            conn, scope, Draft("project", "durable", title, content),
            prov=memory.Provenance(actor=memory.Actor.RUN, source_user=scope.user or None),
            now=NOW, limits=Limits(120, 2000),
        )  # fmt: skip
    assert isinstance(saved, int)
    return saved


async def _live(rt: Container) -> dict[int, str]:
    return {
        int(r.id): r.content for r in await rows(rt, "memories", memories.c.deleted_at.is_(None))
    }


async def test_an_extracted_near_duplicate_is_absorbed_once_embedded(runtime: Container) -> None:
    session_id, scope = await _scope(runtime)
    embedder = ConceptEmbedder()
    old = await _older(runtime, scope, "Ingest queue", "Ingest uses RabbitMQ for events.")
    await Backfill(embedder, FakeClock(NOW)).run(runtime.store)
    runtime.extractor = Proposing(
        [
            MemoryOp("create", title="Ingest queue", content="Ingest uses the broker for events."),
            MemoryOp("create", title="Billing deploys", content="Billing deploys on Tuesdays."),
        ]
    )
    report = await runtime.runner().run(session_id, tenant=scope.tenant)
    assert report.created == 2
    new_ids = sorted(set(await _live(runtime)) - {old})
    report_job = await Backfill(embedder, FakeClock(NOW)).run(runtime.store)
    assert (report_job.embedded, report_job.absorbed) == (2, 1)
    live = await _live(runtime)
    assert live == {old: "Ingest uses the broker for events.", new_ids[1]: live[new_ids[1]]}
    (gone,) = await rows(runtime, "memories", memories.c.id == new_ids[0])
    assert (gone.replaced_by, gone.deleted_reason) == (old, f"duplicate of #{old}")
    async with runtime.store.connect() as conn:
        timeline = await memory.timeline(conn, new_ids[0])
    assert timeline is not None and timeline.versions[-1].superseded_by == old
    assert [c.action for c in timeline.changes] == ["create", "merge"]


async def test_a_deleted_fact_written_anew_links_to_what_replaced_it(runtime: Container) -> None:
    session_id, scope = await _scope(runtime)
    old = await _older(runtime, scope, "Ingest queue", "Ingest uses RabbitMQ for events.")
    runtime.extractor = Proposing(
        [
            MemoryOp("delete", memory_id=old, reason="ingest moved off RabbitMQ"),
            MemoryOp("create", title="Billing deploys", content="Billing deploys on Tuesdays."),
            MemoryOp("create", title="Ingest queue", content="Ingest moved to NATS JetStream."),
        ]
    )
    report = await runtime.runner().run(session_id, tenant=scope.tenant)
    assert (report.created, report.deleted) == (2, 1)
    (nats,) = await rows(runtime, "memories", memories.c.content.like("%NATS%"))
    (gone,) = await rows(runtime, "memories", memories.c.id == old)
    assert gone.deleted_at is not None and gone.replaced_by == nats.id
    async with runtime.store.connect() as conn:
        timeline = await memory.timeline(conn, old)
    assert timeline is not None
    assert (timeline.versions[-1].action, timeline.versions[-1].superseded_by) == (
        "delete", nats.id,
    )  # fmt: skip
    # the link survives the purge: the version kept then names the memory too
    async with runtime.store.begin() as conn:
        kept = await versions.keep_purged(
            conn, sa.select(memories.c.id).where(memories.c.id == old),
            since=NOW.replace(year=2000), now=NOW,
        )  # fmt: skip
    assert kept == 1
    (version,) = await rows(runtime, "memory_versions")
    assert version.superseded_by == nats.id


async def test_a_delete_with_nothing_like_it_written_stays_unlinked(runtime: Container) -> None:
    session_id, scope = await _scope(runtime)
    old = await _older(runtime, scope, "Ingest queue", "Ingest uses RabbitMQ for events.")
    runtime.extractor = Proposing(
        [
            MemoryOp("delete", memory_id=old, reason="no longer true"),
            MemoryOp("create", title="Billing deploys", content="Billing deploys on Tuesdays."),
        ]
    )
    await runtime.runner().run(session_id, tenant=scope.tenant)
    (gone,) = await rows(runtime, "memories", memories.c.id == old)
    assert gone.deleted_at is not None and gone.replaced_by is None
