"""No scope sees or bends another's search: the terms a search matches on, the memories it
finds and the scores it answers depend only on the memories the scope itself sees. Another
tenant, another project, another user's held memories and deleted ones change nothing, on
both backends (PostgreSQL's statistics refreshed by ``ANALYZE`` in between)."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa

from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.base.scope import ScopeKey
from daemon.gate.hashing import content_hash
from daemon.store.memory.frequency import TermStats
from daemon.store.memory.search import SearchFilter, search
from daemon.store.tables import memories
from tests.maintenance.helpers import DAY, T0, add

ANN = ScopeKey(tenant="acme", project="p1", user="ann")

#: Others' writes: each the fields of a memory ``ANN`` must not be bent by.
OTHERS: dict[str, dict[str, Any]] = {
    "another tenant": {"tenant": "globex", "project": "p1", "user": "ann"},
    "another project": {"tenant": "acme", "project": "p2", "user": ""},
    "another user's held": {
        "tenant": "acme",
        "project": "p1",
        "user": "",
        "review": "pending",
        "source_user": "bob",
    },
    "deleted": {"tenant": "acme", "project": "p1", "user": "", "deleted_at": T0},
}


async def _bulk(runtime: Container, count: int, text: str, **fields: Any) -> None:
    """``count`` memories holding ``text`` (each with a word of its own)."""
    rows = []
    for n in range(count):
        content = f"{text} filler{n}"
        rows.append(
            {
                "tenant": "",
                "project": "p1",
                "user": "",
                "type": "project",
                "class": "durable",
                "pinned": False,
                "title": f"note {n}",
                "content": content,
                "content_hash": content_hash("project", content),
                "created_by": "test",
                "created_at": T0 - DAY,
                "updated_at": T0 - DAY,
                **fields,
            }
        )
    async with runtime.store.begin() as conn:
        await conn.execute(sa.insert(memories), rows)
        if conn.dialect.name == "postgresql":
            await conn.execute(sa.text("ANALYZE memories"))


async def _found(runtime: Container, query: str) -> list[tuple[int, float]]:
    async with runtime.store.connect() as conn:
        found = await search(conn, query, ANN, SearchFilter(limit=20), TermStats(FakeClock(T0)))
    return [(m.id, m.score) for m in found]


async def _ann(runtime: Container, content: str, **fields: Any) -> int:
    return await add(runtime.store, content, tenant="acme", project="p1", **fields)


async def test_a_word_common_elsewhere_still_finds_the_scopes_own_memory(
    runtime: Container,
) -> None:
    with_word = await _ann(runtime, "The kestrel pipeline retries twice.")
    other_word = await _ann(runtime, "Quokka builds run on Tuesdays.")
    assert {i for i, _ in await _found(runtime, "quokka kestrel")} == {with_word, other_word}
    await _bulk(runtime, 1200, "kestrel report", tenant="globex")
    assert {i for i, _ in await _found(runtime, "quokka kestrel")} == {with_word, other_word}


@pytest.mark.parametrize("other", sorted(OTHERS))
async def test_the_scopes_results_and_scores_are_the_same_whatever_others_store(
    runtime: Container, other: str
) -> None:
    await _ann(runtime, "Kestrel deploys go out from the release branch.", title="Kestrel")
    await _ann(runtime, "The quokka service logs to kestrel storage.", user="ann")
    await _ann(runtime, "Quokka dashboards refresh hourly.")
    await _ann(runtime, "Plain words about lunch.")
    queries = ["kestrel", "quokka kestrel", "kestrel release", "quokka dashboards lunch"]
    before = {q: await _found(runtime, q) for q in queries}
    assert all(before[q] for q in queries)
    await _bulk(runtime, 40, "kestrel quokka kestrel", **OTHERS[other])
    await _bulk(runtime, 1200, "kestrel dashboards", **OTHERS[other])
    after = {q: await _found(runtime, q) for q in queries}
    assert after == before


async def _steps(runtime: Container, query: str) -> int:
    """The SQLite virtual machine's steps (in thousands) one search of ``ANN`` takes."""
    steps = [0]

    def count() -> int:
        steps[0] += 1
        return 0

    async with runtime.store.connect() as conn:
        driver = (await conn.get_raw_connection()).driver_connection
        await driver.set_progress_handler(count, 1000)
        try:
            await search(conn, query, ANN, SearchFilter(limit=5), TermStats(FakeClock(T0)))
        finally:
            await driver.set_progress_handler(None, 1000)
    return steps[0]


@pytest.mark.parametrize("backend", ["fake"], indirect=True)  # SQLite's own index
async def test_others_memories_cost_a_search_nothing(runtime: Container) -> None:
    """A search reads its own project's postings: another tenant's memories holding the
    same words do not make it read more (the whole store's FTS5 posting lists did)."""
    for n in range(40):
        await _ann(runtime, f"Kestrel quokka note {n}.")
    alone = await _steps(runtime, "kestrel quokka")
    await _bulk(runtime, 3000, "kestrel quokka note", tenant="globex")
    shared = await _steps(runtime, "kestrel quokka")
    assert alone > 0
    assert shared <= alone + 2, (alone, shared)
