"""``POST /v1/events``: turn events over HTTP, appended to the stream as a host's XADD is.

Each event is judged on its own with the dispatcher's models and limits
(:mod:`daemon.events.codec`) and the key's scope (:mod:`daemon.access.policy`); the good ones
are appended, each with its delivery record, in one command whatever their neighbours were
(:mod:`daemon.events.appends`: with those of other requests under way at the same time).
The body is one event, a JSON array of events, or JSON lines (``application/x-ndjson``: one
event a line).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import quote

import structlog
from fastapi import Request
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, ValidationError

from daemon.access.grant import Grant
from daemon.access.policy import OutsideKey, event_scope
from daemon.access.refusals import ApiError
from daemon.api.bearer import context
from daemon.api.bodies import Accepted, Refused
from daemon.api.error_bodies import queue_unavailable
from daemon.base.errors import EventError, EventTooLarge, QueueError
from daemon.events.appends import Appends
from daemon.events.codec import (
    CONTAINERS,
    Duplicated,
    Unreadable,
    array_elements,
    encode_event,
    parse_json,
    too_deep,
    validate_all,
    validate_event,
)
from daemon.events.delivery import record_around
from daemon.events.models import IDENTIFIER_MAX, MAX_DEPTH, TurnEvent

log = structlog.get_logger("memoryd.api")

#: No depth limit for the body as a whole: each event is held to ``MAX_DEPTH``. An array
#: nested past the JSON parser's recursion guard (about 1,000 levels) is split into its
#: events, each parsed alone, so that only the deep ones are refused.
_ANY_DEPTH = 1_000_000

#: Fewer brackets than this in an event of an array too deep to parse whole, and it is
#: parsed among the others (well within the parser's recursion guard); more, and alone.
_SHALLOW = 500

LINES = ("application/x-ndjson", "application/jsonl", "application/json-lines", "text/plain")


async def read_body(request: Request, limit: int) -> bytes:
    """The whole body, or 413 as soon as it passes ``limit`` bytes (declared or streamed)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise _too_large(int(declared), limit)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise _too_large(size, limit)
        chunks.append(chunk)
    return b"".join(chunks)


def _too_large(size: int, limit: int) -> ApiError:
    return ApiError(
        413,
        "payload_too_large",
        f"the body is over {limit:,} bytes ({size:,} or more); send fewer events per request",
    )


@dataclass(slots=True)
class _Item:
    index: int
    raw: Any = None
    problem: tuple[str, str] | None = None  # (code, reason)


#: The most events one request may carry (``MEMORYD_API__MAX_EVENTS_PER_REQUEST``).
MAX_EVENTS = 1_000


def _too_many(count: int, limit: int) -> ApiError:
    return ApiError(
        413,
        "too_many_events",
        f"the body holds {count:,} events or more, over the limit of {limit:,} per request; "
        "send them in several requests",
    )


def split(
    body: bytes, content_type: str, max_event_bytes: int, *, max_events: int = MAX_EVENTS
) -> list[_Item]:
    """The request's events, each parsed on its own where the body allows it. A body of more
    than ``max_events`` is refused whole (413) before any event is judged: each costs work
    on the server's loop."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ApiError(400, "malformed_body", f"the body is not UTF-8 (byte {exc.start})") from exc
    text = text.removeprefix("\ufeff")  # a byte order mark, as some Windows tools write
    media = content_type.split(";")[0].strip().lower()
    if media in LINES:
        lines = _event_lines(text)
        if len(lines) > max_events:
            raise _too_many(len(lines), max_events)
        return [_line(i, line, max_event_bytes) for i, line in enumerate(lines)]
    flaws: list[Duplicated | Unreadable] = []
    try:  # each event's depth, keys and numbers are judged on its own, below
        value = parse_json(text, max_depth=_ANY_DEPTH, flaws=flaws)
    except EventError as exc:
        # Past the parser's own recursion guard: an array is split and its events parsed
        # one by one, so that only the deep ones are refused.
        found = _past_the_guard(text, flaws, max_events) if _guarded(exc) else None
        if found is None:
            raise _malformed(exc) from exc
        items = found
    else:
        if isinstance(value, dict):
            items = [_deep_enough(_Item(0, value))]
        elif isinstance(value, list):
            if len(value) > max_events:
                raise _too_many(len(value), max_events)
            items = [_deep_enough(_Item(i, raw)) for i, raw in enumerate(value)]
        else:
            raise ApiError(
                400, "malformed_body", "send a JSON object (one event) or an array of them"
            )
    if flaws:
        _refuse_flawed(items)
    return items


def _malformed(exc: EventError) -> ApiError:
    return ApiError(
        400,
        "malformed_body",
        f"the body is not one JSON value ({exc}); send an event, an array of events, or "
        "JSON lines with Content-Type: application/x-ndjson",
    )


def _guarded(exc: EventError) -> bool:
    """Whether parsing stopped at the parser's recursion guard (and nowhere else)."""
    return isinstance(exc.__cause__, RecursionError)


