"""Sanitizing, the last step before any model call: a conversation a provider accepts, and
the optional measures on the tools near the window's limit.

:func:`sanitize` repairs the messages:

- *Orphans dropped.* The results of an assistant message's tool calls are the tool messages
  right after it. A tool call with no result there is removed from ``tool_calls`` (and the
  assistant message with it when nothing else is left of it, with the thinking block that
  only preceded it); a tool result that answers no call there (or a call already answered)
  is dropped. Dropping rather than inventing a result keeps the model from reading an
  outcome that never happened.
- *Attachments as markers.* Image, file, document and audio parts become text parts such as
  ``[image: diagram.png]``, so that a request never carries attachments the kit cannot
  count or a compacted history no longer explains.
- *A user-message boundary first.* After the leading system (or developer) messages, the
  conversation starts with a user message: whatever a cut left before the first one is
  dropped (nothing is dropped when there is no user message at all).

:func:`fit_tools` applies the optional measures to the tool schemas: at ``strip_descriptions_at``
of the window (60%) the parameters' descriptions are stripped (each tool keeps its own), at
``withhold_tools_at`` (90%) the tools are withheld and the report asks the host to force an
answer (``tool_choice: "none"``, or no tools). A share of 0 turns a measure off.

Neither function changes its input (changed messages and tools are new dictionaries,
unchanged ones are shared), and both are idempotent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from daemon.base.settings import HostSettings
from daemon.host.memo import EMPTY, IdentityMemo, Shape, shared
from daemon.host.messages import thinking_only
from daemon.host.report import StageReport
from daemon.host.tally import Tally
from daemon.host.tokens import (
    Counter,
    Message,
    content_text,
    conversation_tokens,
    estimator,
    shape_of,
)

STAGE = "sanitize"
#: The ids of each assistant message's tool calls, remembered (:mod:`daemon.host.memo`).
_ASKED: IdentityMemo[frozenset[str] | None] = IdentityMemo()
TOOLS_STAGE = "tools"
_LEADING_ROLES = frozenset({"system", "developer"})
_ATTACHMENT_KINDS: Mapping[str, str] = {
    "image_url": "image",
    "input_image": "image",
    "image": "image",
    "file": "file",
    "input_file": "file",
    "document": "document",
    "input_audio": "audio",
    "audio": "audio",
}


@dataclass(frozen=True, slots=True)
class ToolsReport(StageReport):
    """What :func:`fit_tools` did; ``force_answer`` when the tools were withheld and the
    model must answer without them."""

    force_answer: bool = False


def sanitize(
    messages: Sequence[Message],
    settings: HostSettings | None = None,
    *,
    count: Counter | None = None,
    tokens: int | None = None,
    checked: Checked | None = None,
) -> tuple[list[Message], StageReport]:
    """``messages`` as a provider accepts them (see the module). ``tokens`` is the count of
    ``messages`` when the caller has it (else it is counted). ``checked`` keeps the last
    list that needed no repair, so that a caller running the stage on every call checks
    only what follows the part its next list shares with it."""
    counter = count or estimator((settings or HostSettings()).chars_per_token)
    tally = Tally(messages, counter, tokens)
    if checked is not None and checked.still_sound(messages, counter):
        return list(messages), tally.report(STAGE, 0)
    notes: list[str] = []
    paired = _pair(messages, notes)
    marked: list[Message] = []
    for message in paired:
        replaced = _markers(message)
        if replaced is not None:
            notes.append(f"{message.get('role')} message: attachments replaced by markers")
            marked.append(replaced)
        else:
            marked.append(message)
    output = _from_user(marked, notes)
    if checked is not None:
        checked.found(messages, counter, sound=not notes)
    if not notes:  # every repair leaves a note: nothing was changed
        return output, tally.report(STAGE, 0)
    passed = {id(message) for message in output}
    given = {id(message) for message in messages}
    changed = 0
    for message in messages:
        if id(message) not in passed:
            tally.dropped(message)
            changed += 1
    for message in output:
        if id(message) not in given:
            tally.added(message)
    return output, tally.report(STAGE, changed, notes)


class Checked:
    """The last list :func:`sanitize` found needing no repair.

    A list that starts with it needs no repair either when what follows the last whole
    unit they share does not (a pass over the messages is a walk from unit to unit, each
    judged alone, and every repair leaves a note), given that their first user message lies
    in the shared part."""

    def __init__(self) -> None:
        self._shape: Shape = EMPTY
        self._first_user: int | None = None

    def found(self, messages: Sequence[Message], count: Counter, *, sound: bool) -> None:
        """Remember ``messages``, when they needed no repair (forget the last list else);
        ``count`` is the stage's counter (:func:`~daemon.host.tokens.shape_of`)."""
        self._shape = shape_of(messages, count) if sound else EMPTY
        self._first_user = (
            next((i for i, m in enumerate(messages) if m.get("role") == "user"), None)
            if sound
            else None
        )

    def still_sound(self, messages: Sequence[Message], count: Counter) -> bool:
        """Whether ``messages`` need no repair, judged from the remembered list (see the
        class); False when that cannot be told cheaply."""
        if self._first_user is None:
            return False
        now = shape_of(messages, count)
        start = shared(now, self._shape)
        while start > 0 and messages[start - 1].get("role") == "tool":
            start -= 1  # back to the start of the unit the shared part ends in
        previous = messages[start - 1] if start > 0 else {}
        if previous.get("role") == "assistant" and previous.get("tool_calls"):
            start -= 1
        if start <= self._first_user:
            return False
        rest = messages[start:]
        notes: list[str] = []
        _pair(rest, notes)
        if notes or any(_markers(message) is not None for message in rest):
            return False
        self._shape = now
        return True


