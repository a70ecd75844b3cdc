"""The extraction agent reads memories through the same ranked search and the same manifest
rows as recall gives agent hosts."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.extraction.runner import _Reader
from daemon.recall import Recall
from daemon.store.memory import Actor, MemoryClass, MemoryType, Provenance, writes
from daemon.store.public_ids import id_codec

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
ALICE = ScopeKey(project="p1", user="alice")
RUN = Provenance(actor=Actor.RUN)
FACTS = [
    (MemoryType.DECISION, MemoryClass.DURABLE, "Webhook retries back off exponentially."),
    (MemoryType.PROJECT, MemoryClass.WORKING, "The retry queue is drained every minute."),
    (MemoryType.USER, MemoryClass.PRIORITY, "Alice reviews every webhook change."),
    (MemoryType.PROJECT, MemoryClass.DURABLE, "Invoices are sent on the first of the month."),
    (MemoryType.PROJECT, MemoryClass.DURABLE, "Stripe webhooks are verified by signature."),
]


async def _seed(runtime: Container) -> None:
    async with runtime.store.begin() as conn:
        for minute, (kind, memory_class, content) in enumerate(FACTS):
            made = await writes.create(
                conn,
                ALICE if kind is MemoryType.USER else ALICE.shared(),
                type_=kind,
                memory_class=memory_class,
                title=content.split(" ", 3)[-1][:30],
                content=content,
                prov=RUN,
                now=T0 + timedelta(minutes=minute),
            )
            assert isinstance(made, int)


async def test_the_extractor_searches_with_recalls_ranking(runtime: Container) -> None:
    """Stemmed and ranked: "retrying webhooks" finds "retries" and "webhooks", which a
    substring match on every word would not."""
    await _seed(runtime)
    recall = Recall(runtime.store)
    hosts = await recall.search("retrying webhooks", ALICE, mark=False)
    extractor = await _Reader(runtime.store, ALICE, recall.searcher).search("retrying webhooks")
    assert hosts
    assert [m.id for m in extractor] == [m.id for m in hosts]
    assert [m.score for m in extractor] == [m.score for m in hosts]


async def test_the_extractor_reads_the_manifest_recall_shows(runtime: Container) -> None:
    await _seed(runtime)
    recall = Recall(runtime.store)
    shown = (await recall.manifest(ALICE)).text
    codec = await id_codec(runtime.store)
    ids = [codec.decode(found) for found in re.findall(r"^- #(\w+) ", shown, re.MULTILINE)]
    extractor = await _Reader(runtime.store, ALICE, recall.searcher).manifest()
    assert len(ids) == len(FACTS)
    assert [m.id for m in extractor] == ids