def _past_the_guard(
    text: str, flaws: list[Duplicated | Unreadable], max_events: int
) -> list[_Item] | None:
    """The events of an array too deep to parse whole, each parsed as it would be alone;
    ``None`` when the body is no well-formed array (or an event in it is no JSON). Events
    holding fewer than ``_SHALLOW`` brackets cannot reach the parser's guard: they are parsed
    together, in one array (the same values as one by one, without a parser's cost each)."""
    elements = array_elements(text)
    if elements is None:
        return None
    if len(elements) > max_events:
        raise _too_many(len(elements), max_events)
    shallow = [i for i, e in enumerate(elements) if e.count("[") + e.count("{") < _SHALLOW]
    parsed: dict[int, Any] = {}
    try:
        together = parse_json(
            "[" + ",".join(elements[i] for i in shallow) + "]", max_depth=_ANY_DEPTH, flaws=flaws
        )
        parsed = dict(zip(shallow, together, strict=True))
    except EventError as exc:
        if not _guarded(exc):
            return None  # each is parsed alone below when the stack was deeper than thought
    items: list[_Item] = []
    for index, element in enumerate(elements):
        if index in parsed:
            items.append(_deep_enough(_Item(index, parsed[index])))
            continue
        try:
            raw = parse_json(element, max_depth=_ANY_DEPTH, flaws=flaws)
        except EventError as exc:
            if not _guarded(exc):
                return None
            items.append(_Item(index, problem=("malformed_event", str(exc))))
        else:
            items.append(_deep_enough(_Item(index, raw)))
    return items


def _refuse_flawed(items: list[_Item]) -> None:
    """Refuse each item that holds an object with a duplicate key, a number too long to read,
    NaN or Infinity (and only those); an object nested too deep is refused as that first."""
    for item in items:
        if item.problem is None and isinstance(item.raw, dict) and too_deep(item.raw):
            item.problem = _TOO_DEEP
        if item.problem is not None:
            continue
        level = [item.raw] if isinstance(item.raw, CONTAINERS) else []
        while level and item.problem is None:
            below: list[Any] = []
            for container in level:
                if isinstance(container, Duplicated):
                    item.problem = ("malformed_event", container.reason)
                    break
                values = container.values() if isinstance(container, dict) else container
                for value in values:
                    if isinstance(value, Unreadable):
                        item.problem = ("malformed_event", value.reason)
                    elif isinstance(value, CONTAINERS):
                        below.append(value)
            level = below


#: The refusal of an event nested deeper than ``MAX_DEPTH``.
_TOO_DEEP = ("malformed_event", f"nested deeper than {MAX_DEPTH} levels")


def _deep_enough(item: _Item) -> _Item:
    """The item, refused alone when it is no object and nests deeper than one event may. An
    object's depth is judged with the event (:func:`publish`), as if first: measured only
    when it could be too deep."""
    if not isinstance(item.raw, dict) and too_deep(item.raw):
        item.problem = _TOO_DEEP
    return item


def _event_lines(text: str) -> list[str]:
    """The body's non-blank lines. Only a line feed ends a line: str.splitlines would also
    split at U+2028, U+2029 and NEL, which JSON text may hold raw inside a string."""
    return [line.removesuffix("\r") for line in text.split("\n") if line.strip()]


