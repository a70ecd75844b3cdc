"""Recall over the test's runtime, on a fake clock."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.embeddings.query import QueryEmbedder
from daemon.recall import Recall
from daemon.testing.fakellm import FakeLLM
from tests.operators.seed import T0


@pytest.fixture
async def recall(runtime: Container) -> AsyncIterator[Recall]:
    r = Recall(runtime.store, FakeClock(T0))
    yield r
    await r.aclose(close_store=False)


@pytest.fixture
async def embedder(fake_llm: FakeLLM) -> AsyncIterator[QueryEmbedder]:
    """Query and window vectors from the fake model server (:mod:`tests.recall.sessions`)."""
    from tests.recall.sessions import embedder_of

    made = embedder_of(fake_llm)
    yield made
    await made.embedder.aclose()  # type: ignore[attr-defined]
