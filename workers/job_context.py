"""The typed, frozen context every job receives (instead of reaching into arq's ctx dict)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from daemon.app.container import Container
from daemon.extraction.runner import ExtractionRunner
from daemon.queue import JobQueue

CTX_KEY = "memoryd"


@dataclass(frozen=True, slots=True)
class JobContext:
    container: Container
    queue: JobQueue
    runner: ExtractionRunner

    @classmethod
    def build(cls, container: Container) -> JobContext:
        return cls(container=container, queue=container.queue(), runner=container.runner())


def job_context(ctx: dict[str, Any]) -> JobContext:
    context = ctx[CTX_KEY]
    assert isinstance(context, JobContext)
    return context
