"""The memory package's writes: each records one history row with its provenance, and a
write that does not happen says why with a typed reason."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import sqlalchemy as sa

from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.gate import Limits
from daemon.store import memory
from daemon.store.memory import (
    Action,
    Actor,
    MemoryClass,
    MemoryType,
    Provenance,
    Reason,
    Refused,
    WriteRefused,
    writes,
)
from daemon.store.tables import memory_history

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
ALICE = ScopeKey(project="p1", user="alice")
SHARED = ALICE.shared()
RUN = Provenance(actor=Actor.RUN, actor_id="7", session_id="s-1", run_id=7)
AGENT = Provenance(actor=Actor.AGENT, actor_id="s-1", created_by="agent")
OPERATOR = Provenance(actor=Actor.OPERATOR, actor_id="ann")
LIMITS = Limits(max_title_chars=120, max_content_chars=500)


async def _history(runtime: Container, memory_id: int) -> list[tuple[str, str, str | None]]:
    async with runtime.store.connect() as conn:
        rows = await conn.execute(
            sa.select(memory_history.c.action, memory_history.c.actor, memory_history.c.actor_id)
            .where(memory_history.c.memory_id == memory_id)
            .order_by(memory_history.c.id)
        )
        return [(r.action, r.actor, r.actor_id) for r in rows]


async def _create(runtime: Container, content: str, **fields: Any) -> int | Refused:
    async with runtime.store.begin() as conn:
        return await writes.create(
            conn,
            fields.pop("scope", SHARED),
            type_=fields.pop("type_", MemoryType.PROJECT),
            memory_class=fields.pop("memory_class", MemoryClass.DURABLE),
            title=content[:40],
            content=content,
            prov=fields.pop("prov", RUN),
            now=fields.pop("now", T0),
        )


async def test_every_write_records_its_action_and_actor(runtime: Container) -> None:
    created = await _create(runtime, "Deploys go through the staging cluster first.")
    assert isinstance(created, int)
    async with runtime.store.begin() as conn:
        later = T0 + timedelta(minutes=1)
        assert (
            await writes.update(
                conn,
                SHARED,
                created,
                title="Deploys",
                content="Deploys go through staging, then canary.",
                memory_class=None,
                prov=AGENT,
                now=later,
            )
            == created
        )
        assert await memory.set_pinned(conn, created, True, prov=OPERATOR, now=later) == created
        assert await memory.set_pinned(conn, created, False, prov=OPERATOR, now=later) == created
        assert await memory.forget(conn, created, reason="stale", prov=OPERATOR, now=later) == (
            created
        )
        assert await memory.restore(conn, created, prov=OPERATOR, now=later)
    assert await _history(runtime, created) == [
        (Action.CREATE, Actor.RUN, "7"),
        (Action.UPDATE, Actor.AGENT, "s-1"),
        (Action.PIN, Actor.OPERATOR, "ann"),
        (Action.UNPIN, Actor.OPERATOR, "ann"),
        (Action.DELETE, Actor.OPERATOR, "ann"),
        (Action.RESTORE, Actor.OPERATOR, "ann"),
    ]


async def test_a_write_that_does_not_happen_says_why_and_leaves_no_history(
    runtime: Container,
) -> None:
    first = await _create(runtime, "Invoices are sent on the first of the month.")
    assert isinstance(first, int)
    duplicate = await _create(runtime, "invoices are sent on the FIRST of the month")
    assert isinstance(duplicate, Refused) and duplicate.reason is Reason.DUPLICATE
    second = await _create(runtime, "Refunds need a manager's approval.")
    assert isinstance(second, int)
    async with runtime.store.begin() as conn:
        clash = await writes.update(
            conn,
            SHARED,
            second,
            title="x",
            content="Invoices are sent on the first of the month.",
            memory_class=None,
            prov=RUN,
            now=T0,
        )
        same = await memory.set_pinned(conn, first, False, prov=OPERATOR, now=T0)
        hidden = await memory.delete(
            conn, ScopeKey(project="other"), first, reason="x", prov=RUN, now=T0
        )
        missing = await memory.forget(conn, 987_654, reason="x", prov=OPERATOR, now=T0)
    assert isinstance(clash, Refused) and clash.reason is Reason.DUPLICATE
    assert isinstance(same, Refused) and same.reason is Reason.UNCHANGED
    assert isinstance(hidden, Refused) and hidden.reason is Reason.NOT_FOUND
    assert isinstance(missing, Refused) and missing.reason is Reason.NOT_FOUND
    assert await _history(runtime, first) == [(Action.CREATE, Actor.RUN, "7")]
    assert await _history(runtime, second) == [(Action.CREATE, Actor.RUN, "7")]


async def test_restoring_over_a_live_duplicate_raises_a_typed_refusal(runtime: Container) -> None:
    gone = await _create(runtime, "The API rate limit is 100 requests per minute.")
    assert isinstance(gone, int)
    async with runtime.store.begin() as conn:
        await memory.forget(conn, gone, reason="x", prov=OPERATOR, now=T0)
    assert isinstance(await _create(runtime, "The API rate limit is 100 requests per minute."), int)
    async with runtime.store.begin() as conn:
        with pytest.raises(WriteRefused) as raised:
            await memory.restore(conn, gone, prov=OPERATOR, now=T0)
    assert raised.value.refused.reason is Reason.DUPLICATE


async def test_the_manifest_rows_put_pinned_first_then_by_class_then_newest(
    runtime: Container,
) -> None:
    ids = {}
    for minute, (name, memory_class) in enumerate(
        [("old-durable", "durable"), ("working", "working"), ("priority", "priority"),
         ("new-durable", "durable"), ("pinned-working", "working")]
    ):  # fmt: skip
        made = await _create(
            runtime,
            f"Fact number {minute} about {name}.",
            memory_class=memory_class,
            now=T0 + timedelta(minutes=minute),
        )
        assert isinstance(made, int)
        ids[name] = made
    async with runtime.store.begin() as conn:
        await memory.set_pinned(conn, ids["pinned-working"], True, prov=OPERATOR, now=T0)
        rows = await memory.manifest_rows(conn, ALICE)
        capped = await memory.manifest_rows(conn, ALICE, 2)
    order = ["pinned-working", "priority", "new-durable", "old-durable", "working"]
    assert [m.id for m in rows] == [ids[name] for name in order]
    assert [m.id for m in capped] == [ids[name] for name in order[:2]]
