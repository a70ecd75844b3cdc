"""Semantic dedup of the main agent's save (the tools behind HTTP and MCP), on every vector
backend: a save that means what a memory of its scope and type already says is absorbed by
it (its text the memory's new version, or nothing when it adds nothing) and the answer names
that memory; a distinct save is a new memory; the exact-hash check still comes first; no
save is absorbed across scopes, types or writers; an embedding outage loses nothing and the
embedding job absorbs the save later, which the memory's history tells."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import sqlalchemy as sa

from daemon.api.memory_routes import WriteOut
from daemon.base.clock import FakeClock
from daemon.base.errors import ToolRefused
from daemon.embeddings.query import QueryEmbedder
from daemon.gate.screening import Limits
from daemon.maintenance.embedding import Backfill
from daemon.recall import Recall
from daemon.store.db import Store
from daemon.store.memory.vectors import digest_of
from daemon.store.tables import memories, memory_history, memory_vectors
from daemon.tools import MemoryTools, SaveEmbedder, Written
from tests.concept_embedder import ConceptEmbedder
from tests.tools.helpers import caller

NOW = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)
OLD = ("Ingest queue", "Ingest uses RabbitMQ for events.")
#: The same fact in other words (``rabbitmq`` and ``broker`` are one concept), with more.
NEAR = ("Ingest queue", "Ingest uses the broker for events from billing.")
#: Contained in OLD: it adds nothing.
CONTAINED = ("Ingest queue", "Ingest uses RabbitMQ.")
DISTINCT = ("Billing deploys", "The billing service deploys on Tuesdays after review.")


def _tools(store: Store, embedder: ConceptEmbedder | None) -> MemoryTools:
    clock = FakeClock(NOW)
    near = None if embedder is None else SaveEmbedder(QueryEmbedder(embedder, cache_size=0), 0.8)
    return MemoryTools(store, Recall(store, clock), clock, Limits(120, 2000), near)


async def _save(tools: MemoryTools, text: tuple[str, str], **who: object) -> Written:
    kind = str(who.pop("type", "project"))
    return await tools.save(caller(**who), type=kind, title=text[0], content=text[1])  # type: ignore[arg-type]


async def _live(store: Store) -> dict[int, str]:
    async with store.connect() as conn:
        rows = await conn.execute(
            sa.select(memories.c.id, memories.c.content).where(memories.c.deleted_at.is_(None))
        )
        return {int(r.id): r.content for r in rows}


async def _actions(store: Store, memory_id: int) -> list[str]:
    async with store.connect() as conn:
        rows = await conn.execute(
            sa.select(memory_history.c.action)
            .where(memory_history.c.memory_id == memory_id)
            .order_by(memory_history.c.id)
        )
        return list(rows.scalars())


async def test_a_near_duplicate_save_becomes_the_new_version_of_the_memory(
    vector_store: Store,
) -> None:
    tools = _tools(vector_store, ConceptEmbedder())
    first = await _save(tools, OLD)
    assert (first.action, first.dedup, first.absorbed_by) == ("created", "checked", None)
    second = await _save(tools, NEAR)
    assert second.as_dict() | {"title": ""} == {
        "ok": True, "id": first.public_id, "action": "updated", "title": "",
        "dedup": "checked", "absorbed_by": first.public_id,
    }  # fmt: skip
    assert await _live(vector_store) == {first.id: NEAR[1]}
    assert await _actions(vector_store, first.id) == ["create", "update", "merge"]
    # the HTTP answer carries it as well (MCP answers as_dict itself)
    answered = WriteOut.of(second, caller()).model_dump()
    assert (answered["absorbed_by"], answered["dedup"]) == (first.public_id, "checked")
    timeline = await tools.history(caller(), first.public_id)
    old, new = timeline["versions"]
    assert (old["content"], old["superseded_by"], old["valid_to"]) == (
        OLD[1], first.public_id, NOW.isoformat(),
    )  # fmt: skip
    assert (new["content"], new["current"]) == (NEAR[1], True)
    assert "absorbed a near-duplicate" in timeline["changes"][-1]["reason"]


async def test_a_save_that_adds_nothing_changes_nothing_and_names_the_memory(
    vector_store: Store,
) -> None:
    tools = _tools(vector_store, ConceptEmbedder())
    first = await _save(tools, OLD)
    again = await _save(tools, CONTAINED)
    assert (again.action, again.absorbed_by, again.id) == ("unchanged", first.public_id, first.id)
    assert await _live(vector_store) == {first.id: OLD[1]}
    assert await _actions(vector_store, first.id) == ["create", "merge"]


async def test_a_distinct_save_is_a_memory_of_its_own(vector_store: Store) -> None:
    tools = _tools(vector_store, ConceptEmbedder())
    first = await _save(tools, OLD)
    other = await _save(tools, DISTINCT)
    assert (other.action, other.absorbed_by) == ("created", None)
    assert set(await _live(vector_store)) == {first.id, other.id}


async def test_the_exact_hash_check_still_comes_first(vector_store: Store) -> None:
    tools = _tools(vector_store, ConceptEmbedder())
    first = await _save(tools, OLD)
    with pytest.raises(ToolRefused) as refused:
        await _save(tools, OLD)
    assert (refused.value.code, refused.value.memory) == ("duplicate", first.public_id)


@pytest.mark.parametrize(
    "who",
    [
        {"projects": ("github.com/acme/other",)},  # another project
        {"type": "decision"},  # another type
        {"user": "bob"},  # alice's shared memory, bob's save: not in alice's voice
    ],
    ids=["project", "type", "writer"],
)
async def test_no_save_is_absorbed_across_scopes_types_or_writers(
    vector_store: Store, who: dict[str, object]
) -> None:
    tools = _tools(vector_store, ConceptEmbedder())
    first = await _save(tools, OLD)
    other = await _save(tools, NEAR, **who)
    assert (other.action, other.absorbed_by) == ("created", None)
    assert await _live(vector_store) == {first.id: OLD[1], other.id: NEAR[1]}


async def test_one_users_memory_never_absorbs_anothers(vector_store: Store) -> None:
    tools = _tools(vector_store, ConceptEmbedder())
    alice = await _save(tools, OLD, type="user")
    bob = await _save(tools, NEAR, type="user", user="bob")
    assert (bob.action, bob.absorbed_by) == ("created", None)
    mine = await _save(tools, NEAR, type="user")
    assert mine.absorbed_by == alice.public_id
    assert await _live(vector_store) == {alice.id: NEAR[1], bob.id: NEAR[1]}


async def test_an_embedding_outage_loses_nothing_and_the_job_absorbs_the_save_later(
    vector_store: Store,
) -> None:
    embedder = ConceptEmbedder()
    tools = _tools(vector_store, embedder)
    first = await _save(tools, OLD)
    embedder.down = True
    later = await _save(tools, NEAR)
    assert (later.action, later.dedup, later.absorbed_by) == ("created", "deferred", None)
    assert await _live(vector_store) == {first.id: OLD[1], later.id: NEAR[1]}
    embedder.down = False
    report = await Backfill(embedder, FakeClock(NOW), dedup_threshold=0.8).run(vector_store)
    assert (report.embedded, report.absorbed) == (1, 1)
    assert await _live(vector_store) == {first.id: NEAR[1]}
    # the agent learns it from the saved memory's history: replaced by the older memory
    timeline = await tools.history(caller(), later.public_id)
    assert timeline["versions"][-1]["superseded_by"] == first.public_id
    assert [c["action"] for c in timeline["changes"]] == ["create", "merge"]
    assert await _actions(vector_store, first.id) == ["create", "update", "merge"]
    # a second pass has nothing left to check
    again = await Backfill(embedder, FakeClock(NOW), dedup_threshold=0.8).run(vector_store)
    assert again.absorbed == 0


async def test_without_embeddings_a_save_is_as_before(vector_store: Store) -> None:
    tools = _tools(vector_store, None)
    first = await _save(tools, OLD)
    second = await _save(tools, NEAR)
    assert (second.action, second.dedup, second.absorbed_by) == ("created", None, None)
    assert "absorbed_by" not in second.as_dict()
    assert set(await _live(vector_store)) == {first.id, second.id}


async def _update(tools: MemoryTools, written: Written, text: tuple[str, str]) -> Written:
    return await tools.update(caller(), written.public_id, title=text[0], content=text[1])


async def test_a_rewrite_that_means_another_memory_is_absorbed_by_it(
    vector_store: Store,
) -> None:
    """An update's new text is checked as a save's: the memory it now duplicates absorbs it
    (taking the text as its new version), the rewritten memory becomes a tombstone replaced
    by it, and the answer names the absorbing memory."""
    tools = _tools(vector_store, ConceptEmbedder())
    first = await _save(tools, OLD)
    other = await _save(tools, DISTINCT)
    patched = await _update(tools, other, NEAR)
    assert patched.as_dict() | {"title": ""} == {
        "ok": True, "id": first.public_id, "action": "updated", "title": "",
        "dedup": "checked", "absorbed_by": first.public_id,
    }  # fmt: skip
    assert await _live(vector_store) == {first.id: NEAR[1]}
    assert await _actions(vector_store, other.id) == ["create", "update", "merge"]
    assert await _actions(vector_store, first.id) == ["create", "update", "merge"]
    timeline = await tools.history(caller(), other.public_id)
    assert timeline["versions"][-1]["superseded_by"] == first.public_id


async def test_a_rewrite_that_adds_nothing_to_another_memory_leaves_it_unchanged(
    vector_store: Store,
) -> None:
    tools = _tools(vector_store, ConceptEmbedder())
    first = await _save(tools, OLD)
    other = await _save(tools, DISTINCT)
    patched = await _update(tools, other, CONTAINED)
    assert (patched.action, patched.id, patched.absorbed_by) == (
        "unchanged", first.id, first.public_id,
    )  # fmt: skip
    assert await _live(vector_store) == {first.id: OLD[1]}


async def test_a_distinct_rewrite_stays_and_gets_its_new_vector(vector_store: Store) -> None:
    """A rewrite that duplicates nothing is an update as before, reported ``checked``; its
    own older text is not a near-duplicate of it, and its vector is the new text's."""
    tools = _tools(vector_store, ConceptEmbedder())
    first = await _save(tools, OLD)
    patched = await _update(tools, first, NEAR)
    assert patched.as_dict() | {"title": ""} == {
        "ok": True, "id": first.public_id, "action": "updated", "title": "",
        "dedup": "checked", "absorbed_by": None,
    }  # fmt: skip
    assert await _live(vector_store) == {first.id: NEAR[1]}
    async with vector_store.connect() as conn:
        digests = await conn.execute(
            sa.select(memory_vectors.c.digest).where(memory_vectors.c.memory_id == first.id)
        )
        assert list(digests.scalars()) == [digest_of(*NEAR)]
    # a change of class alone is not checked
    classed = await tools.update(caller(), first.public_id, memory_class="priority")
    assert (classed.action, classed.dedup) == ("updated", None)
    answered = WriteOut.of(patched, caller()).model_dump()
    assert (answered["dedup"], answered["absorbed_by"]) == ("checked", None)


