"""What every request handler of ``memoryd serve`` is given: built once at start-up."""

from __future__ import annotations

from dataclasses import dataclass

from redis.asyncio import Redis

from daemon.api.keyring import Keyring
from daemon.api.limits import RateLimiter
from daemon.api.metrics import ApiMetrics
from daemon.api.recall_port import RecallPort
from daemon.app.services import Services
from daemon.base.clock import Clock
from daemon.base.redis_keys import Keys
from daemon.base.settings import Settings
from daemon.events.publisher import Publisher
from daemon.store.db import Store


@dataclass(frozen=True, slots=True)
class ApiContext:
    services: Services
    keyring: Keyring
    limiter: RateLimiter
    publisher: Publisher
    recall: RecallPort
    metrics: ApiMetrics
    auth: bool = True  # False: `memoryd serve --no-auth`

    @property
    def settings(self) -> Settings:
        return self.services.settings

    @property
    def redis(self) -> Redis:
        return self.services.redis

    @property
    def store(self) -> Store:
        return self.services.store

    @property
    def clock(self) -> Clock:
        return self.services.clock

    @property
    def keys(self) -> Keys:
        return self.services.keys
