"""Turn events, wire format v1: one JSON object per conversation turn.

Published by agent hosts with a plain ``XADD <prefix>:turns * event <json>``. The JSON Schema
shipped beside this module (``turn-event.v1.schema.json``) is generated from these models.

The models are strict: no type is coerced (``"3"`` is not a turn, ``true`` not a version),
``at`` is an RFC 3339 string with an offset within :data:`AT_RANGE`, ``timezone`` (optional)
an IANA zone name or a fixed offset, and identifiers hold no control or invisible
characters. Free text (contents, summaries, arguments, tool schemas) is
kept as sent, except NUL and lone surrogates, which no store holds: they become U+FFFD.
"""

from __future__ import annotations

import math
import re
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    AwareDatetime,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    field_validator,
)
from pydantic_core import PydanticCustomError

from daemon.base.text import storable
from daemon.base.timezones import MAX_NAME, zone
from daemon.events.own_tools import saved_through_memoryd

SCHEMA_VERSION = 1

#: How deep any JSON value of an event may nest, the event object itself being level 1.
MAX_DEPTH = 64

#: Characters no identifier may hold: C0 and C1 controls, DEL, zero-width and bidirectional
#: formatting, line and paragraph separators, the byte order mark. (Lone surrogates are
#: refused too; a JSON Schema pattern cannot say so portably.)
FORBIDDEN_IN_IDENTIFIERS = r"\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff"
IDENTIFIER_PATTERN = rf"^[^{FORBIDDEN_IN_IDENTIFIERS}]+$"
IDENTIFIER_MAX = 200
_FORBIDDEN = re.compile(rf"[{FORBIDDEN_IN_IDENTIFIERS}\ud800-\udfff]")

#: ``at`` must fall in [start, end): later dates overflow once converted or extended.
AT_RANGE = (datetime(1970, 1, 1, tzinfo=UTC), datetime(9000, 1, 1, tzinfo=UTC))
AT_PATTERN = (
    r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,9})?"
    r"(Z|[+-][0-9]{2}:[0-9]{2})$"
)
_AT = re.compile(AT_PATTERN, re.ASCII)


def identifier_problem(value: Any) -> str | None:
    """What makes ``value`` no identifier's text: the first control or invisible character
    (or lone surrogate) it holds, or None."""
    if isinstance(value, str) and (bad := _FORBIDDEN.search(value)):
        code, index = f"{ord(bad.group()):04X}", bad.start()
        return f"holds a control or invisible character (U+{code} at index {index})"
    return None


def _free_json(value: Any) -> Any:
    """A copy of a free-form JSON value (content parts, tool schemas) with its strings made
    storable; refused when nested deeper than ``MAX_DEPTH`` or holding a number JSON cannot
    carry. Iterative, so that no depth can exhaust the stack."""
    result: list[Any] = [None]
    stack: list[tuple[Any, Any, Any, int]] = [(value, result, 0, 1)]
    while stack:
        source, target, slot, depth = stack.pop()
        if isinstance(source, str):
            target[slot] = storable(source)
        elif isinstance(source, float) and not math.isfinite(source):
            raise PydanticCustomError("number", "holds a number JSON cannot carry", {})
        elif isinstance(source, dict | list):
            if depth > MAX_DEPTH:
                raise PydanticCustomError(
                    "too_deep", "nested deeper than {limit} levels", {"limit": MAX_DEPTH}
                )
            if isinstance(source, dict):
                copy: dict[Any, Any] = {}
                for key, item in source.items():
                    name = storable(key) if isinstance(key, str) else key
                    copy[name] = None
                    stack.append((item, copy, name, depth + 1))
                target[slot] = copy
            else:
                target[slot] = [None] * len(source)
                stack.extend((item, target[slot], i, depth + 1) for i, item in enumerate(source))
        else:
            target[slot] = source
    return result[0]


def _wire_datetime(value: Any) -> Any:
    """``at`` as sent on the wire: an RFC 3339 string with an offset (or, from Python, an
    aware ``datetime``)."""
    if isinstance(value, datetime):
        return value
    if not isinstance(value, str) or not _AT.fullmatch(value):
        raise PydanticCustomError(
            "at_format",
            "must be an ISO-8601 date-time string with an offset, like 2026-11-17T09:00:00Z",
        )
    try:
        return datetime.fromisoformat(value)
    except ValueError as exc:
        raise PydanticCustomError(
            "at_format", "not a valid date-time: {why}", {"why": str(exc)}
        ) from exc


def _in_range(value: datetime) -> datetime:
    start, end = AT_RANGE
    try:
        inside = start <= value.astimezone(UTC) < end
    except OverflowError:
        inside = False
    if not inside:
        raise PydanticCustomError(
            "at_range",
            "must be between {start} and {end} (UTC, end excluded)",
            {"start": start.date().isoformat(), "end": end.date().isoformat()},
        )
    return value


def _zone_name(value: str) -> str:
    if zone(value) is None:
        raise PydanticCustomError(
            "timezone",
            "unknown time zone {name}: give an IANA name like America/Los_Angeles or an offset "
            "like +09:00",
            {"name": repr(value[:MAX_NAME])},
        )
    return value


