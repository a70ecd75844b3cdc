"""The host kit as a pydantic-ai history processor (the ``pydantic-ai`` extra).

pydantic-ai runs a history processor before every model request
(``Agent(model, capabilities=[ProcessHistory(processor)])``; before version 2,
``Agent(model, history_processors=[processor])``). :class:`KitHistoryProcessor` is one: it
turns pydantic-ai's messages into the kit's (the OpenAI chat format), runs a
:class:`~daemon.host.pipeline.ContextPipeline` on them, and turns the result back:

- a request's parts become one message each: a system prompt a ``system`` message, a user
  prompt a ``user`` one (its text; other content as markers), a tool return a ``tool`` one,
  a retry prompt a ``tool`` one when it answers a call and a ``user`` one else;
- a response becomes one ``assistant`` message: its text, its tool calls, its thinking as
  ``reasoning_content``.

Each kit message carries the index of the part (or response) it came from under
:data:`ORIGIN`, which the stages keep when they replace a message, so the way back is exact:
a message a stage left alone gives back its part itself; a tool result the stages cut,
deduplicated or pruned gives back its part with the new text as content; an assistant
message that sanitizing left with fewer tool calls gives back its response with those calls
only; a message the kit added (a compaction's summary) becomes a request with a user prompt.
Consecutive parts of one request stay one request. Parts the kit cannot read (files, other
request parts) count by their markers and come back as they were.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Sequence
from typing import Any, cast

from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    ModelRequestPart,
    ModelResponse,
    RetryPromptPart,
    SystemPromptPart,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolReturnPart,
    UserPromptPart,
)

from daemon.host.budget import Budget
from daemon.host.pipeline import ContextPipeline, PipelineResult
from daemon.host.tokens import Message

ORIGIN = "pydantic_ai_origin"
"""The key of a kit message that says where in pydantic-ai's history it came from."""

Origin = tuple[int, int | None]
"""A message's index in the history, and the index of its part (None for a response)."""


class KitHistoryProcessor:
    """A pydantic-ai history processor that runs ``pipeline`` within ``window`` (see the
    module); one per conversation, as the pipeline. ``system`` and ``tools`` are counted
    with the request (the agent sends them besides the history). The last result is kept
    (:attr:`last`), for its compaction event."""

    def __init__(
        self,
        pipeline: ContextPipeline,
        window: int | Budget,
        *,
        system: str = "",
        tools: Sequence[dict[str, Any]] = (),
        session_id: str | None = None,
    ) -> None:
        self.pipeline, self.window = pipeline, window
        self.system, self.tools, self.session_id = system, list(tools), session_id
        self.last: PipelineResult | None = None
        self._converted: dict[int, _Converted] = {}

    async def __call__(self, messages: list[ModelMessage]) -> list[ModelMessage]:
        kit = self._to_kit(messages)
        self.last = await self.pipeline.run(
            kit,
            window=self.window,
            tools=self.tools,
            system=self.system,
            session_id=self.session_id,
            current_turn=sum(1 for message in kit if message["role"] == "user") or None,
        )
        return from_kit(self.last.messages, messages, kit)

    def _to_kit(self, messages: Sequence[ModelMessage]) -> list[Message]:
        """:func:`to_kit`, each message converted once: the same pydantic-ai message (with
        the same parts) at the same index gives back the same kit messages, which the
        pipeline then knows (:mod:`daemon.host.memo`)."""
        converted: dict[int, _Converted] = {}
        kit: list[Message] = []
        for index, message in enumerate(messages):
            known = self._converted.get(id(message))
            if known is None or not known.of(message, index):
                known = _Converted(message, tuple(message.parts), index, _convert(message, index))
            converted[id(message)] = known
            kit.extend(known.kit)
        self._converted = converted
        return kit


@dataclasses.dataclass(frozen=True, slots=True)
class _Converted:
    """A pydantic-ai message, its parts, its index and its kit messages."""

    message: ModelMessage
    parts: tuple[Any, ...]
    index: int
    kit: list[Message]

    def of(self, message: ModelMessage, index: int) -> bool:
        """Whether this is what ``message`` at ``index`` converts to."""
        return (
            self.message is message
            and self.index == index
            and len(self.parts) == len(message.parts)
            and all(map(operator.is_, self.parts, message.parts))
        )


def to_kit(messages: Sequence[ModelMessage]) -> list[Message]:
    """pydantic-ai's ``messages`` in the kit's format, each marked with its origin."""
    return [kit for index, message in enumerate(messages) for kit in _convert(message, index)]


