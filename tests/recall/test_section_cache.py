"""The injection block's candidates kept while their project is unchanged (PostgreSQL): every
kind of write, through this store or another process's, shows in the very next block, which
is then the block a recall keeping nothing gives; a surfacing time alone, or another
project's write, keeps what is kept; a write committed while the block reads, or begun
before and committed after it, is read again the next time. Nothing is kept on SQLite."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
import sqlalchemy as sa

from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.base.scope import ScopeKey
from daemon.gate import Draft, Limits
from daemon.recall import InjectionBlock, Recall
from daemon.store import memory
from daemon.store.db import Store
from daemon.store.erasure_scope import ErasureScope
from daemon.store.memory import Actor, Provenance
from daemon.store.tables import memories
from tests.backends import REAL_ONLY
from tests.maintenance.helpers import DAY, T0, add, row

SHARED = ScopeKey(project="p1")
ALICE = ScopeKey(project="p1", user="alice")
LIMITS = Limits(max_title_chars=120, max_content_chars=500)
OPERATOR = Provenance(actor=Actor.OPERATOR, actor_id="op", created_by="operator")

Ids = dict[str, int]
Write = Callable[[Store, Ids], Awaitable[None]]


async def _seed(store: Store) -> Ids:
    return {
        "fact": await add(store, "Deploys run on Fridays."),
        "older": await add(store, "We chose arq.", type="decision", created_at=T0 - 3 * DAY),
        "newer": await add(store, "We chose Postgres.", type="decision", created_at=T0 - 2 * DAY),
        "own": await add(store, "Alice wants terse answers.", type="user", user="alice"),
        "held_other": await add(
            store, "Carol says builds use make.", review="pending", source_user="carol"
        ),
        "held_mine": await add(
            store, "Alice says builds use ninja.", review="pending", source_user="alice"
        ),
        "forgotten": await add(store, "The staging host is blue.", deleted_at=T0),
    }


async def _saved(store: Store, ids: Ids) -> None:
    async with store.begin() as conn:
        draft = Draft("project", "durable", "", "Release notes live in CHANGES.md.")
        made = await memory.save(conn, SHARED, draft, prov=OPERATOR, now=T0, limits=LIMITS)
    assert isinstance(made, int)


async def _edited(store: Store, ids: Ids) -> None:
    async with store.begin() as conn:
        draft = Draft("project", "durable", "", "Deploys run on Mondays.")
        done = await memory.save(
            conn, SHARED, draft, prov=OPERATOR, now=T0, limits=LIMITS, memory_id=ids["fact"]
        )
    assert done == ids["fact"]


async def _pinned(store: Store, ids: Ids) -> None:
    async with store.begin() as conn:
        assert await memory.set_pinned(conn, ids["older"], True, prov=OPERATOR, now=T0)


async def _approved(store: Store, ids: Ids) -> None:
    async with store.begin() as conn:
        done = await memory.approve(conn, ids["held_other"], prov=OPERATOR, now=T0)
    assert done == ids["held_other"]


async def _rejected(store: Store, ids: Ids) -> None:
    async with store.begin() as conn:
        done = await memory.reject(conn, ids["held_mine"], reason="", prov=OPERATOR, now=T0)
    assert done == ids["held_mine"]


async def _forgotten(store: Store, ids: Ids) -> None:
    async with store.begin() as conn:
        done = await memory.forget(conn, ids["fact"], reason="gone", prov=OPERATOR, now=T0)
    assert done == ids["fact"]


async def _restored(store: Store, ids: Ids) -> None:
    async with store.begin() as conn:
        assert await memory.restore(conn, ids["forgotten"], prov=OPERATOR, now=T0)


async def _erased(store: Store, ids: Ids) -> None:
    where = ErasureScope(project="p1").where
    async with store.begin() as conn:
        await memory.erase_memories(conn, where, user=False, project=True, erased="[erased]")


async def _moved_by_hand(store: Store, ids: Ids) -> None:
    async with store.begin() as conn:  # an operator's SQL
        await conn.execute(
            sa.text("UPDATE memories SET class = 'priority' WHERE id = :id"), {"id": ids["fact"]}
        )


async def _deleted_by_hand(store: Store, ids: Ids) -> None:
    async with store.begin() as conn:
        await conn.execute(sa.text("DELETE FROM memories WHERE id = :id"), {"id": ids["own"]})


async def _emptied(store: Store, ids: Ids) -> None:
    async with store.begin() as conn:
        await conn.execute(sa.text("TRUNCATE memories CASCADE"))


WRITES: dict[str, Write] = {
    "saved": _saved,
    "edited": _edited,
    "pinned": _pinned,
    "approved": _approved,
    "rejected": _rejected,
    "forgotten": _forgotten,
    "restored": _restored,
    "erased": _erased,
    "moved_by_hand": _moved_by_hand,
    "deleted_by_hand": _deleted_by_hand,
    "emptied": _emptied,
}


@pytest.fixture
async def another(runtime: Container, database_url: str) -> AsyncIterator[Store]:
    """A second store on the same database: another process (a worker, another ``serve``)."""
    store = Store.from_url(database_url, pool_size=2, sealer=runtime.store.sealer)
    yield store
    await store.close()


def _keeping(recall: Recall) -> Any:
    assert recall.kept is not None
    return recall.kept


async def _block(recall: Recall, query: str | None) -> InjectionBlock:
    return await recall.injection_block(ALICE, query, mark=False)


async def _uncached(runtime: Container, query: str | None) -> InjectionBlock:
    fresh = Recall(runtime.store, FakeClock(T0), kept=0)
    try:
        assert fresh.kept is None
        return await _block(fresh, query)
    finally:
        await fresh.aclose(close_store=False)


#: Without a query the probe is a statement of its own; with one (matching no memory, so
#: that only the candidates make the block) the session windows' statement carries it.
QUERIES = [None, "zeppelin hangar"]


@REAL_ONLY
@pytest.mark.parametrize("query", QUERIES)
@pytest.mark.parametrize("writer", ["this", "another"])
@pytest.mark.parametrize("write", list(WRITES))
async def test_a_write_shows_in_the_very_next_block(
    runtime: Container,
    recall: Recall,
    another: Store,
    write: str,
    writer: str,
    query: str | None,
) -> None:
    ids = await _seed(runtime.store)
    kept = _keeping(recall)
    before = await _block(recall, query)
    assert await _block(recall, query) == before
    assert (kept.hits, kept.reads) == (1, 1)  # the second block used what the first read

    await WRITES[write](runtime.store if writer == "this" else another, ids)

    after = await _block(recall, query)
    assert (kept.hits, kept.reads) == (1, 2)
    assert after != before
    assert after == await _uncached(runtime, query)
    assert await _block(recall, query) == after
    assert (kept.hits, kept.reads) == (2, 2)


@REAL_ONLY
async def test_a_surfacing_time_or_another_projects_write_keeps_what_is_kept(
    runtime: Container, recall: Recall, another: Store
) -> None:
    ids = await _seed(runtime.store)
    kept = _keeping(recall)
    before = await recall.injection_block(ALICE, mark=True)
    assert await recall.flush() > 0  # the block's own surfacing times, written
    async with runtime.store.connect() as conn:
        surfaced = await conn.execute(
            sa.select(sa.func.count()).where(memories.c.last_surfaced_at.is_not(None))
        )
        assert surfaced.scalar_one() == len(before.memory_ids)
    await add(another, "Another project's fact.", project="p2")
    await add(another, "Another tenant's fact.", tenant="t2")
    assert await recall.injection_block(ALICE, mark=False) == before
    assert (kept.hits, kept.reads) == (1, 1)
    assert ids["fact"] in before.memory_ids


@REAL_ONLY
async def test_a_write_begun_before_the_block_and_committed_after_shows_next(
    runtime: Container, recall: Recall, another: Store
) -> None:
    """Transactions commit in another order than they began: the block must not take a
    later write it sees for a sign that an earlier one, uncommitted yet, is in too."""
    await _seed(runtime.store)
    early_memory = row("Begun first, committed last.")
    early_memory["integrity"] = runtime.store.sealer.tag_of(early_memory)
    async with another.connect() as early:
        async with early.begin():
            await early.execute(sa.insert(memories).values(**early_memory))
            await _saved(runtime.store, {})  # begun after, committed before
            during = await _block(recall, None)
        after = await _block(recall, None)
    assert "CHANGES.md" in during.text and "committed last" not in during.text
    assert "committed last" in after.text
    assert after == await _uncached(runtime, None)


@REAL_ONLY
async def test_a_write_committed_while_the_block_reads_is_read_again_next_time(
    runtime: Container, recall: Recall, another: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The probe is read before the candidates: a write committed between the two is in the
    candidates but not in the snapshot they are kept with, so the next block reads again."""
    await _seed(runtime.store)
    kept = _keeping(recall)
    read = memory.candidates
    writes = [_saved]

    async def write_then_read(*args: Any) -> Any:
        while writes:
            await writes.pop()(another, {})
        return await read(*args)

    monkeypatch.setattr(memory, "candidates", write_then_read)
    first = await _block(recall, None)
    assert "CHANGES.md" in first.text
    second = await _block(recall, None)
    assert (kept.hits, kept.reads) == (0, 2)
    assert second == first == await _uncached(runtime, None)
    assert await _block(recall, None) == first
    assert (kept.hits, kept.reads) == (1, 2)


@REAL_ONLY
async def test_the_least_recently_used_scope_is_forgotten_first(runtime: Container) -> None:
    await _seed(runtime.store)
    recall = Recall(runtime.store, FakeClock(T0), kept=2)
    kept = _keeping(recall)
    readers = [ScopeKey(project="p1", user=name) for name in ("a", "b", "c")]
    for scope in readers:
        await recall.injection_block(scope, mark=False)
    await recall.injection_block(readers[2], mark=False)  # kept
    await recall.injection_block(readers[0], mark=False)  # forgotten when c was read
    assert (kept.hits, kept.reads) == (1, 4)
    await recall.aclose(close_store=False)


async def test_nothing_is_kept_on_sqlite(runtime: Container, recall: Recall) -> None:
    assert (recall.kept is None) == (runtime.store.dialect == "sqlite")
