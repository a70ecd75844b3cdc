"""Fixtures for the LLM extractor: a runtime whose extractor talks to the fake model
(``fake_llm``, from the testing kit's pytest plugin enabled in the root conftest)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from arq.connections import ArqRedis

from daemon.app.container import Container, open_container
from daemon.testing.fakellm import FakeLLM

OpenLLM = Callable[..., Any]


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
