"""The composition root: one :class:`Container` per process, built once at its edge.

The container holds settings, Redis, the SQL store, the clock, the extraction limits and
the extractor (built on first use); the dispatcher, the job queue and the extraction runner
are built from it. Every edge builds one with :func:`open_container` and hands it down:
each CLI command (``daemon.cli.common.container``), ``memoryd serve`` (the API's
request context holds it), ``memoryd mcp`` on stdio, the arq worker's start-up (the job
context holds it), the dispatcher and worker processes and the demo. Nothing below an
edge builds a store, a Redis client, limits or a clock of its own: the work layer takes
the parts it needs.

The command line imports this module before any command runs: the store, arq, the
dispatcher and the extraction runner are imported only when built.
"""

from __future__ import annotations

import os
import socket
from datetime import timedelta
from typing import TYPE_CHECKING

import structlog

from daemon.base.clock import Clock, SystemClock
from daemon.base.errors import ConfigError
from daemon.base.redis_keys import Keys

if TYPE_CHECKING:
    from arq.connections import ArqRedis
    from redis.asyncio import Redis

    from daemon.base.embedding import Embedder
    from daemon.base.settings import Settings
    from daemon.dispatcher.dispatcher import Dispatcher
    from daemon.embeddings.query import QueryEmbedder, QueryStats
    from daemon.extraction.base import Extractor
    from daemon.extraction.runner import ExtractionRunner
    from daemon.gate.screening import Limits
    from daemon.queue import JobQueue
    from daemon.recall import Recall
    from daemon.recall.hybrid import HybridSearch, SearchStats
    from daemon.store.db import Store
    from daemon.store.truncation import TruncationStore
    from daemon.tools.near import SaveEmbedder


log = structlog.get_logger("memoryd.process")


def process_name() -> str:
    """A name for this process among its peers: host and pid."""
    return f"{socket.gethostname()}-{os.getpid()}"


