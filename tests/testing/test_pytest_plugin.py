"""The pytest plugin hosts enable: ``fake_llm``, one server per session, reset per test."""

from __future__ import annotations

import openai

from daemon.testing.fakellm import (
    FakeLLM,
    memory_done,
    tool_calls,
)
from tests.testing.fakellm.conftest import HELLO


def test_sync_client_and_plugin_fixture(fake_llm: FakeLLM) -> None:
    fake_llm.script([tool_calls([memory_done()])])
    with openai.OpenAI(base_url=fake_llm.base_url, api_key="test", max_retries=0) as client:
        reply = client.chat.completions.create(model="fake-model", messages=HELLO)
    assert reply.choices[0].message.tool_calls
    assert fake_llm.calls == 1 and fake_llm.pending == 0
