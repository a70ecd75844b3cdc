"""Supersede through the main agent's tools and the extractor's write, on both backends:
``list`` and ``search`` as of a time, a memory's history for its scope only (another
scope's or tenant's id is not found, like an unknown one), and a time without an offset
refused."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from daemon.access.grant import Role
from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.base.scope import ScopeKey
from daemon.gate.screening import Limits
from daemon.recall import Recall
from daemon.store import memory
from daemon.store.memory import Actor, Provenance
from daemon.tools.memory import REFUSALS, MemoryTools, code_of
from tests.tools.helpers import PROJECT, caller

T0 = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)
RABBIT = "The ingest service publishes its events to RabbitMQ."
NATS = "The ingest service moved off RabbitMQ to NATS JetStream."


def tools_at(rt: Container, clock: FakeClock) -> MemoryTools:
    """The tools writing at ``clock``'s time. Recall keeps the runtime's clock: its surfacing
    flush waits on it, and a fake clock's instant wait would write after the test ends."""
    limits = Limits.from_settings(rt.settings.extraction)
    return MemoryTools(rt.store, Recall(rt.store, rt.clock), clock, limits)


async def test_an_agents_update_keeps_what_was_believed_before(runtime: Container) -> None:
    clock = FakeClock(T0)
    tools = tools_at(runtime, clock)
    written = await tools.save(caller(), type="project", title="Ingest queue", content=RABBIT)
    clock.advance(timedelta(days=10).total_seconds())
    await tools.update(caller(), written.public_id, content=NATS)

    def at(days: int) -> datetime:
        return T0 + timedelta(days=days)

    assert [m.content for m in await tools.list(caller())] == [NATS]
    assert [m.content for m in await tools.list(caller(), as_of=at(5))] == [RABBIT]
    assert [m.content for m in await tools.list(caller(), as_of=at(-1))] == []
    assert [m.content for m in await tools.list(caller(), as_of=at(11))] == [NATS]
    hits = await tools.search(caller(), "which message queue", as_of=at(5))
    assert [m.content for m in hits] == [RABBIT]
    assert [m.content for m in await tools.search(caller(), "jetstream")] == [NATS]

    told = await tools.history(caller(), written.public_id)
    assert told["id"] == written.public_id and told["hidden"] == 0
    first, now = told["versions"]
    assert (first["content"], first["valid_to"], first["superseded_by"]) == (
        RABBIT,
        at(10).isoformat(),
        written.public_id,
    )
    assert first["ended_by"] == {
        "action": "update",
        "actor": "agent",
        "actor_id": "k-agent",
        "reason": None,
    }
    assert (now["content"], now["valid_to"], now["current"]) == (NATS, None, True)
    assert [c["action"] for c in told["changes"]] == ["create", "update"]
    assert all(c["actor"] == "agent" for c in told["changes"])


async def test_the_extractors_update_supersedes_too(runtime: Container) -> None:
    clock = FakeClock(T0)
    tools = tools_at(runtime, clock)
    written = await tools.save(caller(), type="project", title="Ingest queue", content=RABBIT)
    run = Provenance(actor=Actor.RUN, actor_id="12", session_id="s-9", run_id=12)
    limits = Limits.from_settings(runtime.settings.extraction)
    async with runtime.store.begin() as conn:
        from daemon.gate import Draft

        done = await memory.save(
            conn,
            ScopeKey(project=PROJECT, user="alice", tenant="acme"),
            Draft(type="project", memory_class="durable", title="Ingest queue", content=NATS),
            prov=run,
            now=T0 + timedelta(days=3),
            limits=limits,
            memory_id=written.id,
        )
    assert done == written.id
    told = await tools.history(caller(), written.public_id)
    assert [(v["content"], (v["ended_by"] or {}).get("actor")) for v in told["versions"]] == [
        (RABBIT, "run"),
        (NATS, None),
    ]


async def test_history_of_another_scope_is_not_found_like_an_unknown_id(
    runtime: Container,
) -> None:
    clock = FakeClock(T0)
    tools = tools_at(runtime, clock)
    mine = await tools.save(caller(), type="user", title="Tabs", content="Alice prefers tabs.")
    clock.advance(60)
    await tools.update(caller(), mine.public_id, content="Alice prefers spaces now.")
    bob = caller(user="bob")
    other_tenant = caller(tenant="globex")
    other_project = caller(projects=("github.com/acme/web",))
    unknown = (await tools.ids()).encode(mine.id + 1000)
    refusals = []
    for who, public_id in (
        (bob, mine.public_id),
        (other_tenant, mine.public_id),
        (other_project, mine.public_id),
        (caller(), unknown),
    ):
        with pytest.raises(REFUSALS) as refused:
            await tools.history(who, public_id)
        refusals.append((code_of(refused.value), str(refused.value).split(" in this")[0]))
    assert {code for code, _ in refusals} == {"not_found"}
    # As of a time, another tenant sees nothing of this one either.
    assert await tools.list(other_tenant, as_of=T0 + timedelta(seconds=30)) == []
    assert await tools.search(other_tenant, "tabs", as_of=T0 + timedelta(seconds=30)) == []
    assert [m.content for m in await tools.list(caller(), as_of=T0 + timedelta(seconds=30))] == [
        "Alice prefers tabs."
    ]


async def test_a_time_without_an_offset_is_refused(runtime: Container) -> None:
    tools = tools_at(runtime, FakeClock(T0))
    with pytest.raises(REFUSALS) as refused:
        await tools.list(caller(), as_of=datetime(2026, 10, 1, 9, 0))
    assert code_of(refused.value) == "invalid" and "offset" in str(refused.value)


async def test_history_needs_a_role_that_may_recall(runtime: Container) -> None:
    tools = tools_at(runtime, FakeClock(T0))
    written = await tools.save(caller(), type="project", title="Ingest queue", content=RABBIT)
    told = await tools.history(caller(Role.READER), written.public_id)
    assert [v["content"] for v in told["versions"]] == [RABBIT]
