"""The fake model server under test, and the real `openai` client that talks to it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import openai
import pytest

from daemon.testing.fakellm import (
    FakeLLM,
)

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
