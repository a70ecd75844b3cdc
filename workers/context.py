"""The typed, frozen context every job receives (instead of reaching into arq's ctx dict)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from daemon.app.runtime import Runtime
from daemon.extraction.runner import ExtractionRunner
from daemon.queue import JobQueue

CTX_KEY = "memoryd"


@dataclass(frozen=True, slots=True)
class JobContext:
    runtime: Runtime
    queue: JobQueue
    runner: ExtractionRunner

    @classmethod
    def build(cls, runtime: Runtime) -> JobContext:
        return cls(runtime=runtime, queue=runtime.queue(), runner=runtime.runner())


def job_context(ctx: dict[str, Any]) -> JobContext:
    context = ctx[CTX_KEY]
    assert isinstance(context, JobContext)
    return context
