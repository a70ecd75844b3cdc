"""Model calls through the real openai client: errors mapped, usage counted, no own retries."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import pytest

from daemon.app.container import make_extractor
from daemon.base.clock import FakeClock
from daemon.base.errors import ConfigError, PermanentExtractionError, TransientExtractionError
from daemon.base.settings import LLMSettings, load_settings
from daemon.extraction.base import Usage
from daemon.extraction.llm.breaker import NoBreaker
from daemon.extraction.llm.client import ModelClient, open_client, retry_after_s
from daemon.extraction.llm.extractor import LLMExtractor
from daemon.extraction.llm.model_errors import ModelRefused, ModelUnavailable, ProviderUnavailable
from daemon.extraction.rules import RulesExtractor
from daemon.testing.fakellm import (
    FakeLLM,
    drop,
    error,
    malformed_json,
    text,
    timeout,
    tool_calls,
    tool_schemas,
)
from daemon.testing.fakellm.protocol import memory_done
from tests.extraction.llm.helpers import model_client

HELLO = [{"role": "user", "content": "hello"}]


@pytest.fixture
async def client(fake_llm: FakeLLM) -> AsyncIterator[ModelClient]:
    model = model_client(fake_llm.base_url, max_concurrency=4)
    yield model
    await model.client.close()


@pytest.mark.parametrize(
    ("reply", "kind", "retry_after"),
    [
        (error(429, "slow down", retry_after=7), ModelUnavailable, 7.0),
        (error(500, "boom"), ModelUnavailable, None),
        (error(503, "overloaded", retry_after=0.25), ModelUnavailable, 0.25),
        (drop(), ModelUnavailable, None),
        (malformed_json(), ModelUnavailable, None),
        (error(401, "Incorrect API key provided."), ModelRefused, None),
        (error(403, "forbidden"), ModelRefused, None),
        (error(400, "context too long"), ModelRefused, None),
    ],
)
async def test_provider_failures_map_to_transient_or_permanent(
    client: ModelClient, fake_llm: FakeLLM, reply: Any, kind: type, retry_after: float | None
) -> None:
    """429/5xx/dropped/malformed are transient (with Retry-After); 401/403/400 permanent,
    with the reason; the client itself never retries (one request reached the server)."""
    fake_llm.script([reply])
    usage = Usage()
    with pytest.raises(kind) as caught:
        await client.complete(HELLO, usage)
    assert fake_llm.calls == 1
    assert usage.model_calls == 1
    transient = issubclass(kind, TransientExtractionError)
    assert isinstance(
        caught.value, TransientExtractionError if transient else PermanentExtractionError
    )
    if transient:
        assert caught.value.retry_after_s == retry_after  # type: ignore[attr-defined]
    else:
        assert str(reply.message) in str(caught.value)
    assert caught.value.usage is usage  # type: ignore[attr-defined]


class _NeverWakes(FakeClock):
    """The fake server's clock for a stall that outlasts any client: its sleep never ends
    (stopping the server cancels it), so no race with the client's timeout."""

    async def sleep(self, seconds: float) -> None:
        await asyncio.Event().wait()


async def test_a_timeout_is_transient() -> None:
    async with FakeLLM(clock=_NeverWakes()) as fake:
        fake.script([timeout(5)])
        settings = LLMSettings(base_url=fake.base_url, model="m", timeout_s=0.2)
        model = ModelClient(
            open_client(settings),
            model="m",
            breaker=NoBreaker(),
            clock=FakeClock(),
            max_concurrency=1,
        )
        try:
            with pytest.raises(ModelUnavailable, match="timed out"):
                await model.complete(HELLO, Usage())
        finally:
            await model.client.close()


async def test_usage_adds_prompt_completion_and_cached_tokens(
    client: ModelClient, fake_llm: FakeLLM
) -> None:
    """The second identical long prompt is served mostly from the simulated prefix cache."""
    long = [{"role": "system", "content": "rules " * 2000}, *HELLO]
    fake_llm.script([tool_calls([memory_done()]), text("ok"), text("ok")])
    usage = Usage()
    first = await client.complete(long, usage, tools=tool_schemas())
    await client.complete(long, usage, tools=tool_schemas())
    await client.complete(HELLO, usage)
    assert first.tool_calls is not None and first.tool_calls[0].function.name == "memory_done"
    requests = fake_llm.requests
    assert requests[0]["tools"] == tool_schemas() and "tools" not in requests[2]
    assert usage.model_calls == 3
    assert usage.prompt_tokens > 2 * 3000
    assert usage.completion_tokens > 0
    assert 0 < usage.cached_tokens < usage.prompt_tokens


async def test_concurrency_is_capped_per_extractor() -> None:
    in_flight = 0
    peak = 0

    class Stub:
        async def post(self, *_: Any, **__: Any) -> Any:
            nonlocal in_flight, peak
            in_flight += 1
            peak = max(peak, in_flight)
            await asyncio.sleep(0.01)
            in_flight -= 1
            message = SimpleNamespace(content="ok", tool_calls=None)
            return SimpleNamespace(choices=[SimpleNamespace(message=message)], usage=None)

    model = ModelClient(
        Stub(), model="m", breaker=NoBreaker(), clock=FakeClock(), max_concurrency=2
    )  # type: ignore[arg-type]
    usage = Usage()
    await asyncio.gather(*(model.complete(HELLO, usage) for _ in range(6)))
    assert peak == 2
    assert usage.model_calls == 6 and usage.prompt_tokens > 0  # estimated at 3.2 chars/token


