"""Recall's reader: search ranked and scoped, following updates and deletions, on both backends."""

from __future__ import annotations

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.recall import Recall, ScopeKey
from daemon.store import memory as memory_store
from daemon.store.memory import writes as memory_writes  # seeds the store unscreened
from daemon.store.tables import memories
from tests.operators.seed import T0, memory

SHARED = ScopeKey(project="acme/billing")
ALICE = ScopeKey(project="acme/billing", user="alice")
BOB = ScopeKey(project="acme/billing", user="bob")


async def test_search_ranks_the_best_match_first_and_filters_by_type_and_class(
    runtime: Container, recall: Recall
) -> None:
    weak = await memory(runtime, SHARED, "Deploy notes", "The deploy goes through the pipeline.")
    strong = await memory(
        runtime, SHARED, "Webhook retries", "Stripe webhook retries back off to one hour."
    )
    decision = await memory(
        runtime, SHARED, "Retry policy", "We chose webhook retries over polling.", type_="decision"
    )
    await memory(runtime, SHARED, "Unrelated", "The office plant needs water.")

    hits = await recall.search("how do webhook retries work", SHARED)
    assert [h.id for h in hits][:1] == [strong]
    assert {h.id for h in hits} == {strong, decision}
    assert weak not in {h.id for h in hits}
    assert hits[0].score >= hits[-1].score

    only = await recall.search("webhook retries", SHARED, types={"decision"})
    assert [h.id for h in only] == [decision]
    assert await recall.search("webhook", SHARED, classes={"working"}) == []
    assert await recall.search("  the of  ", SHARED) == []


async def test_a_users_memories_are_visible_only_with_that_user(
    runtime: Container, recall: Recall
) -> None:
    mine = await memory(runtime, ALICE, "Editor", "Alice prefers tabs in Makefiles.", type_="user")
    shared = await memory(runtime, SHARED, "Makefiles", "Makefiles live in build/.")
    other_project = await memory(
        runtime, ScopeKey(project="acme/shop"), "Makefiles", "Shop Makefiles use tabs."
    )
    other_tenant = await memory(
        runtime, ScopeKey(project="acme/billing", tenant="t2"), "Makefiles", "Tenant tabs."
    )
    r = recall
    assert {h.id for h in await r.search("makefiles tabs", ALICE)} == {mine, shared}
    assert {h.id for h in await r.search("makefiles tabs", BOB)} == {shared}
    assert {h.id for h in await r.search("makefiles tabs", SHARED)} == {shared}
    for scope in (ALICE, BOB, SHARED):
        block = await r.injection_block(scope)
        manifest = await r.manifest(scope)
        assert other_project not in block.memory_ids
        assert other_tenant not in block.memory_ids
        assert ("Alice prefers tabs" in block.text) == (scope == ALICE)
        assert ("Alice prefers tabs" in manifest.text) == (scope == ALICE)


async def test_search_follows_updates_and_deletions(runtime: Container, recall: Recall) -> None:
    memory_id = await memory(runtime, SHARED, "Queue", "Jobs run on celery.")
    prov = memory_store.Provenance(actor=memory_store.Actor.OPERATOR)
    async with runtime.store.begin() as conn:
        await memory_writes.update(
            conn,
            SHARED,
            memory_id,
            title="Queue",
            content="Jobs run on arq.",
            memory_class=None,
            prov=prov,
            now=T0,
        )
    r = recall
    assert await r.search("celery", SHARED) == []
    assert [h.id for h in await r.search("arq", SHARED)] == [memory_id]
    async with runtime.store.begin() as conn:
        await memory_store.delete(conn, SHARED, memory_id, reason="gone", prov=prov, now=T0)
    assert await r.search("arq", SHARED) == []


async def test_a_word_in_over_a_thousand_memories_does_not_swamp_a_rare_one(
    runtime: Container, recall: Recall
) -> None:
    """Matching on the rare word keeps a search cheap; the common one alone still works."""
    rows = [
        {
            "tenant": "",
            "project": SHARED.project,
            "user": "",
            "type": "project",
            "class": "durable",
            "title": f"Deploy note {i}",
            "content": f"deploy step {i}",
            "content_hash": f"h{i}",
            "created_by": "x",
            "created_at": T0,
            "updated_at": T0,
        }
        for i in range(1200)
    ]
    rows = [{**row, "integrity": runtime.store.sealer.tag_of(row)} for row in rows]
    async with runtime.store.begin() as conn:
        await conn.execute(sa.insert(memories), rows)
        await conn.execute(sa.text("ANALYZE"))
    rare = await memory(runtime, SHARED, "Canary", "Deploy the canary first.")
    hits = await Recall(runtime.store, FakeClock(T0)).search("deploy canary", SHARED, mark=False)
    assert [h.id for h in hits] == [rare]
    common = await recall.search("deploy", SHARED, limit=5, mark=False)
    assert len(common) == 5


async def test_search_finds_a_scopes_match_behind_better_ones_of_other_scopes(
    runtime: Container, recall: Recall
) -> None:
    rows = [
        {
            "tenant": "",
            "project": "elsewhere",
            "user": "",
            "type": "project",
            "class": "durable",
            "title": "Zebra zebra",
            "content": f"zebra {i}",
            "content_hash": f"z{i}",
            "created_by": "x",
            "created_at": T0,
            "updated_at": T0,
        }
        for i in range(250)
    ]
    rows = [{**row, "integrity": runtime.store.sealer.tag_of(row)} for row in rows]
    async with runtime.store.begin() as conn:
        await conn.execute(sa.insert(memories), rows)
    ours = await memory(runtime, SHARED, "Animals", "A long note that mentions a zebra once.")
    hits = await recall.search("zebra", SHARED, mark=False)
    assert [h.id for h in hits] == [ours]
