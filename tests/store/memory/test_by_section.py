"""Sections of memories read in one statement: per section its newest memories of the
scope (pinned first), capped, compaction summaries apart; the same on both backends."""

from __future__ import annotations

from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.gate.kinds import COMPACTION, MemoryClass, MemoryType
from daemon.store.memory import by_section
from daemon.store.memory.by_section import Section
from daemon.store.memory.record import Memory
from tests.maintenance.helpers import DAY, T0, add

DURABLE = Section("Durable", MemoryClass.DURABLE, (MemoryType.PROJECT, MemoryType.USER), False)
SUMMARIES = Section("Summaries", MemoryClass.WORKING, (MemoryType.PROJECT,), True, cap=1)
WORKING = Section("Working", MemoryClass.WORKING, (MemoryType.PROJECT,), False)
LAYOUT = (DURABLE, SUMMARIES, WORKING)
ANN = ScopeKey(project="p1", user="ann")


def _memory(memory_class: MemoryClass, created_by: str = "agent") -> Memory:
    return Memory(
        id=1,
        type=MemoryType.PROJECT,
        memory_class=memory_class,
        title="t",
        content="c",
        pinned=False,
        user="",
        created_by=created_by,
        created_at=T0,
        updated_at=T0,
    )


def test_a_section_holds_its_class_types_and_summaries_or_not() -> None:
    assert DURABLE.holds(_memory(MemoryClass.DURABLE))
    assert not DURABLE.holds(_memory(MemoryClass.WORKING))
    assert not DURABLE.holds(_memory(MemoryClass.DURABLE, COMPACTION))
    assert SUMMARIES.holds(_memory(MemoryClass.WORKING, COMPACTION))
    assert not SUMMARIES.holds(_memory(MemoryClass.WORKING))
    either = Section("Any", MemoryClass.WORKING, (MemoryType.PROJECT,))
    assert either.holds(_memory(MemoryClass.WORKING)) and either.holds(
        _memory(MemoryClass.WORKING, COMPACTION)
    )
    assert not Section("Users", MemoryClass.WORKING, (MemoryType.USER,)).holds(
        _memory(MemoryClass.WORKING)
    )


async def _seed(runtime: Container) -> dict[str, int]:
    store = runtime.store
    ids = {
        "old": await add(store, "shared, old", created_at=T0 - 3 * DAY),
        "new": await add(store, "shared, new", created_at=T0 - DAY),
        "pinned": await add(store, "shared, pinned, oldest", created_at=T0 - 9 * DAY, pinned=True),
        "ann": await add(store, "ann's own", user="ann", type="user", created_at=T0 - 2 * DAY),
        "bob": await add(store, "bob's own", user="bob", type="user"),
        "gone": await add(store, "deleted", deleted_at=T0),
        "elsewhere": await add(store, "other project", project="p2"),
        "sum1": await add(
            store, "summary 1", **{"class": "working"}, created_by=COMPACTION, created_at=T0
        ),
        "sum2": await add(
            store,
            "summary 2",
            **{"class": "working"},
            created_by=COMPACTION,
            created_at=T0 - DAY,
        ),
        "work": await add(store, "working note", **{"class": "working"}),
    }
    return ids


async def test_each_section_gets_its_newest_pinned_first(runtime: Container) -> None:
    ids = await _seed(runtime)
    async with runtime.store.connect() as conn:
        found = await by_section.candidates(conn, ANN, LAYOUT, per_section=10)
    assert [[m.id for m in group] for group in found] == [
        [ids["pinned"], ids["new"], ids["ann"], ids["old"]],
        [ids["sum1"]],
        [ids["work"]],
    ]
    assert found[0][2].user == "ann"


async def test_a_scope_without_user_sees_only_shared_and_the_limit_holds(
    runtime: Container,
) -> None:
    ids = await _seed(runtime)
    async with runtime.store.connect() as conn:
        shared = await by_section.candidates(conn, ScopeKey(project="p1"), LAYOUT, 10)
        capped = await by_section.candidates(conn, ANN, LAYOUT, per_section=1)
    assert [m.id for m in shared[0]] == [ids["pinned"], ids["new"], ids["old"]]
    # at most one per (type, user) branch, then merged and sorted
    assert [m.id for m in capped[0]] == [ids["pinned"], ids["ann"]]
    assert shared[0][0].updated_at == T0 - 9 * DAY  # aware UTC times on both backends
