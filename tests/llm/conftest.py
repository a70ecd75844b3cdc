"""Fixtures for the LLM extractor: a runtime whose extractor talks to the fake model."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

import pytest
from arq.connections import ArqRedis

from daemon.app.container import Container, open_container
from daemon.testing.fakellm import FakeLLM

OpenLLM = Callable[..., Any]


@pytest.fixture(scope="session")
def fake_model_server() -> Iterator[FakeLLM]:
    """One fake model server for the LLM tests (reset before each by ``fake_llm``)."""
    with FakeLLM() as fake:
        yield fake


@pytest.fixture
def fake_llm(fake_model_server: FakeLLM) -> FakeLLM:
    """The fake model server back in its constructed state (its default policy answers
    ``memory_done``). A test leaving a stalled reply in flight starts its own server."""
    fake_model_server.reset()
    return fake_model_server


def llm_overrides(fake: FakeLLM, **llm: Any) -> dict[str, Any]:
    """Settings overrides that point the LLM extractor at ``fake``."""
    return {
        "extraction": {"extractor": "llm"},
        "llm": {
            "base_url": fake.base_url,
            "model": "fake-model",
            "api_key": "test",
            "timeout_s": 5,
            **llm,
        },
    }


@pytest.fixture
async def open_llm(settings_factory: Any, redis: ArqRedis) -> AsyncIterator[OpenLLM]:
    """``await open_llm(fake, extraction={...}, llm={...})``: a runtime on ``fake``, closed
    (extractor included) at the end of the test; the Redis client is the test's."""
    opened: list[Container] = []

    async def open_(fake: FakeLLM, *, llm: dict[str, Any] | None = None, **more: Any) -> Container:
        overrides = llm_overrides(fake, **(llm or {}))
        for key, value in more.items():
            overrides[key] = {**overrides.get(key, {}), **value}
        rt = await open_container(settings_factory(**overrides), redis=redis)
        opened.append(rt)
        return rt

    yield open_
    for rt in opened:
        closer = getattr(rt.extractor, "aclose", None)
        if closer is not None:
            await closer()
        await rt.store.close()


@pytest.fixture
async def llm_runtime(open_llm: OpenLLM, fake_llm: FakeLLM) -> Container:
    """A runtime on the session's fake model, playing the extraction policy."""
    from daemon.testing.fakellm.policy_extract import ExtractionPolicy

    fake_llm.policy = ExtractionPolicy()
    rt: Container = await open_llm(fake_llm)
    return rt
