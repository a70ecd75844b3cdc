"""The kit as a pydantic-ai history processor: an agent run turn after turn on a function
model (no network) sends the history the stages reduced, and gets its answers back."""

from __future__ import annotations

import pytest

pytest.importorskip("pydantic_ai")

from pydantic_ai import Agent
from pydantic_ai.capabilities import ProcessHistory
from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    ModelResponse,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
    UserPromptPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel

from daemon.base.settings import HostSettings
from daemon.host.adapters.pydantic_ai import KitHistoryProcessor, from_kit, to_kit
from daemon.host.budget import Budget
from daemon.host.pipeline import ContextPipeline, Stages
from daemon.host.tokens import conversation_tokens, estimator
from daemon.host.truncation import MemoryOutputStore

FILES = {
    "build.log": "".join(f"step {n}: compiled module_{n}.o in 0.{n % 10}s\n" for n in range(4000)),
    "ledger/rounding.py": "".join(f"def round_{n}(x):\n    return x  # {n}\n" for n in range(600)),
}
#: What the model does on each turn: the files it reads, then its answer.
SCRIPT = {
    "Why does the build fail?": ["build.log"],
    "Show me the rounding module.": ["ledger/rounding.py"],
    "Read it again, I changed nothing.": ["ledger/rounding.py"],
    "Thanks, that is all.": [],
}


class ScriptedModel:
    """Reads each turn's files one call at a time, then answers; keeps every request."""

    def __init__(self) -> None:
        self.requests: list[list[ModelMessage]] = []

    def __call__(self, messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        self.requests.append(list(messages))
        prompt = _last_prompt(messages)
        reads = SCRIPT[prompt]
        done = _reads_since_prompt(messages)
        if done < len(reads):
            call = ToolCallPart(
                "read_file", {"path": reads[done]}, tool_call_id=f"c{len(self.requests)}"
            )
            return ModelResponse(parts=[call])
        return ModelResponse(parts=[TextPart(f"Done with: {prompt}")])


def _last_prompt(messages: list[ModelMessage]) -> str:
    for message in reversed(messages):
        for part in message.parts:
            if isinstance(part, UserPromptPart) and part.content in SCRIPT:
                return str(part.content)
    raise AssertionError("no prompt")


def _reads_since_prompt(messages: list[ModelMessage]) -> int:
    count = 0
    for message in reversed(messages):
        parts = message.parts
        if any(isinstance(p, UserPromptPart) and p.content in SCRIPT for p in parts):
            return count
        count += sum(isinstance(part, ToolReturnPart) for part in parts)
    return count


def _texts(messages: list[ModelMessage]) -> list[str]:
    return [
        str(part.content)
        for message in messages
        for part in message.parts
        if isinstance(part, ToolReturnPart)
    ]


async def test_an_agent_sends_the_history_the_stages_reduced_within_its_budget() -> None:
    settings = HostSettings()
    budget = Budget.of(60_000, settings)
    count = estimator(settings.chars_per_token)
    pipeline = ContextPipeline(
        settings,
        Stages.standard(MemoryOutputStore(), settings, budget=budget, count=count),
        count=count,
    )
    processor = KitHistoryProcessor(pipeline, budget)
    model = ScriptedModel()
    agent = Agent(FunctionModel(model), capabilities=[ProcessHistory(processor)])

    @agent.tool_plain
    def read_file(path: str) -> str:
        """Read a file of the repository."""
        return FILES[path]

    history: list[ModelMessage] = []
    for prompt in SCRIPT:
        result = await agent.run(prompt, message_history=history)
        assert result.output == f"Done with: {prompt}"
        history = result.all_messages()

    last = model.requests[-1]
    sent = _texts(last)
    assert any("[Output truncated:" in text and "grep it" in text for text in sent)
    assert sum(text.startswith("[Deduplicated read_file ledger/rounding.py") for text in sent) == 1
    assert sent[-1] == FILES["ledger/rounding.py"]  # the later read is kept whole
    for request in model.requests:
        assert conversation_tokens(to_kit(request), count) <= budget.usable
    assert processor.last is not None and processor.last.tokens_after <= budget.usable


def test_messages_the_stages_left_alone_come_back_as_they_were() -> None:
    messages: list[ModelMessage] = [
        ModelRequest(parts=[UserPromptPart("Read it.")]),
        ModelResponse(
            parts=[
                TextPart("Reading."),
                ToolCallPart("read_file", {"path": "a.py"}, tool_call_id="c1"),
            ]
        ),
        ModelRequest(parts=[ToolReturnPart("read_file", "x = 1\n", tool_call_id="c1")]),
    ]
    kit = to_kit(messages)

    assert [m["role"] for m in kit] == ["user", "assistant", "tool"]
    assert kit[1]["tool_calls"][0]["function"]["arguments"] == '{"path":"a.py"}'
    back = from_kit(kit, messages)
    assert all(new is old for new, old in zip(back, messages, strict=True))
    changed = [*kit[:2], {**kit[2], "content": "[Deduplicated read_file a.py: why.]"}]
    (_, _, request) = from_kit(changed, messages)
    assert isinstance(request, ModelRequest)
    assert request.parts[0].content == "[Deduplicated read_file a.py: why.]"
    assert messages[2].parts[0].content == "x = 1\n"  # the input is not changed
