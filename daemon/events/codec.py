"""Turning raw stream payloads into events, and events into payloads."""

from __future__ import annotations

import json

from pydantic import ValidationError

from daemon.errors import EventDecodeError, EventTooLarge, EventValidationError
from daemon.events.models import SCHEMA_VERSION, TurnEvent

EVENT_FIELD = "event"


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
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise EventDecodeError(
            f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from exc
    if not isinstance(raw, dict):
        raise EventDecodeError(f"expected a JSON object, got {type(raw).__name__}")
    version = raw.get("v")
    if version != SCHEMA_VERSION:
        raise EventValidationError(
            f"unknown schema version {version!r} (this memoryd reads v{SCHEMA_VERSION})"
        )
    try:
        return TurnEvent.model_validate(raw)
    except ValidationError as exc:
        raise EventValidationError(_first_error(exc)) from exc


def _first_error(exc: ValidationError) -> str:
    errors = exc.errors()
    first = errors[0]
    where = ".".join(str(part) for part in first["loc"]) or "event"
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{where}: {first['msg']}{more}"
