"""What every request handler of ``memoryd serve`` is given: the process's container
(``daemon.app.container``) and what the API builds on it, once at start-up."""

from __future__ import annotations

from dataclasses import dataclass

from redis.asyncio import Redis

from daemon.access.keyring import Keyring
from daemon.access.rate_limits import RateLimiter
from daemon.api.metrics import ApiMetrics
from daemon.api.recall_port import RecallPort
from daemon.app.container import Container
from daemon.base.clock import Clock
from daemon.base.redis_keys import Keys
from daemon.base.settings import Settings
from daemon.events.appends import Appends
from daemon.gate.screening import Limits
from daemon.store.db import Store
from daemon.tools.delivery import Delivery


@dataclass(frozen=True, slots=True)
class ApiContext:
    container: Container
    keyring: Keyring
    limiter: RateLimiter
    appends: Appends
    recall: RecallPort
    metrics: ApiMetrics
    auth: bool = True  # False: `memoryd serve --no-auth`

    @property
    def settings(self) -> Settings:
        return self.container.settings

    @property
    def redis(self) -> Redis:
        return self.container.redis

    @property
    def store(self) -> Store:
        return self.container.store

    @property
    def clock(self) -> Clock:
        return self.container.clock

    @property
    def keys(self) -> Keys:
        return self.container.keys

    @property
    def limits(self) -> Limits:
        return self.container.limits

    def delivery(self) -> Delivery:
        """Where events and sessions stand, and sessions' summaries, for a key's bounds."""
        return Delivery(self.store, self.redis, self.keys, self.clock)
