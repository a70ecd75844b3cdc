"""The composition root: settings, Redis, the SQL store and the clock, built once at an edge.

Every edge builds one :class:`Services` and passes it down: the processes (``Runtime`` adds
the dispatcher, the extraction runner and the queue on top of it), each CLI command
(``daemon.cli.common.services``), a worker's start-up (the arq job context holds the
runtime), the health probe (``daemon.health.gather_status``) and the maintenance jobs
(``daemon.maintenance.jobs``). Nothing below an edge builds a store, a Redis client or a
clock of its own.

This module is imported by the command line before any command runs: the store and the
arq client are imported only when built.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from daemon.base.clock import Clock, SystemClock
from daemon.base.redis_keys import Keys

if TYPE_CHECKING:
    from arq.connections import ArqRedis
    from redis.asyncio import Redis

    from daemon.base.settings import Settings
    from daemon.store.db import Store


@dataclass
class Services:
    """What every process, command, probe and job is built from."""

    settings: Settings
    redis: Redis
    store: Store
    clock: Clock = field(default_factory=SystemClock)

    @property
    def keys(self) -> Keys:
        return Keys.of(self.settings)

    async def close(self) -> None:
        """Close Redis and the store (whoever built the services closes them)."""
        try:
            await self.redis.aclose()
        finally:
            await self.store.close()


def connect_redis(settings: Settings) -> ArqRedis:
    """The Redis client of a process: arq's, with JSON payloads and memoryd's queue."""
    from arq.connections import ArqRedis
    from redis.asyncio import ConnectionPool

    from daemon.queue import dumps, loads

    pool = ConnectionPool.from_url(settings.redis_url, health_check_interval=30)
    client = ArqRedis(
        connection_pool=pool,
        job_serializer=dumps,
        job_deserializer=loads,
        default_queue_name=Keys.of(settings).queue,
    )
    client.auto_close_connection_pool = True  # closing the client closes its own pool
    return client


def make_store(settings: Settings, *, pool_size: int | None = None) -> Store:
    """The SQL store named by ``MEMORYD_DATABASE_URL`` (not connected yet)."""
    from daemon.store.db import Store

    return Store.from_url(settings.database_url, pool_size=pool_size or settings.database_pool_size)


async def open_services(
    settings: Settings,
    *,
    redis: Redis | None = None,
    clock: Clock | None = None,
    check_schema: bool = True,
    pool_size: int | None = None,
) -> Services:
    """Build the services; refuse an out-of-date schema (closing what was built)."""
    store = make_store(settings, pool_size=pool_size)
    if check_schema:
        try:
            await store.check_schema()
        except BaseException:
            await store.close()
            raise
    return Services(
        settings=settings,
        redis=redis if redis is not None else connect_redis(settings),
        store=store,
        clock=clock or SystemClock(),
    )
