"""Event and session ids live in their tenant's namespace: the same id in two tenants is two
sessions, so a key holder who claims another tenant's session id first takes nothing from it.
A re-send under an event id already stored is a duplicate when identical and a dead letter
naming the clash when its content differs (on SQLite and on PostgreSQL)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from daemon.app.container import Container
from tests.dispatcher.test_batches import dead_reasons, dispatch, event, publish
from tests.harness import rows


def _tenant(body: dict[str, Any], tenant: str) -> dict[str, Any]:
    body["scope"] = {**body["scope"], "tenant": tenant}
    return body


async def test_a_session_id_claimed_by_another_tenant_takes_nothing(runtime: Container) -> None:
    """Tenant mallory stores session S first; tenant ana's events of S, same event ids, are
    stored as ana's own session, nothing dead-lettered, and each runner reads its own."""
    await publish(runtime, _tenant(event("S", 1, "m1"), "mallory"))
    await dispatch(runtime)
    await publish(runtime, _tenant(event("S", 1, "m1"), "ana"), _tenant(event("S", 2, "m2"), "ana"))
    await dispatch(runtime)
    assert await dead_reasons(runtime) == []
    found = {(r.tenant, r.session_id, r.turn) for r in await rows(runtime, "turns")}
    assert found == {("mallory", "S", 1), ("ana", "S", 1), ("ana", "S", 2)}
    by_tenant = {(r.tenant, r.message_id): r.content for r in await rows(runtime, "messages")}
    assert set(by_tenant) == {("mallory", "m1"), ("ana", "m1"), ("ana", "m2")}
    sessions = {(r.tenant, r.session_id): r.last_turn for r in await rows(runtime, "sessions")}
    assert sessions == {("mallory", "S"): 1, ("ana", "S"): 2}
    assert len(await rows(runtime, "cursors")) == 2


async def test_an_identical_resend_is_a_duplicate(runtime: Container) -> None:
    body = event("S", 1, "m1")
    await publish(runtime, body)
    await dispatch(runtime)
    await publish(runtime, body)
    await dispatch(runtime)
    assert await dead_reasons(runtime) == []
    assert len(await rows(runtime, "turns")) == 1
    assert len(await rows(runtime, "messages")) == 1


async def test_a_changed_resend_under_the_same_event_id_is_dead_lettered(
    runtime: Container,
) -> None:
    """An edited message, or a message added, under a stored event id: a dead letter naming
    the event id and what differs; the stored turn keeps its content."""
    first = event("S", 1, "m1")
    await publish(runtime, first)
    await dispatch(runtime)
    edited = {**first, "messages": [{**first["messages"][0], "content": "changed"}]}
    added = {**first, "messages": [*first["messages"], {"id": "m2", "role": "user"}]}
    await publish(runtime, edited, added)
    await dispatch(runtime)
    reasons = await dead_reasons(runtime)
    assert len(reasons) == 2, reasons
    assert all(first["event_id"] in r and "different content" in r for r in reasons)
    assert "m1" in reasons[0]
    assert "m2" in reasons[1]
    stored = await rows(runtime, "messages")
    assert [(r.message_id, r.content) for r in stored] == [("m1", first["messages"][0]["content"])]


async def test_a_changed_resend_within_one_batch_is_dead_lettered(runtime: Container) -> None:
    first = event("S", 1, "m1")
    edited = {**first, "messages": [{**first["messages"][0], "content": "changed"}]}
    await publish(runtime, first, edited, first)
    await dispatch(runtime)
    reasons = await dead_reasons(runtime)
    assert len(reasons) == 1 and first["event_id"] in reasons[0], reasons
    assert len(await rows(runtime, "messages")) == 1


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_two_tenants_interleaved_on_the_same_ids(runtime: Container, seed: int) -> None:
    """Two tenants send the same session ids and event ids, interleaved in a seeded order,
    each event sent once or twice (identical re-sends), drained in batches cut at random:
    nothing is dead-lettered, nothing crosses, every message is stored once with its own
    tenant's content, and each tenant's runner extracts its own sessions to their last turn."""
    chance = random.Random(seed)
    sent: dict[tuple[str, str, str], str] = {}  # (tenant, session, message) -> content
    queue: list[dict[str, Any]] = []
    for tenant in ("ana", "bob"):
        for session in ("S1", "S2"):
            for turn in range(1, 5):
                body = _tenant(event(session, turn, f"m{turn}"), tenant)
                body["messages"][0]["content"] = f"{tenant} says {turn} in {session}"
                sent[(tenant, session, f"m{turn}")] = body["messages"][0]["content"]
                queue.extend([body] * chance.choice((1, 1, 2)))
    chance.shuffle(queue)
    while queue:
        cut = chance.randint(1, 6)
        await publish(runtime, *queue[:cut])
        queue = queue[cut:]
        await dispatch(runtime)
    assert await dead_reasons(runtime) == []
    stored = [
        (r.tenant, r.session_id, r.message_id, r.content) for r in await rows(runtime, "messages")
    ]
    assert len(stored) == len(sent)
    assert {(t, s, m): c for t, s, m, c in stored} == sent
    turns = {(r.tenant, r.session_id, r.turn, r.event_id) for r in await rows(runtime, "turns")}
    assert len(turns) == 16
    for tenant in ("ana", "bob"):
        for session in ("S1", "S2"):
            report = await runtime.runner().run(session, tenant=tenant)
            assert (report.from_turn, report.to_turn) == (1, 4), (tenant, session, report)
    cursors = {(r.tenant, r.session_id): r.turn for r in await rows(runtime, "cursors")}
    assert cursors == {(t, s): 4 for t in ("ana", "bob") for s in ("S1", "S2")}