class Container:
    """What every process, command, request, job, probe and maintenance run is built from.

    ``redis`` may be left out: the client is then made on first use (arq's, by
    :func:`connect_redis`), so that a command reading only the store never imports the
    queue's libraries. ``extractor`` likewise, built on first use and shared by the runners.
    """

    def __init__(
        self,
        settings: Settings,
        redis: Redis | None,
        store: Store,
        clock: Clock | None = None,
        extractor: Extractor | None = None,
    ) -> None:
        self.settings = settings
        self._redis = redis
        self.store = store
        self.clock: Clock = clock or SystemClock()
        self.extractor = extractor
        self._embedder: Embedder | None = None
        self._query_embedder: QueryEmbedder | None = None
        self._embeddings_built = False
        self._searcher: HybridSearch | None = None

    @property
    def redis(self) -> Redis:
        if self._redis is None:
            self._redis = connect_redis(self.settings)
        return self._redis

    @property
    def keys(self) -> Keys:
        return Keys.of(self.settings)

    @property
    def limits(self) -> Limits:
        from daemon.gate.screening import Limits

        return Limits.from_settings(self.settings.extraction)

    @property
    def truncation(self) -> TruncationStore:
        from daemon.store.truncation import TruncationStore

        return TruncationStore(self.settings.truncation.dir, self.store.sealer)

    def queue(self) -> JobQueue:
        from daemon.queue import JobQueue

        return JobQueue(
            self.redis, self.keys, self.clock, debounce_s=self.settings.extraction.debounce_s
        )

    def dispatcher(self, consumer: str | None = None) -> Dispatcher:
        from daemon.dispatcher.dispatcher import Dispatcher
        from daemon.dispatcher.prepare import Preparer, SpillPolicy

        t = self.settings.truncation
        preparer = Preparer(SpillPolicy(t.max_lines, t.max_bytes, t.preview_lines))
        return Dispatcher(
            self.redis,
            self.store,
            self.queue(),
            preparer,
            self.truncation,
            self.keys,
            self.settings.stream,
            self.clock,
            consumer=consumer or self.settings.stream.consumer or process_name(),
            summary_lifetime=timedelta(days=self.settings.maintenance.compaction_summary_days),
        )

    def runner(self) -> ExtractionRunner:
        from daemon.extraction.runner import ExtractionRunner, RunnerConfig
        from daemon.store.transcripts.cursors import FailurePolicy

        if self.extractor is None:
            self.extractor = make_extractor(self.settings, redis=self.redis, clock=self.clock)
        extractor = self.extractor
        e = self.settings.extraction
        w = self.settings.worker
        config = RunnerConfig(
            max_messages=e.max_messages,
            gap_timeout=timedelta(seconds=e.gap_timeout_s),
            failures=FailurePolicy(
                e.session_breaker_failures,
                timedelta(seconds=e.session_breaker_cooldown_s),
                e.park_after_failures,
            ),
            limits=self.limits,
            retry_backoff_s=w.retry_backoff_s,
            retry_backoff_max_s=w.retry_backoff_max_s,
            context_turns=self.settings.llm.context_turns,
            history_max_turns=self.settings.llm.fork_max_turns if _wants_history(extractor) else 0,
            forget_extracted=self.settings.maintenance.forgets_extracted,
        )
        return ExtractionRunner(
            self.store,
            extractor,
            self.clock,
            config,
            worker=process_name(),
            searcher=self.searcher,
            truncation=self.truncation,
        )

    @property
    def embedder(self) -> Embedder | None:
        """The configured embeddings (built on first use, the provider's breaker shared
        through Redis); None: keyword search only."""
        if not self._embeddings_built:
            self._embedder = make_embedder(self.settings, redis=self.redis, clock=self.clock)
            self._embeddings_built = True
        return self._embedder

    @property
    def query_embedder(self) -> QueryEmbedder | None:
        """The embedder of search queries, with this process's cache of recent query
        vectors; None: keyword search only."""
        if self._query_embedder is None and self.embedder is not None:
            from daemon.embeddings.query import QueryEmbedder

            size = self.settings.embeddings.query_cache_size
            self._query_embedder = QueryEmbedder(self.embedder, cache_size=size)
        return self._query_embedder

    def recall(self) -> Recall:
        """The recall API on this container's store and clock, with session recall as the
        settings say, this process's query embedder (keywords alone without one) and its
        searcher (every search ranked as ``MEMORYD_RECALL__*`` say)."""
        from daemon.recall import Recall
        from daemon.recall.session_recall import SessionRecallOptions

        options = SessionRecallOptions.from_settings(self.settings.session_recall)
        return Recall(
            self.store,
            self.clock,
            sessions=options,
            embedder=self.query_embedder,
            searcher=self.searcher,
        )

    @property
    def save_embedder(self) -> SaveEmbedder | None:
        """What the main agent's save embeds its text with, for the near-duplicate check
        (the query embedder and ``MEMORYD_EMBEDDINGS__DEDUP_THRESHOLD``); None: no
        embeddings."""
        query = self.query_embedder
        if query is None:
            return None
        from daemon.tools.near import SaveEmbedder

        return SaveEmbedder(query, self.settings.embeddings.dedup_threshold)

    @property
    def searcher(self) -> HybridSearch:
        """How this process ranks every search (``MEMORYD_RECALL__*``), with its query
        embedder (by keywords only when no embeddings are configured) and the document
        counts it matches on (this process's, read from the store's own counts)."""
        if self._searcher is None:
            from daemon.recall.hybrid import HybridSearch
            from daemon.store.memory import TermStats

            recall = self.settings.recall
            counts = TermStats(self.clock)
            self._searcher = HybridSearch(
                recall, lambda: self.query_embedder, self.clock, term_stats=counts
            )
        return self._searcher

    @property
    def search_stats(self) -> SearchStats | None:
        """Searches by the mode that ran (for metrics); None until the searcher is built."""
        return None if self._searcher is None else self._searcher.stats

    @property
    def query_stats(self) -> QueryStats | None:
        """What the query embedder did (for metrics); None until one is built."""
        return None if self._query_embedder is None else self._query_embedder.stats

    def announce_at_rest(self) -> None:
        """Log, as a process starts, whether its data is sealed at rest: a warning when no
        data key is configured (transcripts and spilled outputs are then stored in clear)."""
        sealer = self.store.sealer
        if sealer.keys is None:
            log.warning(
                "data_at_rest.clear",
                note="no data key (MEMORYD_DATA__KEYS or MEMORYD_DATA__KEY_FILE): transcripts "
                "and spilled tool outputs are stored in clear, memories carry plain digests",
            )
        else:
            log.info("data_at_rest.sealed", primary=sealer.primary, keys=len(sealer.keys.ids))

    async def close(self) -> None:
        """Close the extractor, Redis and the store (whoever built the container closes it)."""
        try:
            for part in (self.extractor, self._embedder):
                closer = getattr(part, "aclose", None)
                if closer is not None:
                    await closer()
        finally:
            try:
                if self._redis is not None:
                    await self._redis.aclose()
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
    """The SQL store named by ``MEMORYD_DATABASE_URL`` (not connected yet), sealing with the
    data keys of ``MEMORYD_DATA__*`` when there are some."""
    from daemon.store.db import Store

    return Store.from_url(
        settings.database_url,
        pool_size=pool_size or settings.database_pool_size,
        sealer=settings.data.sealer(),
    )


