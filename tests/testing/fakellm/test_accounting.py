"""Usage and prefix-cache accounting: what the fake model server reports it spent."""

from __future__ import annotations

from typing import Any

from daemon.testing.fakellm import (
    FakeLLM,
    canonical_prompt,
    estimate_tokens,
    text,
)
from daemon.testing.fakellm.accounting import PrefixCache, block_hashes
from tests.testing.fakellm.conftest import ask


async def test_usage_follows_the_token_estimate(fake: FakeLLM, client: Any) -> None:
    fake.script([text("x" * 32)])
    reply = await ask(client)
    expected = estimate_tokens(len(canonical_prompt(fake.requests[0])))
    assert reply.usage.prompt_tokens == expected
    assert reply.usage.completion_tokens == 10
    assert reply.usage.total_tokens == expected + 10


def conversation(system: str, question: str) -> list[dict[str, str]]:
    return [{"role": "system", "content": system}, {"role": "user", "content": question}]


async def test_cached_tokens_follow_the_shared_prefix(client: Any) -> None:
    system = "".join(f"rule {i}: keep memories short. " for i in range(300))  # ~2,700 tokens
    first = await ask(client, conversation(system, "first"))
    second = await ask(client, conversation(system, "second"))
    early = system[:4000] + "CHANGED" + system[4000:]  # diverges after ~1,250 tokens
    third = await ask(client, conversation(early, "third"))
    very_early = system[:2000] + "CHANGED" + system[2000:]  # after ~625 tokens
    fourth = await ask(client, conversation(very_early, "fourth"))

    cached = [r.usage.prompt_tokens_details.cached_tokens for r in (first, second, third, fourth)]
    assert cached[0] == 0
    assert cached[1] >= 1024 and cached[1] % 128 == 0
    assert cached[1] > second.usage.prompt_tokens - 128 - 10
    assert 1024 <= cached[2] < cached[1] and cached[2] % 128 == 0
    assert cached[3] == 0


async def test_prefix_cache_is_per_model(client: Any) -> None:
    messages = conversation("long shared system prompt. " * 200, "q")
    await ask(client, messages)
    other = await client.chat.completions.create(model="other-model", messages=messages)
    same = await ask(client, messages)
    assert other.usage.prompt_tokens_details.cached_tokens == 0
    assert same.usage.prompt_tokens_details.cached_tokens >= 1024


def test_prefix_cache_forgets_beyond_its_window() -> None:
    first, second, third = (block_hashes(c * 5000) for c in "abc")
    cache = PrefixCache(window=2)
    for hashes in (first, second, third):
        cache.remember(hashes)
    assert cache.cached_tokens(first) == 0
    assert cache.cached_tokens(third) == len(third) * 128
    assert len(cache) == 2
