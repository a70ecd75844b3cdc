"""Turning raw stream payloads into events, and events into payloads.

Decoding is strict and never raises anything but an ``EventError``: the payload must be UTF-8
JSON (RFC 8259: no ``NaN``/``Infinity``, no duplicate keys, no byte order mark) nested at
most ``MAX_DEPTH`` levels, which is checked in linear time before parsing, so that no
payload can exhaust the stack.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from itertools import accumulate
from typing import Any

from pydantic import ValidationError

from daemon.errors import EventDecodeError, EventTooLarge, EventValidationError
from daemon.events.models import MAX_DEPTH, SCHEMA_VERSION, TurnEvent

EVENT_FIELD = "event"
MAX_DIGITS = 100  # of a JSON integer

# A JSON string, or what is left of an unterminated one: it always matches at a quote, so
# that the scan is linear whatever the quotes and backslashes.
_STRING = re.compile(r'"[^"\\]*(?:\\[\s\S][^"\\]*)*"?')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def encode_event(event: TurnEvent, *, max_bytes: int) -> bytes:
    """The JSON payload of an event; refuses one over ``max_bytes``."""
    payload = event.model_dump_json(exclude_none=True).encode()
    if len(payload) > max_bytes:
        raise EventTooLarge(
            f"event {event.event_id} is {len(payload)} bytes, over the limit of {max_bytes}"
        )
    return payload


def decode_event(payload: bytes | None, *, max_bytes: int) -> TurnEvent:
    """Parse and validate one payload; every failure is an ``EventError`` with a reason."""
    if payload is None:
        raise EventDecodeError(f"the stream entry has no {EVENT_FIELD!r} field")
    if len(payload) > max_bytes:
        raise EventTooLarge(f"{len(payload)} bytes, over the limit of {max_bytes}")
    try:
        text = payload.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise EventDecodeError(f"not UTF-8 text (byte {exc.start})") from exc
    raw = parse_json(text)
    if not isinstance(raw, dict):
        raise EventDecodeError(f"expected a JSON object, got {type(raw).__name__}")
    return validate_event(raw)


def validate_event(raw: Mapping[str, Any]) -> TurnEvent:
    """A mapping as a v1 turn event, or ``EventValidationError`` naming the first bad field."""
    version = raw.get("v")
    if type(version) is not int or version != SCHEMA_VERSION:
        raise EventValidationError(
            f"unknown schema version {_brief(version)} (this memoryd reads v{SCHEMA_VERSION})"
        )
    try:
        return TurnEvent.model_validate(dict(raw))
    except ValidationError as exc:
        raise EventValidationError(_first_error(exc)) from exc


def nesting_depth(text: str) -> int:
    """How deep a JSON text nests (brackets in strings do not count); linear, no recursion."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if brackets.count("[") + brackets.count("{") <= MAX_DEPTH:
        return MAX_DEPTH if brackets else 0  # at most this deep: no need to count
    return max(accumulate(map(_STEP.__getitem__, brackets)))


def parse_json(text: str) -> Any:
    """Strict JSON (see the module's docstring), or ``EventDecodeError`` with the reason."""
    if nesting_depth(text) > MAX_DEPTH:
        raise EventDecodeError(f"nested deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(
            text,
            object_pairs_hook=_object,
            parse_constant=_constant,
            parse_float=_float,
            parse_int=_int,
        )
    except EventDecodeError:
        raise
    except json.JSONDecodeError as exc:
        raise EventDecodeError(
            f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from exc
    except (ValueError, RecursionError) as exc:  # a safety net: the checks above come first
        raise EventDecodeError(f"not JSON: {type(exc).__name__}") from exc


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise EventDecodeError(f"duplicate key {_brief(key)} in an object")
            seen.add(key)
    return found


def _constant(name: str) -> Any:
    raise EventDecodeError(f"{name} is not a JSON number")


def _float(literal: str) -> float:
    value = float(literal)
    if not math.isfinite(value):
        raise EventDecodeError(f"the number {_brief(literal)} is out of range")
    return value


def _int(literal: str) -> int:
    if len(literal.lstrip("-")) > MAX_DIGITS:
        raise EventDecodeError(f"a number with more than {MAX_DIGITS} digits")
    return int(literal)


def _brief(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}..."


# Parts of a pydantic error location that name a type tried in a union, not a field.
_TYPE_TAG = re.compile(r"[\[\](),]|^(str|int|bool|list|dict|none|function-\w+)$")


def _first_error(exc: ValidationError) -> str:
    errors = exc.errors()
    first = errors[0]
    parts = [str(part) for part in first["loc"]]
    where = ".".join(p for p in parts if not _TYPE_TAG.search(p)) or "event"
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{where}: {first['msg']}{more}"
