"""The one writer of ``memory_history``: a change's row with its provenance, snapshots,
set-based rows selected from a table, a memory's history in order, and its deletion."""

from __future__ import annotations

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.gate.kinds import Action, Actor
from daemon.store.memory import history
from daemon.store.memory.history import Provenance
from daemon.store.tables import memories, memory_history
from tests.maintenance.helpers import DAY, T0, add, memory

ANN = Provenance(actor=Actor.OPERATOR, actor_id="ann")


async def _rows(runtime: Container, memory_id: int) -> list[sa.Row[tuple[object, ...]]]:
    async with runtime.store.connect() as conn:
        return list(await conn.execute(history.of_memory(memory_id)))


async def test_a_change_is_recorded_with_its_scope_provenance_and_snapshots(
    runtime: Container,
) -> None:
    memory_id = await add(runtime.store, "Tabs, not spaces.", user="ann")
    row = await memory(runtime.store, memory_id)
    before = history.snapshot(row)
    assert before == {
        "type": "project",
        "class": "durable",
        "title": "Tabs, not spaces.",
        "content": "Tabs, not spaces.",
        "pinned": False,
    }
    scope = ScopeKey(project="p1", user="ann")
    async with runtime.store.begin() as conn:
        await history.record(conn, memory_id, scope, Action.PIN, ANN, T0, old=before,
                             new={**before, "pinned": True}, reason="asked")  # fmt: skip
        await history.record(conn, memory_id, scope, Action.UNPIN, ANN, T0 + DAY)
    first, second = await _rows(runtime, memory_id)
    assert (first.action, first.actor, first.actor_id, first.reason) == (
        "pin",
        "operator",
        "ann",
        "asked",
    )
    assert (first.tenant, first.project, first.user, first.at) == ("", "p1", "ann", T0)
    assert (first.old["pinned"], first.new["pinned"]) == (False, True)
    assert (second.action, second.old, second.new, second.at) == ("unpin", None, None, T0 + DAY)


async def test_set_based_rows_and_deletion_by_memory(runtime: Container) -> None:
    kept = await add(runtime.store, "kept")
    gone = [await add(runtime.store, f"gone {n}", project="p2") for n in range(2)]
    chosen = sa.select(memories).where(memories.c.project == "p2").subquery()
    rows = sa.select(
        *history.columns(
            chosen,
            memory_id=chosen.c.id,
            action=Action.DELETE,
            actor=Actor.MAINTENANCE,
            actor_id="nightly",
            reason=sa.literal("expired"),
            old=None,
            new=None,
            now=T0,
        )
    )
    async with runtime.store.begin() as conn:
        await history.record(conn, kept, ScopeKey(project="p1"), Action.PIN, ANN, T0)
        await conn.execute(history.insert_from(rows))
    for memory_id in gone:
        [entry] = await _rows(runtime, memory_id)
        assert (entry.action, entry.actor, entry.actor_id, entry.reason, entry.project) == (
            "delete",
            "maintenance",
            "nightly",
            "expired",
            "p2",
        )
        assert (entry.old, entry.new, entry.at) == (None, None, T0)
    async with runtime.store.begin() as conn:
        ids = sa.select(memories.c.id).where(memories.c.project == "p2")
        await conn.execute(history.delete_for(ids))
        left = await conn.execute(sa.select(memory_history.c.memory_id))
        assert list(left.scalars()) == [kept]