async def test_a_rewrite_during_an_embedding_outage_is_deferred_to_the_job(
    vector_store: Store,
) -> None:
    embedder = ConceptEmbedder()
    tools = _tools(vector_store, embedder)
    first = await _save(tools, OLD)
    other = await _save(tools, DISTINCT)
    assert isinstance(tools.clock, FakeClock)
    tools.clock.advance(60)
    embedder.down = True
    patched = await _update(tools, other, NEAR)
    assert (patched.action, patched.id, patched.dedup, patched.absorbed_by) == (
        "updated", other.id, "deferred", None,
    )  # fmt: skip
    assert await _live(vector_store) == {first.id: OLD[1], other.id: NEAR[1]}
    embedder.down = False
    report = await Backfill(embedder, FakeClock(NOW), dedup_threshold=0.8).run(vector_store)
    assert report.absorbed == 1
    assert await _live(vector_store) == {first.id: NEAR[1]}


async def test_without_embeddings_a_rewrite_is_as_before(vector_store: Store) -> None:
    tools = _tools(vector_store, None)
    first = await _save(tools, OLD)
    other = await _save(tools, DISTINCT)
    patched = await _update(tools, other, NEAR)
    assert (patched.action, patched.id, patched.dedup) == ("updated", other.id, None)
    assert "dedup" not in patched.as_dict()
    assert set(await _live(vector_store)) == {first.id, other.id}
