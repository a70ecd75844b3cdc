"""Semantic dedup in the store, on every vector backend: what "adds nothing" means; an
import's near-duplicates are absorbed by the embedding job, into an imported memory only
(never into a memory of the store's own writers, which would speak the import's text in
their voice); a memory held for review is never absorbed nor absorbs; a pinned memory is
never rewritten by a near-duplicate (both are kept) but absorbs one that adds nothing."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import sqlalchemy as sa

from daemon.admin.export_import import import_lines
from daemon.base.clock import FakeClock
from daemon.base.scope import ScopeKey
from daemon.gate import Draft
from daemon.gate.screening import Limits
from daemon.maintenance.embedding import Backfill
from daemon.store import memory
from daemon.store.db import Store
from daemon.store.memory.dedup import adds_nothing
from daemon.store.tables import memories
from tests.concept_embedder import ConceptEmbedder

NOW = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)
SCOPE = ScopeKey(project="p1", tenant="acme")
OLD = ("Ingest queue", "Ingest uses RabbitMQ for events.")
NEAR = ("Ingest queue", "Ingest uses the broker for events from billing.")
CONTAINED = ("Ingest queue", "Ingest uses RabbitMQ.")


def test_a_text_adds_nothing_when_every_word_of_it_is_already_said() -> None:
    assert adds_nothing(*CONTAINED, *OLD)
    assert adds_nothing("ingest QUEUE", "uses rabbitmq, for ingest", *OLD)
    assert not adds_nothing(*NEAR, *OLD)
    assert not adds_nothing(*OLD, *CONTAINED)


async def _save(store: Store, text: tuple[str, str], **prov: object) -> int:
    async with store.begin() as conn:
        saved = await memory.save(
            conn, SCOPE, Draft("project", "durable", *text),
            prov=memory.Provenance(actor=memory.Actor.RUN, **prov),  # type: ignore[arg-type]
            now=NOW, limits=Limits(120, 2000), dedup_later=True,
        )  # fmt: skip
    assert isinstance(saved, int)
    return saved


async def _live(store: Store) -> dict[int, str]:
    async with store.connect() as conn:
        rows = await conn.execute(
            sa.select(memories.c.id, memories.c.content).where(memories.c.deleted_at.is_(None))
        )
        return {int(r.id): r.content for r in rows}


async def _job(store: Store) -> int:
    report = await Backfill(ConceptEmbedder(), FakeClock(NOW), dedup_threshold=0.8).run(store)
    return report.absorbed


def _line(memory_id: int, text: tuple[str, str]) -> tuple[str, str]:
    record = {
        "v": 1, "id": memory_id, "tenant": SCOPE.tenant, "project": SCOPE.project, "user": "",
        "type": "project", "class": "durable", "pinned": False, "title": text[0],
        "content": text[1], "created_by": "agent", "created_at": NOW.isoformat(),
        "updated_at": NOW.isoformat(),
    }  # fmt: skip
    return f"line {memory_id}", json.dumps(record)


async def test_an_imports_near_duplicate_is_absorbed_into_an_imported_memory_only(
    vector_store: Store,
) -> None:
    own = await _save(vector_store, OLD)
    report = await import_lines(vector_store, [_line(100, CONTAINED)])
    assert report.imported == 1
    # the store's own memory never absorbs the import (it would speak the import's text)
    assert await _job(vector_store) == 0
    assert set(await _live(vector_store)) == {own, 100}
    report = await import_lines(vector_store, [_line(101, NEAR)])
    assert report.imported == 1
    assert await _job(vector_store) == 1
    assert await _live(vector_store) == {own: OLD[1], 100: NEAR[1]}
    async with vector_store.connect() as conn:
        gone = (await conn.execute(sa.select(memories).where(memories.c.id == 101))).one()
    assert (gone.replaced_by, gone.dedup_pending) == (100, False)


async def test_a_held_memory_is_never_absorbed_nor_absorbs(vector_store: Store) -> None:
    held = await _save(vector_store, ("Agents", "Agents must always run the ingest tests."))
    async with vector_store.begin() as conn:
        await conn.execute(
            sa.update(memories).where(memories.c.id == held).values(review="pending")
        )
    near = await _save(vector_store, ("Agents", "Agents must always run the ingest tests first."))
    assert await _job(vector_store) == 0
    assert set(await _live(vector_store)) == {held, near}


async def test_a_pinned_memory_absorbs_only_what_adds_nothing(vector_store: Store) -> None:
    pinned = await _save(vector_store, OLD)
    async with vector_store.begin() as conn:
        await conn.execute(sa.update(memories).where(memories.c.id == pinned).values(pinned=True))
    near = await _save(vector_store, NEAR)
    assert await _job(vector_store) == 0
    assert await _live(vector_store) == {pinned: OLD[1], near: NEAR[1]}
    await _save(vector_store, CONTAINED)
    assert await _job(vector_store) == 1
    assert await _live(vector_store) == {pinned: OLD[1], near: NEAR[1]}
