"""The clock: the real one reads UTC and sleeps; the fake one moves only when told to."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta, timezone

from daemon.base.clock import FakeClock, SystemClock, as_utc


def test_the_fake_clock_stands_still_until_advanced() -> None:
    start = datetime(2026, 3, 1, 12, tzinfo=UTC)
    clock = FakeClock(start)
    assert (clock.now(), clock.monotonic()) == (start, 0.0)
    assert clock.now() == start  # reading it does not move it
    clock.advance(90.5)
    assert clock.now() == start + timedelta(seconds=90.5)
    assert clock.monotonic() == 90.5


async def test_a_fake_sleep_advances_at_once_and_lets_others_run() -> None:
    clock = FakeClock()
    ran: list[str] = []

    async def other() -> None:
        ran.append("other")

    task = asyncio.create_task(other())
    await clock.sleep(3600)  # an hour, instantly
    assert clock.monotonic() == 3600
    assert ran == ["other"]  # the sleep yielded to the loop
    await task


def test_fake_clocks_do_not_share_their_time() -> None:
    first, second = FakeClock(), FakeClock()
    first.advance(5)
    assert second.monotonic() == 0.0 and second.now() == datetime(2026, 1, 1, tzinfo=UTC)


async def test_the_system_clock_reads_aware_utc_and_moves_forward() -> None:
    clock = SystemClock()
    now = clock.now()
    assert now.tzinfo is UTC
    before = clock.monotonic()
    await clock.sleep(0)
    assert clock.monotonic() >= before


def test_as_utc_treats_naive_as_utc_and_converts_aware() -> None:
    naive = datetime(2026, 5, 1, 8, 30)
    assert as_utc(naive) == datetime(2026, 5, 1, 8, 30, tzinfo=UTC)
    paris = datetime(2026, 5, 1, 10, 30, tzinfo=timezone(timedelta(hours=2)))
    converted = as_utc(paris)
    assert converted == datetime(2026, 5, 1, 8, 30, tzinfo=UTC)
    assert converted.utcoffset() == timedelta(0)
