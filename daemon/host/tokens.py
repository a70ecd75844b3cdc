"""Counting a context's tokens: estimated from characters unless a tokenizer is plugged in.

The source systems estimate rather than tokenize (a tokenizer per model is slow and often
unknown to the host): 3.2 characters a token by default. A message costs its text (content
parts, tool calls' names and arguments, a reasoning block) plus a few tokens of framing; tool
schemas cost their JSON. A host with a tokenizer passes any callable from text to a count.

A :class:`CachedCounter` is a counter that also remembers each message's tokens by the
message's identity (:mod:`daemon.host.memo`): :func:`message_tokens` and
:func:`conversation_tokens` given one count a message once, however many calls and stages
see it again.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from daemon.host.memo import EMPTY, IdentityMemo, Shape, Shapes, shape, shared

Message = dict[str, Any]
"""One message in the OpenAI chat format."""

Counter = Callable[[str], int]
"""Tokens of a text."""

#: Tokens of a message's framing (role, separators), as providers count them.
FRAMING_TOKENS = 4


def estimator(chars_per_token: float = 3.2) -> Counter:
    """A counter that estimates ``len(text) / chars_per_token``, rounded up."""
    if chars_per_token <= 0:
        raise ValueError(f"chars_per_token must be positive, not {chars_per_token}")

    def count(text: str) -> int:
        return math.ceil(len(text) / chars_per_token)

    return count


class CachedCounter:
    """A counter (``count(text)``) that remembers the tokens of the messages it counted, by
    identity (see the module): a host passes a new dictionary for a changed message, and a
    message whose content is replaced in place is counted again."""

    def __init__(self, count: Counter) -> None:
        self.count = count
        self._tokens: IdentityMemo[int] = IdentityMemo()
        self._shapes = Shapes()
        self._last_shape: Shape = EMPTY
        self._last_totals: list[int] = []

    def __call__(self, text: str) -> int:
        return self.count(text)

    @contextmanager
    def call(self) -> Iterator[None]:
        """The scope of one pipeline call, in which no message changes in place: the lists
        it counts and shapes are then read from where they part from the one before
        (:class:`~daemon.host.memo.Shapes`)."""
        with self._shapes.call():
            yield

    def shape(self, messages: Sequence[Mapping[str, Any]]) -> Shape:
        """The shape of ``messages`` (:func:`~daemon.host.memo.shape`), within a call read
        from where they part from the list shaped before."""
        return self._shapes.of(messages)

    def message(self, message: Mapping[str, Any]) -> int:
        """Tokens of ``message``, framing included."""
        tokens = self._tokens.get(message, -1)
        if tokens < 0:
            tokens = self._tokens.put(message, self.count(message_text(message)) + FRAMING_TOKENS)
        return tokens

    def messages(self, messages: Sequence[Mapping[str, Any]]) -> int:
        """Tokens of ``messages``.

        The list counted last is kept (each message with its content and tool calls, and
        the running totals), so that a list that starts with it, as the next call's history
        and the next stage's input usually do, is counted from where they part; that part is
        found by comparing the lists at C speed (a message the same object, or an equal
        one)."""
        if not messages:
            return 0  # the list counted last stays (a request's system prompt and tools alone)
        now = self.shape(messages)
        common = shared(now, self._last_shape)
        totals = self._last_totals[:common]
        start = totals[-1] if totals else 0
        tail = messages[common:]
        self._tokens.expect(len(messages))
        counts = self._tokens.values(tail, -1)
        if -1 in counts:  # the new messages
            counts = [
                known if known >= 0 else self.message(message)
                for message, known in zip(tail, counts, strict=True)
            ]
        totals.extend(itertools.accumulate(counts, initial=start))
        del totals[common]  # the initial value, already there (or 0 for an empty prefix)
        self._last_shape, self._last_totals = now, totals
        return totals[-1] if totals else 0


def cached(count: Counter) -> CachedCounter:
    """``count`` remembering each message's tokens (itself when it already does)."""
    return count if isinstance(count, CachedCounter) else CachedCounter(count)


def shape_of(messages: Sequence[Mapping[str, Any]], count: Counter) -> Shape:
    """The shape of ``messages``, through ``count`` when it is a :class:`CachedCounter`
    (within a pipeline call, then, from where they part from the list shaped before)."""
    return count.shape(messages) if isinstance(count, CachedCounter) else shape(messages)


def message_text(message: Mapping[str, Any]) -> str:
    """Everything of ``message`` a model reads, as one text: its content (every text part of
    a list content; a marker for an image or a file), its tool calls' names and arguments,
    its reasoning."""
    parts: list[str] = [content_text(message.get("content"))]
    for call in message.get("tool_calls") or ():
        function = call.get("function") or {}
        parts.append(str(function.get("name") or ""))
        parts.append(str(function.get("arguments") or ""))
    for key in ("reasoning_content", "reasoning", "thinking"):
        if isinstance(message.get(key), str):
            parts.append(message[key])
    return "\n".join(part for part in parts if part)


def content_text(content: Any) -> str:
    """The text of a message's ``content``: a string, or the text of each part of a list
    (an image or another attachment counted by its marker)."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        texts: list[str] = []
        for part in content:
            if isinstance(part, Mapping):
                kind = part.get("type")
                if kind == "text":
                    texts.append(str(part.get("text") or ""))
                elif kind in ("thinking", "reasoning"):
                    texts.append(str(part.get("thinking") or part.get("text") or ""))
                else:
                    texts.append(f"[{kind or 'attachment'}]")
            else:
                texts.append(str(part))
        return "\n".join(texts)
    return str(content)


def message_tokens(message: Mapping[str, Any], count: Counter) -> int:
    """Tokens of one message, framing included."""
    if isinstance(count, CachedCounter):
        return count.message(message)
    return count(message_text(message)) + FRAMING_TOKENS


def conversation_tokens(
    messages: Iterable[Mapping[str, Any]],
    count: Counter,
    *,
    system: str = "",
    tools: Sequence[Mapping[str, Any]] = (),
) -> int:
    """Tokens of a whole model request: the system prompt, the messages and the tool
    schemas."""
    total = count(system) + (FRAMING_TOKENS if system else 0)
    if isinstance(count, CachedCounter):
        total += count.messages(messages if isinstance(messages, Sequence) else list(messages))
    else:
        total += sum(message_tokens(message, count) for message in messages)
    if tools:
        total += count(json.dumps(list(tools), ensure_ascii=False, separators=(",", ":")))
    return total
