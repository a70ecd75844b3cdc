"""Turn numbers cannot carry a session's cursor past turns still to come, and a turn stored
behind the cursor is counted and shown, never silently ignored."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import pytest

from daemon.app.container import Container, open_container
from daemon.base.clock import FakeClock
from tests.backends import REAL
from tests.dispatcher.test_batches import dead_reasons, event, publish, stored_messages
from tests.harness import rows


@pytest.fixture
async def clocked(settings_factory: Any, redis: Any) -> AsyncIterator[tuple[Container, FakeClock]]:
    clock = FakeClock(datetime.now(UTC))
    rt = await open_container(
        settings_factory(extraction={"gap_timeout_s": 60}), redis=redis, clock=clock
    )
    yield rt, clock
    await rt.store.close()


async def test_a_far_future_turn_is_dead_lettered_and_later_turns_are_extracted(
    clocked: tuple[Container, FakeClock],
) -> None:
    """Turns 1, 2 and 2147483647: the last is refused with a reason that names the limit;
    after the gap timeout the cursor stays at 2, and turn 3, arriving later, is extracted."""
    rt, clock = clocked
    await publish(rt, event("S", 1, "a"), event("S", 2, "b"), event("S", 2**31 - 1, "z"))
    await rt.dispatcher(consumer="d").run(burst=True)
    reasons = await dead_reasons(rt)
    assert len(reasons) == 1
    assert "MEMORYD_STREAM__MAX_TURN_JUMP" in reasons[0]
    assert "2147483647" in reasons[0]

    await rt.runner().run("S")
    clock.advance(61)
    await rt.runner().run("S")
    assert (await rows(rt, "cursors"))[0].turn == 2

    await publish(rt, event("S", 3, "c"))
    await rt.dispatcher(consumer="d").run(burst=True)
    report = await rt.runner().run("S")
    assert (report.from_turn, report.to_turn) == (3, 3)
    assert ("S", "c") in await stored_messages(rt)


async def test_the_jump_is_measured_from_the_last_stored_turn(
    clocked: tuple[Container, FakeClock],
) -> None:
    """A new session may start anywhere up to the limit, and a session may go on by up to the
    limit at a time, in one batch or across batches (a batch's own turns count too)."""
    rt, _ = clocked
    await publish(rt, event("A", 10_000, "a1"), event("B", 10_001, "b1"))
    await publish(rt, *(event("C", n, f"c{n}") for n in (20_000, 10_000, 30_000)))
    await rt.dispatcher(consumer="d").run(burst=True)
    await publish(rt, event("A", 20_000, "a2"), event("A", 30_001, "a3"))
    await rt.dispatcher(consumer="d").run(burst=True)

    stored = set(await stored_messages(rt))
    assert stored == {("A", "a1"), ("A", "a2"), ("C", "c10000"), ("C", "c20000"), ("C", "c30000")}
    reasons = await dead_reasons(rt)
    assert len(reasons) == 2
    assert any("turn 10001 is more than 10000 turns ahead of turn 0" in r for r in reasons)
    assert any("turn 30001 is more than 10000 turns ahead of turn 20000" in r for r in reasons)


async def test_a_turn_arriving_after_its_gap_was_skipped_is_counted_as_late(
    clocked: tuple[Container, FakeClock],
) -> None:
    """Turns 1 and 3; the gap times out and extraction covers 3; turn 2 then arrives (say,
    replayed from the dead letters): it is stored whole and counted in late_turns."""
    rt, clock = clocked
    await publish(rt, event("S", 1, "a"), event("S", 3, "c"))
    await rt.dispatcher(consumer="d").run(burst=True)
    await rt.runner().run("S")
    clock.advance(61)
    await rt.runner().run("S")
    assert (await rows(rt, "cursors"))[0].turn == 3

    await publish(rt, event("S", 2, "b"))
    await rt.dispatcher(consumer="d").run(burst=True)
    assert ("S", "b") in await stored_messages(rt)
    (session,) = await rows(rt, "sessions")
    assert session.late_turns == 1
    assert await dead_reasons(rt) == []


@pytest.mark.parametrize("backend", [REAL], indirect=True)  # SQLite: one writer at a time
async def test_a_gap_turn_stored_during_the_run_stops_the_skip(
    clocked: tuple[Container, FakeClock], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The missing turn is stored while the run that skips its gap is under way: the run does
    not move the cursor past it (it rolls back and plans again), so the turn is extracted."""
    from daemon.extraction import runner as runner_module

    rt, clock = clocked
    await publish(rt, event("S", 1, "a"), event("S", 3, "c"))
    await rt.dispatcher(consumer="d").run(burst=True)
    await rt.runner().run("S")  # covers turn 1
    clock.advance(61)

    original = runner_module.cursors.advance
    arrived = []

    async def advance_after_the_turn_arrives(*args: Any, **kwargs: Any) -> bool:
        if not arrived:
            arrived.append(True)
            await publish(rt, event("S", 2, "b"))
            await rt.dispatcher(consumer="late").run(burst=True)
        return await original(*args, **kwargs)

    monkeypatch.setattr(runner_module.cursors, "advance", advance_after_the_turn_arrives)
    report = await rt.runner().run("S")
    assert report.outcome == "conflict"
    assert (await rows(rt, "cursors"))[0].turn == 1
    report = await rt.runner().run("S")
    assert (report.from_turn, report.to_turn) == (2, 3)


async def test_late_turns_are_shown_by_status_and_sessions(
    clocked: tuple[Container, FakeClock],
) -> None:
    """The late turn is in `memoryd sessions` output and in the status reading."""
    from daemon.admin.session_admin import SessionFilter, list_sessions
    from daemon.health.report import Backlog
    from daemon.health.store_probe import read_backlog

    rt, clock = clocked
    await publish(rt, event("S", 1, "a"), event("S", 3, "c"))
    await rt.dispatcher(consumer="d").run(burst=True)
    await rt.runner().run("S")
    clock.advance(61)
    await rt.runner().run("S")
    await publish(rt, event("S", 2, "b"))
    await rt.dispatcher(consumer="d").run(burst=True)

    async with rt.store.connect() as conn:
        backlog = await read_backlog(conn, clock.now(), Backlog())
        listed = await list_sessions(conn, clock.now(), SessionFilter())
    assert (backlog.late_sessions, backlog.late_turns) == (1, 1)
    assert listed[0]["late_turns"] == 1