def _pair(messages: Sequence[Message], notes: list[str]) -> list[Message]:
    """Messages with every tool call answered right after it and every result answering
    one (see the module)."""
    output: list[Message] = []
    _ASKED.expect(len(messages))
    index = 0
    while index < len(messages):
        message = messages[index]
        index += 1
        if message.get("role") == "tool":
            notes.append(f"orphaned tool result {message.get('tool_call_id')} dropped")
            continue
        calls = message.get("tool_calls") if message.get("role") == "assistant" else None
        if not calls:
            output.append(message)
            continue
        answered: dict[str, Message] = {}
        asked = _ASKED.get(message, None)
        if asked is None:
            asked = frozenset(_ids(calls))
            _ASKED.put(message, asked)
        while index < len(messages) and messages[index].get("role") == "tool":
            result = messages[index]
            call_id = str(result.get("tool_call_id"))
            if call_id in answered or call_id not in asked:
                notes.append(f"orphaned tool result {call_id} dropped")
            else:
                answered[call_id] = result
            index += 1
        kept = _answered_calls(calls, answered, notes)
        if len(kept) == len(calls):
            output.append(message)
        else:
            repaired = {key: value for key, value in message.items() if key != "tool_calls"}
            if kept:
                repaired["tool_calls"] = kept
            if kept or _says_something(repaired):
                output.append(repaired)
            elif output and thinking_only(output[-1]):
                output.pop()
                notes.append("the thinking block of the dropped tool calls dropped")
        kept_ids = _ids(kept)
        output.extend(result for call_id, result in answered.items() if call_id in kept_ids)
    return output


def _ids(calls: Sequence[Mapping[str, Any]]) -> set[str]:
    return {str(call.get("id")) for call in calls if isinstance(call, Mapping) and call.get("id")}


def _answered_calls(
    calls: Sequence[Any], answered: Mapping[str, Message], notes: list[str]
) -> list[Mapping[str, Any]]:
    """The calls a result answers, each id once (a call with no id, or an id already
    taken, can be answered by no result of its own)."""
    kept: list[Mapping[str, Any]] = []
    seen: set[str] = set()
    for call in calls:
        call_id = str(call.get("id")) if isinstance(call, Mapping) and call.get("id") else None
        if call_id is None or call_id in seen or call_id not in answered:
            notes.append(f"tool call {call_id} with no result dropped")
            continue
        seen.add(call_id)
        kept.append(call)
    return kept


def _says_something(message: Mapping[str, Any]) -> bool:
    """Whether an assistant message without tool calls still holds text or reasoning."""
    return bool(content_text(message.get("content")).strip()) or thinking_only(message)


