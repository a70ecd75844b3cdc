"""The fake model server over real HTTP, driven by the real `openai` client: scripted
replies, faults, latency on its clock, what it recorded."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import openai
import pytest

from daemon.base.clock import FakeClock
from daemon.testing.fakellm import (
    FakeLLM,
    drop,
    error,
    malformed_json,
    memory_search,
    memory_write,
    text,
    timeout,
    tool_calls,
    tool_schemas,
)
from tests.testing.fakellm.conftest import HELLO, ask


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


class HeldClock(FakeClock):
    """A clock whose ``sleep`` records what it was asked and returns only once ``release``
    sleepers wait at the same time (never, if ``release`` is 0). It runs on the server's
    loop: a test reads ``asked`` and ``most_at_once`` after the requests are answered."""

    def __init__(self, release: int = 0) -> None:
        super().__init__()
        self.release = release
        self.asked: list[float] = []
        self.waiting = self.most_at_once = 0
        self._all_here: asyncio.Event | None = None

    async def sleep(self, seconds: float) -> None:
        self._all_here = self._all_here or asyncio.Event()
        self.asked.append(seconds)
        self.waiting += 1
        self.most_at_once = max(self.most_at_once, self.waiting)
        if self.waiting == self.release:
            self._all_here.set()
        try:
            await self._all_here.wait()
        finally:
            self.waiting -= 1


async def test_timeout_is_api_timeout_error_and_stop_does_not_wait() -> None:
    """The stall is the clock's sleep, which here never ends: stopping the server cancels
    it rather than waiting for it (a stop that waited would never return)."""
    clock = HeldClock()
    fake = await asyncio.to_thread(FakeLLM(clock=clock).start)
    async with openai.AsyncOpenAI(base_url=fake.base_url, api_key="test", max_retries=0) as client:
        fake.script([timeout(30)])
        with pytest.raises(openai.APITimeoutError):
            await ask(client, timeout=0.2)
    await asyncio.wait_for(asyncio.to_thread(fake.stop), timeout=10)  # a hang's guard only
    assert clock.asked == [30]


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


async def test_concurrent_requests_wait_side_by_side() -> None:
    """Each request's latency is a sleep of its own: the clock lets the sleepers go only
    once all 50 wait at the same time, which requests served one by one never reach."""
    clock = HeldClock(release=50)
    async with (
        FakeLLM(clock=clock, latency_s=0.2) as fake,
        openai.AsyncOpenAI(base_url=fake.base_url, api_key="test", max_retries=0) as client,
    ):
        replies = await asyncio.wait_for(asyncio.gather(*(ask(client) for _ in range(50))), 30)
        assert len(replies) == 50 and fake.calls == 50
    assert clock.asked == [0.2] * 50 and clock.most_at_once == 50


async def test_latency_applies_to_each_request() -> None:
    clock = FakeClock()
    async with (
        FakeLLM(clock=clock, latency_s=0.15) as fake,
        openai.AsyncOpenAI(base_url=fake.base_url, api_key="test", max_retries=0) as client,
    ):
        await ask(client)
        assert clock.monotonic() == pytest.approx(0.15)
        await ask(client)
        assert clock.monotonic() == pytest.approx(0.30)
        fake.latency_s = 0
        await ask(client)
        assert clock.monotonic() == pytest.approx(0.30)


async def test_api_key_is_checked_when_configured() -> None:
    async with FakeLLM(api_key="right") as fake:
        for key, outcome in (("wrong", openai.AuthenticationError), ("right", None)):
            async with openai.AsyncOpenAI(base_url=fake.base_url, api_key=key, max_retries=0) as c:
                if outcome is None:
                    assert (await ask(c)).choices
                else:
                    with pytest.raises(outcome):
                        await ask(c)


async def test_a_failing_policy_answers_500(fake: FakeLLM, client: Any) -> None:
    def broken(_body: dict[str, Any]) -> Any:
        raise KeyError("oops")

    fake.policy = broken
    with pytest.raises(openai.InternalServerError, match="KeyError"):
        await ask(client)
    assert len(fake.policy_errors) == 1
