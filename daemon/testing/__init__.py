"""memoryd's testing kit: a fake OpenAI-compatible model server for hosts' own tests.

An agent host that runs memoryd's LLM extractor, or its own agent next to it, can test
against a real HTTP server that speaks the OpenAI chat completions API, on 127.0.0.1,
without a provider, an API key or the network. It is the server memoryd's own tests,
benchmarks and fixtures use::

    from openai import AsyncOpenAI
    from daemon.testing import FakeLLM, memory_search, text, tool_calls

    async def test_my_agent_searches_then_answers() -> None:
        async with FakeLLM() as fake:                    # a free port, its own thread
            fake.script([tool_calls([memory_search("editor")]), text("vim")])
            client = AsyncOpenAI(base_url=fake.base_url, api_key="test")
            ...                                          # the host's code under test
            assert fake.calls == 2                       # what it received
            assert fake.requests[1]["messages"][-1]["role"] == "tool"

What the server can do, all through `FakeLLM`:

- **script replies**, one per request: `text`, `tool_calls` of `tool_call` (any tool, the
  host's own too) and memoryd's extraction tools (`memory_search`, `memory_read`,
  `memory_write`, `memory_delete`, `memory_done`); past the script a *policy* answers (a
  function of the request body, e.g. `ScriptedPolicy`);
- **inject faults**: scripted `error` (with Retry-After), `timeout`, `drop`,
  `malformed_json`, or a seeded rate of them with ``fake.fail_rate(...)``; latency with
  ``fake.latency_s``, kept on an injectable clock (``FakeLLM(clock=FakeClock())``);
- **read what it received**: ``fake.requests`` (the request bodies), ``fake.calls``,
  ``fake.served`` (by kind), ``fake.pending``, ``fake.policy_errors``, and the usage and
  prefix-cache figures it reported (`daemon.testing.fakellm.accounting`);
- **answer as other models do**: ``FakeLLM(style=...)`` or ``model="fake-model@style"``,
  one of `STYLES`.

With pytest, ``pytest_plugins = ["daemon.testing.pytest_plugin"]`` gives the ``fake_llm``
fixture (install ``memoryd[testing]`` for pytest). For a host in another language:
``python -m daemon.testing.fakellm --port 8999``. The full guide is ``docs/testing.md``.
"""

from .fakellm import (
    STYLES,
    FakeLLM,
    Policy,
    Reply,
    ScriptedPolicy,
    drop,
    error,
    malformed_json,
    memory_delete,
    memory_done,
    memory_read,
    memory_search,
    memory_write,
    text,
    timeout,
    tool_call,
    tool_calls,
)

__all__ = [
    "STYLES",
    "FakeLLM",
    "Policy",
    "Reply",
    "ScriptedPolicy",
    "drop",
    "error",
    "malformed_json",
    "memory_delete",
    "memory_done",
    "memory_read",
    "memory_search",
    "memory_write",
    "text",
    "timeout",
    "tool_call",
    "tool_calls",
]
