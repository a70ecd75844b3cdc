"""A memoryd process: the services (``daemon.app.services``) and what is built on them once —
the dispatcher, the job queue, the extraction runner and its extractor."""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass
from datetime import timedelta

from arq.connections import ArqRedis
from redis.asyncio import Redis

from daemon.app.services import Services, open_services
from daemon.base.clock import Clock, SystemClock
from daemon.base.errors import ConfigError
from daemon.base.settings import Settings
from daemon.dispatcher.dispatcher import Dispatcher
from daemon.dispatcher.prepare import Preparer, SpillPolicy
from daemon.extraction.base import Extractor
from daemon.extraction.rules import RulesExtractor
from daemon.extraction.runner import ExtractionRunner, RunnerConfig
from daemon.gate.screen import Limits
from daemon.queue import JobQueue
from daemon.store.transcripts.cursors import FailurePolicy
from daemon.store.truncation import TruncationStore


def process_name() -> str:
    """A name for this process among its peers: host and pid."""
    return f"{socket.gethostname()}-{os.getpid()}"


def make_extractor(
    settings: Settings, *, redis: Redis | None = None, clock: Clock | None = None
) -> Extractor:
    """The configured extractor: the LLM one when chosen, or on ``auto`` when an LLM is
    configured; the rules extractor otherwise. ``redis`` shares the provider's breaker."""
    choice = settings.extraction.extractor
    if choice == "rules" or (choice == "auto" and not settings.llm.configured):
        return RulesExtractor()
    if not settings.llm.configured:
        raise ConfigError(
            "MEMORYD_EXTRACTION__EXTRACTOR: llm needs MEMORYD_LLM__MODEL and "
            "MEMORYD_LLM__BASE_URL or an API key (MEMORYD_LLM__API_KEY or OPENAI_API_KEY)"
        )
    from daemon.extraction.llm import build_llm_extractor

    return build_llm_extractor(settings, clock=clock or SystemClock(), redis=redis)


def _wants_history(extractor: Extractor) -> bool:
    """Whether the extractor may replay a session from its start (the LLM's fork mode)."""
    return bool(getattr(extractor, "wants_history", False))


@dataclass
class Runtime(Services):
    """The services of a process, with arq's Redis client and the extractor it shares."""

    redis: ArqRedis
    extractor: Extractor | None = None

    @property
    def truncation(self) -> TruncationStore:
        return TruncationStore(self.settings.truncation.dir)

    def queue(self) -> JobQueue:
        return JobQueue(
            self.redis, self.keys, self.clock, debounce_s=self.settings.extraction.debounce_s
        )

    def dispatcher(self, consumer: str | None = None) -> Dispatcher:
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
        if self.extractor is None:  # built once, shared by the runners of this process
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
            limits=Limits(max_title_chars=e.max_title_chars, max_content_chars=e.max_content_chars),
            retry_backoff_s=w.retry_backoff_s,
            retry_backoff_max_s=w.retry_backoff_max_s,
            context_turns=self.settings.llm.context_turns,
            history_max_turns=self.settings.llm.fork_max_turns if _wants_history(extractor) else 0,
        )
        return ExtractionRunner(self.store, extractor, self.clock, config, worker=process_name())

    async def close(self) -> None:
        closer = getattr(self.extractor, "aclose", None)
        if closer is not None:
            await closer()
        await super().close()


async def open_runtime(
    settings: Settings,
    *,
    redis: ArqRedis | None = None,
    clock: Clock | None = None,
    extractor: Extractor | None = None,
    check_schema: bool = True,
) -> Runtime:
    """Connect to Redis and the store; refuse an out-of-date schema."""
    services = await open_services(settings, redis=redis, clock=clock, check_schema=check_schema)
    assert isinstance(services.redis, ArqRedis)
    return Runtime(
        settings=settings,
        redis=services.redis,
        store=services.store,
        clock=services.clock,
        extractor=extractor,
    )