def test_retry_after_reads_milliseconds_seconds_and_dates() -> None:
    clock = FakeClock(datetime(2026, 11, 17, 9, 0, tzinfo=UTC))
    assert retry_after_s({"retry-after-ms": "1500", "retry-after": "9"}) == 1.5
    assert retry_after_s({"retry-after": "9"}) == 9.0
    assert retry_after_s({"retry-after": "Tue, 17 Nov 2026 09:00:30 GMT"}, clock) == 30.0
    assert retry_after_s({"retry-after": "soon"}, clock) is None
    assert retry_after_s({}) is None


def test_api_key_falls_back_to_openai_api_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-openai-env")
    assert load_settings().llm.api_key.get_secret_value() == "sk-from-openai-env"  # type: ignore[union-attr]
    monkeypatch.setenv("MEMORYD_LLM__API_KEY", "sk-memoryd")
    assert load_settings().llm.api_key.get_secret_value() == "sk-memoryd"  # type: ignore[union-attr]
    monkeypatch.delenv("OPENAI_API_KEY")
    monkeypatch.delenv("MEMORYD_LLM__API_KEY")
    assert load_settings().llm.api_key is None


async def test_auto_picks_the_llm_when_one_is_configured_else_rules() -> None:
    plain = load_settings()
    assert isinstance(make_extractor(plain), RulesExtractor)
    configured = load_settings(llm={"model": "m", "base_url": "http://127.0.0.1:9/v1"})
    extractor = make_extractor(configured)
    assert isinstance(extractor, LLMExtractor)
    await extractor.aclose()
    rules = load_settings(extraction={"extractor": "rules"}, llm={"model": "m", "api_key": "k"})
    assert isinstance(make_extractor(rules), RulesExtractor)
    with pytest.raises(ConfigError, match="MEMORYD_LLM__MODEL"):
        make_extractor(load_settings(extraction={"extractor": "llm"}))


class _OpensAfter(NoBreaker):
    """The provider's breaker, opened by other workers after ``calls`` calls of this run."""

    def __init__(self, calls: int) -> None:
        self.left = calls

    async def acquire(self) -> bool:
        if self.left == 0:
            raise ProviderUnavailable("the provider's breaker is open", retry_after_s=5)
        self.left -= 1
        return False


@pytest.mark.parametrize("calls_before", [1, 0])
async def test_a_breaker_opening_mid_run_keeps_what_the_run_spent(
    fake_llm: FakeLLM, calls_before: int
) -> None:
    """No call is made once the breaker is open, but the calls before it were: the error
    carries their usage, so the run is recorded with them (none spent: no usage)."""
    settings = LLMSettings(base_url=fake_llm.base_url, model="fake-model", timeout_s=2)
    model = ModelClient(
        open_client(settings),
        model="fake-model",
        breaker=_OpensAfter(calls_before),
        clock=FakeClock(),
        max_concurrency=1,
    )
    fake_llm.script([text("first")])
    spent = Usage()
    try:
        for _ in range(calls_before):
            await model.complete(HELLO, spent)
        with pytest.raises(ProviderUnavailable) as caught:
            await model.complete(HELLO, spent)
    finally:
        await model.client.close()
    assert spent.model_calls == fake_llm.calls == calls_before
    assert caught.value.usage is (spent if calls_before else None)


async def test_structured_answers_step_down_only_on_a_400_naming_response_format(
    client: ModelClient, fake_llm: FakeLLM
) -> None:
    """A 400 about something else is the request's fault and is raised as it is; one naming
    ``response_format`` steps down (json_schema, json_object, none), each level refused
    once, and the client remembers the level; a request without a schema sends none."""
    schema = {"type": "object", "properties": {}, "required": [], "additionalProperties": False}
    fake_llm.script([error(400, "context too long")])
    with pytest.raises(ModelRefused):
        await client.complete(HELLO, Usage(), schema=schema)
    assert client.structured == "json_schema"
    fake_llm.style = "no_response_format"
    usage = Usage()
    await client.complete(HELLO, usage, schema=schema)
    await client.complete(HELLO, usage, schema=schema)
    await client.complete(HELLO, usage)
    sent = [r.get("response_format", {}).get("type") for r in fake_llm.requests[1:]]
    assert sent == ["json_schema", "json_object", None, None, None]
    assert (client.structured, usage.model_calls) == ("none", 5)


async def test_concurrent_first_structured_requests_wait_for_one_probe(
    client: ModelClient, fake_llm: FakeLLM
) -> None:
    """Eight runs starting together on an endpoint refusing ``response_format``: one probe
    (two refusals), then every request goes without it."""
    fake_llm.style = "no_response_format"
    usage = Usage()
    schema = {"type": "object"}
    await asyncio.gather(*(client.complete(HELLO, usage, schema=schema) for _ in range(8)))
    assert fake_llm.served == {"error": 2, "tool_calls": 8}
    assert usage.model_calls == 10
