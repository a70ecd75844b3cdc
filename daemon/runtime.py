"""The composition root: everything a memoryd process needs, built once from the settings."""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass, field
from datetime import timedelta

from arq.connections import ArqRedis
from redis.asyncio import ConnectionPool

from daemon.clock import Clock, SystemClock
from daemon.dispatcher.dispatcher import Dispatcher
from daemon.dispatcher.prepare import Preparer, SpillPolicy
from daemon.dispatcher.truncation import TruncationStore
from daemon.errors import ConfigError
from daemon.extraction.base import Extractor
from daemon.extraction.guards import Limits
from daemon.extraction.rules import RulesExtractor
from daemon.extraction.runner import ExtractionRunner, RunnerConfig
from daemon.queue import JobQueue, dumps, loads
from daemon.redis_keys import Keys
from daemon.settings import Settings
from daemon.store.cursors import FailurePolicy
from daemon.store.db import Store


def process_name() -> str:
    """A name for this process among its peers: host and pid."""
    return f"{socket.gethostname()}-{os.getpid()}"


def connect_redis(settings: Settings, keys: Keys) -> ArqRedis:
    pool = ConnectionPool.from_url(settings.redis_url, health_check_interval=30)
    client = ArqRedis(
        connection_pool=pool,
        job_serializer=dumps,
        job_deserializer=loads,
        default_queue_name=keys.queue,
    )
    client.auto_close_connection_pool = True  # closing the client closes its own pool
    return client


def make_extractor(settings: Settings) -> Extractor:
    """The configured extractor: the rules extractor unless an LLM is configured and chosen."""
    choice = settings.extraction.extractor
    if choice == "llm":
        raise ConfigError(
            "MEMORYD_EXTRACTION__EXTRACTOR: the llm extractor is not available in this build"
        )
    return RulesExtractor()


@dataclass
class Runtime:
    settings: Settings
    redis: ArqRedis
    store: Store
    clock: Clock = field(default_factory=SystemClock)
    extractor: Extractor | None = None

    @property
    def keys(self) -> Keys:
        return Keys.of(self.settings)

    @property
    def truncation(self) -> TruncationStore:
        return TruncationStore(self.settings.truncation.dir)

    def queue(self) -> JobQueue:
        return JobQueue(
            self.redis, self.keys, self.clock, debounce_s=self.settings.extraction.debounce_s
        )

    def dispatcher(self, consumer: str | None = None) -> Dispatcher:
        t = self.settings.truncation
        preparer = Preparer(self.truncation, SpillPolicy(t.max_lines, t.max_bytes, t.preview_lines))
        return Dispatcher(
            self.redis,
            self.store,
            self.queue(),
            preparer,
            self.keys,
            self.settings.stream,
            self.clock,
            consumer=consumer or self.settings.stream.consumer or process_name(),
        )

    def runner(self) -> ExtractionRunner:
        e = self.settings.extraction
        w = self.settings.worker
        config = RunnerConfig(
            max_messages=e.max_messages,
            gap_timeout=timedelta(seconds=e.gap_timeout_s),
            failures=FailurePolicy(
                e.breaker_failures, timedelta(seconds=e.breaker_cooldown_s), e.park_after_failures
            ),
            limits=Limits(max_title_chars=e.max_title_chars, max_content_chars=e.max_content_chars),
            retry_backoff_s=w.retry_backoff_s,
            retry_backoff_max_s=w.retry_backoff_max_s,
        )
        extractor = self.extractor or make_extractor(self.settings)
        return ExtractionRunner(self.store, extractor, self.clock, config, worker=process_name())

    async def close(self) -> None:
        await self.redis.aclose()
        await self.store.close()


async def open_runtime(
    settings: Settings,
    *,
    redis: ArqRedis | None = None,
    clock: Clock | None = None,
    extractor: Extractor | None = None,
    check_schema: bool = True,
) -> Runtime:
    """Connect to Redis and the store; refuse an out-of-date schema."""
    keys = Keys.of(settings)
    store = Store.from_url(settings.database_url)
    if check_schema:
        try:
            await store.check_schema()
        except BaseException:
            await store.close()
            raise
    return Runtime(
        settings=settings,
        redis=redis or connect_redis(settings, keys),
        store=store,
        clock=clock or SystemClock(),
        extractor=extractor,
    )