#: What ``timezone`` may look like; the name must also be one the IANA database knows.
ZONE_PATTERN = r"^(?:[+-][0-9]{2}:[0-9]{2}|[A-Za-z][A-Za-z0-9_+-]*(?:/[A-Za-z0-9_+-]+)*)$"

Identifier = Annotated[
    str,
    # Checked by pydantic-core's own regex engine (no Python call per id); a mismatch is
    # reported by ``codec`` naming the character (``identifier_problem``).
    Field(min_length=1, max_length=IDENTIFIER_MAX, pattern=IDENTIFIER_PATTERN),
]
Text = Annotated[str, AfterValidator(storable)]
FreeJson = Annotated[list[dict[str, Any]], AfterValidator(_free_json)]
WireDatetime = Annotated[
    AwareDatetime,
    BeforeValidator(_wire_datetime),
    AfterValidator(_in_range),
    Field(
        description=(
            "RFC 3339 date-time with an offset, from 1970-01-01T00:00:00Z (included) to "
            "9000-01-01T00:00:00Z (excluded)"
        ),
        json_schema_extra={"pattern": AT_PATTERN},
    ),
]


ZoneName = Annotated[
    str,
    Field(
        min_length=1,
        max_length=MAX_NAME,
        description=(
            "The time zone the turn was said in: an IANA name (America/Los_Angeles) or a "
            "fixed offset from UTC (+09:00). Relative dates (tomorrow, next Tuesday) are read "
            "in its local date; the session keeps the last one given."
        ),
        examples=["America/Los_Angeles", "+09:00"],
        json_schema_extra={"pattern": ZONE_PATTERN},
    ),
    AfterValidator(_zone_name),
]


class _Wire(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Scope(_Wire):
    """Whose memories these are: shared under ``project``; ``user`` memories private to it."""

    project: Identifier
    user: Identifier | None = None
    tenant: Identifier | None = None


class FunctionCall(_Wire):
    name: Identifier
    arguments: Text = ""


class ToolCall(_Wire):
    id: Identifier
    type: Literal["function"] = "function"
    function: FunctionCall


class Message(_Wire):
    """An OpenAI-style chat message with a stable ``id``.

    ``content`` is a string, or a list of content parts (text, images, files); non-text parts
    are kept as markers, never as their bytes.
    """

    id: Identifier
    role: Literal["system", "developer", "user", "assistant", "tool"]
    content: Text | FreeJson | None = None
    tool_calls: list[ToolCall] | None = None
    tool_call_id: Identifier | None = None
    name: Identifier | None = None


class MemoryWrite(_Wire):
    """A memory tool call the main agent made this turn; ``ok`` false if it was denied or failed."""

    tool: Identifier
    call_id: Identifier | None = None
    ok: bool = True


class AgentFacts(_Wire):
    mode: Text | None = None
    cwd: Text | None = None
    branch: Text | None = None


class HostPrefix(_Wire):
    """The host's own system prompt and tool schemas, sent once per session."""

    system_prompt: Text | None = None
    tools: FreeJson | None = None


class TurnEvent(_Wire):
    """One conversation turn of one session."""

    v: Literal[1]
    event_id: Identifier
    session_id: Identifier
    turn: Annotated[int, Field(ge=0, le=2**31 - 1)]
    at: WireDatetime
    scope: Scope
    kind: Literal["turn", "compaction", "session_end"] = "turn"
    messages: list[Message] = Field(default_factory=list, max_length=10_000)
    memory_writes: list[MemoryWrite] = Field(default_factory=list)
    summary: Text | None = None
    agent: AgentFacts | None = None
    host: HostPrefix | None = None
    timezone: ZoneName | None = None

    @field_validator("v", mode="before")
    @classmethod
    def _integer_version(cls, value: object) -> object:
        # ``Literal[1]`` alone takes ``true`` and ``1.0``: both equal 1 in Python.
        if type(value) is not int:
            raise ValueError("v must be the integer 1")
        return value

    @field_validator("messages")
    @classmethod
    def _unique_ids(cls, messages: list[Message]) -> list[Message]:
        seen: set[str] = set()
        for message in messages:
            if message.id in seen:
                raise ValueError(f"message id {message.id!r} appears twice")
            seen.add(message.id)
        return messages

    @property
    def holds_free_json(self) -> bool:
        """Whether the event holds free-form JSON (content parts, the host's tool schemas):
        the only values that nest deeper than its fields' own structure, at most six levels
        (event, messages, message, tool calls, call, function)."""
        if self.host is not None and self.host.tools is not None:
            return True
        for message in self.messages:  # noqa: SIM110 - a generator costs more than the checks
            if type(message.content) is list:
                return True
        return False

    @property
    def main_agent_saved(self) -> bool:
        """True when the main agent successfully wrote a memory in this turn (the guard): a
        write listed in ``memory_writes``, or a call of memoryd's own memory tools in the
        turn's messages whose result reports success (:mod:`daemon.events.own_tools`)."""
        return any(write.ok for write in self.memory_writes) or saved_through_memoryd(self.messages)

    def at_utc(self) -> datetime:
        return self.at
