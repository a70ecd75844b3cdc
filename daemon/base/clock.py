"""The one place memoryd reads the clock or sleeps.

Library code takes a ``Clock`` (or a ``now`` value) from its caller, so tests drive time
with ``FakeClock`` and never wait on the wall clock to prove a schedule.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    def now(self) -> datetime:
        """The current time, timezone-aware UTC."""
        ...

    def monotonic(self) -> float:
        """Seconds from an arbitrary origin, for measuring durations."""
        ...

    async def sleep(self, seconds: float) -> None:
        """Wait, or pretend to."""
        ...


class SystemClock:
    """The real clock."""

    def now(self) -> datetime:
        return datetime.now(UTC)

    def monotonic(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


@dataclass
class FakeClock:
    """A clock that moves only when told to; ``sleep`` advances it instantly."""

    current: datetime = field(default_factory=lambda: datetime(2026, 1, 1, tzinfo=UTC))
    _mono: float = 0.0

    def now(self) -> datetime:
        return self.current

    def monotonic(self) -> float:
        return self._mono

    def advance(self, seconds: float) -> None:
        self.current += timedelta(seconds=seconds)
        self._mono += seconds

    async def sleep(self, seconds: float) -> None:
        self.advance(seconds)
        await asyncio.sleep(0)


def as_utc(value: datetime) -> datetime:
    """Treat a naive datetime as UTC and convert an aware one to UTC."""
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value.astimezone(UTC)