def _convert(message: ModelMessage, index: int) -> list[Message]:
    if isinstance(message, ModelResponse):
        return [{**_assistant(message), ORIGIN: (index, None)}]
    return [
        {**_request_part(part), ORIGIN: (index, number)}
        for number, part in enumerate(message.parts)
    ]


def _assistant(response: ModelResponse) -> Message:
    texts = [part.content for part in response.parts if isinstance(part, TextPart)]
    thinking = [part.content for part in response.parts if isinstance(part, ThinkingPart)]
    calls = [
        {
            "id": part.tool_call_id,
            "type": "function",
            "function": {"name": part.tool_name, "arguments": part.args_as_json_str()},
        }
        for part in response.parts
        if isinstance(part, ToolCallPart)
    ]
    message: Message = {"role": "assistant", "content": "\n".join(texts) or None}
    if calls:
        message["tool_calls"] = calls
    if thinking:
        message["reasoning_content"] = "\n".join(thinking)
    return message


def _request_part(part: ModelRequestPart) -> Message:
    if isinstance(part, SystemPromptPart):
        return {"role": "system", "content": part.content}
    if isinstance(part, ToolReturnPart):
        return {"role": "tool", "tool_call_id": part.tool_call_id, "content": _returned(part)}
    if isinstance(part, RetryPromptPart):
        if part.tool_name is not None:
            return {"role": "tool", "tool_call_id": part.tool_call_id, "content": _retry(part)}
        return {"role": "user", "content": _retry(part)}
    if isinstance(part, UserPromptPart):
        return {"role": "user", "content": _user_text(part)}
    return {"role": "user", "content": f"[{type(part).__name__}]"}


def _returned(part: ToolReturnPart) -> str:
    return part.model_response_str()


def _retry(part: RetryPromptPart) -> str:
    return part.model_response()


def _user_text(part: UserPromptPart) -> str:
    if isinstance(part.content, str):
        return part.content
    return "\n".join(
        item if isinstance(item, str) else f"[{type(item).__name__}]" for item in part.content
    )


def from_kit(
    kit: Sequence[Message],
    messages: Sequence[ModelMessage],
    sent: Sequence[Message] | None = None,
) -> list[ModelMessage]:
    """The kit's output ``kit`` as pydantic-ai messages, ``messages`` being what the kit's
    input ``sent`` came from (see the module)."""
    if sent is None:
        sent = to_kit(messages)
    before: dict[Origin, Message] = {message[ORIGIN]: message for message in sent}
    output: list[ModelMessage] = []
    parts: list[ModelRequestPart] = []
    request: int | None = None

    def close() -> None:
        if parts and request is not None:
            original = messages[request]
            assert isinstance(original, ModelRequest)
            same = len(parts) == len(original.parts) and all(
                map(operator.is_, parts, original.parts)
            )
            output.append(original if same else dataclasses.replace(original, parts=list(parts)))
        parts.clear()

    for message in kit:
        origin: Origin | None = message.get(ORIGIN)
        if origin is None:  # added by the kit: a compaction's summary
            close()
            request = None
            output.append(ModelRequest(parts=[UserPromptPart(str(message.get("content") or ""))]))
            continue
        index, number = origin
        if number is None:
            close()
            request = None
            output.append(_response(messages[index], message, before[origin]))
            continue
        if index != request:
            close()
            request = index
        original = messages[index]
        assert isinstance(original, ModelRequest)
        parts.append(_part(original.parts[number], message, before[origin]))
    close()
    return output


def _response(original: ModelMessage, now: Message, then: Message) -> ModelMessage:
    """The response a kit message gives back: the same, or without the calls it lost."""
    assert isinstance(original, ModelResponse)
    if now.get("tool_calls") == then.get("tool_calls"):
        return original
    kept = {str(call.get("id")) for call in now.get("tool_calls") or ()}
    parts = [
        part
        for part in original.parts
        if not isinstance(part, ToolCallPart) or part.tool_call_id in kept
    ]
    return dataclasses.replace(original, parts=parts)


def _part(original: ModelRequestPart, now: Message, then: Message) -> ModelRequestPart:
    """The request part a kit message gives back: the same, or with the text the stages
    left of it."""
    if now.get("content") == then.get("content"):
        return original
    content = now.get("content")
    text = content if isinstance(content, str) else str(content)
    if isinstance(original, (ToolReturnPart, RetryPromptPart, UserPromptPart, SystemPromptPart)):
        part: Any = original  # each of these keeps its text as ``content``
        return cast(ModelRequestPart, dataclasses.replace(part, content=text))
    return original
