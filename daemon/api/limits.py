"""Per-key rate limits kept in Redis: a fixed window counter per key, shared by every
``memoryd serve`` process. The same round trip reads the key revocation epoch."""

from __future__ import annotations

import math
from dataclasses import dataclass

from redis.asyncio import Redis

from daemon.clock import Clock
from daemon.redis_keys import Keys


@dataclass(frozen=True, slots=True)
class Hit:
    count: int
    epoch: int
    retry_after_s: int


# KEYS: the window's counter, the revocation epoch; ARGV: the counter's lifetime (s).
_HIT = """
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('GET', KEYS[2]) or 0}
"""


class RateLimiter:
    def __init__(self, redis: Redis, keys: Keys, clock: Clock, *, limit: int, window_s: int):
        self.redis = redis
        self.keys = keys
        self.clock = clock
        self.limit = limit
        self.window_s = window_s
        self._script = redis.register_script(_HIT)

    async def hit(self, key_id: str) -> Hit:
        """Count one request of ``key_id`` in the current window (one Redis command)."""
        now = self.clock.now().timestamp()
        window = int(now // self.window_s)
        name = self.keys.rate(key_id, window)
        count, epoch = await self._script(
            keys=[name, self.keys.keys_epoch], args=[self.window_s * 2]
        )
        retry_after = max(1, math.ceil((window + 1) * self.window_s - now))
        return Hit(int(count), int(epoch or 0), retry_after)

    def over(self, hit: Hit) -> bool:
        return hit.count > self.limit