def _line(index: int, line: str, max_event_bytes: int) -> _Item:
    item = _Item(index)
    if len(line.encode()) > max_event_bytes:
        item.problem = ("event_too_large", f"over the limit of {max_event_bytes} bytes")
    else:
        try:
            item.raw = parse_json(line)
        except EventError as exc:
            item.problem = ("malformed_event", str(exc))
    return item


def _event_id(raw: Any) -> str | None:
    found = raw.get("event_id") if isinstance(raw, dict) else None
    if isinstance(found, str) and 0 < len(found) <= IDENTIFIER_MAX:
        return found
    return None


@dataclass(frozen=True, slots=True)
class Appended:
    """An event of the request appended to the stream, as the answer names it."""

    index: int
    event_id: str
    session_id: str
    entry_id: str

    def as_json(self) -> dict[str, Any]:
        """The answer's item for it: the fields of :class:`~daemon.api.bodies.Accepted`, in
        its order, built without a model (a batch's answer holds one per event)."""
        return {
            "index": self.index,
            "state": "accepted",
            "event_id": self.event_id,
            "session_id": self.session_id,
            "entry_id": self.entry_id,
            "status_url": status_url(self.event_id),
        }


#: A string as ``JSONResponse`` renders it (``ensure_ascii=False``), and an accepted
#: item's fields in :class:`~daemon.api.bodies.Accepted`'s order (an entry id is digits and
#: a dash, written as it is).
_string = json.encoder.encode_basestring
_ITEM = (
    '{{"index":{},"state":"accepted","event_id":{},"session_id":{},"entry_id":"{}",'
    '"status_url":{}}}'
)


def _id_and_url(event_id: str) -> tuple[str, str]:
    """An event id and its status URL as JSON strings: an id of only unreserved characters
    (the common one) needs no escaping, and a status URL never does (its id is
    percent-encoded)."""
    quoted = f'"{event_id}"' if _UNQUOTED.fullmatch(event_id) else _string(event_id)
    return quoted, f'"{status_url(event_id)}"'


@dataclass(slots=True)
class Outcome:
    accepted: list[Appended]
    refused: list[Refused]

    def all_accepted_json(self) -> dict[str, Any]:
        """The answer when no event was refused: :class:`~daemon.api.bodies.PublishOut`'s
        JSON (``events`` holds the same items as ``accepted``, already in order)."""
        items = [appended.as_json() for appended in self.accepted]
        return {"error": None, "accepted": items, "refused": [], "events": items}

    def all_accepted_body(self) -> bytes:
        """:meth:`all_accepted_json` as the bytes a ``JSONResponse`` renders, its items
        encoded once for both lists that hold them, each string by the encoder's own
        string encoding (no dictionary built per item)."""
        parts: list[str] = []
        for a in self.accepted:
            event_id, url = _id_and_url(a.event_id)
            parts.append(_ITEM.format(a.index, event_id, _string(a.session_id), a.entry_id, url))
        items = ",".join(parts)
        return f'{{"error":null,"accepted":[{items}],"refused":[],"events":[{items}]}}'.encode()

    def accepted_models(self) -> list[Accepted]:
        return [Accepted(**appended.as_json()) for appended in self.accepted]


def _code_of(exc: OutsideKey | EventError) -> str:
    if isinstance(exc, OutsideKey):
        return exc.code
    return "event_too_large" if isinstance(exc, EventTooLarge) else "invalid_event"


#: What ``quote(..., safe="")`` leaves as it is: an id of only these needs no quoting.
_UNQUOTED = re.compile(r"[A-Za-z0-9_.~-]+")


def status_url(event_id: str) -> str:
    """Where a host polls what became of ``event_id``."""
    if _UNQUOTED.fullmatch(event_id):
        return f"/v1/events/{event_id}"
    return f"/v1/events/{quote(event_id, safe='')}"


