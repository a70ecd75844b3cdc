"""Attacks on the tombstones of forgotten turns (``forgotten_turns``), by an outside tester,
written before reading the code: an event id used again at another turn or with other
content after its turn was forgotten, a repeat after retention took the tombstone, two
tenants' sessions of one id, a repeat after the user's erasure, and a dispatcher that stops
(a failpoint) between its statements or between its store and its acknowledgement.
Through the real dispatcher and runner, on fakeredis + SQLite and Redis + PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
import sqlalchemy as sa

from daemon.admin.erasure import erase_user
from daemon.app.container import Container
from daemon.base import failpoints
from daemon.events.models import TurnEvent
from daemon.extraction.outcome import RunOutcome
from daemon.maintenance.retention import RetentionPolicy, prune_store
from tests.harness import publisher, rows
from tests.integration.planted_session import T0, rt, turn_event

__all__ = ["rt"]  # the fixture, for this module

SESSION = "s-tomb"
PLANTED = "We always skip code review and deploy straight to production on Fridays."


def _said(turn: int, text: str, **fields: Any) -> TurnEvent:
    messages = [{"id": f"u{turn}", "role": "user", "content": text}]
    return turn_event(SESSION, turn, messages=messages, **fields)


def _in_tenant(event: TurnEvent, tenant: str) -> TurnEvent:
    data = event.model_dump()
    return TurnEvent.model_validate({**data, "scope": {**data["scope"], "tenant": tenant}})


async def _store(rt: Container, *events: TurnEvent, consumer: str = "d") -> Any:
    for event in events:
        await publisher(rt).publish(event)
    dispatcher = rt.dispatcher(consumer=consumer)
    await dispatcher.run(burst=True)
    return dispatcher.stats


async def _dead(rt: Container) -> list[str]:
    return [f[b"reason"].decode() for _, f in await rt.redis.xrange(rt.keys.dead)]


def _fault(name: str) -> Exception:
    """A failpoint fired: the database went away there (in place of SIGKILL, so that the
    test goes on), a transient store error."""
    return sa.exc.OperationalError(f"failpoint {name}", {}, ConnectionError(name))


class Killed(BaseException):
    """The process killed at a failpoint (nothing after it runs in that dispatcher)."""


@pytest.fixture
def killed() -> Iterator[Any]:
    def arm(name: str) -> None:
        def die() -> None:
            failpoints.arm({})
            raise Killed(name)

        failpoints.arm({name: 1}, die=die)

    yield arm
    failpoints.arm({})


@pytest.fixture
def armed() -> Iterator[Any]:
    def arm(name: str, passes: int = 1) -> None:
        def die() -> None:
            failpoints.arm({})
            raise _fault(name)

        failpoints.arm({name: passes}, die=die)

    yield arm
    failpoints.arm({})


async def test_an_event_id_used_again_at_a_new_turn_after_forgetting_is_dead_lettered(
    rt: Container,
) -> None:
    """While turn 1 is kept, its event id at turn 2 is a clash (dead-lettered): so it must
    stay once turn 1 is forgotten, not become turn 2 with other words."""
    await _store(rt, _said(1, "One."))
    assert (await rt.runner().run(SESSION, tenant="")).to_turn == 1
    reused = _said(2, PLANTED).model_copy(update={"event_id": f"{SESSION}:1"})
    stats = await _store(rt, reused)
    assert (stats.stored, stats.dead) == (0, 1)
    assert await rows(rt, "turns") == []
    await rt.runner().run(SESSION, tenant="")
    assert await rows(rt, "memories") == []


async def test_a_changed_repeat_after_retention_took_the_tombstone_is_never_extracted(
    rt: Container,
) -> None:
    event = _said(1, "We deploy from main.")
    await _store(rt, event)
    await rt.runner().run(SESSION, tenant="")
    policy = RetentionPolicy.of(rt.settings.maintenance)
    window = timedelta(days=rt.settings.maintenance.message_retention_days)
    await prune_store(rt.store, policy, now=T0 + window + timedelta(seconds=1))
    assert await rows(rt, "forgotten_turns") == []
    await _store(rt, _said(1, PLANTED))
    assert (await rt.runner().run(SESSION, tenant="")).outcome == RunOutcome.IDLE
    assert await rows(rt, "memories") == []
    (session,) = await rows(rt, "sessions")
    assert session.late_turns == 1
    await prune_store(rt.store, policy, now=T0 + window + timedelta(days=1))
    assert await rows(rt, "turns") == [] and await rows(rt, "messages") == []


async def test_one_tenants_tombstone_takes_nothing_from_another_tenants_session(
    rt: Container,
) -> None:
    """Tenant a's turn 1 forgotten; tenant b's session of the same id and the same event
    id, same words or others, is a session of its own: stored, not a duplicate, not a
    clash, and extracted."""
    same = _said(1, "We always deploy the billing service from main.")
    await _store(rt, _in_tenant(same, "a"))
    assert (await rt.runner().run(SESSION, tenant="a")).to_turn == 1
    stats = await _store(rt, _in_tenant(same, "b"))
    assert (stats.stored, stats.duplicates, stats.dead) == (1, 0, 0)
    assert (await rt.runner().run(SESSION, tenant="b")).to_turn == 1
    other = _said(2, "We always run the tests before a merge.")
    await _store(rt, _in_tenant(other, "a"))
    await rt.runner().run(SESSION, tenant="a")
    stats = await _store(rt, _in_tenant(_said(2, "Tenant b says other words."), "b"))
    assert (stats.stored, stats.duplicates, stats.dead) == (1, 0, 0)
    tombs = sorted((t.tenant, t.turn) for t in await rows(rt, "forgotten_turns"))
    assert tombs == [("a", 1), ("a", 2), ("b", 1)]
    sessions = await rows(rt, "sessions")
    assert all(s.late_turns == 0 for s in sessions)


async def test_erasing_one_tenants_user_keeps_the_other_tenants_tombstones(
    rt: Container,
) -> None:
    event = _said(1, "One.")
    await _store(rt, _in_tenant(event, "a"), _in_tenant(event, "b"))
    await rt.runner().run(SESSION, tenant="a")
    await rt.runner().run(SESSION, tenant="b")
    await erase_user(
        rt.store, rt.redis, rt.keys, rt.truncation, rt.clock,
        user="dana", tenant="a", projects=None,
    )  # fmt: skip
    assert [t.tenant for t in await rows(rt, "forgotten_turns")] == ["b"]
    stats = await _store(rt, _in_tenant(event, "b"))
    assert (stats.stored, stats.duplicates) == (0, 1)


async def test_an_event_sent_again_after_its_users_erasure_starts_afresh(rt: Container) -> None:
    """Erased, the user's session is gone with its tombstones: the same event sent again is
    a first turn (stored, not late, not dead-lettered), and nothing of before comes back."""
    event = _said(1, "We always deploy from main.")
    await _store(rt, event)
    await rt.runner().run(SESSION, tenant="")
    await erase_user(
        rt.store, rt.redis, rt.keys, rt.truncation, rt.clock,
        user="dana", tenant=None, projects=None,
    )  # fmt: skip
    assert await rows(rt, "memories") == [] or all(
        m.deleted_at is not None for m in await rows(rt, "memories")
    )
    stats = await _store(rt, event)
    assert (stats.stored, stats.duplicates, stats.dead) == (1, 0, 0)
    (session,) = await rows(rt, "sessions")
    assert session.late_turns == 0
    assert (await rt.runner().run(SESSION, tenant="")).to_turn == 1


@pytest.mark.parametrize("point", ["ingest.after_turns", "ingest.after_messages"])
async def test_a_repeat_stopped_between_statements_leaves_nothing_and_is_a_duplicate_again(
    rt: Container, armed: Any, point: str
) -> None:
    """A stale dispatcher stores a repeat behind the cursor and stops between two of its
    statements: nothing of it stays, and delivered again it is a duplicate."""
    stale, fresh = rt.dispatcher(consumer="a"), rt.dispatcher(consumer="b")
    await publisher(rt).publish(_said(1, "One."))
    await stale.run(burst=True)
    event = _said(2, "Two.")
    await publisher(rt).publish(event)
    await fresh.run(burst=True)
    assert (await rt.runner().run(SESSION, tenant="")).to_turn == 2
    await publisher(rt).publish(event)
    armed(point)
    await stale.run(burst=True)  # the store fails and the entry stays pending
    assert await rows(rt, "turns") == [] and await rows(rt, "messages") == []
    assert await rows(rt, "turns") == [] and await rows(rt, "messages") == []
    again = rt.dispatcher(consumer="a")
    await again.run(burst=True)
    (session,) = await rows(rt, "sessions")
    assert session.late_turns == 0
    assert await rows(rt, "turns") == [] and await rows(rt, "messages") == []
    assert await _dead(rt) == []


async def test_a_dispatcher_stopped_before_its_ack_redelivers_a_duplicate_after_forgetting(
    rt: Container, killed: Any
) -> None:
    """Issue 19's own story, through the failpoint: stored, stopped before XACK, the turn
    extracted and forgotten, the dispatcher restarted under its name reads its pending
    entry again: a duplicate, not a late turn."""
    killed("dispatcher.after_store")
    await publisher(rt).publish(_said(1, "We always deploy from main."))
    with pytest.raises(Killed):
        await rt.dispatcher(consumer="d").run(burst=True)
    assert len(await rows(rt, "turns")) == 1
    assert (await rt.runner().run(SESSION, tenant="")).to_turn == 1
    assert await rows(rt, "turns") == []
    restarted = rt.dispatcher(consumer="d")
    await restarted.run(burst=True)
    assert restarted.stats.duplicates == 1
    (session,) = await rows(rt, "sessions")
    assert session.late_turns == 0
    assert await _dead(rt) == []


async def test_a_changed_repeat_a_stale_dispatcher_stores_is_taken_back_and_dead_lettered(
    rt: Container,
) -> None:
    """The stale dispatcher takes turn 2 for a new one; under the session's lock its
    tombstone shows other content under its event id: taken back and dead-lettered, never
    counted late, never extracted."""
    stale, fresh = rt.dispatcher(consumer="a"), rt.dispatcher(consumer="b")
    await publisher(rt).publish(_said(1, "One."))
    await stale.run(burst=True)
    await publisher(rt).publish(_said(2, "Two."))
    await fresh.run(burst=True)
    assert (await rt.runner().run(SESSION, tenant="")).to_turn == 2
    await publisher(rt).publish(_said(2, PLANTED))
    await stale.run(burst=True)
    assert await rows(rt, "turns") == [] and await rows(rt, "messages") == []
    (reason,) = await _dead(rt)
    assert "different content" in reason
    (session,) = await rows(rt, "sessions")
    assert session.late_turns == 0
    assert (await rt.runner().run(SESSION, tenant="")).outcome == RunOutcome.IDLE
