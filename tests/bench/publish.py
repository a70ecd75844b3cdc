"""The paced publisher of the fault and soak benchmarks: turn events XADDed at a steady
rate, retried through a Redis outage, and never falling behind silently."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

import structlog
from arq.connections import ArqRedis
from redis.exceptions import RedisError

from daemon.events.codec import EVENT_FIELD, encode_event
from daemon.events.models import TurnEvent
from tests.bench.ledger import Ledger

log = structlog.get_logger("memoryd.bench")

_MAX_CHUNK = 1000


class PacedPublisher:
    """XADDs turn events at a steady rate. A turn counts as published only once its XADD
    returned; a failed XADD is retried with backoff for up to ``give_up_s`` (an XADD whose
    reply was lost may have landed, so a retry can add an entry twice: the event id makes
    that harmless). How far it fell behind the schedule is measured and reported. The
    :class:`~tests.bench.ledger.Ledger` keeps a digest of every message published."""

    def __init__(self, redis: ArqRedis, stream: str, rate: float, *, give_up_s: float = 60.0):
        self.redis = redis
        self.stream = stream
        self.rate = rate
        self.give_up_s = give_up_s
        self.published: dict[str, datetime] = {}
        self.last_turns: dict[str, int] = {}
        self.ledger = Ledger()
        self.retries = 0
        self.max_behind_s = 0.0
        self.elapsed_s = 0.0
        self.wanted = 0

    async def run(self, events: Iterable[TurnEvent], count: int, *, tick_s: float = 0.05) -> None:
        """Publish ``count`` events at :attr:`rate`, within the schedule plus ``give_up_s``."""
        self.wanted = count
        source = iter(events)
        started = time.monotonic()
        limit_s = count / self.rate + self.give_up_s
        sent = 0
        for tick in range(1, int(limit_s / tick_s) + 2):
            elapsed = time.monotonic() - started
            if sent >= count or elapsed > limit_s:
                break
            due = min(count, int(elapsed * self.rate) + 1) - sent
            if due > 0:
                chunk = list(itertools.islice(source, min(due, _MAX_CHUNK)))
                if not chunk:
                    break
                await self._send(chunk)
                sent += len(chunk)
                self.elapsed_s = time.monotonic() - started
            behind = time.monotonic() - started - sent / self.rate
            self.max_behind_s = max(self.max_behind_s, behind)
            delay = started + tick * tick_s - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
        if sent < count:
            log.warning("bench.publish_incomplete", sent=sent, wanted=count)

    async def _send(self, chunk: list[TurnEvent]) -> None:
        payloads = [encode_event(event, max_bytes=1 << 22) for event in chunk]
        deadline = time.monotonic() + self.give_up_s
        for attempt in range(1, 10_000):
            try:
                pipe = self.redis.pipeline(transaction=False)
                for payload in payloads:
                    pipe.xadd(self.stream, {EVENT_FIELD: payload})
                await pipe.execute()
                break
            except (RedisError, OSError) as exc:
                self.retries += 1
                if time.monotonic() > deadline:
                    raise
                log.warning("bench.publish_retry", attempt=attempt, error=str(exc)[:200])
                await asyncio.sleep(min(1.0, 0.05 * attempt))
        else:
            raise RedisError("the publisher gave up: too many failed XADD attempts")
        now = datetime.now(UTC)
        for event in chunk:
            self.published[event.event_id] = now
            last = self.last_turns.get(event.session_id, 0)
            self.last_turns[event.session_id] = max(last, event.turn)
            self.ledger.record(event)

    def report(self) -> dict[str, Any]:
        sent = len(self.published)
        return {
            "target_rate": self.rate,
            "achieved_rate": round(sent / self.elapsed_s, 1) if self.elapsed_s else None,
            "published": sent,
            "unsent": self.wanted - sent,
            "retries": self.retries,
            "max_behind_s": round(self.max_behind_s, 2),
        }
