"""PostgreSQL's marks of which transactions changed a project's memories (``memory_changes``,
revision 0025): a snapshot learns of every write to its project committed after it, in
whatever order writers commit, and of none before it nor of another project's; a surfacing
time alone marks nothing; a writing transaction adds a row a project however many rows it
writes; folding leaves a row a project and loses no change, even while others write."""

from __future__ import annotations

import asyncio

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.store.db import Store
from daemon.store.erasure_scope import ErasureScope
from daemon.store.memory import changes, erase_memories
from daemon.store.memory.record import COLUMNS
from daemon.store.tables import memories
from tests.backends import REAL_ONLY
from tests.maintenance.helpers import T0, add, row

pytestmark = REAL_ONLY

P1 = ScopeKey(project="p1")
P2 = ScopeKey(project="p2")


async def _snapshot(store: Store, scope: ScopeKey = P1) -> str:
    async with store.read() as conn:
        return (await changes.since(conn, changes.probe(scope, None))).snapshot


async def _changed(store: Store, snapshot: str, scope: ScopeKey = P1) -> bool:
    async with store.read() as conn:
        found = await changes.since(conn, changes.probe(scope, snapshot))
    assert found.asked == snapshot
    return found.changed


async def _rows(store: Store) -> list[tuple[str | None, str | None]]:
    """The rows of ``memory_changes`` (not the one for every project, tenant NULL, that each
    test's emptying of the tables leaves)."""
    async with store.connect() as conn:
        found = await conn.execute(
            sa.text(
                "SELECT tenant, project FROM memory_changes WHERE tenant IS NOT NULL "
                "ORDER BY tenant, project, xid"
            )
        )
        return [(r.tenant, r.project) for r in found]


async def _set(store: Store, memory_id: int, **values: object) -> None:
    async with store.begin() as conn:
        await conn.execute(sa.update(memories).where(memories.c.id == memory_id).values(**values))


async def test_a_snapshot_learns_of_its_projects_writes_after_it_and_no_other(
    runtime: Container,
) -> None:
    store = runtime.store
    first = await add(store, "Deploys run on Fridays.")
    before = await _snapshot(store)
    assert not await _changed(store, before)
    await add(store, "Another project's fact.", project="p2")
    await add(store, "Another tenant's fact.", tenant="t2")
    assert not await _changed(store, before)
    await _set(store, first, last_surfaced_at=T0)  # what every block's surfacing writes
    await _set(store, first, dedup_pending=True)  # nor any column the candidates do not read
    assert not await _changed(store, before)
    await _set(store, first, pinned=True)
    assert await _changed(store, before)
    after = await _snapshot(store)
    assert not await _changed(store, after)


async def test_a_write_that_commits_after_a_later_ones_is_still_seen(runtime: Container) -> None:
    """Transaction ids are taken in one order and committed in another: a sequence's
    largest number would not tell the earlier-begun write that committed last."""
    store = runtime.store
    async with store.connect() as early:
        async with early.begin():
            await early.execute(sa.insert(memories).values(**row("Begun first, committed last.")))
            await add(store, "Begun second, committed first.")
            between = await _snapshot(store)
        assert await _changed(store, between)


async def test_a_transaction_marks_a_project_once_however_many_rows_it_writes(
    runtime: Container,
) -> None:
    store = runtime.store
    async with store.begin() as conn:
        await conn.execute(sa.insert(memories), [row(f"Fact {i}.") for i in range(50)])
        await conn.execute(sa.insert(memories), [row("One more.", project="p2")])
        await conn.execute(sa.update(memories).values(pinned=True))
        await conn.execute(sa.delete(memories).where(memories.c.content == "Fact 3."))
    assert await _rows(store) == [("", "p1"), ("", "p2")]
    moved = await add(store, "Moving.")
    await _set(store, moved, project="p3")  # the project it left and the one it joined
    assert await _rows(store) == [("", "p1"), ("", "p1"), ("", "p1"), ("", "p2"), ("", "p3")]


