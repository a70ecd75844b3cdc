"""What the work that reads or keeps both stores runs on: the edge's settings, Redis, the SQL
store, the clock and the key names.

The composition root's ``Container`` is one; the status probe (:mod:`daemon.health.gather`)
and the scheduled jobs (:mod:`daemon.maintenance.scheduled`) take any, so that they import
nothing from the layer that builds it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from redis.asyncio import Redis

    from daemon.base.clock import Clock
    from daemon.base.redis_keys import Keys
    from daemon.base.settings import Settings
    from daemon.store.db import Store


class Backends(Protocol):
    """Settings, Redis, the store, the clock and the key names, as the edge built them."""

    @property
    def settings(self) -> Settings: ...
    @property
    def redis(self) -> Redis: ...
    @property
    def store(self) -> Store: ...
    @property
    def clock(self) -> Clock: ...
    @property
    def keys(self) -> Keys: ...
