"""The typed, frozen context every job receives (instead of reaching into arq's ctx dict)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from daemon.app.container import Container
from daemon.base.embedding import Embedder
from daemon.extraction.runner import ExtractionRunner
from daemon.maintenance.embedding import Backfill
from daemon.maintenance.fragment_embedding import FragmentBackfill
from daemon.queue import JobQueue

CTX_KEY = "memoryd"


@dataclass(frozen=True, slots=True)
class JobContext:
    container: Container
    queue: JobQueue
    runner: ExtractionRunner
    #: Embeds pending memories; ``None`` when no embedding provider is configured.
    backfill: Backfill | None = None
    #: Embeds pending windows of sessions for session recall; ``None`` likewise.
    fragment_backfill: FragmentBackfill | None = None

    @classmethod
    def build(cls, container: Container, embedder: Embedder | None = None) -> JobContext:
        """The context of a worker; its embedder is the container's (the configured one,
        behind the provider breaker) unless given."""
        embedder = embedder or container.embedder
        return cls(
            container=container,
            queue=container.queue(),
            runner=container.runner(),
            backfill=None
            if embedder is None
            else Backfill(
                embedder,
                container.clock,
                dedup_threshold=container.settings.embeddings.dedup_threshold,
            ),
            fragment_backfill=(
                None if embedder is None else FragmentBackfill(embedder, container.clock)
            ),
        )


def job_context(ctx: dict[str, Any]) -> JobContext:
    context = ctx[CTX_KEY]
    assert isinstance(context, JobContext)
    return context
