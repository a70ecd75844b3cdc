"""LLM compaction's model call: the structured prompt, and the summarizers that answer it.

The replaced messages are sent as one transcript (images, documents and other attachments as
text markers, tool calls as their name and arguments, thinking left out), under a system
prompt that tells the model to summarize and not to answer, in the five sections memoryd's
rolling session summary also has: Goal, Key Decisions, Accomplished, In Progress, Relevant
Files. :class:`ModelSummarizer` sends it to the configured OpenAI-compatible endpoint;
:class:`ScriptedSummarizer` answers from a list, for tests.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

import openai
from openai.types.chat import ChatCompletion

from daemon.base.settings import LLMSettings
from daemon.extraction.llm.client import open_client
from daemon.host.tokens import Message, content_text

#: The sections of a summary, in order (the same as memoryd's session summary).
HEADINGS = ("Goal", "Key Decisions", "Accomplished", "In Progress", "Relevant Files")

SYSTEM_PROMPT = """\
You write the summary that replaces the earlier part of a conversation between a user and \
an agent, so that the agent can go on with the work from the summary alone.

Summarize; do not answer. Do not reply to the user, do not continue the task, do not call \
tools and do not ask questions: write only the summary, in markdown, under exactly these \
five headings in this order:

## Goal
What the user wants done, in one or two sentences.

## Key Decisions
Each decision taken and why, one bullet each.

## Accomplished
What was done, one bullet each, naming the file paths touched.

## In Progress
What was being done when the conversation was cut, and the next step.

## Relevant Files
The paths that matter for the rest of the work, one bullet each.

Keep names, paths, commands and error messages exact. Write "(none)" under a heading with \
nothing to say."""

_REQUEST = (
    "<conversation>\n{transcript}\n</conversation>\n\n"
    "Summarize the conversation above under the five headings. Do not answer it."
)


class Summarizer(Protocol):
    async def summarize(self, messages: list[Message]) -> str:
        """The model's answer to ``messages`` (built by :func:`summary_request`)."""
        ...


def transcript(messages: Iterable[Message]) -> str:
    """The messages as plain text, one block each: ``[role]`` and its text, a tool call as
    ``[tool call name] arguments``, attachments as their markers."""
    blocks: list[str] = []
    for message in messages:
        role = str(message.get("role") or "message")
        label = "tool result" if role == "tool" else role
        text = content_text(message.get("content")).strip()
        if text:
            blocks.append(f"[{label}] {text}")
        for call in message.get("tool_calls") or ():
            function = call.get("function") or {}
            arguments = str(function.get("arguments") or "")
            blocks.append(f"[tool call {function.get('name') or '?'}] {arguments}".rstrip())
    return "\n\n".join(blocks)


def summary_request(messages: Iterable[Message]) -> list[Message]:
    """The two messages a summarizer is sent: the system prompt and the transcript."""
    return [
        {"role": "system", "content": SYSTEM_PROMPT},
        {"role": "user", "content": _REQUEST.format(transcript=transcript(messages))},
    ]


class ModelSummarizer:
    """Summaries from an OpenAI-compatible endpoint (memoryd's LLM settings by default)."""

    def __init__(self, client: openai.AsyncOpenAI, model: str) -> None:
        self.client = client
        self.model = model

    @classmethod
    def of(cls, settings: LLMSettings, **options: Any) -> ModelSummarizer:
        """A summarizer on ``MEMORYD_LLM__*``; ``options`` go to the client (``http_client``)."""
        if not settings.model:
            raise ValueError("LLM compaction needs MEMORYD_LLM__MODEL")
        return cls(open_client(settings, **options), settings.model)

    async def summarize(self, messages: list[Message]) -> str:
        body = {"model": self.model, "messages": messages}
        response = await self.client.post("/chat/completions", body=body, cast_to=ChatCompletion)
        if not response.choices:
            return ""
        return response.choices[0].message.content or ""


class ScriptedSummarizer:
    """Answers in turn from ``answers``; an exception in the list is raised instead. Keeps
    every request it received."""

    def __init__(self, answers: Sequence[str | BaseException] = ()) -> None:
        self.answers = list(answers)
        self.requests: list[list[Message]] = []

    @property
    def calls(self) -> int:
        return len(self.requests)

    async def summarize(self, messages: list[Message]) -> str:
        self.requests.append(messages)
        if not self.answers:
            raise RuntimeError("the scripted summarizer has no answer left")
        answer = self.answers.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        return answer
