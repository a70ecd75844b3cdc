"""A scope's memories erased: deleted for good, their history kept but redacted (content,
reasons and the erased names); other scopes untouched; sessions' provenance unlinked."""

from __future__ import annotations

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.gate.kinds import Action
from daemon.store.erasure_scope import ErasureScope
from daemon.store.memory import Actor, Provenance, history, scope_erasure
from daemon.store.tables import memory_history
from tests.maintenance.helpers import T0, add, live_ids, memory

OPERATOR = Provenance(actor=Actor.OPERATOR, actor_id="ann")


async def _with_history(runtime: Container, content: str, user: str) -> int:
    memory_id = await add(runtime.store, content, user=user)
    snapshot = {"type": "user", "class": "durable", "title": "t", "content": content, "pinned": 0}
    async with runtime.store.begin() as conn:
        await history.record(
            conn,
            memory_id,
            ScopeKey(project="p1", user=user),
            Action.CREATE,
            OPERATOR,
            T0,
            new=snapshot,
            reason=f"said by {user}",
        )
    return memory_id


async def test_a_users_memories_go_and_their_history_is_redacted(runtime: Container) -> None:
    gone = await _with_history(runtime, "Gone's home address is 1 Elm St.", "gone")
    kept = await _with_history(runtime, "Kept likes tabs.", "kept")
    shared = await add(runtime.store, "The project uses tabs.")
    erasure = ErasureScope(user="gone")
    async with runtime.store.begin() as conn:
        counts = await scope_erasure.erase_memories(
            conn, erasure.where, user=True, project=False, erased="<erased>"
        )
        assert counts == (1, 1)
        rows = {r.memory_id: r for r in await conn.execute(sa.select(memory_history))}
    assert await live_ids(runtime.store) == {kept, shared}
    assert (rows[gone].user, rows[gone].reason, rows[gone].new) == (
        "<erased>",
        None,
        {"erased": True},
    )
    assert (rows[gone].action, rows[gone].project) == ("create", "p1")
    assert (rows[kept].user, rows[kept].reason) == ("kept", "said by kept")
    assert rows[kept].new["content"] == "Kept likes tabs."


async def test_a_projects_erasure_keeps_shared_rows_unnamed(runtime: Container) -> None:
    own = await _with_history(runtime, "Ann likes tabs.", "ann")
    shared = await _with_history(runtime, "The project uses tabs.", "")
    erasure = ErasureScope(project="p1")
    async with runtime.store.begin() as conn:
        counts = await scope_erasure.erase_memories(
            conn, erasure.where, user=False, project=True, erased="<erased>"
        )
        assert counts == (2, 2)
        rows = {r.memory_id: r for r in await conn.execute(sa.select(memory_history))}
    assert await live_ids(runtime.store) == set()
    assert (rows[own].project, rows[own].user) == ("<erased>", "<erased>")
    assert (rows[shared].project, rows[shared].user) == ("<erased>", "")


async def test_sessions_are_unlinked_from_the_memories_they_made(runtime: Container) -> None:
    made = await add(
        runtime.store, "From s1.", source_session="s1", source_user="ann", source_turns="1-2"
    )
    other = await add(runtime.store, "From s2.", source_session="s2", source_user="bob")
    async with runtime.store.begin() as conn:
        assert await scope_erasure.unlink_sessions(conn, [("", "s1"), ("", "s9")]) == 1
    row = await memory(runtime.store, made)
    assert (row.source_session, row.source_user, row.source_turns, row.source_run) == (
        None,
        None,
        None,
        None,
    )
    assert row.content == "From s1."
    assert (await memory(runtime.store, other)).source_session == "s2"
