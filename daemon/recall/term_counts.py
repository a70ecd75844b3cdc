"""Document counts shared through Redis by the processes that search (``SharedCounts``).

A search matches on the query's rarest words (:mod:`daemon.store.memory.frequency`), so
each word new to a process costs a count of the memories holding it. Each process keeps its
own counts; kept here too, a word is counted once per ``STATS_TTL_S`` for every worker of
``memoryd serve`` (and the extraction workers), and a restarted process counts nothing
again. One key per scope and term (:meth:`~daemon.base.redis_keys.Keys.term_count`), so that
one scope's counts are never another's; its value is the count and when it was counted
(epoch seconds, by the clock of the process that counted it), and it expires
``STATS_TTL_S`` after it was written. With Redis down, nothing is shared: each process
counts from the store as it would alone, and leaves Redis alone for :data:`COOLDOWN_S` after
each failure (a search that counts would otherwise wait for its connect timeout, and log,
every time): one warning when Redis fails, one line when a try after the cool-down finds it
answering again (:class:`daemon.base.cooldown.Cooldown`, the process's own, in memory).
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import structlog
from redis.exceptions import RedisError

from daemon.base.clock import Clock
from daemon.base.cooldown import Cooldown, Resting
from daemon.base.redis_keys import Keys, as_text
from daemon.base.scope import ScopeKey
from daemon.store.memory.frequency import STATS_TTL_S

if TYPE_CHECKING:
    from redis.asyncio import Redis

log = structlog.get_logger("memoryd.recall")

#: Seconds after a Redis failure during which the counts are not read from nor written to
#: Redis (then one search tries it again).
COOLDOWN_S = 30.0
#: What Redis raises when it cannot answer.
_DOWN: tuple[type[Exception], ...] = (RedisError, OSError)
#: What a read or a write of the counts does without: Redis down, or left alone.
_WITHOUT: tuple[type[Exception], ...] = (Resting, *_DOWN)


class RedisCounts:
    """The counts of every process sharing ``keys``' Redis (a ``SharedCounts``); the
    client is taken on first use (``redis``: a function giving it). After a failure Redis is
    not tried for ``cooldown_s`` of ``clock``'s time (the counts are the store's meanwhile)."""

    def __init__(
        self,
        redis: Callable[[], Redis],
        keys: Keys,
        clock: Clock,
        *,
        cooldown_s: float = COOLDOWN_S,
    ) -> None:
        self._redis = redis
        self.keys = keys
        self._breaker = Cooldown(
            clock,
            cooldown_s,
            log=log,
            down="search.shared_counts_down",
            back="search.shared_counts_back",
        )

    def _names(self, scope: ScopeKey, terms: list[str]) -> list[str]:
        return [self.keys.term_count(scope.tenant, scope.project, scope.user, t) for t in terms]

    async def read(self, scope: ScopeKey, terms: list[str]) -> dict[str, tuple[int, datetime]]:
        """The counts held of ``terms`` in ``scope``, with when each was counted (a value
        that does not read as one is left out: counted again); none while Redis is left
        alone."""
        names = self._names(scope, terms)
        try:
            values = await self._breaker.ask(
                lambda: self._redis().mget(names), errors=_DOWN, doing="read"
            )
        except _WITHOUT:
            return {}
        found = {}
        for term, value in zip(terms, values, strict=True):
            held = _parsed(value)
            if held is not None:
                found[term] = held
        return found

    async def write(self, scope: ScopeKey, counts: dict[str, int], at: datetime) -> None:
        """Keep ``counts`` of ``scope``, counted at ``at``, for ``STATS_TTL_S`` (one round
        trip; none while Redis is left alone)."""
        if not counts:
            return
        names = self._names(scope, list(counts))

        async def kept() -> None:
            async with self._redis().pipeline(transaction=False) as pipe:
                for name, count in zip(names, counts.values(), strict=True):
                    pipe.set(name, f"{count} {at.timestamp()!r}", ex=math.ceil(STATS_TTL_S))
                await pipe.execute()

        with contextlib.suppress(*_WITHOUT):
            await self._breaker.ask(kept, errors=_DOWN, doing="write")


def _parsed(value: object) -> tuple[int, datetime] | None:
    """A stored ``"<count> <epoch seconds>"`` as the count and when it was counted."""
    if value is None:
        return None
    count, _, at = as_text(value).partition(" ")
    try:
        return int(count), datetime.fromtimestamp(float(at), UTC)
    except (ValueError, OverflowError, OSError):
        return None
