"""Memories as library calls: pin, unpin, forget, restore, show and list (both backends)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from daemon.admin import memory_admin as admin
from daemon.app.container import Container
from daemon.base.errors import MemoryRefused
from daemon.base.scope import ScopeKey
from daemon.store.tables import memory_history
from tests.harness import rows
from tests.operators.seed import T0, memory

NOW = datetime(2026, 6, 1, tzinfo=UTC)
SCOPE = ScopeKey(project="acme/billing")


async def _history(rt: Container, memory_id: int) -> list[tuple[str, str]]:
    found = await rows(rt, "memory_history", memory_history.c.memory_id == memory_id)
    return [(h.action, h.actor) for h in sorted(found, key=lambda h: h.id)]


async def test_pin_unpin_forget_restore_write_history_as_operator(runtime: Container) -> None:
    memory_id = await memory(runtime, SCOPE, "Deploys", "Deploys go out on Tuesdays.")
    async with runtime.store.begin() as conn:
        assert await admin.set_pinned(conn, memory_id, True, NOW, who="ops")
        assert not await admin.set_pinned(conn, memory_id, True, NOW)
        assert await admin.set_pinned(conn, memory_id, False, NOW)
        assert await admin.forget(conn, memory_id, NOW, reason="wrong", who="ops")
        assert not await admin.forget(conn, memory_id, NOW, reason="again")
        assert not await admin.set_pinned(conn, memory_id, True, NOW)
    async with runtime.store.connect() as conn:
        tombstones = await admin.list_memories(conn, admin.MemoryFilter(deleted=True))
        live = await admin.list_memories(conn, admin.MemoryFilter())
    assert [m["id"] for m in tombstones] == [memory_id] and live == []
    async with runtime.store.begin() as conn:
        assert await admin.restore(conn, memory_id, NOW, who="ops")
        assert not await admin.restore(conn, memory_id, NOW)
    assert await _history(runtime, memory_id) == [
        ("create", "run"),
        ("pin", "operator"),
        ("unpin", "operator"),
        ("delete", "operator"),
        ("restore", "operator"),
    ]
    async with runtime.store.connect() as conn:
        shown = await admin.show_memory(conn, memory_id)
    assert shown is not None and shown["deleted_at"] is None
    assert shown["history"][1]["actor_id"] == "ops"


async def test_restore_refuses_when_a_live_duplicate_exists(runtime: Container) -> None:
    first = await memory(runtime, SCOPE, "Deploys", "Deploys go out on Tuesdays.")
    async with runtime.store.begin() as conn:
        await admin.forget(conn, first, NOW, reason="dup")
    await memory(runtime, SCOPE, "Deploys", "Deploys go out on Tuesdays.", at=T0)
    async with runtime.store.begin() as conn:
        with pytest.raises(MemoryRefused):
            await admin.restore(conn, first, NOW)


async def test_list_filters_by_scope_type_and_class(runtime: Container) -> None:
    await memory(runtime, SCOPE, "A", "Alpha fact.")
    await memory(
        runtime, ScopeKey(project="acme/billing", user="ann"), "B", "Ann likes tea.", type_="user"
    )
    await memory(runtime, ScopeKey(project="other"), "C", "Other fact.", memory_class="working")
    async with runtime.store.connect() as conn:

        def titles(where: admin.MemoryFilter) -> list[str]:
            return [m["title"] for m in found[where]]

        wheres = [
            admin.MemoryFilter(project="acme/billing"),
            admin.MemoryFilter(user=""),
            admin.MemoryFilter(type="user"),
            admin.MemoryFilter(memory_class="working"),
        ]
        found = {w: await admin.list_memories(conn, w) for w in wheres}
    assert sorted(titles(wheres[0])) == ["A", "B"]
    assert sorted(titles(wheres[1])) == ["A", "C"]
    assert titles(wheres[2]) == ["B"] and titles(wheres[3]) == ["C"]
