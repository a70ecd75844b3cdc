"""The fake model server, driven by the real `openai` client over real HTTP."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from typing import Any

import openai
import pytest

from daemon.testing.fakellm import (
    FakeLLM,
    ScriptedPolicy,
    canonical_prompt,
    drop,
    error,
    estimate_tokens,
    malformed_json,
    memory_done,
    memory_search,
    memory_write,
    text,
    timeout,
    tool_calls,
    tool_results,
    tool_schemas,
)
from daemon.testing.fakellm.accounting import PrefixCache, block_hashes

pytest_plugins = ("daemon.testing.fakellm.pytest_plugin",)

HELLO: list[Any] = [{"role": "user", "content": "hello"}]


@pytest.fixture
async def fake() -> AsyncIterator[FakeLLM]:
    async with FakeLLM() as server:
        yield server


@pytest.fixture
async def client(fake: FakeLLM) -> AsyncIterator[openai.AsyncOpenAI]:
    async with openai.AsyncOpenAI(base_url=fake.base_url, api_key="test", max_retries=0) as c:
        yield c


async def ask(client: openai.AsyncOpenAI, messages: Any = HELLO, **kwargs: Any) -> Any:
    return await client.chat.completions.create(model="fake-model", messages=messages, **kwargs)


async def test_scripted_tool_calls_arrive_as_tool_calls(fake: FakeLLM, client: Any) -> None:
    fake.script(
        [
            tool_calls(
                [
                    memory_search("editor"),
                    memory_write("user", "Editor", "Uses vim", class_="durable"),
                    ("memory_delete", {"id": "m1", "reason": "stale"}, "call_given"),
                ]
            )
        ]
    )
    reply = await ask(client, tools=tool_schemas())
    choice = reply.choices[0]
    calls = choice.message.tool_calls
    assert choice.finish_reason == "tool_calls"
    assert [c.function.name for c in calls] == ["memory_search", "memory_write", "memory_delete"]
    assert [c.id for c in calls] == ["call_1", "call_2", "call_given"]
    assert json.loads(calls[0].function.arguments) == {"query": "editor"}
    written = json.loads(calls[1].function.arguments)
    assert written == {"type": "user", "title": "Editor", "content": "Uses vim", "class": "durable"}


async def test_text_reply_and_default_policy(fake: FakeLLM, client: Any) -> None:
    """A scripted text comes first; with the script empty the policy answers memory_done."""
    fake.script([text("nothing to keep")])
    first, second = await ask(client), await ask(client)
    assert first.choices[0].message.content == "nothing to keep"
    assert first.choices[0].finish_reason == "stop"
    assert second.choices[0].message.tool_calls[0].function.name == "memory_done"
    assert fake.served == {"text": 1, "tool_calls": 1}


async def test_malformed_tool_arguments_arrive_verbatim(fake: FakeLLM, client: Any) -> None:
    fake.script([tool_calls([("memory_write", '{"type": "user", "title": ')])])
    reply = await ask(client)
    assert reply.choices[0].message.tool_calls[0].function.arguments == '{"type": "user", "title": '


async def test_429_is_rate_limit_error_with_retry_after(fake: FakeLLM, client: Any) -> None:
    fake.script([error(429, "slow down", retry_after=2)])
    with pytest.raises(openai.RateLimitError) as caught:
        await ask(client)
    assert caught.value.response.headers["retry-after"] == "2"
    assert caught.value.code == "rate_limit_exceeded"


@pytest.mark.parametrize(
    ("status", "exception"),
    [
        (400, openai.BadRequestError),
        (401, openai.AuthenticationError),
        (500, openai.InternalServerError),
        (503, openai.InternalServerError),
    ],
)
async def test_error_statuses_map_to_openai_errors(
    fake: FakeLLM, client: Any, status: int, exception: type[Exception]
) -> None:
    fake.script([error(status, "no")])
    with pytest.raises(exception, match="no"):
        await ask(client)


async def test_timeout_is_api_timeout_error_and_stop_does_not_wait() -> None:
    started = time.monotonic()
    async with (
        FakeLLM() as fake,
        openai.AsyncOpenAI(base_url=fake.base_url, api_key="test", max_retries=0) as client,
    ):
        fake.script([timeout(30)])
        with pytest.raises(openai.APITimeoutError):
            await ask(client, timeout=0.2)
    assert time.monotonic() - started < 2


async def test_drop_is_api_connection_error(fake: FakeLLM, client: Any) -> None:
    fake.script([drop()])
    with pytest.raises(openai.APIConnectionError):
        await ask(client)
    assert (await ask(client)).choices[0].message.tool_calls  # the client reconnects


async def test_malformed_json_body_fails_to_parse(fake: FakeLLM, client: Any) -> None:
    """openai raises the bare json.JSONDecodeError (a ValueError), not an APIError."""
    fake.script([malformed_json()])
    with pytest.raises(ValueError, match="line 1"):
        await ask(client)


async def test_stream_is_refused_without_consuming_the_script(fake: FakeLLM, client: Any) -> None:
    fake.script([text("kept")])
    with pytest.raises(openai.BadRequestError, match="stream"):
        await ask(client, stream=True)
    assert fake.pending == 1


async def test_models_are_listed(client: Any) -> None:
    models = await client.models.list()
    assert [m.id for m in models.data] == ["fake-model"]


async def test_requests_are_recorded(fake: FakeLLM, client: Any) -> None:
    await ask(client, tools=tool_schemas(), temperature=0)
    await ask(client, messages=[{"role": "user", "content": "again"}])
    assert fake.calls == 2
    first, second = fake.requests
    assert first["messages"] == HELLO
    assert first["temperature"] == 0
    assert [t["function"]["name"] for t in first["tools"]][-1] == "memory_done"
    assert second["messages"][0]["content"] == "again"


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


async def test_concurrent_requests_wait_side_by_side(fake: FakeLLM, client: Any) -> None:
    fake.latency_s = 0.2
    started = time.monotonic()
    replies = await asyncio.gather(*(ask(client) for _ in range(50)))
    elapsed = time.monotonic() - started
    assert len(replies) == 50 and fake.calls == 50
    assert 0.2 <= elapsed < 2.5


async def test_fault_injection_is_seeded_and_keeps_the_script(client: Any, fake: FakeLLM) -> None:
    async def outcomes(seed: int) -> list[str]:
        fake.reset()
        fake.fail_rate(0.5, kinds=("429", "500"), seed=seed)
        fake.script([text("scripted")])
        seen = []
        for _ in range(12):
            try:
                seen.append((await ask(client)).choices[0].finish_reason)
            except openai.APIStatusError as exc:
                seen.append(str(exc.status_code))
        return seen

    first, again = await outcomes(7), await outcomes(7)
    assert first == again
    assert {"429", "500"} <= set(first)
    served = [outcome for outcome in first if outcome not in ("429", "500")]
    assert served == ["stop"] + ["tool_calls"] * (len(served) - 1)  # the script, then policy


async def test_injected_drops_and_bad_fault_kinds(fake: FakeLLM, client: Any) -> None:
    fake.fail_rate(1.0, kinds=("drop",))
    with pytest.raises(openai.APIConnectionError):
        await ask(client)
    with pytest.raises(ValueError, match="unknown fault kind"):
        fake.fail_rate(0.1, kinds=("200",))
    fake.fail_rate(0)
    assert (await ask(client)).choices[0].message.tool_calls


async def test_latency_applies_to_each_request(fake: FakeLLM, client: Any) -> None:
    fake.latency_s = 0.15
    started = time.monotonic()
    await ask(client)
    assert time.monotonic() - started >= 0.15


async def test_api_key_is_checked_when_configured() -> None:
    async with FakeLLM(api_key="right") as fake:
        for key, outcome in (("wrong", openai.AuthenticationError), ("right", None)):
            async with openai.AsyncOpenAI(base_url=fake.base_url, api_key=key, max_retries=0) as c:
                if outcome is None:
                    assert (await ask(c)).choices
                else:
                    with pytest.raises(outcome):
                        await ask(c)


async def test_scripted_policy_answers_by_conversation_turn(fake: FakeLLM, client: Any) -> None:
    fake.policy = ScriptedPolicy([tool_calls([memory_search("x")]), text("written")])
    opening = await ask(client)
    call = opening.choices[0].message.tool_calls[0]
    follow_up = [
        *HELLO,
        opening.choices[0].message.model_dump(exclude_none=True),
        {"role": "tool", "tool_call_id": call.id, "content": "[]"},
    ]
    assert (await ask(client)).choices[0].message.tool_calls[0].function.name == "memory_search"
    assert (await ask(client, follow_up)).choices[0].message.content == "written"
    assert tool_results(fake.requests[-1]) == [follow_up[-1]]


async def test_a_failing_policy_answers_500(fake: FakeLLM, client: Any) -> None:
    def broken(_body: dict[str, Any]) -> Any:
        raise KeyError("oops")

    fake.policy = broken
    with pytest.raises(openai.InternalServerError, match="KeyError"):
        await ask(client)
    assert len(fake.policy_errors) == 1


def test_sync_client_and_plugin_fixture(fake_llm: FakeLLM) -> None:
    fake_llm.script([tool_calls([memory_done()])])
    with openai.OpenAI(base_url=fake_llm.base_url, api_key="test", max_retries=0) as client:
        reply = client.chat.completions.create(model="fake-model", messages=HELLO)
    assert reply.choices[0].message.tool_calls
    assert fake_llm.calls == 1 and fake_llm.pending == 0


ANSWER = {"operations": [{"action": "create", "type": "user", "title": "T", "content": "C."}]}
SCHEMA_FORMAT = {
    "type": "json_schema",
    "json_schema": {
        "name": "ops",
        "strict": True,
        "schema": {
            "type": "object",
            "properties": {
                "operations": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {"action": {"type": "string"}, "id": {"type": "null"}},
                        "required": ["action", "id"],
                    },
                }
            },
            "required": ["operations"],
        },
    },
}


async def styled(client: Any, style: str, **kwargs: Any) -> Any:
    return await client.chat.completions.create(
        model=f"fake-model@{style}", messages=HELLO, **kwargs
    )


@pytest.mark.parametrize(
    ("style", "shaped"),
    [
        ("plain", lambda c: json.loads(c) == ANSWER),
        ("fenced_json", lambda c: c.startswith("```json\n") and json.loads(c[8:-4]) == ANSWER),
        ("prose_then_json", lambda c: not c.startswith("{") and json.dumps(ANSWER) in c),
        (
            "other_keys",
            lambda c: json.loads(c) == {"memories": [{"kind": "user", "title": "T", "text": "C."}]},
        ),
        ("string_args", lambda c: json.loads(json.loads(c)["operations"]) == ANSWER["operations"]),
        ("schema", lambda c: "memories" in json.loads(c)),  # no schema asked: its own keys
    ],
)
async def test_a_model_style_shapes_the_json_answer(
    fake: FakeLLM, client: Any, style: str, shaped: Any
) -> None:
    """The style is chosen by the model name's ``@style``; a text that is not JSON stays."""
    fake.script([text(json.dumps(ANSWER)), text("not json")])
    first = await styled(client, style)
    assert shaped(first.choices[0].message.content)
    second = await styled(client, style)
    assert second.choices[0].message.content == "not json"


