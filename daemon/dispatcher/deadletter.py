"""The fields of a dead letter: the refused payload, capped, with its size and digest.

A refused payload may be huge (an event over the size limit is refused for being huge), so a
letter keeps only its first ``max_payload_bytes`` (cut on a UTF-8 character boundary) and
says so: ``truncated`` is ``1``, ``bytes`` and ``sha256`` describe the whole payload as
received. A cut payload cannot be replayed. So that erasure still finds a cut letter, its
``session_id`` and ``scope`` are copied out of the whole payload when it is a JSON object
that has them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from daemon.base.errors import EventError
from daemon.base.text import storable
from daemon.events.codec import parse_json

MAX_REASON_CHARS = 1000


def dead_letter_fields(
    payload: bytes,
    reason: str,
    *,
    entry_id: str,
    at: str,
    consumer: str,
    max_payload_bytes: int,
    whole: bytes | None = None,
    redact_owner: Callable[[str], str] = str,
) -> dict[str, str | bytes]:
    """The stream fields of the dead letter of ``payload`` (secrets already redacted).

    ``whole`` is the payload as received when ``payload`` is the redacted form of only its
    first part (a payload refused for its size is not worth redacting past what is kept):
    then ``bytes`` and ``sha256`` describe ``whole``, and the owner fields read from it pass
    through ``redact_owner``."""
    received = payload if whole is None else whole
    truncated = len(received) > max_payload_bytes or len(payload) > max_payload_bytes
    digested = payload if whole is None or not truncated else whole
    fields: dict[str, str | bytes] = {
        "reason": reason[:MAX_REASON_CHARS],
        "payload": cut(payload, max_payload_bytes) if truncated else payload,
        "entry_id": entry_id,
        "at": at,
        "consumer": consumer,
        "bytes": str(len(received if truncated else payload)),
        "sha256": hashlib.sha256(digested).hexdigest(),
        "truncated": "1" if truncated else "0",
    }
    if truncated:
        owner = owner_fields(received)
        fields.update({key: redact_owner(value) for key, value in owner.items()})
    return fields


def cut(payload: bytes, limit: int) -> bytes:
    """The first ``limit`` bytes at most, not splitting a UTF-8 character."""
    end = limit
    while 0 < end < len(payload) and payload[end] & 0xC0 == 0x80:  # a continuation byte
        end -= 1
    return payload[:end]


def owner_fields(payload: bytes) -> dict[str, str]:
    """``session_id`` and ``scope`` (compact JSON) of a payload that is a JSON object with
    them; nothing for any other payload."""
    try:
        event: Any = parse_json(payload.decode("utf-8"))
    except (UnicodeDecodeError, EventError):
        return {}
    if not isinstance(event, dict):
        return {}
    found: dict[str, str] = {}
    session_id = event.get("session_id")
    if isinstance(session_id, str):
        found["session_id"] = storable(session_id[:1000])
    scope = event.get("scope")
    if isinstance(scope, dict):
        names = {
            k: storable(v[:1000])
            for k in ("project", "user", "tenant")
            if isinstance(v := scope.get(k), str)
        }
        found["scope"] = json.dumps(names, ensure_ascii=False, sort_keys=True)
    return found