async def publish(
    items: list[_Item],
    grant: Grant,
    appends: Appends,
    max_event_bytes: int,
    *,
    at: str,
    record_ttl_s: int,
) -> Outcome:
    """Judge every item, append the good ones with a delivery record each
    (:mod:`daemon.events.delivery`) in one command, and say what became of each."""
    refused: list[Refused] = []
    good: list[tuple[int, TurnEvent]] = []
    entries: list[tuple[bytes, str, tuple[str, str]]] = []
    records: dict[tuple[str, str, str], tuple[str, str]] = {}
    keys = appends.keys
    together = _validated_together(items)
    for position, item in enumerate(items):
        if item.problem is None and not isinstance(item.raw, dict):
            item.problem = ("malformed_event", f"expected a JSON object, got {_kind(item.raw)}")
        if item.problem is not None:
            refused.append(
                Refused(
                    index=item.index, event_id=None, code=item.problem[0], reason=item.problem[1]
                )
            )
            continue
        try:
            valid = validate_event(item.raw) if together is None else together[position]
            event = event_scope(grant, valid)
            payload = encode_event(event, max_bytes=max_event_bytes)
        except (OutsideKey, EventError) as exc:
            if too_deep(item.raw):  # refused for its depth, whatever else is wrong with it
                refused.append(_refused_deep(item.index))
                continue
            refused.append(
                Refused(
                    index=item.index,
                    event_id=_event_id(item.raw),
                    code=_code_of(exc),
                    reason=str(exc),
                )
            )
            continue
        # Only free-form JSON nests deeper than the model's own fields (six levels at most).
        if event.holds_free_json and too_deep(item.raw):
            refused.append(_refused_deep(item.index))
            continue
        good.append((item.index, event))
        scope = event.scope
        whose = (event.session_id, scope.project or "", scope.user or "")
        record = records.get(whose)
        if record is None:  # a batch is mostly one session's turns: one record text each
            record = records[whose] = record_around(*whose, at)
        entries.append((payload, keys.delivery(scope.tenant or "", event.event_id), record))
    try:
        entry_ids, unrecorded = await appends.send_recorded(entries, ttl_s=record_ttl_s)
    except QueueError as exc:
        raise queue_unavailable() from exc
    if unrecorded:  # appended all the same: the store tells the rest
        log.warning("api.delivery_unrecorded", events=unrecorded)
    accepted = [
        Appended(index, event.event_id, event.session_id, entry_id)
        for (index, event), entry_id in zip(good, entry_ids, strict=True)
    ]
    return Outcome(accepted, refused)


def _validated_together(items: list[_Item]) -> list[TurnEvent] | None:
    """The events of a batch of objects none yet refused, validated in one call (the
    common batch); None when one is refused or the batch is not so (each judged alone)."""
    if len(items) < 2:
        return None
    for item in items:
        if item.problem is not None or type(item.raw) is not dict:
            return None
    return validate_all([item.raw for item in items])


def _refused_deep(index: int) -> Refused:
    return Refused(index=index, event_id=None, code=_TOO_DEEP[0], reason=_TOO_DEEP[1])


def _kind(value: Any) -> str:
    return {list: "an array", str: "a string", bool: "a boolean", type(None): "null"}.get(
        type(value), "a number"
    )


_Body = TypeVar("_Body", bound=BaseModel)


def body_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The OpenAPI request body of a route that reads its body itself (:func:`body_of`)."""
    return {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": model.model_json_schema()}},
        }
    }


async def body_of(request: Request, model: type[_Body]) -> _Body:
    """The JSON body as ``model``: read by the route itself, so that a body over
    ``MEMORYD_API__MAX_REQUEST_BYTES`` is refused (413) before it is read whole."""
    raw = await read_body(request, context(request).settings.api.max_request_bytes)
    try:
        return model.model_validate_json(raw)
    except ValidationError as exc:
        errors = exc.errors(include_url=False)
        if errors and errors[0]["type"] == "json_invalid":
            raise ApiError(
                400, "malformed_body", f"the body is not one JSON object ({errors[0]['msg']})"
            ) from exc
        located = [{**e, "loc": ("body", *e["loc"])} for e in errors]
        raise RequestValidationError(located) from exc
