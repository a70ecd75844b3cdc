"""The context a job receives: built from a container, read back from arq's ctx under its key,
and nothing else accepted in its place."""

from __future__ import annotations

import dataclasses

import pytest

from daemon.app.container import Container
from daemon.extraction.runner import ExtractionRunner
from daemon.queue import JobQueue
from workers.job_context import CTX_KEY, JobContext, job_context


async def test_built_from_a_container_with_its_queue_and_runner(runtime: Container) -> None:
    context = JobContext.build(runtime)
    assert context.container is runtime
    assert isinstance(context.queue, JobQueue) and isinstance(context.runner, ExtractionRunner)
    with pytest.raises(dataclasses.FrozenInstanceError):
        context.container = runtime  # type: ignore[misc]


async def test_read_back_from_arqs_ctx_under_its_key(runtime: Container) -> None:
    context = JobContext.build(runtime)
    assert job_context({CTX_KEY: context, "redis": object()}) is context
    with pytest.raises(KeyError):
        job_context({"redis": object()})
    with pytest.raises(AssertionError):
        job_context({CTX_KEY: runtime})
