"""Building the LLM extractor from settings: its model, its breaker, its limits, its HTTP
transport."""

from __future__ import annotations

import json
from typing import Any

import httpx2
import pytest
from redis.asyncio import Redis

from daemon.base.clock import FakeClock
from daemon.base.scope import ScopeKey
from daemon.base.settings import load_settings
from daemon.extraction.base import ExtractionBatch
from daemon.extraction.llm import build_llm_extractor
from daemon.extraction.llm.breaker import NoBreaker, RedisBreaker
from tests.extraction.llm.helpers import Reader, msg, turn


def test_without_a_model_there_is_no_llm_extractor() -> None:
    with pytest.raises(ValueError, match="MEMORYD_LLM__MODEL"):
        build_llm_extractor(load_settings(), clock=FakeClock())


async def test_the_settings_reach_the_client_and_the_config() -> None:
    settings = load_settings(
        llm={
            "model": "m",
            "base_url": "http://model.invalid/v1",
            "context_mode": "delta",
            "context_tokens": 3000,
            "max_prompt_tokens": 9000,
            "structured_output": "json_object",
        },
        extraction={"max_model_calls": 3},
    )
    extractor = build_llm_extractor(settings, clock=FakeClock())
    try:
        assert extractor.client.model == "m" and extractor.client.structured == "json_object"
        assert isinstance(extractor.client.breaker, NoBreaker)
        config = extractor.config
        assert (config.max_model_calls, config.context_mode) == (3, "delta")
        assert (config.context_tokens, config.max_prompt_tokens) == (3000, 9000)
    finally:
        await extractor.aclose()


async def test_with_redis_the_breaker_is_shared_through_it() -> None:
    settings = load_settings(llm={"model": "m", "base_url": "http://model.invalid/v1"})
    redis = Redis()
    extractor = build_llm_extractor(settings, clock=FakeClock(), redis=redis)
    try:
        assert isinstance(extractor.client.breaker, RedisBreaker)
    finally:
        await extractor.aclose()
        await redis.aclose()


async def test_the_http_transport_is_injectable() -> None:
    """A test (or an embedder) hands the extractor its own HTTP client: no network needed."""
    seen: list[dict[str, Any]] = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        seen.append(json.loads(request.content))
        reply = {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {"name": "memory_done", "arguments": "{}"},
                }
            ],
        }
        return httpx2.Response(
            200,
            json={
                "id": "x",
                "object": "chat.completion",
                "created": 0,
                "model": "m",
                "choices": [{"index": 0, "message": reply, "finish_reason": "tool_calls"}],
                "usage": {"prompt_tokens": 11, "completion_tokens": 2, "total_tokens": 13},
            },
        )

    settings = load_settings(llm={"model": "m", "base_url": "http://model.invalid/v1"})
    http = httpx2.AsyncClient(transport=httpx2.MockTransport(handler))
    extractor = build_llm_extractor(settings, clock=FakeClock(), http_client=http)
    batch = ExtractionBatch("s", ScopeKey("p"), 1, 1, (turn(1, msg("user", "hi")),))
    try:
        proposal = await extractor.extract(batch, Reader())
    finally:
        await extractor.aclose()
    assert [m["role"] for m in seen[0]["messages"]] == ["system", "user"]
    assert proposal.ops == [] and proposal.usage.prompt_tokens == 11