def make_extractor(
    settings: Settings, *, redis: Redis | None = None, clock: Clock | None = None
) -> Extractor:
    """The configured extractor: the LLM one when chosen, or on ``auto`` when an LLM is
    configured; the rules extractor otherwise. ``redis`` shares the provider's breaker."""
    choice = settings.extraction.extractor
    if choice == "rules" or (choice == "auto" and not settings.llm.configured):
        from daemon.extraction.rules import RulesExtractor

        return RulesExtractor()
    if not settings.llm.configured:
        raise ConfigError(
            "MEMORYD_EXTRACTION__EXTRACTOR: llm needs MEMORYD_LLM__MODEL and "
            "MEMORYD_LLM__BASE_URL or an API key (MEMORYD_LLM__API_KEY or OPENAI_API_KEY)"
        )
    from daemon.extraction.llm import build_llm_extractor

    return build_llm_extractor(settings, clock=clock or SystemClock(), redis=redis)


def make_embedder(
    settings: Settings, *, redis: Redis | None = None, clock: Clock | None = None
) -> Embedder | None:
    """The configured embeddings, or None (keyword search only). With ``redis``, the
    provider's failures are counted by the model calls' breaker, under its own key."""
    from daemon.embeddings import build_embedder, choose

    if not choose(settings).enabled:
        return None
    breaker = None
    if redis is not None:
        from daemon.extraction.llm.breaker import BreakerPolicy, RedisBreaker

        e = settings.embeddings
        policy = BreakerPolicy(e.provider_breaker_failures, e.provider_breaker_cooldown_s)
        key = Keys.of(settings).embeddings_breaker
        breaker = RedisBreaker(redis, key, clock or SystemClock(), policy)
    return build_embedder(settings, breaker=breaker)


def _wants_history(extractor: Extractor) -> bool:
    """Whether the extractor may replay a session from its start (the LLM's fork mode)."""
    return bool(getattr(extractor, "wants_history", False))


async def open_container(
    settings: Settings,
    *,
    redis: Redis | None = None,
    clock: Clock | None = None,
    extractor: Extractor | None = None,
    check_schema: bool = True,
    pool_size: int | None = None,
) -> Container:
    """Build the container (Redis on first use unless given); refuse an out-of-date schema
    (closing what was built)."""
    store = make_store(settings, pool_size=pool_size)
    if check_schema:
        try:
            await store.check_schema()
        except BaseException:
            await store.close()
            raise
    return Container(settings, redis, store, clock, extractor)
