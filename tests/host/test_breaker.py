"""The compaction breaker: open after 3 consecutive failures, closed again below warning."""

from __future__ import annotations

import pytest

from daemon.host.breaker import CompactionBreaker
from daemon.host.budget import Pressure


def test_three_consecutive_failures_open_it() -> None:
    breaker = CompactionBreaker(3)
    breaker.failed()
    breaker.failed()
    assert not breaker.open
    breaker.failed()
    assert breaker.open


def test_a_success_between_failures_starts_the_count_again() -> None:
    breaker = CompactionBreaker(3)
    breaker.failed()
    breaker.failed()
    breaker.succeeded()
    breaker.failed()
    breaker.failed()
    assert not breaker.open


@pytest.mark.parametrize("pressure", [Pressure.WARNING, Pressure.COMPACT, Pressure.BLOCKING])
def test_it_stays_open_at_or_above_the_warning_level(pressure: Pressure) -> None:
    breaker = CompactionBreaker(1)
    breaker.failed()
    breaker.observe(pressure)
    assert breaker.open


def test_it_closes_once_pressure_falls_below_the_warning_level() -> None:
    breaker = CompactionBreaker(1)
    breaker.failed()
    breaker.observe(Pressure.OK)
    assert not breaker.open and breaker.failures == 0


def test_it_needs_at_least_one_failure_to_open() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        CompactionBreaker(0)