async def test_folding_leaves_a_row_a_project_and_every_reader_reads_again(
    runtime: Container,
) -> None:
    store = runtime.store
    for i in range(4):
        await add(store, f"Fact {i}.")
        await add(store, f"Fact {i}.", project="p2")
    await add(store, "Fact in p3.", project="p3")
    before = await _snapshot(store)
    async with store.begin() as conn:
        first = await changes.fold(conn, 1)
        rest = await changes.fold(conn, 10_000)
        again = await changes.fold(conn, 10_000)
    assert (first, rest, again) == (1, 1, 0)
    assert await _rows(store) == [("", "p1"), ("", "p2"), ("", "p3")]
    # A fold is a change of the projects it folded: a snapshot from before reads again.
    assert await _changed(store, before) and await _changed(store, before, P2)
    assert not await _changed(store, before, ScopeKey(project="p3"))


async def test_folds_and_writers_at_once_lose_no_change(runtime: Container) -> None:
    """Each write is told to a snapshot taken just before it, whatever folds ran since."""
    store = runtime.store
    await add(store, "Seed p1.")
    await add(store, "Seed p2.", project="p2")
    seen: list[tuple[ScopeKey, str]] = []

    async def folding() -> None:
        for _ in range(15):
            async with store.begin() as conn:
                await changes.fold(conn, 10_000)

    async def writing(scope: ScopeKey, start: int) -> None:
        for i in range(start, start + 15):
            seen.append((scope, await _snapshot(store, scope)))
            await add(store, f"Write {i}.", project=scope.project)

    await asyncio.gather(folding(), folding(), writing(P1, 100), writing(P2, 200))
    assert [await _changed(store, snapshot, scope) for scope, snapshot in seen] == [True] * 30
    settled = await _snapshot(store)
    async with store.begin() as conn:
        while await changes.fold(conn, 10_000):
            pass
    assert await _rows(store) == [("", "p1"), ("", "p2")]
    assert await _changed(store, settled)  # the last fold itself


async def test_emptying_the_memories_is_a_change_of_every_project(runtime: Container) -> None:
    store = runtime.store
    await add(store, "Fact.")
    before = await _snapshot(store)
    async with store.begin() as conn:
        await conn.execute(sa.text("TRUNCATE memories CASCADE"))
    assert await _rows(store) == []
    async with store.connect() as conn:
        found = await conn.execute(sa.text("SELECT tenant, project FROM memory_changes"))
        assert found.all() == [(None, None)]
    assert await _changed(store, before)
    assert await _changed(store, before, ScopeKey(project="never-written", tenant="t9"))


async def test_an_erased_projects_rows_go_and_every_reader_reads_again(
    runtime: Container,
) -> None:
    store = runtime.store
    await add(store, "Erased fact.", project="secret-project")
    await add(store, "Kept fact.")
    before = await _snapshot(store)
    async with store.begin() as conn:
        erased = ErasureScope(project="secret-project")
        await erase_memories(conn, erased.where, user=False, project=True, erased="[erased]")
    assert "secret-project" not in {project for _, project in await _rows(store)}
    assert await _changed(store, before)
    assert await _changed(store, before, ScopeKey(project="secret-project"))
    async with store.begin() as conn:  # a user's erasure names no project of the marks
        by_user = ErasureScope(user="alice")
        await erase_memories(conn, by_user.where, user=True, project=False, erased="[erased]")


async def test_the_update_trigger_watches_every_column_a_memory_is_read_with(
    runtime: Container,
) -> None:
    """A column added to what a memory is read with, and not to the trigger's list, would
    let a kept block go stale when only that column changes."""
    async with runtime.store.connect() as conn:
        found = await conn.execute(
            sa.text("SELECT pg_get_triggerdef(oid) FROM pg_trigger WHERE tgname = :name"),
            {"name": "memory_changes_update"},
        )
        watched = found.scalar_one().replace('"', "").lower()
    for column in (*COLUMNS, memories.c.deleted_at):
        assert f"old.{column.name}" in watched and f"new.{column.name}" in watched, column
    assert "last_surfaced_at" not in watched