async def test_the_schema_style_keeps_strictly_to_a_json_schema(fake: FakeLLM, client: Any) -> None:
    fake.script([text(json.dumps(ANSWER))])
    reply = await styled(client, "schema", response_format=SCHEMA_FORMAT)
    assert json.loads(reply.choices[0].message.content) == {
        "operations": [{"action": "create", "id": None}]
    }


async def test_tool_call_styles_encode_twice_or_write_text(fake: FakeLLM, client: Any) -> None:
    args = {"type": "user", "title": "T", "content": "C."}
    fake.style = "string_args"  # the server-wide style, for models naming none
    fake.script([tool_calls([memory_write("user", "T", "C."), memory_done()])] * 2)
    reply = await ask(client)
    wrapped = reply.choices[0].message.tool_calls[0].function.arguments
    assert json.loads(json.loads(wrapped)) == args
    reply = await styled(client, "text_instead_of_tools")
    assert reply.choices[0].message.tool_calls is None
    assert json.loads(reply.choices[0].message.content) == {
        "tool_calls": [
            {"name": "memory_write", "arguments": args},
            {"name": "memory_done", "arguments": {}},
        ]
    }
    fake.reset()
    assert fake.style == "plain"


async def test_endpoint_styles_refuse_response_format_without_consuming_the_script(
    fake: FakeLLM, client: Any
) -> None:
    fake.script([text("{}")])
    with pytest.raises(openai.BadRequestError, match="response_format"):
        await styled(client, "no_response_format", response_format={"type": "json_object"})
    with pytest.raises(openai.BadRequestError, match="json_schema"):
        await styled(client, "json_object_only", response_format=SCHEMA_FORMAT)
    reply = await styled(client, "json_object_only", response_format={"type": "json_object"})
    assert reply.choices[0].message.content == "{}"
    with pytest.raises(openai.NotFoundError):
        await styled(client, "no_such_style")
    with pytest.raises(ValueError, match="unknown model style"):
        FakeLLM(style="no_such_style")