def _markers(message: Message) -> Message | None:
    """``message`` with its attachments as text markers, or None when it has none."""
    content = message.get("content")
    if not isinstance(content, list):
        return None
    parts: list[Any] = []
    found = False
    for part in content:
        kind = part.get("type") if isinstance(part, Mapping) else None
        if isinstance(part, Mapping) and kind in _ATTACHMENT_KINDS:
            parts.append({"type": "text", "text": marker(part)})
            found = True
        else:
            parts.append(part)
    return {**message, "content": parts} if found else None


def marker(part: Mapping[str, Any]) -> str:
    """The text that stands for an attachment: its kind and, when known, its name."""
    kind = _ATTACHMENT_KINDS.get(str(part.get("type")), "attachment")
    inner = part.get(str(part.get("type")))
    name: Any = None
    if isinstance(inner, Mapping):
        name = inner.get("filename") or inner.get("name") or inner.get("title")
        url = inner.get("url")
        if not name and isinstance(url, str) and not url.startswith("data:"):
            name = url
    name = name or part.get("filename") or part.get("name") or part.get("title")
    if not name and isinstance(inner, str) and not inner.startswith("data:"):
        name = inner
    text = f"{kind}: {name}" if isinstance(name, str) and name else kind
    return f"[{' '.join(text.split())[:300]} attached here, not shown]"


def _from_user(messages: list[Message], notes: list[str]) -> list[Message]:
    """``messages`` starting, after the leading system messages, on a user message."""
    lead = 0
    while lead < len(messages) and messages[lead].get("role") in _LEADING_ROLES:
        lead += 1
    first_user = next(
        (i for i in range(lead, len(messages)) if messages[i].get("role") == "user"), None
    )
    if first_user is None or first_user == lead:
        return messages
    notes.append(f"{first_user - lead} messages before the first user message dropped")
    return messages[:lead] + messages[first_user:]


def fit_tools(
    tools: Sequence[Mapping[str, Any]],
    share: float,
    settings: HostSettings | None = None,
    *,
    count: Counter | None = None,
) -> tuple[list[Mapping[str, Any]], ToolsReport]:
    """``tools`` as a request at ``share`` of the window sends them (see the module)."""
    chosen = settings or HostSettings()
    counter = count or estimator(chosen.chars_per_token)
    before = conversation_tokens((), counter, tools=tools)
    if chosen.withhold_tools_at and share >= chosen.withhold_tools_at and tools:
        note = f"{len(tools)} tools withheld at {share:.0%} of the window: answer now"
        return [], ToolsReport(TOOLS_STAGE, before, 0, len(tools), (note,), force_answer=True)
    if chosen.strip_descriptions_at and share >= chosen.strip_descriptions_at:
        stripped = [_without_descriptions(tool) for tool in tools]
        changed = sum(1 for old, new in zip(tools, stripped, strict=True) if old != new)
        after = conversation_tokens((), counter, tools=stripped)
        notes = (
            (f"parameter descriptions stripped at {share:.0%} of the window",) if changed else ()
        )
        return stripped, ToolsReport(TOOLS_STAGE, before, after, changed, notes)
    return list(tools), ToolsReport(TOOLS_STAGE, before, before)


def _without_descriptions(tool: Mapping[str, Any]) -> Mapping[str, Any]:
    """``tool`` with no description inside its parameters' schema."""
    function = tool.get("function")
    if isinstance(function, Mapping) and "parameters" in function:
        return {**tool, "function": {**function, "parameters": _strip(function["parameters"])}}
    if "parameters" in tool:  # the flat form some hosts use
        return {**tool, "parameters": _strip(tool["parameters"])}
    if "input_schema" in tool:
        return {**tool, "input_schema": _strip(tool["input_schema"])}
    return tool


def _strip(schema: Any) -> Any:
    """A JSON schema without ``description`` keys (a property *named* description kept)."""
    if isinstance(schema, Mapping):
        stripped: dict[str, Any] = {}
        for key, value in schema.items():
            if key == "description" and isinstance(value, str):
                continue
            if key == "properties" and isinstance(value, Mapping):
                stripped[key] = {name: _strip(inner) for name, inner in value.items()}
            else:
                stripped[key] = _strip(value)
        return stripped
    if isinstance(schema, list):
        return [_strip(item) for item in schema]
    return schema
