"""A memory as every reader gets it: made from a stored row, shown as a dict, and seen only
by its own scope (the project's shared memories and the user's own, live ones)."""

from __future__ import annotations

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.gate.kinds import MemoryClass, MemoryType, Review
from daemon.store.memory import record
from daemon.store.tables import memories
from tests.maintenance.helpers import T0, add


def test_a_scope_sees_the_shared_memories_and_its_users_own() -> None:
    assert record.scope_users(ScopeKey(project="p")) == [""]
    assert record.scope_users(ScopeKey(project="p", user="ann")) == ["", "ann"]


async def test_a_stored_row_becomes_a_memory_and_its_dict(runtime: Container) -> None:
    memory_id = await add(
        runtime.store,
        "Deploys go out on Tuesdays.",
        user="ann",
        type="user",
        pinned=True,
        created_at=T0,
        source_user="ann",
    )
    async with runtime.store.connect() as conn:
        row = (
            await conn.execute(sa.select(*record.COLUMNS).where(memories.c.id == memory_id))
        ).one()
    memory = record.from_row(row, score=0.1234567)
    assert memory.type is MemoryType.USER
    assert memory.memory_class is MemoryClass.DURABLE
    assert (memory.pinned, memory.user, memory.source_user) == (True, "ann", "ann")
    assert (memory.review, memory.source_key) == (Review.NONE, None)
    shown = memory.as_dict()
    assert shown["id"] == memory_id
    assert (shown["type"], shown["class"], shown["score"]) == ("user", "durable", 0.123457)
    assert shown["content"] == "Deploys go out on Tuesdays."
    assert shown["created_at"] == memory.created_at.isoformat()
    assert "source_user" not in shown


def test_a_shared_memory_shows_no_user() -> None:
    memory = record.Memory(
        id=1,
        type=MemoryType.PROJECT,
        memory_class=MemoryClass.WORKING,
        title="t",
        content="c",
        pinned=False,
        user="",
        created_by="agent",
        created_at=T0,
        updated_at=T0,
    )
    assert memory.as_dict()["user"] is None
    assert memory.as_dict()["class"] == "working"
    assert memory.score == 0.0


def test_an_asyncpg_record_becomes_the_same_memory() -> None:
    fields = {
        "id": 3,
        "type": "project",
        "class": "durable",
        "title": "t",
        "content": "c",
        "pinned": False,
        "user": "",
        "created_by": "agent",
        "source_user": None,
        "source_session": "s-1",
        "source_key": "k-1",
        "review": "pending",
        "created_at": T0,
        "updated_at": T0,
        "metadata": '{"ticket": "OPS-1", "n": 3}',  # asyncpg reads json as its text
    }
    memory = record.from_record(fields, score=2.0)
    assert memory == record.Memory(
        id=3,
        type=MemoryType.PROJECT,
        memory_class=MemoryClass.DURABLE,
        title="t",
        content="c",
        pinned=False,
        user="",
        created_by="agent",
        created_at=T0,
        updated_at=T0,
        score=2.0,
        source_session="s-1",
        source_key="k-1",
        review=Review.PENDING,
        metadata={"ticket": "OPS-1", "n": 3},
    )
    assert record.from_record({**fields, "metadata": None}).metadata == {}


async def test_visible_is_the_scopes_live_memories(runtime: Container) -> None:
    store = runtime.store
    shared = await add(store, "shared fact")
    own = await add(store, "ann's fact", user="ann")
    await add(store, "bob's fact", user="bob")
    await add(store, "other project", project="p2")
    await add(store, "other tenant", tenant="t")
    await add(store, "deleted", deleted_at=T0)
    async with store.connect() as conn:

        async def seen(scope: ScopeKey) -> set[int]:
            query = sa.select(memories.c.id).where(record.visible(scope))
            return set((await conn.execute(query)).scalars())

        assert await seen(ScopeKey(project="p1", user="ann")) == {shared, own}
        assert await seen(ScopeKey(project="p1")) == {shared}
