"""The forked extraction agent: an LLM that keeps what matters, through any
OpenAI-compatible endpoint. See docs/extraction.md.

    client      the openai client, concurrency cap, error mapping, usage, and how the
                endpoint takes structured answers (probed once, remembered)
    breaker     the provider-wide breaker shared through Redis
    transcript  sanitized messages (no orphaned tool calls), text rendering
    reduce      cheap reductions of delta prompts
    prompt      taxonomy, what not to save, rules, plan
    staging     per-run aliases, checked and staged writes
    tools       the five memory tools and running one turn's calls
    answers     reading JSON answers of any shape; the answer schema
    delta       delta mode: new turns as data, tool loop
    fork        fork mode: the host's prefix replayed, one structured answer
    extractor   LLMExtractor: mode choice, a fork's fallback to delta, the Proposal
    errors      transient, permanent, and the usage spent before a failure
    naive       the one-call-per-turn baseline (benchmarks only)
"""

from __future__ import annotations

import httpx2
from redis.asyncio import Redis

from daemon.base.clock import Clock
from daemon.base.redis_keys import Keys
from daemon.base.settings import Settings
from daemon.extraction.llm.breaker import Breaker, BreakerPolicy, NoBreaker, RedisBreaker
from daemon.extraction.llm.client import ModelClient, open_client
from daemon.extraction.llm.extractor import LLMConfig, LLMExtractor
from daemon.gate.screening import Limits

__all__ = ["LLMConfig", "LLMExtractor", "ModelClient", "build_llm_extractor"]


def build_llm_extractor(
    settings: Settings,
    *,
    clock: Clock,
    redis: Redis | None = None,
    http_client: httpx2.AsyncClient | None = None,
) -> LLMExtractor:
    """The LLM extractor the settings describe; the breaker is shared through ``redis``."""
    llm = settings.llm
    if not llm.model:
        raise ValueError("the LLM extractor needs a model (MEMORYD_LLM__MODEL)")
    breaker: Breaker = NoBreaker()
    if redis is not None:
        policy = BreakerPolicy(llm.provider_breaker_failures, llm.provider_breaker_cooldown_s)
        breaker = RedisBreaker(redis, Keys.of(settings).llm_breaker, clock, policy)
    client = ModelClient(
        open_client(llm, http_client=http_client),
        model=llm.model,
        breaker=breaker,
        clock=clock,
        max_concurrency=llm.max_concurrency,
        structured=llm.structured_output,
    )
    config = LLMConfig(
        max_model_calls=settings.extraction.max_model_calls,
        limits=Limits.from_settings(settings.extraction),
        context_mode=llm.context_mode,
        context_tokens=llm.context_tokens,
        max_prompt_tokens=llm.max_prompt_tokens,
    )
    return LLMExtractor(client, config)
