"""Placing an imported memory: its own id when free, a new one only when asked, the same
memory left alone, a live duplicate of its scope skipped, each insert in the history."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.gate import Draft
from daemon.gate.screening import Screened, screen_held
from daemon.store.memory import (
    Actor,
    Placed,
    Provenance,
    advance_sequence,
    exported,
    place,
)
from daemon.store.tables import memories
from tests.maintenance.helpers import DAY, T0, add, history, live_ids, memory

IMPORTER = Provenance(actor=Actor.OPERATOR, actor_id="ann")


def _line(memory_id: int, content: str, **fields: Any) -> tuple[Screened, dict[str, Any]]:
    record: dict[str, Any] = {
        "id": memory_id,
        "tenant": "",
        "project": "p1",
        "user": "",
        "type": "project",
        "class": "durable",
        "title": content[:40],
        "content": content,
        "created_by": "agent",
        "pinned": False,
        "source_session": None,
        "source_user": None,
        "source_turns": None,
        "source_run": None,
        "deleted_reason": None,
        "created_at": T0,
        "updated_at": T0 + DAY,
        "expires_at": None,
        "last_surfaced_at": None,
        "deleted_at": None,
    }
    record.update(fields)
    screened = screen_held(Draft(record["type"], record["class"], record["title"], content))
    assert isinstance(screened, Screened)
    return screened, record


async def _place(runtime: Container, memory_id: int, content: str, **fields: Any) -> Placed:
    renumber = fields.pop("renumber", False)
    async with runtime.store.begin() as conn:
        placed = await place(
            conn, *_line(memory_id, content, **fields), IMPORTER, renumber=renumber
        )
        await advance_sequence(conn)
        return placed


async def test_a_free_id_is_kept_and_the_import_recorded(runtime: Container) -> None:
    assert await _place(runtime, 500, "Builds run on the arm runners.") == Placed.IMPORTED
    row = await memory(runtime.store, 500)
    # marked as imported, so that readers quote it; an export drops the mark again
    assert (row.content, row.created_by) == ("Builds run on the arm runners.", "import:agent")
    [entry] = await history(runtime.store, 500)
    assert (entry.action, entry.actor, entry.actor_id) == ("import", "operator", "ann")
    assert entry.reason == "memoryd memories import"
    assert entry.new["content"] == "Builds run on the arm runners."
    # the id sequence moved past the imported id: the next insert does not collide
    assert await add(runtime.store, "made after the import") > 500


async def test_an_import_is_marked_once_and_an_export_drops_the_mark(runtime: Container) -> None:
    await _place(runtime, 9, "Staging resets on Mondays.", created_by="import:operator")
    row = await memory(runtime.store, 9)
    assert row.created_by == "import:operator"
    assert exported(row.created_by) == "operator" and exported("agent") == "agent"


async def test_the_same_memory_again_is_unchanged(runtime: Container) -> None:
    await _place(runtime, 7, "Staging resets on Mondays.")
    assert await _place(runtime, 7, "Staging resets on Mondays.") == Placed.UNCHANGED
    assert len(await history(runtime.store, 7)) == 1


async def test_a_taken_id_is_refused_unless_renumbered(runtime: Container) -> None:
    await _place(runtime, 7, "Staging resets on Mondays.")
    assert await _place(runtime, 7, "Releases are tagged by CI.") == Placed.TAKEN
    assert (await memory(runtime.store, 7)).content == "Staging resets on Mondays."
    placed = await _place(runtime, 7, "Releases are tagged by CI.", renumber=True)
    assert placed == Placed.RENUMBERED
    async with runtime.store.connect() as conn:
        query = sa.select(memories.c.id).where(memories.c.content == "Releases are tagged by CI.")
        new_id = (await conn.execute(query)).scalar_one()
    assert new_id > 7
    assert [e.action for e in await history(runtime.store, new_id)] == ["import"]


async def test_a_live_duplicate_of_its_scope_is_skipped(runtime: Container) -> None:
    existing = await add(runtime.store, "Staging resets on Mondays.")
    assert await _place(runtime, 900, "Staging resets on Mondays.") == Placed.DUPLICATE
    assert await live_ids(runtime.store) == {existing}
    # another scope's copy, or a deleted one, is no duplicate
    assert await _place(runtime, 901, "Staging resets on Mondays.", user="bob") == Placed.IMPORTED
    deleted = {"deleted_at": T0 + DAY, "deleted_reason": "expired"}
    assert await _place(runtime, 902, "Staging resets on Mondays.", **deleted) == Placed.IMPORTED
    assert await live_ids(runtime.store) == {existing, 901}
