"""Per-key rate limits kept in Redis: a fixed window counter per key, shared by every
``memoryd serve`` process. The same round trip reads the key revocation epoch.

Every request is counted in Redis before it is answered, but requests of one key that come
while a round trip for that key is under way do not each make their own: they wait for it
to return and then go together, one ``INCRBY`` for all of them, each told the count it
would have had alone. Under load that is one round trip per handful of requests (it was a
tenth of a search's CPU); a lone request goes at once, as before.

With Redis failing, each request is counted in this process instead (``fallback``, by the
caller); after a failure Redis is left alone for :data:`COOLDOWN_S`
(:class:`~daemon.base.cooldown.Cooldown`): the requests meanwhile are told at once
(:class:`RedisResting`) rather than each waiting for its connect timeout, then one request
tries Redis again. One warning when Redis fails, one line when it answers again.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Awaitable, Callable
from typing import TypeVar

import structlog
from redis.asyncio import Redis
from redis.exceptions import RedisError

from daemon.access.local_limits import Hit, LocalCounts
from daemon.base.clock import Clock
from daemon.base.cooldown import Cooldown
from daemon.base.redis_keys import Keys

log = structlog.get_logger("memoryd.access")

_T = TypeVar("_T")

#: Seconds after a Redis failure during which the counts are not asked of Redis (then one
#: request tries it again).
COOLDOWN_S = 30.0

# KEYS: the window's counter, the revocation epoch; ARGV: the counter's lifetime (s), the
# requests counted.
_HIT = """
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == tonumber(ARGV[2]) then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('GET', KEYS[2]) or 0}
"""


class RedisResting(RedisError):
    """Redis failed less than a cool-down ago: not asked (the request is counted in this
    process, as when it fails)."""


class RateLimiter:
    def __init__(
        self,
        redis: Redis,
        keys: Keys,
        clock: Clock,
        *,
        limit: int,
        window_s: int,
        cooldown_s: float = COOLDOWN_S,
    ):
        self.redis = redis
        self.keys = keys
        self.clock = clock
        self.limit = limit
        self.window_s = window_s
        self._script = redis.register_script(_HIT)
        self._waiting: dict[str, list[asyncio.Future[Hit]]] = {}
        self._sending: dict[str, asyncio.Task[None]] = {}
        #: The bound while Redis is not answering (daemon.access.local_limits).
        self.fallback = LocalCounts(clock, window_s=window_s)
        self._breaker = Cooldown(
            clock,
            cooldown_s,
            log=log,
            down="rate_limit.redis_down",
            back="rate_limit.redis_back",
            resting=RedisResting,
        )

    async def hit(self, key_id: str) -> Hit:
        """Count one request of ``key_id`` in the current window: its own count, the
        revocation epoch, and when the window ends. A Redis error is raised here
        (:class:`RedisResting` at once while Redis is left alone)."""
        if self._breaker.resting:
            raise RedisResting
        waiter: asyncio.Future[Hit] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(key_id, []).append(waiter)
        if key_id not in self._sending:
            self._sending[key_id] = asyncio.create_task(self._send(key_id))
        return await waiter

    async def _send(self, key_id: str) -> None:
        """Count what waits for ``key_id``, one round trip a batch, until nothing waits."""
        waiters: list[asyncio.Future[Hit]] = []
        try:
            while waiters := self._waiting.pop(key_id, []):
                try:
                    hits = await self._count(key_id, len(waiters))
                except Exception as exc:  # told to each request, which answers 503
                    for waiter in waiters:
                        if not waiter.done():
                            waiter.set_exception(exc)
                    continue
                for waiter, hit in zip(waiters, hits, strict=True):
                    if not waiter.done():  # a request that gave up is still counted
                        waiter.set_result(hit)
        finally:  # cancelled (the server stopping): nobody is left waiting for ever
            for waiter in waiters + self._waiting.pop(key_id, []):
                waiter.cancel()
            del self._sending[key_id]

    async def _count(self, key_id: str, requests: int) -> list[Hit]:
        counter, retry_after = self._window(key_id)
        count, epoch = await self._asked(
            "count",
            lambda: self._script(
                keys=[counter, self.keys.keys_epoch], args=[self.window_s * 2, requests]
            ),
        )
        first = int(count) - requests + 1
        return [Hit(first + i, int(epoch or 0), retry_after) for i in range(requests)]

    async def peek(self, name: str) -> Hit:
        """The count of ``name`` in the current window, without counting (one GET; a Redis
        error is raised, as by :meth:`hit`)."""
        counter, retry_after = self._window(name)
        count = await self._asked("peek", lambda: self.redis.get(counter))
        return Hit(int(count or 0), 0, retry_after)

    async def _asked(self, doing: str, call: Callable[[], Awaitable[_T]]) -> _T:
        """What ``call`` answers from Redis; :class:`RedisResting` while Redis is left alone
        after a failure."""
        return await self._breaker.ask(call, errors=(RedisError, OSError), doing=doing)

    def _window(self, name: str) -> tuple[str, int]:
        """The current window's counter of ``name``, and the seconds until the window ends."""
        now = self.clock.now().timestamp()
        window = int(now // self.window_s)
        return self.keys.rate(name, window), max(1, math.ceil((window + 1) * self.window_s - now))

    def over(self, hit: Hit) -> bool:
        return hit.count > self.limit


async def bump_revocation_epoch(redis: Redis, keys: Keys) -> None:
    """Tell every serve process that a key was revoked: the epoch the counting script reads
    in each request's round trip moves, and each process drops its cached keys."""
    await redis.incr(keys.keys_epoch)
