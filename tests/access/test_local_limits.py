"""The rate limit's bound while Redis is down: per-name counts in the current window of the
injected clock, started afresh when the window turns."""

from __future__ import annotations

from datetime import UTC, datetime

from daemon.access.local_limits import Hit, LocalCounts
from daemon.base.clock import FakeClock

START = datetime(2026, 1, 1, 0, 0, 25, tzinfo=UTC)  # 35 s before the window turns


def test_counts_per_name_in_the_window_and_says_when_it_ends() -> None:
    counts = LocalCounts(FakeClock(START), window_s=60)
    assert [counts.hit("key-a").count for _ in range(3)] == [1, 2, 3]
    assert counts.hit("key-b") == Hit(1, 0, 35)
    assert counts.peek("key-a") == Hit(3, 0, 35)
    assert counts.peek("never") == Hit(0, 0, 35)


def test_a_new_window_forgets_the_last_one() -> None:
    clock = FakeClock(START)
    counts = LocalCounts(clock, window_s=60)
    for name in ("key-a", "key-b", "key-a"):
        counts.hit(name)
    clock.advance(35)
    assert counts.peek("key-a") == Hit(0, 0, 60)
    assert counts.hit("key-a").count == 1
    assert len(counts._counts) == 1  # only names seen in this window are held
