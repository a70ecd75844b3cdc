"""The fake OpenAI-compatible model server of the testing kit (`daemon.testing`), whole.

A real HTTP server on 127.0.0.1 (an OS-assigned port) that the real ``openai`` client
talks to: no provider, no API key. Script replies, or set a policy, inject latency and
seeded faults, play the answer shapes of other models (`daemon.testing.fakellm.styles`), and read
back what was sent and what usage was reported::

    async with FakeLLM() as fake, AsyncOpenAI(base_url=fake.base_url, api_key="test") as client:
        fake.script([tool_calls([memory_search("editor")]), text("nothing to keep")])
        reply = await client.chat.completions.create(model="fake-model", messages=[...])
        assert reply.choices[0].message.tool_calls[0].function.name == "memory_search"
        assert fake.calls == 1

``POST /v1/embeddings`` answers deterministic vectors (a hashed bag of words: texts that
share words are close), with its own script and faults: `daemon.testing.fakellm.embeddings`.
Token and prefix-cache accounting rules: see `daemon.testing.fakellm.accounting`.
Run it by hand with ``python -m daemon.testing.fakellm --port 8999 --latency-ms 200``.
"""

from .accounting import canonical_prompt, estimate_tokens
from .embeddings import FakeEmbeddings, fake_vector
from .faults import DEFAULT_KINDS, Faults
from .model import FakeModel
from .protocol import (
    TOOL_NAMES,
    ScriptedPolicy,
    assistant_turns,
    memory_delete,
    memory_done,
    memory_read,
    memory_search,
    memory_write,
    policy_done,
    tool_results,
    tool_schemas,
)
from .replies import (
    Drop,
    Error,
    JSONBody,
    MalformedJson,
    Policy,
    Reply,
    Text,
    Timeout,
    ToolCall,
    ToolCalls,
    drop,
    error,
    malformed_json,
    text,
    timeout,
    tool_call,
    tool_calls,
)
from .server import FakeLLM
from .styles import STYLES

__all__ = [
    "DEFAULT_KINDS",
    "STYLES",
    "TOOL_NAMES",
    "Drop",
    "Error",
    "FakeEmbeddings",
    "FakeLLM",
    "FakeModel",
    "Faults",
    "JSONBody",
    "MalformedJson",
    "Policy",
    "Reply",
    "ScriptedPolicy",
    "Text",
    "Timeout",
    "ToolCall",
    "ToolCalls",
    "assistant_turns",
    "canonical_prompt",
    "drop",
    "error",
    "estimate_tokens",
    "fake_vector",
    "malformed_json",
    "memory_delete",
    "memory_done",
    "memory_read",
    "memory_search",
    "memory_write",
    "policy_done",
    "text",
    "timeout",
    "tool_call",
    "tool_calls",
    "tool_results",
    "tool_schemas",
]
